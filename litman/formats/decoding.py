"""Turning a file's bytes into text, or saying clearly why not.

UTF-8 with or without a BOM and UTF-16 with a BOM are read as such; any other bytes decode as
cp1252 with a warning. NUL bytes or control-character noise mean binary data: an error, and
nothing is imported. Shared by every text format.
"""

import codecs
import re
from dataclasses import dataclass
from pathlib import Path

from litman.core.errors import ImportFailed

MAX_BYTES = 200 * 1024 * 1024
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


@dataclass(frozen=True)
class Decoded:
    text: str
    encoding: str
    warnings: tuple[str, ...] = ()


def read_text(path: Path, declared: str | None = None) -> Decoded:
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise ImportFailed(
                f"{path.name}: {size // 2**20} MiB is larger than litman imports "
                f"({MAX_BYTES // 2**20} MiB); nothing was imported."
            )
        data = path.read_bytes()
    except OSError as exc:
        raise ImportFailed(f"{path.name}: cannot be read ({exc.strerror}).") from exc
    return decode(data, path.name, declared)


def decode(data: bytes, name: str, declared: str | None = None) -> Decoded:
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return _checked(_strict(data, "utf-16", name), "utf-16", name)
    if data.startswith(codecs.BOM_UTF8):
        return _checked(_strict(data, "utf-8-sig", name), "utf-8", name)
    if b"\x00" in data:
        raise ImportFailed(
            f"{name}: contains NUL bytes, so it is binary data (or UTF-16 "
            "without a byte-order mark), not text; nothing was imported."
        )
    try:
        return _checked(data.decode("utf-8"), "utf-8", name)
    except UnicodeDecodeError:
        pass
    encoding = _codec(declared) or "cp1252"
    text = data.decode(encoding, errors="replace")
    note = f"{name} is not UTF-8; read it as {encoding}. Check accented letters."
    return _checked(text, encoding, name, (note,))


def _strict(data: bytes, encoding: str, name: str) -> str:
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as exc:
        raise ImportFailed(
            f"{name}: starts with a {encoding} byte-order mark but is not valid "
            f"{encoding} (byte {exc.start}); nothing was imported."
        ) from exc


def _checked(text: str, encoding: str, name: str, warnings: tuple[str, ...] = ()) -> Decoded:
    sample = text[:65536]
    if sample and len(_CONTROL.findall(sample)) > max(8, len(sample) // 100):
        raise ImportFailed(f"{name}: looks like binary data, not text; nothing was imported.")
    return Decoded(text, encoding, warnings)


def _codec(name: str | None) -> str | None:
    if not name:
        return None
    try:
        return codecs.lookup(name.strip()).name
    except LookupError:
        return None
