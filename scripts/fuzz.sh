#!/usr/bin/env bash
# Fuzzes apix's parsers with libFuzzer: `scripts/fuzz.sh [SECONDS] [TARGET...]` (default 60 s each, every target).
#
# Each target in Fuzz/Targets is compiled with ExplorerCore's and Yams' sources, all instrumented
# (`-sanitize=fuzzer,address`), into .build/fuzz/bin; nothing here touches the package's own build. Seeds come
# from Fuzz/Corpus/TARGET (kept small, in the repository); what libFuzzer finds goes to .build/fuzz/corpus/TARGET,
# crashes to .build/fuzz/crashes/TARGET. A crash stops the run with status 1: make it a regression test.
# Targets that need more are listed in `extra_sources` (files of other targets, compiled into the fuzz target) and
# `extra_objects` (GraphQL: GraphQLSwift and swift-collections' OrderedCollections, compiled instrumented on demand).
# Build only: FUZZ_BUILD_ONLY=1. Optimisation: FUZZ_OPT (default -O). A number of executions instead of a time:
# FUZZ_RUNS=10000000 (SECONDS is then ignored; the log is .build/fuzz/TARGET-10M.log, so a long run keeps the short
# runs' logs). FUZZ_TIMEOUT: seconds one input may take before it counts as a hang (default 10; a long run beside
# builds wants more, since a starved process's wall time counts against the input it was running). Builds take a lock (.build/fuzz/build.lock), so runs in parallel share the objects safely.
# FUZZ_MERGE=1 merges a grown corpus into the seeds instead of fuzzing (below).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
seconds=${1:-60}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(ProfileLoader Template CurlImport JSON JSONPath HeaderLine SafeText WebSocketFrames JSONTape BenchArguments
        GraphQLDocument GraphQLTransportWS KeyMapFile ThemeFile OAuthRedirect)
fi

# Sources a target needs from outside ExplorerCore (compiled into it, instrumented like the rest).
extra_sources() {
    case $1 in
        BenchArguments) echo Sources/ExplorerBench/BenchSettings.swift ;;
        GraphQLDocument) find Sources/ExplorerGraphQL -name '*.swift' | sort ;;
        KeyMapFile)
            # The reader and the key types it fills; none of them needs ncurses or ExplorerHistory.
            echo Sources/TUI/App/KeyMapFile.swift Sources/TUI/App/KeyMap.swift Sources/TUI/App/KeyMap+Effective.swift \
                Sources/TUI/App/KeyBinding.swift Sources/TUI/App/KeyCommand.swift Sources/TUI/App/KeyCommand+Name.swift \
                Sources/TUI/App/KeyContext.swift Sources/TUI/Terminal/Key.swift Sources/TUI/Terminal/Key+Name.swift \
                Sources/TUI/RequestEditor/EditorTab.swift Sources/TUI/Response/ResponseTab.swift \
                Sources/TUI/Rendering/PaneLayout.swift Sources/TUI/Overlays/BodyTypeChoice.swift
            ;;
        ThemeFile)
            echo Sources/TUI/Rendering/ThemeFile.swift Sources/TUI/Rendering/Palette.swift \
                Sources/TUI/Rendering/Style.swift Sources/TUI/Rendering/Theme.swift Sources/TUI/Response/TextRole.swift
            ;;
    esac
}

# libFuzzer options a target needs. GraphQLDocument: GraphQLSwift's parser leaks its tokens (a cycle) on every
# parse, so the run forks: a fresh child now and then keeps memory bounded (executions are counted across them).
# FUZZ_FORKS children run at once (default 1; 2 on an otherwise idle 2-core machine about doubles the rate).
fuzz_flags() {
    case $1 in
        GraphQLDocument) echo "-fork=${FUZZ_FORKS:-1}" ;;
    esac
}

# The longest input a target is given: 64 KiB, but Template's 4 KiB (libFuzzer's own default). Its work grows with its
# input (a template and a line per variable), so past a few KiB its rate fell from about 8,000 to under 1,000 a second
# and 10 M executions would take a day; a template's splitting and filling are the same at 4 KiB as at 64.
max_len() {
    case $1 in
        Template) echo 4096 ;;
        *) echo 65536 ;;
    esac
}

# Libraries beyond ExplorerCore and Yams a target links (built below when a target needs them).
extra_objects() {
    case $1 in
        GraphQLDocument) echo "$build"/graphql/*.o ;;
    esac
}

build=$root/.build/fuzz
yams=$root/.build/checkouts/Yams/Sources
if [ ! -d "$yams/Yams" ]; then
    echo "fuzz: Yams is not checked out; run \`swift package resolve\` first" >&2
    exit 2
fi
opt=${FUZZ_OPT:--O}
sanitize=(-sanitize=fuzzer,address)
cflags=(-g -O1 -fsanitize=fuzzer-no-link,address)
mkdir -p "$build/obj" "$build/modules" "$build/ccurl" "$build/cbuildinfo" "$build/bin" "$build/graphql"
exec 9> "$build/build.lock"
flock 9

# Rebuilds the libraries when a source is newer than the stamp.
stamp=$build/libraries.stamp
if [ ! -f "$stamp" ] \
    || [ -n "$(find Sources/ExplorerCore Sources/CCurl Sources/CBuildInfo "$yams" -newer "$stamp" -print -quit)" ]; then
    echo "fuzz: compiling CYaml, CCurl, Yams and ExplorerCore (instrumented)" >&2
    # Stamped with the time the compile started: a source saved while it runs is newer, so the next run compiles again.
    touch "$stamp.started"
    for source in "$yams"/CYaml/src/*.c; do
        clang "${cflags[@]}" -DYAML_DECLARE_STATIC -I "$yams/CYaml/include" -c "$source" \
            -o "$build/obj/cyaml-$(basename "$source" .c).o"
    done
    rm -f "$build"/obj/ccurl*.o
    for source in Sources/CCurl/*.c; do
        clang "${cflags[@]}" -I Sources/CCurl/include -c "$source" -o "$build/obj/ccurl-$(basename "$source" .c).o"
    done
    printf 'module CCurl {\n    header "%s/Sources/CCurl/include/shim.h"\n    export *\n}\n' "$root" \
        > "$build/ccurl/module.modulemap"
    clang "${cflags[@]}" -I Sources/CBuildInfo/include -c Sources/CBuildInfo/build_info.c -o "$build/obj/cbuildinfo.o"
    printf 'module CBuildInfo {\n    header "%s/Sources/CBuildInfo/include/build_info.h"\n    export *\n}\n' "$root" \
        > "$build/cbuildinfo/module.modulemap"
    swiftc "$opt" -g "${sanitize[@]}" -parse-as-library -wmo -module-name Yams -swift-version 5 -DSWIFT_PACKAGE \
        -I "$yams/CYaml/include" -Xcc -DYAML_DECLARE_STATIC \
        -emit-module -emit-module-path "$build/modules/Yams.swiftmodule" \
        -c "$yams"/Yams/*.swift -o "$build/obj/yams.o"
    swiftc "$opt" -g "${sanitize[@]}" -parse-as-library -wmo -module-name ExplorerCore -swift-version 6 -DSWIFT_PACKAGE \
        -enable-testing -package-name apix -I "$build/modules" -I "$build/ccurl" -I "$build/cbuildinfo" \
        -I Sources/CZlib -I "$yams/CYaml/include" -emit-module -emit-module-path "$build/modules/ExplorerCore.swiftmodule" \
        -c $(find Sources/ExplorerCore -name '*.swift' | sort) -o "$build/obj/explorercore.o"
    mv "$stamp.started" "$stamp"
fi

# GraphQLSwift (and the OrderedCollections it uses), with the flags their packages build them with, when a target
# links them.
graphql=$root/.build/checkouts/GraphQL/Sources/GraphQL
collections=$root/.build/checkouts/swift-collections/Sources
graphql_stamp=$build/graphql.stamp
if printf '%s\n' "${targets[@]}" | grep -qx GraphQLDocument \
    && { [ ! -f "$graphql_stamp" ] || [ -n "$(find "$graphql" "$collections" -newer "$graphql_stamp" -print -quit)" ]; }
then
    echo "fuzz: compiling OrderedCollections and GraphQL (instrumented)" >&2
    # Their warnings are theirs (SwiftPM hides a dependency's too).
    collection_flags=(-suppress-warnings -swift-version 6 -package-name swift_collections -DCOLLECTIONS_RANDOMIZED_TESTING
        -enable-upcoming-feature MemberImportVisibility)
    for feature in BuiltinModule Lifetimes InoutLifetimeDependence AddressableParameters AddressableTypes \
        SuppressedAssociatedTypesWithDefaults; do
        collection_flags+=(-enable-experimental-feature "$feature")
    done
    for version in 5.0 5.1 5.6 5.7 5.8 5.9 5.10 6.0 6.1 6.2 6.3 6.4 6.5; do
        collection_flags+=(-enable-experimental-feature "AvailabilityMacro=SwiftStdlib $version: macOS 9999")
    done
    for module in InternalCollectionsUtilities OrderedCollections; do
        mapfile -t files < <(find "$collections/$module" -name '*.swift' | sort)  # some names hold spaces
        swiftc "$opt" -g "${sanitize[@]}" -parse-as-library -wmo -module-name "$module" "${collection_flags[@]}" \
            -DSWIFT_PACKAGE -I "$build/modules" -emit-module -emit-module-path "$build/modules/$module.swiftmodule" \
            -c "${files[@]}" -o "$build/graphql/$module.o"
    done
    swiftc "$opt" -g "${sanitize[@]}" -parse-as-library -wmo -module-name GraphQL -suppress-warnings -swift-version 5 \
        -DSWIFT_PACKAGE -I "$build/modules" -emit-module -emit-module-path "$build/modules/GraphQL.swiftmodule" \
        -c $(find "$graphql" -name '*.swift' | sort) -o "$build/graphql/graphql.o"
    touch "$graphql_stamp"
fi

for target in "${targets[@]}"; do
    source=Fuzz/Targets/${target}Fuzz.swift
    binary=$build/bin/$target
    extra=($(extra_sources "$target"))
    objects=($(extra_objects "$target"))
    if [ ! -x "$binary" ] || [ "$source" -nt "$binary" ] || [ "$stamp" -nt "$binary" ] \
        || [ Fuzz/Targets/SafeTextCheck.swift -nt "$binary" ] \
        || { [ ${#extra[@]} -gt 0 ] && [ -n "$(find "${extra[@]}" -newer "$binary")" ]; } \
        || { [ ${#objects[@]} -gt 0 ] && [ "$graphql_stamp" -nt "$binary" ]; }
    then
        echo "fuzz: linking $target" >&2
        swiftc "$opt" -g "${sanitize[@]}" -parse-as-library -swift-version 6 -module-name "${target}Fuzz" \
            -package-name apix -I "$build/modules" -I "$build/ccurl" -I "$build/cbuildinfo" -I Sources/CZlib \
            -I "$yams/CYaml/include" "$source" "${extra[@]}" Fuzz/Targets/SafeTextCheck.swift "$build"/obj/*.o "${objects[@]}" \
            -ldl -lz -o "$binary" \
            2> >(grep -v 'Cannot export local symbol' >&2)
    fi
done
flock -u 9
[ -n "${FUZZ_BUILD_ONLY:-}" ] && exit 0

# FUZZ_MERGE=1: no fuzzing; what a run grew in .build/fuzz/corpus/TARGET is merged into the seeds, Fuzz/Corpus/TARGET,
# keeping only the inputs that reach code the seeds do not (edges alone: with hit counts and value profiles, libFuzzer
# keeps about five times as many files for the same edges). The seeds stay small enough for the repository, and the
# next run, on any machine, starts where this one's coverage ended.
if [ -n "${FUZZ_MERGE:-}" ]; then
    export SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
    for target in "${targets[@]}"; do
        [ -d "$build/corpus/$target" ] || { echo "fuzz: $target has no grown corpus to merge" >&2; continue; }
        "$build/bin/$target" -merge=1 -use_counters=0 -use_value_profile=0 "Fuzz/Corpus/$target" "$build/corpus/$target" \
            -max_len=65536 -rss_limit_mb=2048 -timeout="${FUZZ_TIMEOUT:-10}" -detect_leaks=0 \
            > "$build/$target-merge.log" 2>&1 || { echo "fuzz: merging $target FAILED; see $build/$target-merge.log" >&2; exit 1; }
        grep -E '^MERGE-OUTER: [0-9]+ new files' "$build/$target-merge.log" | sed "s/^/  $target: /" >&2 || true
    done
    exit 0
fi

# How long: SECONDS, or FUZZ_RUNS executions (then logged apart, TARGET-10M.log for 10,000,000).
length=(-max_total_time="$seconds")
suffix=
if [ -n "${FUZZ_RUNS:-}" ]; then
    length=(-runs="$FUZZ_RUNS")
    suffix=-$FUZZ_RUNS
    [ $((FUZZ_RUNS % 1000)) -eq 0 ] && suffix=-$((FUZZ_RUNS / 1000))k
    [ $((FUZZ_RUNS % 1000000)) -eq 0 ] && suffix=-$((FUZZ_RUNS / 1000000))M
fi

# A trap is libFuzzer's to report: Swift's backtracer, reading the crashed process's memory, trips AddressSanitizer.
export SWIFT_BACKTRACE=enable=no
# No leak check at exit either (see -detect_leaks below): GraphQLSwift's parser leaks its tokens on every parse.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
status=0
for target in "${targets[@]}"; do
    corpus=$build/corpus/$target
    crashes=$build/crashes/$target
    mkdir -p "$corpus" "$crashes"
    dictionary=()
    [ -f "Fuzz/Dictionaries/$target.dict" ] && dictionary=(-dict="Fuzz/Dictionaries/$target.dict")
    log=$build/$target$suffix.log
    echo "fuzz: $target for ${FUZZ_RUNS:-$seconds s}${FUZZ_RUNS:+ executions}" >&2
    # -rss_limit_mb and -timeout turn a memory or time bomb into a finding, not a stuck machine. Leak checks are
    # off: Foundation's NSRegularExpression (JSONPath's match/search) leaks a little when RegexCache drops
    # entries, which is not apix's to fix; growth still ends a run at -rss_limit_mb.
    if ! "$build/bin/$target" "$corpus" "Fuzz/Corpus/$target" "${dictionary[@]}" "${length[@]}" $(fuzz_flags "$target") \
        -rss_limit_mb=2048 -timeout="${FUZZ_TIMEOUT:-10}" -detect_leaks=0 -max_len="$(max_len "$target")" -print_final_stats=1 -artifact_prefix="$crashes/" \
        2> "$log"; then
        echo "fuzz: $target FAILED; see $log and $crashes" >&2
        status=1
    fi
    grep -E '^(#[0-9]+[[:space:]]+DONE|stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb)' \
        "$log" | sed "s/^/  $target: /" >&2 || true
    grep -E '^#[0-9]+: cov' "$log" | tail -n 1 | sed "s/^/  $target (forked, in all): /" >&2 || true
done
exit $status
