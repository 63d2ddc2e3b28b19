# The two commands of the README. Both install missing system packages first (scripts/setup.sh).
.PHONY: demo test setup bench

setup:
	@bash scripts/setup.sh

# The main job: the bundled demo API with apix exploring it.
demo: setup
	swift run apix demo

# Every test: unit, integration against the demo API on loopback, CLI and TUI end to end.
test: setup
	swift test

# Benchmarks against curl, in release mode (writes docs/BENCHMARKS.md).
bench: setup
	swift build -c release
	.build/release/apix-bench
