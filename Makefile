# The two commands of the README. Both install missing system packages first (scripts/setup.sh).
.PHONY: demo test setup bench format check-source

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

# Benchmarks against curl and of the TUI, in release mode (writes docs/BENCHMARKS.md). The Swift runtime and
# Foundation are linked into the binaries (--static-swift-stdlib): start-up is about 10 ms shorter without loading
# and relocating a dozen Swift shared libraries. Only the programs the bench runs are built: a plain build would also
# link GRDB's dynamic library product, which cannot take a static Swift runtime.
bench: setup
	for product in apix apix-demo apix-openapi apix-bench; do \
		swift build -c release --static-swift-stdlib --product $$product || exit 1; \
	done
	.build/release/apix-bench
