#!/usr/bin/env bash
# `make release`'s ICU data: English and the locale-independent tables only (scripts/icu-filter.py says what is kept
# and why), made from the toolchain's own archive, so the data always matches the ICU code it is linked with.
#
# ICU finds its data through one symbol, icudtNN_dat, defined by a 34 MB member of lib_FoundationICU.a. The object
# written here defines __wrap_icudtNN_dat instead, and the link takes `--wrap=icudtNN_dat` (OUT.o's name with .flag,
# written beside it): ICU's references then resolve to this object, nothing asks for the archive's member, and each
# program is 22 MB smaller (docs/PACKAGING.md). (Defining icudtNN_dat itself does not work: the linker meets the
# archive, whose code needs the symbol, before the extra inputs SwiftPM puts at the end of the link.)
#
# Usage: scripts/icu-data.sh OUT.o
set -euo pipefail
out=$1
toolchain=$(dirname "$(readlink -f "$(command -v swift)")")/..
archive=$toolchain/lib/swift_static/linux/lib_FoundationICU.a
[ -f "$archive" ] || { echo "icu-data: $archive is missing" >&2; exit 1; }
command -v python3 > /dev/null || { echo "icu-data: python3 is needed (apt install python3)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Whole listings, not `| grep -m1`: an early exit would kill the writer with SIGPIPE, which pipefail reports.
ar t "$archive" > "$work/members"
member=$(grep -m1 '^icu_packaged_data' "$work/members")
(cd "$work" && ar x "$archive" "$member")
nm "$work/$member" > "$work/symbols"
symbol=$(awk '$3 ~ /^icudt[0-9]+_dat$/ { print $3; exit }' "$work/symbols")
[ -n "$symbol" ] || { echo "icu-data: no icudtNN_dat in $member" >&2; exit 1; }
objcopy -O binary --only-section=.rodata "$work/$member" "$work/full.dat"
python3 "$(dirname "$0")/icu-filter.py" "$work/full.dat" "$work/en.dat"
cat > "$work/data.S" <<ASM
    .section .rodata.icudata,"a"
    .globl __wrap_$symbol
    .type __wrap_$symbol, @object
    .balign 16
__wrap_$symbol:
    .incbin "$work/en.dat"
    .size __wrap_$symbol, . - __wrap_$symbol
    .section .note.GNU-stack,"",@progbits
ASM
mkdir -p "$(dirname "$out")"
cc -c "$work/data.S" -o "$out"
echo "--wrap=$symbol" > "${out%.o}.flag"
