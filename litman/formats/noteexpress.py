"""Reading NoteExpress's tagged format: what CNKI, Wanfang and NoteExpress export as `.net`
or `.txt`, `{Reference Type}: Journal Article` then one `{Field}: value` line per field.

A record starts at each `{Reference Type}`; a line that opens no field continues the value
above (CNKI breaks long addresses so). Each record is read as the RIS record it stands for
(`{Title}` is `TI`, `{Author}` `AU` ...) by `ris_read.to_paper`, as EndNote's format is
(`litman.formats.endnote`). CNKI joins a field's several values with `;`, `;;` or, between
Chinese names, `,` (`谢昕,王小增`): they are read one by one; its `(#br)` in an abstract is a
line break; a thesis whose type of work is 硕士 is a master's thesis. Fields RIS has no place
for (`{Translated Title}`, a thesis's `{Tertiary Author}`, its supervisor) are kept as
`noteexpress-...` fields.
"""

import re
from collections.abc import Iterable, Iterator
from dataclasses import replace
from pathlib import Path

from litman.core.messages import _
from litman.core.names import is_han
from litman.core.records import ImportBatch, NewPaper
from litman.formats import ris_read
from litman.formats.endnote import TYPES

TAGS = {
    "Title": "TI",
    "Author": "AU",
    "Journal": "JO",
    "Secondary Title": "T2",
    "Tertiary Title": "T3",
    "Year": "PY",
    "Date": "DA",
    "Volume": "VL",
    "Issue": "IS",
    "Pages": "SP",
    "Keywords": "KW",
    "Abstract": "AB",
    "ISBN/ISSN": "SN",
    "ISBN": "SN",
    "Notes": "N1",
    "Publisher": "PB",
    "Place Published": "CY",
    "URL": "UR",
    "DOI": "DO",
    "Language": "LA",
    "Database Provider": "DB",
    "Type of Work": "M3",
    "Edition": "ET",
    "Author Address": "AD",
    "Secondary Author": "ED",
}
LISTS = frozenset({"Author", "Keywords"})  # CNKI joins several in one line
PREFIX = "noteexpress-"
_FIELD = re.compile(r"\{([^}]*)\}:\s?(.*)$")
_SEPARATORS = re.compile(r"[;；]+")
_COMMAS = re.compile(r"[,，]")


def read(path: Path) -> ImportBatch:
    return ris_read.read_file(path, parse, _("NoteExpress records ({Reference Type} lines)"))


def parse(text: str) -> ris_read.Parsed:
    """Papers from NoteExpress text, with the line each record starts on, what was
    skipped and what was noticed on the way."""
    found = _records(text.lstrip("\ufeff").splitlines())
    return (*ris_read.papers_of((_as_ris(n, fields) for n, fields in found), _finished), [])


def _records(lines: Iterable[str]) -> Iterator[tuple[int, list[list[str]]]]:
    """Each record's first line and its [field, value] pairs, continued lines joined."""
    start = 0
    fields: list[list[str]] = []
    for n, raw in enumerate(lines, 1):
        line = raw.strip()
        m = _FIELD.match(line) if line.startswith("{") else None
        if m and m.group(1) == "Reference Type" and fields:
            yield start, fields
            fields = []
        if m:
            start = start if fields else n
            fields.append([m.group(1).strip(), m.group(2).strip()])
        elif line and fields:
            fields[-1][1] += "\n" + line
    if fields:
        yield start, fields


def _as_ris(line: int, fields: list[list[str]]) -> tuple[ris_read.Record, dict[str, str]]:
    kind = "GEN"
    ris: list[tuple[str, str]] = []
    aside: dict[str, str] = {}
    for name, value in fields:
        if name == "Reference Type":
            kind = TYPES.get(value, "GEN")
        elif name in TAGS:
            ris.extend((TAGS[name], v) for v in _values(name, value))
        elif value:
            key = PREFIX + re.sub(r"\W+", "-", name.lower()).strip("-")
            aside[key] = f"{aside[key]}\n{value}" if key in aside else value
    return ris_read.Record(line, kind, ris), aside


def _values(name: str, value: str) -> list[str]:
    """A field's values: CNKI's lists one by one, its `(#br)` a line break."""
    value = value.replace("(#br)", "\n")
    if name not in LISTS:
        return [value]
    out = []
    for part in _SEPARATORS.split(value):
        pieces = [p.strip() for p in _COMMAS.split(part)]
        chinese = name == "Author" and len(pieces) > 1 and all(is_han(p) for p in pieces)
        out.extend(pieces if chinese else [part.strip()])
    return [v for v in out if v]


def _finished(paper: NewPaper, aside: dict[str, str]) -> NewPaper:
    """The kept fields added; a thesis of type 硕士 (master's) a master's thesis."""
    etype = paper.entry_type
    if etype == "phdthesis" and paper.extra.get("type", "").startswith("硕士"):
        etype = "mastersthesis"
    if not aside and etype == paper.entry_type:
        return paper
    return replace(paper, entry_type=etype, extra={**paper.extra, **aside})
