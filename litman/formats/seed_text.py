"""Plain-text files of abstracts, such as the bundled seeds: scraped web text, read carefully.

Abstracts are separated by blank lines or stand one per line (hard-wrapped paragraphs are
joined). Around them, scraped pages carry things that are not papers: a count header
(`59 accepted papers`, kept as the file's label), page chrome (short lines, a search box's
prompt), and `Area · Subarea` category lines, each of which tags the abstract right after it
as `Area > Subarea`. Abstracts cut with `…` are stored without it and marked truncated, and
HTML/MathML debris becomes plain text. Each abstract gets a derived title.
"""

import re
import statistics
from dataclasses import dataclass
from pathlib import Path

from litman.core.errors import ImportFailed
from litman.core.messages import _
from litman.core.records import ImportBatch, NewPaper, Skipped
from litman.formats.decoding import read_text
from litman.formats.markup import to_plain
from litman.formats.titles import derive_title

MIN_WORDS = 6
MIN_CHARS = 60
# The longest real abstracts run to a few thousand characters; a paragraph far beyond that is
# a scraped page, a log or a data dump, and reading it as one abstract helps nobody.
MAX_CHARS = 20_000
_COUNT_HEADER = re.compile(
    r"^[\d.,\s]+(?:accepted\s+|selected\s+|total\s+)?(?:papers?|articles?|abstracts?|results?|"
    r"entries|publications?|items?)\b[\w\s]*$",
    re.I,
)
_CATEGORY_SEP = re.compile(r"\s+[·•›]\s+")
_ELLIPSIS = re.compile(r"\s*(?:…|\.\.\.)\s*$")


@dataclass(frozen=True)
class Block:
    line: int
    text: str


def read(path: Path) -> ImportBatch:
    decoded = read_text(path)
    blocks = split_blocks(decoded.text)
    if not blocks:
        raise ImportFailed(f"{path.name}: the file is empty; there is nothing to import.")
    papers, lines, skipped, label = classify(blocks, path.name)
    if not papers:
        why = (
            f"line {skipped[0].line}: {skipped[0].reason}"
            if len(skipped) == 1
            else (f"{len(skipped)} lines of other text")
        )
        raise ImportFailed(f"{path.name}: found no abstracts ({why}); nothing was imported.")
    return ImportBatch(
        source_name=path.name,
        papers=tuple(papers),
        lines=tuple(lines),
        skipped=tuple(skipped),
        warnings=decoded.warnings,
        label=label,
        digest=decoded.digest(),
    )


def split_blocks(text: str) -> list[Block]:
    """Blank-line paragraphs when lines are hard-wrapped, else one block per line."""
    lines = [(n, " ".join(line.split())) for n, line in enumerate(text.splitlines(), 1)]
    filled = [len(t) for _, t in lines if t]
    if not filled:
        return []
    wrapped = len(filled) < len(lines) and statistics.median(filled) < 100
    if not wrapped:
        return [Block(n, t) for n, t in lines if t]
    blocks: list[Block] = []
    current: list[str] = []
    start = 0
    for n, t in [*lines, (0, "")]:
        if t and not current:
            start = n
        if t:
            current.append(t)
        elif current:
            blocks.append(Block(start, " ".join(current)))
            current = []
    return blocks


def classify(
    blocks: list[Block], name: str
) -> tuple[list[NewPaper], list[int], list[Skipped], str]:
    papers: list[NewPaper] = []
    lines: list[int] = []
    skipped: list[Skipped] = []
    label = ""
    pending: Block | None = None
    for block in blocks:
        if len(block.text) > MAX_CHARS:
            skipped.append(
                Skipped(
                    block.line,
                    f"{len(block.text):,} characters in one paragraph is not an abstract "
                    f"(the limit is {MAX_CHARS:,})",
                )
            )
            continue
        kind = kind_of(block.text)
        if kind == "abstract":
            tags = (category_tag(pending.text),) if pending else ()
            papers.append(make_paper(block, name, tags))
            lines.append(block.line)
            pending = None
            continue
        if pending:
            skipped.append(Skipped(pending.line, _("category line with no abstract after it")))
            pending = None
        if kind == "category":
            pending = block
        elif kind == "header" and not label:
            label = block.text
            skipped.append(
                Skipped(
                    block.line,
                    _("collection header '{0}' (kept as the source's label)").format(block.text),
                )
            )
        else:
            skipped.append(
                Skipped(block.line, _("page text, not an abstract: '{0}'").format(block.text[:40]))
            )
    if pending:
        skipped.append(Skipped(pending.line, _("category line with no abstract after it")))
    return papers, lines, skipped, label


def kind_of(text: str) -> str:
    if _COUNT_HEADER.match(text) and len(text) < 80:
        return "header"
    parts = _CATEGORY_SEP.split(text)
    if (
        len(parts) > 1
        and len(text) <= 120
        and all(0 < len(p.split()) <= 8 for p in parts)
        and not text.endswith(".")
    ):
        return "category"
    words = len(text.split())
    if (words < MIN_WORDS and len(text) < MIN_CHARS) or not any(c.isalpha() for c in text):
        return "chrome"
    return "abstract"


def category_tag(text: str) -> str:
    return " > ".join(part.strip() for part in _CATEGORY_SEP.split(text))


def clean_abstract(text: str) -> tuple[str, bool]:
    """Plain text, and whether the abstract was cut off (`…` or `...` at its end)."""
    truncated = bool(_ELLIPSIS.search(text))
    if truncated:
        text = _ELLIPSIS.sub("", text)
    text = " ".join(to_plain(text).split())
    return text, truncated


def make_paper(block: Block, name: str, tags: tuple[str, ...]) -> NewPaper:
    abstract, truncated = clean_abstract(block.text)
    return NewPaper(
        title=derive_title(abstract, truncated),
        title_derived=True,
        abstract=abstract,
        abstract_truncated=truncated,
        entry_type="misc",
        source=f"{name}:{block.line}",
        tags=tags,
    )
