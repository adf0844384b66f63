"""Which reader and which writer handles which file, each declared once.

A format registers its reader under a file suffix and its writer under a format name, with
the label and suffix that the file dialogs' filters, the command line's choices and help,
and the format a file's suffix names all come from. Registering takes a loader, so the
format modules are imported on first use and `litman list` does not pay for them.
"""

import io
import os
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TextIO

from litman.core.errors import ImportFailed, LitmanError
from litman.core.messages import _
from litman.core.records import ImportBatch, Paper
from litman.formats import exchange
from litman.formats.exchange import ExportReport, WriteOptions

Reader = Callable[[Path], ImportBatch]


class Writer(Protocol):
    """Writes papers to an open text file and reports what the format could not carry."""

    def __call__(
        self, papers: Iterable[Paper], out: TextIO, options: WriteOptions = ..., /
    ) -> ExportReport: ...


@dataclass(frozen=True)
class ReaderFormat:
    suffix: str  # ".bib"
    label: str  # "BibTeX", as the open dialog's filter names it
    load: Callable[[], Reader]


@dataclass(frozen=True)
class WriterFormat:
    name: str  # "bibtex", as `litman export --format` takes it
    label: str  # "BibTeX", as the save dialog's filter and the export report name it
    suffix: str  # ".bib": the file suffix that names this format
    load: Callable[[], Writer]
    newline: str | None = ""  # "": line ends as the writer writes them; None: the platform's


_READERS: dict[str, ReaderFormat] = {}
_WRITERS: dict[str, WriterFormat] = {}


def register(suffix: str, label: str, load: Callable[[], Reader]) -> None:
    """Read files ending in `suffix` with the reader `load()` returns."""
    _READERS[suffix.lower()] = ReaderFormat(suffix.lower(), label, load)


def register_writer(
    name: str, label: str, suffix: str, load: Callable[[], Writer], *, newline: str | None = ""
) -> None:
    """Offer the export format `name`; the first one registered for a suffix is its default."""
    _WRITERS[name] = WriterFormat(name, label, suffix.lower(), load, newline)


def unregister_writer(name: str) -> None:
    _WRITERS.pop(name, None)


def _lazy(module: str, name: str) -> Callable[[], Any]:
    """A loader of one of litman's own readers or writers, importing them on first use."""

    def load() -> Any:
        from litman.formats import (
            biblatex,
            bibtex,
            csljson,
            endnote,
            noteexpress,
            pdf,
            ris,
            seed_text,
            zotero,
        )

        modules = {
            "biblatex": biblatex,
            "bibtex": bibtex,
            "csljson": csljson,
            "endnote": endnote,
            "noteexpress": noteexpress,
            "pdf": pdf,
            "ris": ris,
            "seed_text": seed_text,
            "zotero": zotero,
        }
        return getattr(modules[module], name)

    return load


register(".txt", "Abstracts", _lazy("seed_text", "read"))
register(".bib", "BibTeX", _lazy("bibtex", "read"))
register(".ris", "RIS", _lazy("ris", "read"))
register(".enw", "EndNote tagged (CNKI, Wanfang)", _lazy("endnote", "read"))
register(".net", "NoteExpress (CNKI, Wanfang)", _lazy("noteexpress", "read"))
register(".json", "CSL-JSON", _lazy("csljson", "read"))
register(".sqlite", "Zotero database", _lazy("zotero", "read"))
register(".pdf", "PDF", _lazy("pdf", "read"))
register_writer("bibtex", "BibTeX", ".bib", _lazy("bibtex", "write_report"), newline=None)
register_writer("biblatex", "BibLaTeX", ".bib", _lazy("biblatex", "write"), newline=None)
register_writer("ris", "RIS", ".ris", _lazy("ris", "write"))
register_writer("csljson", "CSL-JSON", ".json", _lazy("csljson", "write"))


# -- what the window and the command line offer --------------------------------------------


def readers() -> list[ReaderFormat]:
    """The readable formats, in the order they were registered."""
    return list(_READERS.values())


def supported_suffixes() -> list[str]:
    return sorted(_READERS)


def open_filter() -> str:
    """The open dialog's filters: every readable file, then all files."""
    labels = [r.label for r in _READERS.values()]
    named = ", ".join(labels[:-1]) + " and " + labels[-1] if len(labels) > 1 else labels[0]
    patterns = " ".join(f"*{r.suffix}" for r in _READERS.values())
    return f"{named} ({patterns});;All files (*)"


def read_help() -> str:
    """The readable files, for help texts: `.txt abstracts, .bib BibTeX, ...`."""
    return ", ".join(
        f"{r.suffix} {r.label.lower() if r.suffix == '.txt' else r.label}"
        for r in _READERS.values()
    )


def writer_names() -> list[str]:
    return list(_WRITERS)


def save_filters() -> str:
    """The save dialog's filters, one per export format."""
    return ";;".join(_filter(w) for w in _WRITERS.values())


def _filter(w: WriterFormat) -> str:
    return f"{w.label} (*{w.suffix})"


def label(fmt: str) -> str:
    return _writer_format(fmt).label


def suffix_of(fmt: str) -> str:
    return _writer_format(fmt).suffix


# -- reading -------------------------------------------------------------------------------


def reader_for(path: Path) -> Reader:
    kind = _kind(path) if path.exists() else path.suffix.lower()
    if kind != path.suffix.lower() and kind not in _READERS:
        raise ImportFailed(
            _(
                "{0}: is a {1} file saved as '{2}'; litman cannot import {1} yet (it reads: {3})."
            ).format(path.name, kind[1:].upper(), path.suffix, ", ".join(supported_suffixes()))
        )
    reader = _READERS.get(kind)
    if reader is None:
        known = ", ".join(supported_suffixes()) or _("none yet")
        raise ImportFailed(
            _("{0}: litman cannot import '{1}' files (it reads: {2}).").format(
                path.name, path.suffix or _("no suffix"), known
            )
        )
    return reader.load()


def read(path: Path) -> ImportBatch:
    """Read one file into a batch; raises ImportFailed with a clear message."""
    return read_all([path])[0]


def read_all(paths: list[Path], keyword_separator: str = ",") -> list[ImportBatch]:
    """Read files imported together: BibTeX files share their @string macros, as
    `\\bibliography{abbrev,papers}` does. Batches come back in the files' order."""
    paths = [p for path in paths for p in _pdfs_in(path)]
    for path in paths:
        _check(path)
    from litman.formats import bibtex, pdf

    bib = [p for p in paths if _kind(p) == ".bib"]
    together = dict(zip(bib, bibtex.read_group(bib, keyword_separator), strict=True)) if bib else {}
    pdfs = [p for p in paths if p.suffix.lower() == ".pdf"]
    together.update(zip(pdfs, pdf.read_many(pdfs), strict=True))  # one worker reads them all
    from litman.formats.file_field import attached

    batches = [together[p] if p in together else reader_for(p)(p) for p in paths]
    return [attached(b, p) for b, p in zip(batches, paths, strict=True)]


def _kind(path: Path) -> str:
    """The reader a file needs: its suffix, or what a `.txt` file's text shows it to be."""
    suffix = path.suffix.lower()
    return sniff(path) if suffix == ".txt" else suffix


def sniff(path: Path) -> str:
    """`.bib`, `.ris`, `.enw` or `.net` for a text file that is one (EndNote saves them as
    `.txt`, and CNKI and Wanfang export EndNote's and NoteExpress's formats so)."""
    try:
        with path.open("rb") as f:
            head = f.read(65536).decode("utf-8", "replace").lstrip("\ufeff")
    except OSError:
        return ".txt"
    if re.search(r"(?m)^\s*@\s*[A-Za-z]+\s*[{(]\s*[^\s,]*\s*,", head):
        return ".bib"
    if re.search(r"(?m)^TY  - ", head):
        return ".ris"
    if re.search(r"(?m)^\s*%0 \S", head):
        return ".enw"
    if re.search(r"(?m)^\s*\{Reference Type\}:", head):
        return ".net"
    return ".txt"


def _pdfs_in(path: Path) -> list[Path]:
    """A folder's PDFs, in its subfolders too (sorted by path); a file as it is."""
    if not path.is_dir():
        return [path]
    found = sorted(p for p in path.rglob("*") if p.suffix.lower() == ".pdf" and p.is_file())
    if not found:
        raise ImportFailed(
            _("{0}: is a folder with no PDFs in it; nothing was imported.").format(path)
        )
    return found


def _check(path: Path) -> None:
    if not path.exists():
        raise ImportFailed(_("{0}: no such file.").format(path))
    if path.is_dir():
        raise ImportFailed(_("{0}: is a folder, not a file.").format(path))


# -- writing -------------------------------------------------------------------------------


def format_for(path: Path | None, asked: str | None = None) -> str:
    """The export format: the one asked for, else the one the file's suffix names
    (BibTeX for any other suffix, and for standard output)."""
    if asked:
        return _writer_format(asked).name
    if path is None:
        return "bibtex"
    by_suffix = {w.suffix: w.name for w in reversed(_WRITERS.values())}
    return by_suffix.get(path.suffix.lower(), "bibtex")


def format_for_filter(chosen: str) -> str | None:
    """The format a save dialog's filter names (None for one that names none)."""
    return next((w.name for w in _WRITERS.values() if _filter(w) == chosen), None)


def writer_for(fmt: str) -> Writer:
    """The writer of an export format."""
    return _writer_format(fmt).load()


def write(
    papers: Iterable[Paper], out: TextIO, fmt: str, options: WriteOptions = WriteOptions()
) -> ExportReport:
    return writer_for(fmt)(papers, out, options)


def export(
    papers: Iterable[Paper], path: Path, fmt: str, options: WriteOptions = WriteOptions()
) -> ExportReport:
    """Write papers to a new file at `path` (never half-written under its name)."""
    spec = _writer_format(fmt)
    writer = spec.load()
    return exchange.export_file(
        path, lambda out: writer(papers, out, options), newline=spec.newline
    )


def file_bytes(text: str, fmt: str) -> bytes:
    """The bytes `export` writes for `text` in `fmt`: UTF-8, line ends as the format's."""
    newline = _writer_format(fmt).newline
    if newline is None:
        newline = os.linesep
    return (text.replace("\n", newline) if newline and newline != "\n" else text).encode()


def dumps(papers: Iterable[Paper], fmt: str) -> tuple[str, ExportReport]:
    """Papers as the text of an export format (for the clipboard), through its registered
    writer, with the report of what it could not carry."""
    out = io.StringIO()
    report = write(papers, out, fmt)
    return out.getvalue(), report


def _writer_format(fmt: str) -> WriterFormat:
    spec = _WRITERS.get(fmt)
    if spec is None:
        raise LitmanError(f"litman cannot export '{fmt}' (it writes: {', '.join(_WRITERS)}).")
    return spec
