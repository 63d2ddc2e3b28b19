# The two commands of the README. Both install missing system packages first (scripts/setup.sh).
.PHONY: demo test setup bench

setup:
	@bash scripts/setup.sh

# The main job: the bundled demo API with apix exploring it. The demo API is the sibling program apix-demo, built
# beside apix (apix itself links no server stack).
demo: setup
	swift build --product apix-demo
	swift run apix demo

# Every test: unit, integration against the demo API on loopback, CLI and TUI end to end.
test: setup
	swift test

# Benchmarks against curl and of the TUI, in release mode (writes docs/BENCHMARKS.md). The Swift runtime and
# Foundation are linked into the binaries (--static-swift-stdlib): start-up is about 10 ms shorter without loading
# and relocating a dozen Swift shared libraries.
bench: setup
	swift build -c release --static-swift-stdlib
	.build/release/apix-bench
