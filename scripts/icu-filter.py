#!/usr/bin/env python3
"""Copies an ICU common data package (a .dat in the "CmnD" format) keeping English and the locale-independent data.

ICU's data is 34 MB of each statically linked program, and 23 MB of it is the formatting data of ~800 locales apix
never shows: apix speaks English and formats dates, numbers and sizes in the POSIX way. Every locale keeps falling
back to root (ICU's own fallback, a warning and not an error), so `Locale(identifier: "fr_FR")` formats as English
does. Kept whole: the converters (bodies in other charsets), the time zones (zoneinfo64, metaZones), break rules,
transliterators, normalisation and property data, and every supplemental table. Dropped: other locales' .res files
in the locale trees, and the CJK/Thai word-break dictionaries.

Usage: icu-filter.py IN.dat OUT.dat
"""
import re
import struct
import sys

KEPT_LOCALES = {"root", "en", "en_US", "en_US_POSIX", "en_001", "en_GB", "pool", "res_index"}
LOCALE_TREES = {"", "coll", "zone", "unit", "curr", "lang", "region", "rbnf"}
LOCALE_NAME = re.compile(r"[a-z]{2,3}(_[A-Za-z0-9]+)*")


def keep(name: str) -> bool:
    parts = name.split("/")[1:]  # drop the package prefix (icudt76l)
    tree = parts[0] if len(parts) > 1 else ""
    stem, _, ext = parts[-1].rpartition(".")
    if tree == "brkitr" and ext == "dict":
        return False
    if tree in LOCALE_TREES and ext == "res" and LOCALE_NAME.fullmatch(stem):
        return stem in KEPT_LOCALES
    return True


def items(data: bytes):
    """The package's (name, bytes) items in ToC order (sorted by name, as ICU's binary search needs)."""
    header = struct.unpack_from("<H", data, 0)[0]
    if data[2:4] != b"\xda\x27" or data[12:16] != b"CmnD":
        sys.exit("icu-filter: not an ICU common data package")
    count = struct.unpack_from("<I", data, header)[0]
    toc = [struct.unpack_from("<II", data, header + 4 + 8 * i) for i in range(count)]
    for i, (name_at, data_at) in enumerate(toc):
        name = data[header + name_at : data.index(b"\0", header + name_at)].decode()
        end = header + toc[i + 1][1] if i + 1 < count else len(data)
        yield name, data[header + data_at : end]


def package(header: bytes, kept) -> bytes:
    """Header, count, ToC entries (offsets from the count), names, then the items 16-byte aligned."""
    names = b"".join(n.encode() + b"\0" for n, _ in kept)
    toc_size = 4 + 8 * len(kept)
    position = (toc_size + len(names) + 15) & ~15
    entries, blobs, name_at = [], [], toc_size
    for name, blob in kept:
        entries.append(struct.pack("<II", name_at, position))
        name_at += len(name) + 1
        padded = blob + b"\0" * (-len(blob) % 16)
        blobs.append(padded)
        position += len(padded)
    head = header + struct.pack("<I", len(kept)) + b"".join(entries) + names
    return head + b"\0" * (-len(head) % 16) + b"".join(blobs)


def main() -> None:
    source, target = sys.argv[1:3]
    data = open(source, "rb").read()
    all_items = list(items(data))
    kept = [item for item in all_items if keep(item[0])]
    header = data[: struct.unpack_from("<H", data, 0)[0]]
    out = package(header, kept)
    open(target, "wb").write(out)
    print(f"icu-filter: {len(all_items)} items, {len(data) / 1e6:.1f} MB -> {len(kept)} items, "
          f"{len(out) / 1e6:.1f} MB", file=sys.stderr)


if __name__ == "__main__":
    main()
