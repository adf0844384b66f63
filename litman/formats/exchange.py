"""What the writers share (the options they take, the export report, safe file writing),
and what RIS and CSL-JSON share: the values litman keeps in a format's custom field
(reading status, rating, and the few flags no exchange format has a place for).

Writers return an `ExportReport`: how many papers were written and, per field, how many
papers had a value the format cannot express, so that nothing is dropped silently.
"""

import os
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from litman.core.fields import HIDDEN_PREFIX
from litman.core.messages import n_
from litman.core.records import ImportBatch, NewPaper, Paper, Skipped, Status
from litman.formats.decoding import Decoded

if TYPE_CHECKING:
    from litman.formats.bibtex_fields import Mode

# Keys of litman's own custom values, as written in a format's custom field.
STATUS = "litman-status"
RATING = "litman-rating"
TYPE = "litman-type"
DERIVED = "litman-title-derived"
TRUNCATED = "litman-abstract-truncated"
CITEKEY = "litman-citekey"
# A field's own text (LaTeX), kept beside the text the format shows when that would not
# read back as it: the custom field holds it, and a reader takes it while the shown text is
# still what it shows (no other program edited it).
SOURCE = "litman-source"
MAX_FIELD_CHARS = 100_000  # as the BibTeX reader: no real field is longer


@dataclass(frozen=True)
class WriteOptions:
    """What an export may ask of a writer beyond the papers: BibTeX's character mode and
    the `@preamble`/`@comment` blocks kept from imports; a format without them ignores them."""

    mode: "Mode" = "pdflatex"
    blocks: Sequence[tuple[str, str]] = ()


@dataclass(frozen=True)
class ExportReport:
    """What a writer wrote, and the fields it could not carry (field -> papers)."""

    written: int
    unexpressed: Mapping[str, int] = field(default_factory=dict)

    def describe(self, fmt: str) -> list[str]:
        return [
            n_(
                "{format} cannot express '{field}': left out of {n} paper",
                "{format} cannot express '{field}': left out of {n} papers",
                n,
            ).format(format=fmt, field=name, n=n)
            for name, n in sorted(self.unexpressed.items())
        ]


class Tally:
    """Counts papers written and fields left out, while a writer streams."""

    def __init__(self) -> None:
        self.written = 0
        self.unexpressed: Counter[str] = Counter()

    def report(self) -> ExportReport:
        return ExportReport(self.written, dict(self.unexpressed))


def custom_values(p: NewPaper | Paper, type_kept: bool) -> dict[str, str]:
    """litman's values that no exchange format models, as `name -> text`, only when set."""
    out: dict[str, str] = {}
    if p.status != Status.UNREAD:
        out[STATUS] = p.status.value
    if p.rating:
        out[RATING] = str(p.rating)
    if not type_kept:
        out[TYPE] = p.entry_type
    if p.title_derived:
        out[DERIVED] = "true"
    if p.abstract_truncated:
        out[TRUNCATED] = "true"
    return out


def sources_of(values: Mapping[str, str], show: Callable[[str], str]) -> dict[str, str]:
    """The fields a format shows otherwise than litman keeps them: name -> source."""
    return {k: v for k, v in values.items() if v and show(v) != v}


def sources_kept(
    sources: Mapping[str, object], show: Callable[[str], str]
) -> Callable[[str, str], str]:
    """A reader's text for a field: its kept source while `text` is still what that source
    shows (whitespace aside), else `text` as read."""

    def kept(text: str, name: str) -> str:
        source = sources.get(name)
        if isinstance(source, str) and show(source).split() == text.split():
            return source
        return text

    return kept


def status_of(text: str) -> Status:
    if not text:  # most papers: no exception raised and caught for each
        return Status.UNREAD
    try:
        return Status(text.strip().lower())
    except ValueError:
        return Status.UNREAD


def rating_of(text: str) -> int:
    text = text.strip()
    return int(text) if text.isdigit() and 0 <= int(text) <= 5 else 0


def visible_extra(extra: Mapping[str, str]) -> Iterable[tuple[str, str]]:
    """A paper's unmodelled fields, without litman's own bookkeeping keys."""
    return ((k, v) for k, v in extra.items() if not k.startswith(HIDDEN_PREFIX) and v)


def export_file(
    path: Path, write: Callable[[TextIO], ExportReport], newline: str | None = ""
) -> ExportReport:
    """Run `write` into a new file at `path`: written under a temporary name and renamed,
    so that a failure or a cancel never leaves a half-written file under the user's name.
    `newline` is `open`'s: "" writes line ends as given, None as the platform's."""
    tmp = path.with_name(path.name + ".tmp")
    try:
        with _new_file(tmp, newline) as out:
            report = write(out)
        tmp.replace(path)
    except BaseException:
        tmp.unlink(missing_ok=True)  # a full disk or a cancel leaves nothing behind
        raise
    return report


def _new_file(path: Path, newline: str | None) -> TextIO:
    """A file created afresh: a leftover from a killed export is removed first, and a
    symbolic link planted at the name is removed too, never written through."""
    if os.path.lexists(path):
        path.unlink()
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    return open(os.open(path, flags, 0o644), "w", encoding="utf-8", newline=newline)


def batch_of(
    path: Path,
    decoded: Decoded,
    parsed: tuple[list[NewPaper], list[int], list[Skipped], list[str]],
) -> ImportBatch:
    """A parsed file as an import batch: its papers with their lines, what was skipped, the
    decoder's warnings before the reader's, and the digest of the text read."""
    papers, lines, skipped, warnings = parsed
    return ImportBatch(
        source_name=path.name,
        papers=tuple(papers),
        lines=tuple(lines),
        skipped=tuple(skipped),
        warnings=(*decoded.warnings, *warnings),
        digest=decoded.digest(),
    )
