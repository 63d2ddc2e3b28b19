# The two commands of the README. Both install missing system packages first (scripts/setup.sh).
.PHONY: demo test setup release bench format check-source

setup:
	@bash scripts/setup.sh

# The main job: the bundled demo API with apix exploring it. The demo API is the sibling program apix-demo, built
# beside apix (apix itself links no server stack).
demo: setup
	swift build --product apix-demo
	swift run apix demo

# Every test: unit, integration against the demo API on loopback, CLI and TUI end to end; first the source checks
# (formatting with .swift-format, long files; scripts/check-source.sh).
test: setup check-source
	swift test

check-source:
	@bash scripts/check-source.sh

# Formats every Swift file in place with the toolchain's swift-format and .swift-format.
format:
	swift format format --parallel --recursive --in-place Package.swift Sources Tests

# The programs as shipped, in .build/release. The Swift runtime and Foundation are linked into them
# (--static-swift-stdlib): start-up is about 10 ms shorter without loading and relocating a dozen Swift shared
# libraries. They are linked at a fixed address (-no-pie), as Go links its programs: a position-independent apix
# carries some 92,000 relative relocations that every start applies, about 1 ms of each `apix run` (the libraries
# it loads are still placed at random). Only a binary with the static runtime can: against the shared one, the loader
# warns on every start. Each program is built by product: a plain build would also link GRDB's dynamic library
# product, which cannot take a static Swift runtime.
RELEASE = -c release --static-swift-stdlib -Xlinker -no-pie

release: setup
	for product in apix apix-demo apix-openapi; do swift build $(RELEASE) --product $$product || exit 1; done

# Benchmarks against curl and of the TUI, on the release build (writes docs/BENCHMARKS.md).
bench: release
	swift build $(RELEASE) --product apix-bench
	.build/release/apix-bench
