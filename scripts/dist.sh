#!/usr/bin/env bash
# `make dist`: packages `make release`'s programs for users without Swift (docs/PACKAGING.md).
#
#   dist/apix_VERSION-1_amd64.deb              dpkg-deb; Depends from dpkg-shlibdeps, plus libcurl4 (dlopen'ed)
#   dist/apix-VERSION-linux-x86_64.tar.gz      the same files under one directory, with install.sh
#   dist/apix-VERSION-linux-x86_64-dbg.tar.xz  the debug information, as usr/lib/debug/.build-id/NN/REST.debug
#   dist/SHA256SUMS
#
# `--stage-only` stops after the install tree (dist/stage, with install.sh): what `make install` copies.
# Reproducible: file dates, man page dates and archive order come from the commit, not the clock.
set -euo pipefail
cd "$(dirname "$0")/.."

stage_only=false
[ "${1:-}" = --stage-only ] && stage_only=true
release=${APIX_RELEASE:-.build/release}
version=$(sed -n 's/.*public static let version = "\(.*\)"/\1/p' Sources/ExplorerCore/Apix.swift)
revision=1
epoch=$(git log -1 --format=%ct 2>/dev/null || date +%s)
day=$(date -u -d "@$epoch" +%F)
export SOURCE_DATE_EPOCH=$epoch
for program in apix apix-helpers; do
    [ -x "$release/$program" ] || { echo "dist: $release/$program is missing: make release" >&2; exit 1; }
done

rm -rf dist
stage=dist/stage
dbg=dist/dbg/usr/lib/debug/.build-id
mkdir -p "$stage/bin" "$stage/lib/apix" "$stage/share/man/man1" "$stage/share/doc/apix" \
    "$stage/share/bash-completion/completions" "$stage/share/zsh/vendor-completions" \
    "$stage/share/fish/vendor_completions.d" "$dbg"

# 1. ICU: `make release` links ICU's data English-only (scripts/icu-data.sh), so each program carries 12 MB of it,
# not 34 (docs/PACKAGING.md, Sizes).
programs=$release

# 2. The programs, stripped as Debian strips them (dh_strip: symbols, .comment, .note); each one's debug information
# goes to the -dbg archive under its build id, where gdb and debuginfod clients look for it.
ship() {
    local from=$1 to=$2 id
    install -m 0755 "$from" "$to"
    id=$(readelf -n "$to" | sed -n 's/.*Build ID: \([0-9a-f]*\).*/\1/p' | head -n 1)
    [ -n "$id" ] || { echo "dist: $from has no build id" >&2; exit 1; }
    mkdir -p "$dbg/${id:0:2}"
    objcopy --only-keep-debug --compress-debug-sections=zlib "$to" "$dbg/${id:0:2}/${id:2}.debug"
    chmod 0644 "$dbg/${id:0:2}/${id:2}.debug"
    strip --remove-section=.comment --remove-section=.note "$to"
}
ship "$programs/apix" "$stage/bin/apix"
# The two helpers are one program (`apix-helpers`: one copy of the Swift runtime and Foundation instead of two); the
# names apix runs are links to it, and argv[0] chooses.
ship "$programs/apix-helpers" "$stage/lib/apix/apix-helpers"
ln -s apix-helpers "$stage/lib/apix/apix-demo"
ln -s apix-helpers "$stage/lib/apix/apix-openapi"

# 3. Completions, written by apix itself (ArgumentParser); they call `apix ---completion` for profile, endpoint,
# environment and auth names.
# bash-completion sources the file; a #! line would only mislead (lintian: bash-completion-with-hashbang).
"$stage/bin/apix" --generate-completion-script bash | sed '1{/^#!/d}' > "$stage/share/bash-completion/completions/apix"
"$stage/bin/apix" --generate-completion-script zsh > "$stage/share/zsh/vendor-completions/_apix"
"$stage/bin/apix" --generate-completion-script fish > "$stage/share/fish/vendor_completions.d/apix.fish"

# 4. Man pages, one per command, from the same definitions as --help: swift-argument-parser's own generator
# (`generate-manual`, the tool behind its GenerateManual plugin) reads `apix --experimental-dump-help`. The tool is
# built once from the checkout SwiftPM resolved (same version as the library), in a scratch folder of its own.
tool=.build/tools/argument-parser
if [ ! -x "$tool/debug/generate-manual" ]; then
    rm -rf "$tool/src" && mkdir -p "$tool/src"
    cp -r .build/checkouts/swift-argument-parser/. "$tool/src/"
    rm -rf "$tool/src/.git"
    swift build --package-path "$tool/src" --scratch-path "$tool" --product generate-manual > "$tool.log" 2>&1 \
        || { tail -30 "$tool.log" >&2; exit 1; }
fi
pages=dist/man
mkdir -p "$pages"
"$tool/debug/generate-manual" "$stage/bin/apix" --multi-page --date "$day" --section 1 \
    --authors "the apix authors" -o "$pages"
# Hidden commands (`_save-loop`, `_history-loop`: for the tests) get no page and no reference.
rm -f "$pages"/apix._*.1
for page in "$pages"/*.1; do
    # The generator names subcommand pages apix.run.1; man's convention (git-log, systemd-run) is apix-run, in the
    # file name, the page's title (.Dt) and the references between pages (.Xr).
    name=$(basename "$page" .1 | tr . -)
    # The NAME line names the page as man and whatis index it (`apix-run - …`, as git-log(1)); the synopsis keeps
    # what users type (`apix run`).
    perl -ne 'next if /^\.Xr apix\._/; s/^(\.(?:Dt|Xr) )(\S+)/$1 . ($2 =~ tr|.|-|r)/e;
        if (!defined $nm && /^\.Nm "(.*)"$/) { $nm = $1; ($page = $nm) =~ tr| |-|; $_ = ".Nm $page\n" }
        elsif (defined $nm && /^\.Nm$/) { $_ = ".Nm \"$nm\"\n" }
        print' "$page" | gzip -9n > "$stage/share/man/man1/$name.1.gz"
done

# 5. Documents: the README, the licences (Debian's `copyright`, also what the tarball carries), the changelog.
install -m 0644 README.md "$stage/share/doc/apix/README.md"
install -m 0644 packaging/copyright "$stage/share/doc/apix/copyright"
gzip -9n < CHANGELOG.md > "$stage/share/doc/apix/changelog.gz"
install -m 0755 scripts/install.sh "$stage/install.sh"
find "$stage" -exec touch -h -d "@$epoch" {} +
$stage_only && exit 0

# 6. The tarball: the stage under apix-VERSION-linux-x86_64/, owned by root, in name order.
name=apix-$version-linux-x86_64
mkdir -p "dist/tar"
cp -a "$stage" "dist/tar/$name"
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$epoch" -C dist/tar -cf - "$name" \
    | gzip -9n > "dist/$name.tar.gz"
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$epoch" -C dist/dbg -cf - usr \
    | xz -6 -T0 > "dist/$name-dbg.tar.xz"

# 7. The .deb: the stage under /usr, Debian's documents, the lintian overrides, control with Depends from
# dpkg-shlibdeps (what the programs link) and libcurl4 by hand: libcurl.so.4 is opened with dlopen on the first
# request (CCurl), so no tool sees it.
deb=dist/deb
mkdir -p "$deb/DEBIAN" "$deb/usr/share/lintian/overrides"
cp -a "$stage/bin" "$stage/lib" "$stage/share" "$deb/usr/"
cat > dist/changelog.Debian <<CHANGES
apix ($version-$revision) unstable; urgency=medium

  * Release $version: packaged from the upstream sources (see changelog.gz).

 -- $(sed -n 's/^Maintainer: //p' packaging/control)  $(date -u -R -d "@$epoch")
CHANGES
gzip -9n < dist/changelog.Debian > "$deb/usr/share/doc/apix/changelog.Debian.gz"
install -m 0644 packaging/lintian-overrides "$deb/usr/share/lintian/overrides/apix"
mkdir -p dist/shlibs/debian
printf 'Source: apix\n\nPackage: apix\nArchitecture: amd64\n' > dist/shlibs/debian/control
# lib/apix/lib_FoundationICU.so is the package's own (-l: found there, no dependency).
depends=$(cd dist/shlibs && dpkg-shlibdeps -O -l"../../$deb/usr/lib/apix" --ignore-missing-info \
    "../../$deb/usr/bin/apix" "../../$deb/usr/lib/apix/apix-helpers" | sed -n 's/^shlibs:Depends=//p')
depends="$depends, libcurl4 (>= 7.68)"
size=$(du -k -s --apparent-size "$deb/usr" | cut -f1)
sed -e "s/@VERSION@/$version-$revision/" -e "s/@INSTALLED_SIZE@/$size/" -e "s/@DEPENDS@/$depends/" \
    packaging/control > "$deb/DEBIAN/control"
(cd "$deb" && find usr -type f -print0 | sort -z | xargs -0 md5sum > DEBIAN/md5sums)
find "$deb" -exec touch -h -d "@$epoch" {} +
dpkg-deb --root-owner-group -Zxz -z9 --build "$deb" "dist/apix_${version}-${revision}_amd64.deb" > /dev/null

# 8. Checksums of what users download.
(cd dist && sha256sum "apix_${version}-${revision}_amd64.deb" "$name.tar.gz" "$name-dbg.tar.xz" > SHA256SUMS)
rm -rf dist/tar dist/shlibs dist/changelog.Debian
ls -l dist
