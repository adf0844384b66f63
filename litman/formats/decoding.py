"""Turning a file's bytes into text, or saying clearly why not.

UTF-8 with or without a BOM and UTF-16 with a BOM are read as such, and so is UTF-16 without a
BOM when its NUL bytes fall in the pattern of mostly-ASCII UTF-16. UTF-8 with a few broken
bytes keeps its good accents, the broken bytes replaced and reported. Other bytes are read in
the encoding the file declares (a BibTeX `% Encoding:` line), else in the one
charset-normalizer finds (GB18030/GBK, Big5, Shift-JIS, cp1252, Latin-1), named in a warning;
a file that none of them decodes whole is refused, so no character is ever replaced unsaid.
Other NUL bytes or control-character noise mean binary data: an error, and nothing is
imported. Shared by every text format.
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
from litman.core.messages import _

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
        raise ImportFailed(_("{0}: cannot be read ({1}).").format(path.name, exc.strerror)) from exc
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
        raise ImportFailed(
            _("{0}: is {1}, not a file; nothing was imported.").format(path.name, kind)
        )
    if info.st_size > MAX_BYTES:
        _too_large(path, info.st_size)


def _too_large(path: Path, size: int) -> None:
    raise ImportFailed(
        _("{0}: {1} MiB is larger than litman imports ({2} MiB); nothing was imported.").format(
            path.name, size // 2**20, MAX_BYTES // 2**20
        )
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
            _(
                "{0}: contains NUL bytes, so it is binary data (or UTF-16 without a byte-order "
                "mark), not text; nothing was imported."
            ).format(name)
        )
    try:
        return _checked(data.decode("utf-8"), "utf-8", name, utf8=data)
    except UnicodeDecodeError:
        pass
    codec = _codec(declared)
    if codec:
        try:
            text = data.decode(codec)
        except UnicodeDecodeError:
            pass
        else:
            note = f"{name} is not UTF-8; read it as {_label(codec)}, as it declares."
            return _checked(text, codec, name, (note,))
    valid = sum(map(len, _UTF8_MULTIBYTE.findall(data)))  # bytes in valid UTF-8 sequences
    high = len(data) - len(data.translate(None, _HIGH_BYTES))
    if valid and valid >= UTF8_SHARE * high:
        return _damaged_utf8(data, name)
    found = _detect(data)
    if valid and (found is None or found[0] in WESTERN):
        return _damaged_utf8(data, name)  # café next to a broken byte: not cp1252's cafÃ©
    if found is None:
        raise ImportFailed(
            _(
                "{0}: is not UTF-8, nor GB18030/GBK, Big5, Shift-JIS, cp1252 or Latin-1 text "
                "throughout; nothing was imported."
            ).format(name)
        )
    encoding, text = found
    note = f"{name} is not UTF-8; read it as {_label(encoding)}."
    return _checked(text, encoding, name, (note,))


def _damaged_utf8(data: bytes, name: str) -> Decoded:
    """UTF-8 with some bytes that are not: they become U+FFFD, and the warning says on
    which lines."""
    text = data.decode("utf-8", errors="replace")
    lines = sorted({text.count("\n", 0, m.start()) + 1 for m in re.finditer("\ufffd", text)})
    shown = ", ".join(map(str, lines[:5])) + (" …" if len(lines) > 5 else "")
    note = (
        f"{name} is UTF-8 with bytes that are not; they became \ufffd "
        f"(line{'s' if len(lines) > 1 else ''} {shown})."
    )
    return _checked(text, "utf-8", name, (note,))


# A file whose high bytes are this much in valid UTF-8 sequences is UTF-8, however damaged:
# GB18030 Chinese has about 38% of them by chance, Big5 and Shift-JIS about 15%.
UTF8_SHARE = 0.6
_HIGH_BYTES = bytes(range(0x80, 0x100))
# Below that share, a file the detector reads as one of these is UTF-8 damaged still (the
# rule before the detector: a valid UTF-8 sequence in Western text is no accident).
WESTERN = ("cp1252", "latin_1")

# What a file that is not UTF-8 may be, as charset-normalizer names them: the encodings
# Chinese (CNKI, NoteExpress, Wanfang export GBK), Taiwanese, Japanese and Western
# reference managers write. GB18030 reads GBK and GB2312 too.
LEGACY = ("gb18030", "big5", "shift_jis", "cp1252", "latin_1")
LABELS = {
    "gb18030": "GB18030 (GBK)",
    "big5": "Big5",
    "shift_jis": "Shift-JIS",
    "iso8859_1": "Latin-1",
}


def _label(codec: str) -> str:
    return LABELS.get(codecs.lookup(codec).name.replace("-", "_"), codec)


def _detect(data: bytes) -> tuple[str, str] | None:
    """The legacy encoding charset-normalizer finds most likely among those that decode
    every byte (no character replaced), and the text; None if none does."""
    from charset_normalizer import from_bytes

    for match in from_bytes(data, cp_isolation=list(LEGACY)):
        try:
            return match.encoding, data.decode(match.encoding)
        except UnicodeDecodeError:
            continue
    return None


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
            _(
                "{0}: starts with a {1} byte-order mark but is not valid {2} (byte {3}); nothing "
                "was imported."
            ).format(name, encoding, encoding, exc.start)
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
        raise ImportFailed(
            _("{0}: looks like binary data, not text; nothing was imported.").format(name)
        )
    return Decoded(text, encoding, warnings, utf8)


def _codec(name: str | None) -> str | None:
    if not name:
        return None
    try:
        return codecs.lookup(name.strip()).name
    except LookupError:
        return None
