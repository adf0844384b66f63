"""Which reader handles which file, by its name's ending."""

from collections.abc import Callable
from pathlib import Path

from litman.core.errors import ImportFailed
from litman.core.records import ImportBatch

Reader = Callable[[Path], ImportBatch]

_READERS: dict[str, Reader] = {}


def register(suffix: str, reader: Reader) -> None:
    _READERS[suffix.lower()] = reader


def supported_suffixes() -> list[str]:
    _load()
    return sorted(_READERS)


def reader_for(path: Path) -> Reader:
    _load()
    reader = _READERS.get(path.suffix.lower())
    if reader is None:
        known = ", ".join(supported_suffixes()) or "none yet"
        raise ImportFailed(
            f"{path.name}: litman cannot import '{path.suffix or 'no suffix'}' "
            f"files (it reads: {known})."
        )
    return reader


def read(path: Path) -> ImportBatch:
    """Read one file into a batch; raises ImportFailed with a clear message."""
    if not path.exists():
        raise ImportFailed(f"{path}: no such file.")
    if path.is_dir():
        raise ImportFailed(f"{path}: is a folder, not a file.")
    return reader_for(path)(path)


def _load() -> None:
    """Import the reader modules on first use, so that `litman list` does not pay for them."""
    if _READERS:
        return
    from litman.formats import bibtex, seed_text

    register(".txt", seed_text.read)
    register(".bib", bibtex.read)
