"""Papers made from PDFs (`litman import x.pdf DIR/`): one paper per PDF, the PDF attached.

The text and metadata come from `litman.formats.pdf_text` (a worker process with limits).
A paper is made from what the PDF says of itself: its DOI or arXiv id, from its metadata or
its first two pages (the arXiv stamp in the margin, a `doi:` line under the abstract); its
title from its metadata when that is a title (not `Microsoft Word - draft.doc`), else the
first page's line in the largest type, else its first line, else the file's name; its
abstract from the first page's Abstract paragraph. Nothing is looked up here (no network
below `litman.metadata`): the paper is marked (`LOOKUP`) and, having no authors, is among
what `litman enrich` looks up; a DOI or arXiv id it holds finds the published record with
`litman add`, which merges into it. A PDF of a paper already in the library merges into it
on import (same DOI, arXiv id or title), so that the PDF is attached, not a second paper.

A PDF that cannot be read (encrypted, damaged, not a PDF, over the limits) is a batch with
no paper and one skipped line saying why.
"""

import hashlib
import re
from collections.abc import Callable, Sequence
from pathlib import Path

from litman.core.attached import PDF, NewAttachment
from litman.core.fields import HIDDEN_PREFIX
from litman.core.records import ImportBatch, NewPaper, Skipped
from litman.formats.pdf_text import MAX_PAGES, Extracted, extract_many

LOOKUP = HIDDEN_PREFIX + "lookup"  # what to look the paper up by: doi:…, arxiv:…, title
_DOI = re.compile(r"(?i)(?:doi(?:\.org)?[:/]\s*)?\b(10\.\d{4,9}/[^\s\"<>{}]+)")
_ARXIV = re.compile(
    r"(?i)(?:arxiv:\s*|arxiv\.org/(?:abs|pdf)/)(\d{4}\.\d{4,5}|[a-z-]+(?:\.[a-z]{2})?/\d{7})(v\d+)?"
)
_NOT_TITLES = re.compile(
    r"(?i)^(untitled|microsoft word|title|document\d*|slide \d+)\b|\.(docx?|pdf|tex|dvi|txt|ps)$"
)
_ABSTRACT = re.compile(r"(?im)^\s*abstract[.:\s—-]*$|^\s*abstract[.:—-]\s*")
_ABSTRACT_END = re.compile(
    r"(?im)^\s*(?:(?:1|I)\.?\s+)?introduction\b|^\s*(?:keywords|index terms|key words)\b"
)
ABSTRACT_CHARS = 3000


def read(path: Path) -> ImportBatch:
    return read_many([path])[0]


def read_many(
    paths: Sequence[Path], cancelled: Callable[[], bool] | None = None
) -> list[ImportBatch]:
    """One batch per PDF, in order, read by one worker in turn."""
    return [batch_of(found) for found in extract_many(paths, cancelled)]


def batch_of(found: Extracted) -> ImportBatch:
    name = found.path.name
    if found.refused:
        return ImportBatch(name, (), (), skipped=(Skipped(0, f"{name} {found.refused}"),))
    warnings: tuple[str, ...] = ()
    if found.cut:
        warnings = (f"{name}: only the text of its first {MAX_PAGES} pages was kept",)
    return ImportBatch(
        name, (paper_of(found),), (1,), warnings=warnings, digest=_digest(found.path)
    )


def paper_of(found: Extracted) -> NewPaper:
    """A paper from what a PDF says of itself, the PDF attached with its text."""
    front = "\n".join(found.pages[:2])
    meta_text = " ".join(found.meta.get(k, "") for k in ("Subject", "Keywords", "Title"))
    doi = _doi(meta_text) or _doi(front)
    arxiv = _arxiv(meta_text) or _arxiv(front)
    title = _title(found)
    extra: dict[str, str] = {}
    if arxiv:
        extra.update(eprint=arxiv, archiveprefix="arXiv")
    extra[LOOKUP] = f"doi:{doi}" if doi else f"arxiv:{arxiv}" if arxiv else "title"
    pdf = NewAttachment(str(found.path.absolute()), "", PDF, found.pages)
    return NewPaper(
        title=title or found.path.stem,
        abstract=_abstract(found.pages[0] if found.pages else ""),
        year=_arxiv_year(arxiv),
        doi=doi,
        url=f"https://arxiv.org/abs/{arxiv}" if arxiv else "",
        entry_type="article",
        extra=extra,
        attachments=(pdf,),
    )


def _doi(text: str) -> str:
    m = _DOI.search(text)
    return m.group(1).rstrip(".,;:)]}'") if m else ""


def _arxiv(text: str) -> str:
    m = _ARXIV.search(text)
    return m.group(1).lower() if m else ""


def _arxiv_year(arxiv: str) -> int | None:
    """The year a new-style arXiv id (`YYMM.NNNNN`) was given in."""
    m = re.fullmatch(r"(\d\d)(\d\d)\.\d{4,5}", arxiv)
    return 2000 + int(m.group(1)) if m and 1 <= int(m.group(2)) <= 12 else None


def _title(found: Extracted) -> str:
    meta = " ".join(found.meta.get("Title", "").split())
    if len(meta.split()) >= 2 and not _NOT_TITLES.search(meta):
        return meta
    if len(found.title.split()) >= 2:
        return found.title
    for line in (found.pages[0] if found.pages else "").splitlines():
        if len(line.split()) >= 3:
            return " ".join(line.split())[:300]
    return ""


def _abstract(first_page: str) -> str:
    """The first page's Abstract paragraph, up to its Introduction or keywords."""
    m = _ABSTRACT.search(first_page)
    if m is None:
        return ""
    rest = first_page[m.end() :]
    end = _ABSTRACT_END.search(rest)
    text = rest[: end.start()] if end else rest
    text = re.sub(r"-\n(?=[a-z])", "", text)  # a word broken at a line's end
    return " ".join(text.split())[:ABSTRACT_CHARS]


def _digest(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()
