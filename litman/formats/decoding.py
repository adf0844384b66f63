"""Turning a file's bytes into text, or saying clearly why not.

UTF-8 with or without a BOM and UTF-16 with a BOM are read as such, and so is UTF-16 without a
BOM when its NUL bytes fall in the pattern of mostly-ASCII UTF-16. UTF-8 with a few broken
bytes keeps its good accents, the broken bytes replaced and reported; other bytes decode as
cp1252 with a warning. Other NUL bytes or control-character noise mean binary data: an
error, and nothing is imported. Shared by every text format.
"""

import codecs
import hashlib
import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

from litman.core.errors import ImportFailed

MAX_BYTES = 200 * 1024 * 1024
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


@dataclass(frozen=True)
class Decoded:
    text: str
    encoding: str
    warnings: tuple[str, ...] = ()
    # The file's bytes when they are `text` in UTF-8 exactly (most files): the digest is
    # taken of them, without encoding the text again (a third of hashing a 10 MiB file).
    utf8: bytes | None = field(default=None, repr=False)

    def digest(self) -> str:
        """SHA-256 of the text in UTF-8: what an import records of the file it read."""
        return hashlib.sha256(self.text.encode() if self.utf8 is None else self.utf8).hexdigest()


def read_text(path: Path, declared: str | None = None) -> Decoded:
    return decode(read_bytes(path), path.name, declared)


def read_bytes(path: Path) -> bytes:
    """A regular file's bytes, its size and type checked before a byte is read: a FIFO, a
    device (`/dev/zero` behind a symlink) or a file over the limit is refused at once, and
    no more than the limit is ever read (the file may grow meanwhile)."""
    try:
        info = os.stat(path)
        _check_kind(path, info)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as f:
            info = os.fstat(f.fileno())  # what was opened, not what was named
            _check_kind(path, info)
            data = _read_at_most(f, info.st_size)
    except OSError as exc:
        raise ImportFailed(f"{path.name}: cannot be read ({exc.strerror}).") from exc
    if len(data) > MAX_BYTES:
        _too_large(path, len(data))
    return data


def _read_at_most(f: BinaryIO, size: int) -> bytes:
    """The file's bytes, but never more than the limit and one (it may have grown)."""
    data = f.read(min(size, MAX_BYTES) + 1)  # read(n) reserves n bytes: ask for the size
    while len(data) <= MAX_BYTES:
        more = f.read(min(2**20, MAX_BYTES + 1 - len(data)))
        if not more:
            break
        data += more
    return data


def _check_kind(path: Path, info: os.stat_result) -> None:
    if not stat.S_ISREG(info.st_mode):
        kind = "a folder" if stat.S_ISDIR(info.st_mode) else "a pipe, socket or device"
        raise ImportFailed(f"{path.name}: is {kind}, not a file; nothing was imported.")
    if info.st_size > MAX_BYTES:
        _too_large(path, info.st_size)


def _too_large(path: Path, size: int) -> None:
    raise ImportFailed(
        f"{path.name}: {size // 2**20} MiB is larger than litman imports "
        f"({MAX_BYTES // 2**20} MiB); nothing was imported."
    )


def decode(data: bytes, name: str, declared: str | None = None) -> Decoded:
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return _checked(_strict(data, "utf-16", name), "utf-16", name)
    if data.startswith(codecs.BOM_UTF8):
        return _checked(_strict(data, "utf-8-sig", name), "utf-8", name)
    if b"\x00" in data:
        utf16 = _bomless_utf16(data)
        if utf16:
            note = f"{name} is UTF-16 without a byte-order mark; read it as {utf16}."
            return _checked(_strict(data, utf16, name), utf16, name, (note,))
        raise ImportFailed(
            f"{name}: contains NUL bytes, so it is binary data (or UTF-16 "
            "without a byte-order mark), not text; nothing was imported."
        )
    try:
        return _checked(data.decode("utf-8"), "utf-8", name, utf8=data)
    except UnicodeDecodeError:
        pass
    if not declared and _UTF8_MULTIBYTE.search(data):
        text = data.decode("utf-8", errors="replace")
        lines = sorted({text.count("\n", 0, m.start()) + 1 for m in re.finditer("\ufffd", text)})
        shown = ", ".join(map(str, lines[:5])) + (" …" if len(lines) > 5 else "")
        note = (
            f"{name} is UTF-8 with bytes that are not; they became \ufffd "
            f"(line{'s' if len(lines) > 1 else ''} {shown})."
        )
        return _checked(text, "utf-8", name, (note,))
    encoding = _codec(declared) or "cp1252"
    text = data.decode(encoding, errors="replace")
    note = f"{name} is not UTF-8; read it as {encoding}. Check accented letters."
    return _checked(text, encoding, name, (note,))


# A valid two- to four-byte UTF-8 sequence: text with these is UTF-8, however damaged.
_UTF8_MULTIBYTE = re.compile(
    rb"[\xc2-\xdf][\x80-\xbf]|[\xe0-\xef][\x80-\xbf]{2}|[\xf0-\xf4][\x80-\xbf]{3}"
)


def _bomless_utf16(data: bytes) -> str | None:
    """'utf-16-le' or 'utf-16-be' when NULs fill every other byte, as in ASCII-heavy UTF-16."""
    if len(data) % 2:
        return None
    sample = data[:65536]
    even, odd = sample[0::2], sample[1::2]
    half = len(sample) // 2
    if odd.count(0) > 0.7 * half and even.count(0) < 0.05 * half:
        return "utf-16-le"
    if even.count(0) > 0.7 * half and odd.count(0) < 0.05 * half:
        return "utf-16-be"
    return None


def _strict(data: bytes, encoding: str, name: str) -> str:
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as exc:
        raise ImportFailed(
            f"{name}: starts with a {encoding} byte-order mark but is not valid "
            f"{encoding} (byte {exc.start}); nothing was imported."
        ) from exc


def _checked(
    text: str,
    encoding: str,
    name: str,
    warnings: tuple[str, ...] = (),
    utf8: bytes | None = None,
) -> Decoded:
    sample = text[:65536]
    if sample and len(_CONTROL.findall(sample)) > max(8, len(sample) // 100):
        raise ImportFailed(f"{name}: looks like binary data, not text; nothing was imported.")
    return Decoded(text, encoding, warnings, utf8)


def _codec(name: str | None) -> str | None:
    if not name:
        return None
    try:
        return codecs.lookup(name.strip()).name
    except LookupError:
        return None
