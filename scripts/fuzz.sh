#!/usr/bin/env bash
# Fuzzes apix's parsers with libFuzzer: `scripts/fuzz.sh [SECONDS] [TARGET...]` (default 60 s each, every target).
#
# Each target in Fuzz/Targets is compiled with ExplorerCore's and Yams' sources, all instrumented
# (`-sanitize=fuzzer,address`), into .build/fuzz/bin; nothing here touches the package's own build. Seeds come
# from Fuzz/Corpus/TARGET (kept small, in the repository); what libFuzzer finds goes to .build/fuzz/corpus/TARGET,
# crashes to .build/fuzz/crashes/TARGET. A crash stops the run with status 1: make it a regression test.
# Build only: FUZZ_BUILD_ONLY=1. Optimisation: FUZZ_OPT (default -O).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
seconds=${1:-60}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    targets=(ProfileLoader Template CurlImport JSON JSONPath HeaderLine SafeText WebSocketFrames JSONTape BenchArguments)
fi

# Sources a target needs from outside ExplorerCore (compiled into it, instrumented like the rest).
extra_sources() {
    case $1 in
        BenchArguments) echo Sources/ExplorerBench/BenchSettings.swift ;;
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
mkdir -p "$build/obj" "$build/modules" "$build/ccurl" "$build/cbuildinfo" "$build/bin"

# Rebuilds the libraries when a source is newer than the stamp.
stamp=$build/libraries.stamp
if [ ! -f "$stamp" ] \
    || [ -n "$(find Sources/ExplorerCore Sources/CCurl Sources/CBuildInfo "$yams" -newer "$stamp" -print -quit)" ]; then
    echo "fuzz: compiling CYaml, CCurl, Yams and ExplorerCore (instrumented)" >&2
    for source in "$yams"/CYaml/src/*.c; do
        clang "${cflags[@]}" -DYAML_DECLARE_STATIC -I "$yams/CYaml/include" -c "$source" \
            -o "$build/obj/cyaml-$(basename "$source" .c).o"
    done
    clang "${cflags[@]}" -I Sources/CCurl/include -c Sources/CCurl/loader.c -o "$build/obj/ccurl.o"
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
    touch "$stamp"
fi

for target in "${targets[@]}"; do
    source=Fuzz/Targets/${target}Fuzz.swift
    binary=$build/bin/$target
    extra=($(extra_sources "$target"))
    if [ ! -x "$binary" ] || [ "$source" -nt "$binary" ] || [ "$stamp" -nt "$binary" ] \
        || [ Fuzz/Targets/SafeTextCheck.swift -nt "$binary" ] \
        || { [ ${#extra[@]} -gt 0 ] && [ -n "$(find "${extra[@]}" -newer "$binary")" ]; }
    then
        echo "fuzz: linking $target" >&2
        swiftc "$opt" -g "${sanitize[@]}" -parse-as-library -swift-version 6 -module-name "${target}Fuzz" \
            -package-name apix -I "$build/modules" -I "$build/ccurl" -I "$build/cbuildinfo" -I Sources/CZlib \
            -I "$yams/CYaml/include" "$source" "${extra[@]}" Fuzz/Targets/SafeTextCheck.swift "$build"/obj/*.o \
            -ldl -lz -o "$binary" \
            2> >(grep -v 'Cannot export local symbol' >&2)
    fi
done
[ -n "${FUZZ_BUILD_ONLY:-}" ] && exit 0

status=0
for target in "${targets[@]}"; do
    corpus=$build/corpus/$target
    crashes=$build/crashes/$target
    mkdir -p "$corpus" "$crashes"
    dictionary=()
    [ -f "Fuzz/Dictionaries/$target.dict" ] && dictionary=(-dict="Fuzz/Dictionaries/$target.dict")
    echo "fuzz: $target for $seconds s" >&2
    # -rss_limit_mb and -timeout turn a memory or time bomb into a finding, not a stuck machine. Leak checks are
    # off: Foundation's NSRegularExpression (JSONPath's match/search) leaks a little when RegexCache drops
    # entries, which is not apix's to fix; growth still ends a run at -rss_limit_mb.
    if ! "$build/bin/$target" "$corpus" "Fuzz/Corpus/$target" "${dictionary[@]}" -max_total_time="$seconds" \
        -rss_limit_mb=2048 -timeout=10 -detect_leaks=0 -max_len=65536 -print_final_stats=1 -artifact_prefix="$crashes/" \
        2> "$build/$target.log"; then
        echo "fuzz: $target FAILED; see $build/$target.log and $crashes" >&2
        status=1
    fi
    grep -E '^(#[0-9]+[[:space:]]+DONE|stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb)' \
        "$build/$target.log" | sed "s/^/  $target: /" >&2 || true
done
exit $status
