"""Slim the ICU data library that PySide6's Qt brings on Linux (libicudata.so.NN, 32 MB).

Qt calls ICU for four things only (the ICU functions libQt6Core imports, by `objdump -T`):
converters by name (`ucnv_*`), collation (`ucol_*`: QCollator, locale-aware compare, the
file dialog's sorting), time-zone ids and names (`ucal_*`) and case mapping with a locale
(`u_strToUpper`/`u_strToLower`, whose tables are compiled into libicuuc). ICU's data
library is one "common data" package of 3,900 items; this keeps collation, time zones and
the locale tree they read, and drops what none of those four reach: break-iterator
dictionaries (`brkitr/`), unit, language and transliteration names and rules (`unit/`,
`lang/`, `translit/`, `rbnf/`), StringPrep profiles (`*.spp`) and the large conversion
tables (`*.cnv` over 40 KB: 35 multi-byte encodings such as Shift_JIS, GB18030, Big5 and
EUC, 4.6 MB, so `QStringDecoder("Shift_JIS")` is not valid, which litman never asks for;
the 155 single-byte ones, windows-1252 and the ISO-8859 family among them, stay, 0.6 MB,
and UTF-8/16/32, Latin-1 and ASCII are ICU's own code).

    python packaging/icu_data.py LIBICUDATA [--list]

rewrites the library in place (the same soname and data symbol), or lists its parts. The
package is read from the library's data symbol (`icudtNN_dat`, found with binutils' `nm`),
rewritten with the same header and its table of contents sorted as before, and assembled
into a new shared library with binutils' `as` and `ld`: the tools PyInstaller already needs.
"""

import re
import struct
import subprocess
import sys
import tempfile
from collections import Counter
from itertools import pairwise
from pathlib import Path

# Items dropped, by their name inside the package (`icudt73l/coll/de.res` -> `coll/de.res`),
# and conversion tables by size.
DROP = re.compile(r"^(?:brkitr|unit|lang|translit|rbnf)/|\.spp$")
LARGE_TABLE = 40_000  # bytes: every multi-byte (CJK) table is larger, no single-byte one


def dropped(name: str, data: bytes) -> bool:
    inner = name.split("/", 1)[1]
    return bool(DROP.search(inner)) or (inner.endswith(".cnv") and len(data) > LARGE_TABLE)


_ALIGN = 16  # as ICU's own icupkg aligns items


def data_symbol(library: Path) -> tuple[str, int, int]:
    """The package's symbol, its address and its size, from the dynamic symbol table."""
    out = subprocess.run(
        ["nm", "-D", "-S", "--defined-only", str(library)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 4 and re.fullmatch(r"icudt\d+_dat", parts[3]):
            return parts[3], int(parts[0], 16), int(parts[1], 16)
    raise SystemExit(f"icu_data: no icudtNN_dat symbol in {library}")


def file_offset(image: bytes, address: int) -> int:
    """Where a 64-bit little-endian ELF file holds the byte loaded at `address`."""
    if image[:6] != b"\x7fELF\x02\x01":
        raise SystemExit("icu_data: not a 64-bit little-endian ELF library")
    phoff = struct.unpack_from("<Q", image, 0x20)[0]
    size, count = struct.unpack_from("<HH", image, 0x36)
    for i in range(count):
        kind, _flags, offset, vaddr, _paddr, filesz = struct.unpack_from(
            "<IIQQQQ", image, phoff + i * size
        )
        if kind == 1 and vaddr <= address < vaddr + filesz:  # PT_LOAD
            return address - vaddr + offset
    raise SystemExit(f"icu_data: address {address:#x} is in no loaded segment")


def read_package(package: bytes) -> tuple[bytes, list[tuple[str, bytes]]]:
    """The package's header and its items (name, bytes), in table-of-contents order."""
    header_size = struct.unpack_from("<H", package, 0)[0]
    if package[2:4] != b"\xda\x27" or package[12:16] != b"CmnD":
        raise SystemExit("icu_data: not an ICU common data package")
    toc = package[header_size:]
    count = struct.unpack_from("<I", toc, 0)[0]
    entries = [struct.unpack_from("<II", toc, 4 + 8 * i) for i in range(count)]
    starts = [*sorted(offset for _name, offset in entries), len(toc)]
    end_of = dict(pairwise(starts))
    items = []
    for name_at, offset in entries:
        name = toc[name_at : toc.index(b"\0", name_at)].decode("ascii")
        items.append((name, toc[offset : end_of[offset]]))
    return package[:header_size], items


def write_package(header: bytes, items: list[tuple[str, bytes]]) -> bytes:
    """A package of `items` (kept in the order given: ICU looks names up by bisection)."""
    names = b"".join(name.encode("ascii") + b"\0" for name, _data in items)
    names_at = 4 + 8 * len(items)
    data_at = _aligned(names_at + len(names))
    toc = bytearray(struct.pack("<I", len(items)))
    body = bytearray()
    name_offset = names_at
    for name, data in items:
        toc += struct.pack("<II", name_offset, data_at + len(body))
        name_offset += len(name) + 1
        body += data + b"\0" * (_aligned(len(data)) - len(data))
    toc += names
    toc += b"\0" * (data_at - len(toc))
    return header + bytes(toc) + bytes(body)


def _aligned(n: int) -> int:
    return (n + _ALIGN - 1) // _ALIGN * _ALIGN


def assemble(package: bytes, symbol: str, soname: str, target: Path) -> None:
    """A shared library exporting `package` as the read-only `symbol`, as ICU builds it."""
    with tempfile.TemporaryDirectory() as tmp:
        blob, source, obj = Path(tmp, "data.bin"), Path(tmp, "data.s"), Path(tmp, "data.o")
        blob.write_bytes(package)
        source.write_text(
            f"\t.section .rodata\n\t.globl {symbol}\n\t.type {symbol}, @object\n"
            f'\t.balign {_ALIGN}\n{symbol}:\n\t.incbin "{blob}"\n'
            f"\t.size {symbol}, . - {symbol}\n"
            '\t.section .note.GNU-stack,"",@progbits\n'
        )
        subprocess.run(["as", "-o", str(obj), str(source)], check=True)
        built = Path(tmp, soname)
        subprocess.run(
            ["ld", "-shared", "-soname", soname, "-z", "noexecstack", "-o", str(built), str(obj)],
            check=True,
        )
        target.write_bytes(built.read_bytes())


def soname(library: Path) -> str:
    out = subprocess.run(
        ["objdump", "-p", str(library)], capture_output=True, text=True, check=True
    ).stdout
    found = re.search(r"SONAME\s+(\S+)", out)
    return found.group(1) if found else library.name


def load(library: Path) -> tuple[str, bytes, list[tuple[str, bytes]]]:
    image = library.read_bytes()
    symbol, address, size = data_symbol(library)
    start = file_offset(image, address)
    header, items = read_package(image[start : start + size])
    return symbol, header, items


def slim(library: Path) -> tuple[int, int]:
    """Rewrite `library` without the dropped items; its size before and after, in bytes."""
    before = library.stat().st_size
    symbol, header, items = load(library)
    kept = [(name, data) for name, data in items if not dropped(name, data)]
    assemble(write_package(header, kept), symbol, soname(library), library)
    return before, library.stat().st_size


def parts(items: list[tuple[str, bytes]]) -> Counter[str]:
    """Bytes by folder inside the package (`coll`, `zone`, ...) or by suffix at its top."""
    sizes: Counter[str] = Counter()
    for name, data in items:
        inner = name.split("/", 1)[1]
        sizes[inner.split("/")[0] if "/" in inner else "*." + inner.rsplit(".", 1)[-1]] += len(data)
    return sizes


def main(argv: list[str]) -> int:
    library = Path(argv[0])
    if argv[1:] == ["--list"]:
        items = load(library)[2]
        gone = parts([(name, data) for name, data in items if dropped(name, data)])
        for part, size in parts(items).most_common():
            print(f"{size / 1e6:7.2f} MB  {part}  (dropped: {gone[part] / 1e6:.2f} MB)")
        return 0
    before, after = slim(library)
    print(f"icu_data: {library.name} {before / 1e6:.1f} MB -> {after / 1e6:.1f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
