#!/usr/bin/env bash
# `make dist-check`: the heavier checks of `make dist`'s artifacts, kept out of `make test` (they need the release
# build). About a minute after `make dist`:
#  1. SHA256SUMS matches; the .deb and the tarball carry the same files in the FHS layout, man pages and completions
#     included; sizes against the targets (.deb ≤ 40 MB, installed ≤ 120 MB);
#  2. lintian: no error or warning (overrides in packaging/lintian-overrides say why each remaining tag is fine);
#  3. the tarball's programs with no Swift toolchain on PATH or in the loader's path: --version, the demo API and an
#     `apix run` against it, install.sh under a prefix and --uninstall, the man pages render, bash completes;
#  4. completion latency: `apix ---completion` for the endpoints of a 2,000-endpoint profile (≤ 50 ms).
set -euo pipefail
cd "$(dirname "$0")/.."

version=$(sed -n 's/.*public static let version = "\(.*\)"/\1/p' Sources/ExplorerCore/Apix.swift)
deb=dist/apix_${version}-1_amd64.deb
tarball=dist/apix-$version-linux-x86_64.tar.gz
[ -f "$deb" ] && [ -f "$tarball" ] || { echo "dist-check: run make dist first" >&2; exit 2; }
failed=0
fail() { echo "FAIL: $*"; failed=1; }
work=$(mktemp -d /tmp/apix-dist-check.XXXXXX)
trap 'kill ${server:-} 2>/dev/null || true; rm -rf "$work"' EXIT

echo "== checksums"
(cd dist && sha256sum -c SHA256SUMS)

echo "== contents"
dpkg-deb -c "$deb" | awk '{print $6}' | sed -n 's|^\./usr/||p' | grep -v -e '/$' -e '^$' | sort > "$work/deb.list"
tar -tzf "$tarball" | sed 's|^[^/]*/||' | grep -v '/$' | grep -v '^$' | sort > "$work/tar.list"
for path in bin/apix lib/apix/apix-demo lib/apix/apix-openapi share/man/man1/apix.1.gz share/man/man1/apix-run.1.gz \
    share/bash-completion/completions/apix share/zsh/vendor-completions/_apix \
    share/fish/vendor_completions.d/apix.fish share/doc/apix/copyright share/doc/apix/changelog.gz \
    share/doc/apix/README.md; do
    grep -qx "$path" "$work/deb.list" || fail ".deb lacks $path"
    grep -qx "$path" "$work/tar.list" || fail "tarball lacks $path"
done
grep -qx install.sh "$work/tar.list" || fail "tarball lacks install.sh"
# The same files, but for what only Debian wants (its changelog, lintian's overrides) and the tarball's installer.
diff <(grep -v -e changelog.Debian -e share/lintian "$work/deb.list") <(grep -vx install.sh "$work/tar.list") \
    || fail "the .deb and the tarball differ"
echo "man pages: $(grep -c 'share/man/man1/' "$work/deb.list"); files: $(wc -l < "$work/deb.list")"
dpkg-deb -f "$deb" Package Version Depends Installed-Size

echo "== sizes"
deb_size=$(stat -c %s "$deb")
installed=$(( $(dpkg-deb -f "$deb" Installed-Size) * 1024 ))
mib() { awk -v b="$1" 'BEGIN { printf "%.1f MiB", b / 1048576 }'; }
echo ".deb $(mib "$deb_size") (target ≤ 40 MB), tarball $(mib "$(stat -c %s "$tarball")"), installed $(mib "$installed") (target ≤ 120 MB)"
mkdir -p "$work/deb" && dpkg-deb -x "$deb" "$work/deb"
(cd "$work/deb/usr" && du -b bin/apix lib/apix/* | sort -rn | awk '{ printf "  %-28s %6.1f MiB\n", $2, $1 / 1048576 }')
[ "$deb_size" -le 40000000 ] || fail ".deb is over 40 MB"
[ "$installed" -le 120000000 ] || fail "installed size is over 120 MB"

echo "== lintian"
# The verdict from a plain run (shown overrides count against --fail-on); then every tag, infos and overrides too.
if lintian --fail-on error,warning "$deb" > "$work/lintian.txt" 2>&1; then
    echo "lintian: no error or warning (overrides and infos below)"
else
    fail "lintian"
    sed 's/^/  /' "$work/lintian.txt"
fi
lintian --display-info --show-overrides "$deb" 2>&1 | grep -v "root privileges" | sed 's/^/  /' || true

echo "== the tarball with no toolchain"
tar -xzf "$tarball" -C "$work"
root=$(echo "$work"/apix-*/)
bare() { env -i HOME="$work/home" XDG_STATE_HOME="$work/state" PATH=/usr/bin:/bin TERM=dumb "$@"; }
mkdir -p "$work/home"
if ldd "$root/bin/apix" "$root"/lib/apix/apix-* | grep -q -e /opt/swift -e libswift -e "not found"; then
    fail "a program needs the Swift toolchain's libraries"
fi
bare "$root/bin/apix" --version
# Not through `bare`: a backgrounded function is a subshell, and killing it would leave the server running.
env -i HOME="$work/home" XDG_STATE_HOME="$work/state" PATH=/usr/bin:/bin "$root/bin/apix" demo --serve --port 0 \
    2> "$work/demo.err" > /dev/null &
server=$!
for _ in $(seq 100); do grep -q "127.0.0.1:" "$work/demo.err" 2>/dev/null && break; sleep 0.1; done
port=$(grep -o "127.0.0.1:[0-9]*" "$work/demo.err" | head -n 1 | cut -d: -f2)
bare "$root/bin/apix" run demo todos.get -p id=3 --var "port=$port" --profiles "$PWD/profiles" \
    || fail "apix run against the demo API"
kill "$server"; wait "$server" 2>/dev/null || true; server=""
bare sh "$root/install.sh" --prefix "$work/prefix" | sed 's/^/  /'
# Exit status 2 with apix-openapi's own message: the helper was found and ran.
bare "$work/prefix/bin/apix" import openapi /nonexistent.yaml > "$work/openapi.txt" 2>&1 || true
grep -q "cannot read /nonexistent.yaml" "$work/openapi.txt" || fail "the installed apix does not find apix-openapi in lib/apix"
MANPAGER=cat man -l "$work/prefix/share/man/man1/apix-run.1.gz" 2> /dev/null | grep -q -- "--timings" \
    || fail "man apix-run does not render"
bare sh "$root/install.sh" --uninstall --prefix "$work/prefix" | sed 's/^/  /'
left=$(find "$work/prefix" -type f | wc -l)
[ "$left" -eq 0 ] || fail "install.sh --uninstall left $left files"

echo "== completions (bash, the tarball's script) and their latency"
mkdir -p "$work/profiles"
bare "$root/bin/apix" import postman /work/shared/import-samples/postman-commercetools-v2.0.json \
    --name big --profiles "$work/profiles" > /dev/null 2>&1 || true
if [ -f "$work/profiles/big.yaml" ]; then
    cp profiles/demo.yaml profiles/demo.secrets.yaml "$work/profiles/"
    words="apix run --profiles $work/profiles big"
    count=$(bare "$root/bin/apix" ---completion run -- positional@1 5 0 $words "" | wc -l)
    echo "endpoints completed for the imported profile: $count"
    [ "$count" -ge 1900 ] || fail "endpoint completion of the imported profile"
    # What one Tab press runs, 21 times: wall time (minimum and median: on a busy machine the median mostly measures
    # the wait for a core) and CPU time per run (user + system), which the target is checked against.
    for _ in $(seq 21); do
        start=$(date +%s%N)
        bare "$root/bin/apix" ---completion run -- positional@1 5 0 $words "" > /dev/null
        echo $(( ($(date +%s%N) - start) / 1000 ))
    done | sort -n | awk 'NR == 1 { min = $1 } NR == 11 { median = $1 }
        END { printf "endpoint completion, 2,000-endpoint profile: wall min %.1f ms, median %.1f ms\n", min / 1000, median / 1000 }'
    cpu=$( { /usr/bin/time -f "%U %S" bash -c "for i in \$(seq 21); do env -i PATH=/usr/bin:/bin HOME=$work/home \
        $root/bin/apix ---completion run -- positional@1 5 0 $words '' > /dev/null; done" > /dev/null; } 2>&1 \
        | awk '{ printf "%d", ($1 + $2) * 1000000 / 21 }')
    echo "endpoint completion CPU: $(awk -v u="$cpu" 'BEGIN { printf "%.1f", u / 1000 }') ms a run (target ≤ 50 ms); load: $(cut -d' ' -f1-3 /proc/loadavg)"
    [ "$cpu" -le 50000 ] || fail "completion is over 50 ms"
    reply=$(cd "$work" && bare bash -c "PATH=$root/bin:\$PATH; source $root/share/bash-completion/completions/apix
        COMP_WORDS=(apix run demo todos.g); COMP_CWORD=3; COMP_LINE='apix run demo todos.g'; COMP_POINT=\${#COMP_LINE}
        _apix apix todos.g demo; printf '%s\n' \"\${COMPREPLY[@]}\"")
    echo "bash: apix run demo todos.g<Tab> → $(echo $reply)"
    grep -q todos.get <<< "$reply" || fail "bash does not complete the endpoint"
    if command -v fish > /dev/null; then
        reply=$(cd "$work" && bare fish -c "set PATH $root/bin \$PATH; source $root/share/fish/vendor_completions.d/apix.fish
            complete -C 'apix run demo todos.g'; complete -C 'apix run demo todos.get -e '" 2> /dev/null || true)
        echo "fish: apix run demo todos.g<Tab>, -e <Tab> → $(echo $reply)"
        # fish 3.6 refuses `commandline` outside an interactive session, which the generated script calls: this
        # only shows what it says; an interactive check (tmux) is still to do.
        grep -q todos.get <<< "$reply" && grep -q localhost <<< "$reply" \
            || echo "note: fish's answer not checked here (non-interactive fish 3.6 cannot run the script's commandline)"
    fi
else
    fail "no 2,000-endpoint profile (needs /work/shared/import-samples/postman-commercetools-v2.0.json)"
fi

[ $failed -eq 0 ] && echo "== dist-check: passed" || { echo "== dist-check: FAILED"; exit 1; }
