#!/usr/bin/env bash
# Proof that the .deb works on a machine without Swift: a clean Debian bookworm root made with debootstrap, the
# package installed there with `apt-get install ./apix_….deb` (Debian's packages only), then in that root:
# `apix --version`, the TUI in tmux showing the demo profile (`apix demo`, which also writes the built-in demo
# profile out), and `apix demo --serve` with an `apix run` against it.
#
#   scripts/package-test.sh [dist/apix_VERSION_amd64.deb]      (root; `make dist` first)
#
# The bare root is made once and kept as a tarball under .cache/package-test/ (gitignored, about 200 MB); each run
# unpacks a fresh copy, so nothing of an earlier run (or of this machine's toolchain) is there. tmux is added to the
# cached root: it is the test's tool, not something apix needs. Takes a few minutes the first time, about a minute
# after.
set -euo pipefail
cd "$(dirname "$0")/.."

deb=${1:-$(ls dist/apix_*_amd64.deb 2>/dev/null | head -n 1)}
[ -f "$deb" ] || { echo "package-test: no .deb (run make dist first)" >&2; exit 2; }
[ "$(id -u)" -eq 0 ] || { echo "package-test: needs root (debootstrap, chroot, mounts)" >&2; exit 2; }
command -v debootstrap >/dev/null || apt-get install -y -qq debootstrap >/dev/null

cache=.cache/package-test
base=$cache/bookworm-minbase.tar
mkdir -p "$cache"
if [ ! -f "$base" ]; then
    echo "package-test: making the bookworm root (once; cached in $base)"
    rm -rf "$cache/make-root"
    debootstrap --variant=minbase --include=tmux bookworm "$cache/make-root" http://deb.debian.org/debian \
        > "$cache/debootstrap.log" 2>&1 || { tail -20 "$cache/debootstrap.log" >&2; exit 1; }
    tar -C "$cache/make-root" -cf "$base.tmp" . && mv "$base.tmp" "$base"
    rm -rf "$cache/make-root"
fi

root=$(mktemp -d /tmp/apix-package-test.XXXXXX)
cleanup() {
    chroot "$root" tmux -L pkgtest kill-server 2>/dev/null || true
    [ -n "${server:-}" ] && kill "$server" 2>/dev/null || true
    # Lazily: a process of the test may still hold /dev (the tmux server as it exits).
    for mount in dev/pts dev proc; do umount -l "$root/$mount" 2>/dev/null || true; done
    rm -rf --one-file-system "$root"
}
trap cleanup EXIT
tar -C "$root" -xf "$base"
mount -t proc proc "$root/proc"
mount --bind /dev "$root/dev"
mount --bind /dev/pts "$root/dev/pts"
cp /etc/resolv.conf "$root/etc/resolv.conf"
in_root() { chroot "$root" /usr/bin/env -i HOME=/root TERM=xterm-256color PATH=/usr/bin:/bin:/usr/sbin:/sbin "$@"; }

echo "== no Swift in the root"
in_root sh -c 'command -v swift swiftc || echo "swift: not found"; ls /usr/lib/swift 2>&1 | head -n 1'

echo "== apt-get install ./$(basename "$deb")"
cp "$deb" "$root/tmp/"
in_root apt-get update -qq
in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "/tmp/$(basename "$deb")" 2>&1 \
    | grep -E "^(Get|Setting up|The following NEW|  )" || true
in_root dpkg -s apix | grep -E "^(Version|Depends|Installed-Size):"

echo "== apix --version"
in_root apix --version

echo "== the TUI in tmux on the demo profile (apix demo)"
in_root mkdir -p /root/work
in_root tmux -L pkgtest new-session -d -x 120 -y 32 "cd /root/work && apix demo"
screen=""
for _ in $(seq 100); do
    screen=$(in_root tmux -L pkgtest capture-pane -p 2>/dev/null || true)
    grep -q "todos.list" <<< "$screen" && break
    sleep 0.1
done
echo "$screen" | sed -e 's/[[:space:]]*$//' | head -n 32
grep -q "todos.list" <<< "$screen" || { echo "package-test: the TUI did not show the demo profile" >&2; exit 1; }
in_root tmux -L pkgtest send-keys q
sleep 0.5
in_root tmux -L pkgtest kill-server 2>/dev/null || true
echo "== apix demo --serve, then apix run against it"
in_root sh -c 'exec apix demo --serve --port 0 2> /tmp/demo.err > /dev/null' &
server=$!
for _ in $(seq 100); do grep -q "127.0.0.1:" "$root/tmp/demo.err" 2>/dev/null && break; sleep 0.1; done
head -n 1 "$root/tmp/demo.err"
port=$(grep -o "127.0.0.1:[0-9]*" "$root/tmp/demo.err" | head -n 1 | cut -d: -f2)
# The TUI's `apix demo` above wrote the built-in demo profile to ~/.config/apix/profiles.
in_root sh -c "cd /root/work && apix list"
in_root sh -c "cd /root/work && apix run demo todos.get -p id=3 --var port=$port"
kill "$server"; wait "$server" 2>/dev/null || true; server=""

echo "== package-test: passed"
