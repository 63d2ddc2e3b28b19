#!/usr/bin/env bash
# Habits that keep the code base easy to read, checked by `make test` (and so by CI):
#  1. every Swift file is formatted as `swift format` with .swift-format leaves it (`make format` fixes that);
#  2. no source file is over 400 lines unless its header says why, in a comment line starting `// Long file:`.
set -euo pipefail
cd "$(dirname "$0")/.."

status=0
if ! swift format lint --strict --parallel --recursive Package.swift Sources Tests; then
    echo "check-source: the files above are not formatted; run \`make format\`" >&2
    status=1
fi

while IFS= read -r file; do
    lines=$(wc -l < "$file")
    if [ "$lines" -gt 400 ] && ! head -n 15 "$file" | grep -q '^// Long file:'; then
        echo "check-source: $file has $lines lines; split it, or say why in a '// Long file:' line in its header" >&2
        status=1
    fi
done < <(find Sources Tests -name '*.swift' | sort)

exit $status
