"""Reading EndNote's tagged format (refer/BibIX): what CNKI, Wanfang and EndNote export as
`.enw` or `.txt`.

A record is a run of `%X value` lines, the reference type first (`%0 Journal Article`); a
blank line or the next `%0` ends it, and a line without a tag continues the value above
(EndNote's own import filter and Zotero's Refer/BibIX translator read it so). Each record is
read as the RIS record it stands for, tag for tag (`%A` is `AU`, `%T` `TI`, `%J` `JO` ...),
by `ris_read.to_paper`, so the two formats give the same paper. Keywords are split where
CNKI separates them (`;`, `；`, a new line); a tag read twice where a paper has one value
(CNKI's English journal name in a second `%J`), and the tags RIS has no place for
(`%H` translated author, `%Q` translated title), are kept as `endnote-...` fields.
"""

import re
from collections.abc import Iterable, Iterator
from pathlib import Path

from litman.core.messages import _
from litman.core.records import ImportBatch
from litman.formats import ris_read

# `%0` reference types as RIS's `TY`s (EndNote's names; CNKI writes the first five).
TYPES = {
    "Journal Article": "JOUR",
    "Thesis": "THES",
    "Conference Proceedings": "CONF",
    "Conference Paper": "CPAPER",
    "Newspaper Article": "NEWS",
    "Book": "BOOK",
    "Edited Book": "EDBOOK",
    "Book Section": "CHAP",
    "Report": "RPRT",
    "Magazine Article": "MGZN",
    "Electronic Article": "EJOUR",
    "Electronic Book": "EBOOK",
    "Web Page": "ELEC",
    "Unpublished Work": "UNPB",
    "Patent": "PAT",
    "Generic": "GEN",
}
# Tags as RIS tags; `P` (pages, `94-98`) is RIS's start page holding the range.
TAGS = {
    "A": "AU",
    "T": "TI",
    "J": "JO",
    "B": "T2",
    "D": "PY",
    "8": "DA",
    "V": "VL",
    "N": "IS",
    "P": "SP",
    "I": "PB",
    "C": "CY",
    "@": "SN",
    "R": "DO",
    "U": "UR",
    "X": "AB",
    "Z": "N1",
    "K": "KW",
    "E": "ED",
    "Y": "A4",  # Tertiary Author: a translator, as Zotero reads it
    "?": "A4",  # Subsidiary Author
    "7": "ET",
    "9": "M3",
    "S": "T3",
    "G": "LA",
    "L": "CN",
    "M": "AN",
    "W": "DB",
    "!": "ST",
    "+": "AD",
    "F": "ID",
}
# What a paper holds one of: a second one is kept aside (`endnote-journal`).
ONCE = frozenset({"T", "J", "B", "D", "R", "X", "F"})
NAMES = {
    "H": "translated-author",
    "Q": "translated-title",
    "O": "alternate-title",
    "J": "journal",
    "T": "title",
    "B": "secondary-title",
    "D": "year",
    "R": "doi",
    "X": "abstract",
    "F": "label",
}
PREFIX = "endnote-"
_TAG = re.compile(r"%(.) ?(.*)$")
_KEYWORDS = re.compile(r"[;；\n]")


def read(path: Path) -> ImportBatch:
    return ris_read.read_file(path, parse, _("EndNote records (%0 lines)"))


def parse(text: str) -> ris_read.Parsed:
    """Papers from EndNote tagged text, with the line each record starts on, what was
    skipped and what was noticed on the way."""
    warnings: list[str] = []
    found = _records(text.lstrip("\ufeff").splitlines(), warnings)
    return (*ris_read.papers_of(_as_ris(line, fields) for line, fields in found), warnings)


def _records(lines: Iterable[str], warnings: list[str]) -> Iterator[tuple[int, list[list[str]]]]:
    """Each record's first line and its [tag, value] pairs, continued lines joined."""
    start = 0
    fields: list[list[str]] = []
    for n, raw in enumerate(lines, 1):
        line = raw.strip()
        m = _TAG.match(line) if line.startswith("%") else None
        if m and m.group(1) == "0" and fields:
            yield start, fields
            start, fields = 0, []
        if m:
            if not fields and m.group(1) != "0":
                warnings.append(_("line {0}: record without %0; read as a generic one").format(n))
            start = start or n
            fields.append([m.group(1), m.group(2).strip()])
        elif line and fields:
            fields[-1][1] += "\n" + line
        elif not line and fields:
            yield start, fields
            start, fields = 0, []
    if fields:
        yield start, fields


def _as_ris(line: int, fields: list[list[str]]) -> tuple[ris_read.Record, dict[str, str]]:
    """The RIS record a record stands for, and the values kept aside as `endnote-...`."""
    kind, seen = "GEN", set()
    ris: list[tuple[str, str]] = []
    aside: dict[str, str] = {}
    for tag, value in fields:
        if tag == "0":
            kind = TYPES.get(value, "GEN")
        elif tag in TAGS and not (tag in ONCE and tag in seen):
            ris.extend((TAGS[tag], v) for v in _split(tag, value))
        else:
            name = PREFIX + NAMES.get(tag, "%" + tag)
            aside[name] = f"{aside[name]}\n{value}" if name in aside else value
        seen.add(tag)
    return ris_read.Record(line, kind, ris), aside


def _split(tag: str, value: str) -> list[str]:
    """One value, or CNKI's keywords one by one (`深度学习;图像识别;`)."""
    if tag != "K":
        return [value]
    return [k.strip() for k in _KEYWORDS.split(value) if k.strip()]
