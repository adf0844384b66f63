"""Which reader handles which file, by its name's ending."""

import io
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TextIO

from litman.core.errors import ImportFailed, LitmanError
from litman.core.records import ImportBatch, Paper
from litman.formats.exchange import ExportReport

Reader = Callable[[Path], ImportBatch]

_READERS: dict[str, Reader] = {}


def register(suffix: str, reader: Reader) -> None:
    _READERS[suffix.lower()] = reader


def supported_suffixes() -> list[str]:
    _load()
    return sorted(_READERS)


def reader_for(path: Path) -> Reader:
    _load()
    kind = _kind(path) if path.exists() else path.suffix.lower()
    if kind != path.suffix.lower() and kind not in _READERS:
        raise ImportFailed(
            f"{path.name}: is a {kind[1:].upper()} file saved as '{path.suffix}'; litman "
            f"cannot import {kind[1:].upper()} yet (it reads: {', '.join(supported_suffixes())})."
        )
    reader = _READERS.get(kind)
    if reader is None:
        known = ", ".join(supported_suffixes()) or "none yet"
        raise ImportFailed(
            f"{path.name}: litman cannot import '{path.suffix or 'no suffix'}' "
            f"files (it reads: {known})."
        )
    return reader


def read(path: Path) -> ImportBatch:
    """Read one file into a batch; raises ImportFailed with a clear message."""
    return read_all([path])[0]


def read_all(paths: list[Path], keyword_separator: str = ",") -> list[ImportBatch]:
    """Read files imported together: BibTeX files share their @string macros, as
    `\\bibliography{abbrev,papers}` does. Batches come back in the files' order."""
    for path in paths:
        _check(path)
    _load()
    from litman.formats import bibtex

    bib = [p for p in paths if _kind(p) == ".bib"]
    together = dict(zip(bib, bibtex.read_group(bib, keyword_separator), strict=True)) if bib else {}
    return [together[p] if p in together else reader_for(p)(p) for p in paths]


def _kind(path: Path) -> str:
    """The reader a file needs: its suffix, or what a `.txt` file's text shows it to be."""
    suffix = path.suffix.lower()
    return sniff(path) if suffix == ".txt" else suffix


def sniff(path: Path) -> str:
    """`.bib` or `.ris` for a text file that is one (EndNote saves both as `.txt`)."""
    try:
        with path.open("rb") as f:
            head = f.read(65536).decode("utf-8", "replace").lstrip("\ufeff")
    except OSError:
        return ".txt"
    if re.search(r"(?m)^\s*@\s*[A-Za-z]+\s*[{(]\s*[^\s,]*\s*,", head):
        return ".bib"
    if re.search(r"(?m)^TY  - ", head):
        return ".ris"
    return ".txt"


def _check(path: Path) -> None:
    if not path.exists():
        raise ImportFailed(f"{path}: no such file.")
    if path.is_dir():
        raise ImportFailed(f"{path}: is a folder, not a file.")


def _load() -> None:
    """Import the reader modules on first use, so that `litman list` does not pay for them."""
    if _READERS:
        return
    from litman.formats import bibtex, csljson, ris, seed_text

    register(".txt", seed_text.read)
    register(".bib", bibtex.read)
    register(".ris", ris.read)
    register(".json", csljson.read)


# -- writers -----------------------------------------------------------------------------

Writer = Callable[[Iterable[Paper], TextIO], ExportReport]
EXPORT_FORMATS = {"bibtex": ".bib", "ris": ".ris", "csljson": ".json"}
FORMAT_NAMES = {"bibtex": "BibTeX", "ris": "RIS", "csljson": "CSL-JSON"}
_WRITERS: dict[str, Writer] = {}


def register_writer(fmt: str, writer: Writer) -> None:
    _WRITERS[fmt] = writer


def format_for(path: Path | None, asked: str | None = None) -> str:
    """The export format: the one asked for, else the one the file's suffix names
    (BibTeX for any other suffix, and for standard output)."""
    if asked:
        if asked not in EXPORT_FORMATS:
            raise LitmanError(f"litman cannot export '{asked}' (it writes: {_formats()}).")
        return asked
    if path is None:
        return "bibtex"
    by_suffix = {v: k for k, v in EXPORT_FORMATS.items()}
    return by_suffix.get(path.suffix.lower(), "bibtex")


def writer_for(fmt: str) -> Writer:
    """The writer of an exchange format (BibTeX has its own options: `litman.formats.bibtex`)."""
    _load_writers()
    writer = _WRITERS.get(fmt)
    if writer is None:
        raise LitmanError(f"litman cannot export '{fmt}' (it writes: {_formats()}).")
    return writer


def dumps(papers: Iterable[Paper], fmt: str) -> tuple[str, ExportReport]:
    """Papers as the text of an exchange format (for the clipboard), through its registered
    writer, with the report of what it could not carry."""
    out = io.StringIO()
    report = writer_for(fmt)(papers, out)
    return out.getvalue(), report


def _formats() -> str:
    return ", ".join(EXPORT_FORMATS)


def _load_writers() -> None:
    if _WRITERS:
        return
    from litman.formats import csljson, ris

    register_writer("ris", ris.write)
    register_writer("csljson", csljson.write)
