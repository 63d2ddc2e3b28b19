#!/bin/sh
# Installs apix from this directory (the release tarball, or `make dist`'s stage) under a prefix, or removes it.
#
#   ./install.sh                      # under /usr/local (run as root, or with sudo)
#   ./install.sh --prefix ~/.local    # under a prefix of your own: bin/apix, lib/apix/, share/…
#   ./install.sh --uninstall [--prefix DIR]
#
# --destdir DIR stages the files under DIR/PREFIX instead (for packagers; `make install DESTDIR=…`).
# The layout (FHS): bin/apix; lib/apix/apix-demo and lib/apix/apix-openapi, the helper programs apix runs (it finds
# them in ../lib/apix from its own directory; both are links to lib/apix/apix-helpers); share/man/man1/apix*.1.gz;
# share/bash-completion/completions/apix, share/zsh/vendor-completions/_apix (and share/zsh/site-functions/_apix
# outside /usr, where zsh looks), share/fish/vendor_completions.d/apix.fish; share/doc/apix/.
set -eu

prefix=/usr/local
destdir=
uninstall=false
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) prefix=$2; shift 2 ;;
        --prefix=*) prefix=${1#--prefix=}; shift ;;
        --destdir) destdir=$2; shift 2 ;;
        --destdir=*) destdir=${1#--destdir=}; shift ;;
        --uninstall) uninstall=true; shift ;;
        -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
        *) echo "install.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
done
case "$prefix" in /*) ;; *) echo "install.sh: --prefix must be an absolute path" >&2; exit 2 ;; esac
root=$destdir$prefix

# The files outside apix's own directories (lib/apix, share/doc/apix), relative to the prefix.
files="bin/apix share/bash-completion/completions/apix share/zsh/vendor-completions/_apix
share/fish/vendor_completions.d/apix.fish"

if $uninstall; then
    for file in $files; do rm -f "$root/$file"; done
    rm -f "$root"/share/man/man1/apix.1.gz "$root"/share/man/man1/apix-*.1.gz "$root/share/zsh/site-functions/_apix"
    rm -rf "$root/lib/apix" "$root/share/doc/apix"
    echo "apix removed from $root"
    exit 0
fi

here=$(cd "$(dirname "$0")" && pwd)
for helper in "$here"/lib/apix/*; do files="$files lib/apix/${helper##*/}"; done
for file in $files; do
    mode=0644
    case "$file" in lib/apix/*.so*) ;; bin/*|lib/apix/*) mode=0755 ;; esac
    mkdir -p "$root/$(dirname "$file")"
    if [ -L "$here/$file" ]; then
        # lib/apix/apix-demo and apix-openapi are names of apix-helpers: links stay links.
        ln -sfn "$(readlink "$here/$file")" "$root/$file"
        continue
    fi
    # Through a temporary name and a rename: a running apix (or a helper) is never overwritten in place.
    cp "$here/$file" "$root/$file.new-$$"
    chmod "$mode" "$root/$file.new-$$"
    mv -f "$root/$file.new-$$" "$root/$file"
done
# zsh looks in vendor-completions under /usr only (Debian's fpath); elsewhere (/usr/local, ~/.local) in site-functions.
if [ "$prefix" != /usr ]; then
    mkdir -p "$root/share/zsh/site-functions"
    cp "$here/share/zsh/vendor-completions/_apix" "$root/share/zsh/site-functions/_apix"
    chmod 0644 "$root/share/zsh/site-functions/_apix"
fi
mkdir -p "$root/share/man/man1" "$root/share/doc/apix"
for page in "$here"/share/man/man1/*.1.gz; do cp "$page" "$root/share/man/man1/"; chmod 0644 "$root/share/man/man1/${page##*/}"; done
for doc in "$here"/share/doc/apix/*; do cp "$doc" "$root/share/doc/apix/"; chmod 0644 "$root/share/doc/apix/${doc##*/}"; done
echo "apix $("$root/bin/apix" --version 2>/dev/null || echo "") installed under $root"
case ":$PATH:" in *":$prefix/bin:"*) ;; *) echo "note: $prefix/bin is not on your PATH" ;; esac
