#!/usr/bin/env bash
# `make test`'s run of `swift test`: at most TEST_WIDTH tests at once (see the Makefile), the whole output kept in
# .build/test-output.log, and on a failure the failed tests and their issues printed again last. A CI log is often
# seen only by its tail, where swift-testing prints the count of issues but not which tests recorded them.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .build
log=.build/test-output.log
SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH="${TEST_WIDTH:-8}" swift test "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
if [ "$status" -ne 0 ]; then
    echo
    echo "test: swift test exited with $status; what failed (the whole output is in $log):"
    # swift-testing's failures ("✘ Test … recorded an issue at FILE:LINE:COL: …", "✘ Test … failed"), XCTest's
    # ("error: …"), a crash; each cut to 400 characters, the last 12.
    grep -E '^(✘ Test |.*: error: |Fatal error|.*Test Case .* failed)' "$log" | grep -v '^✘ Test run with ' |
        cut -c 1-400 | tail -n 12
fi
# No warnings in our code (dependencies' are theirs): a cold build, as CI's, compiles every file, so any warning in
# Sources, Tests or Benchmarks fails the run, as a failed test would. A warm build shows only the files it recompiled.
warnings=$(grep -E "^$(pwd)/(Sources|Tests|Benchmarks|Fuzz)/[^:]+:[0-9]+:[0-9]+: warning:" "$log" | sort -u)
if [ -n "$warnings" ]; then
    echo
    echo "test: the build warned in our code (fix each; none may stay):"
    echo "$warnings" | cut -c 1-400 | head -n 20
    [ "$status" -eq 0 ] && status=1
fi
exit "$status"
