"""RIS, the tagged format of EndNote, Mendeley, Zotero and every publisher's "download
citation": read and written.

A record runs from `TY` to `ER`; each line is a two-character tag, two spaces, a dash and
the value (one space before the dash, or none after it, is read too), and a line without a
tag continues the value above it. UTF-8 with a BOM and CRLF line ends are read like any
text. The spec's tags and their common dialects are modelled: `AU`/`A1` authors,
`TI`/`T1` title, `PY`/`Y1`/`DA` date (`YYYY/MM/DD/`), `T2`/`JF`/`JO`/`JA` venue,
`AB`/`N2` abstract, `DO`, `UR`, `KW` tags, `N1` notes; `VL`, `IS`, `SP`/`EP`, `PB`, `CY`,
`SN`, `ET`, `T3`, `LA`, `A2`/`ED`, `A4` (translator), `Y2` (urldate) and a thesis's or
report's `M3` (type) become the BibTeX fields of the same meaning, and any other tag is
kept as `ris-xx` and written back. Reading status, rating and the flags RIS has no tag for
go in `U1` (the spec's user-definable field) as `litman-status: read` and the like.

Written, text is what the window shows (`litman.formats.shown`: RIS readers print LaTeX
raw), with litman's source in `U1  - litman-source-title: …` where it differs; names are
`Family, Given`, a name BibTeX reads as `First von Last` split by BibTeX's rule. Reading is
`litman.formats.ris_read`.
"""

import re
from collections.abc import Iterable
from pathlib import Path
from typing import TextIO

from litman.core.names import split_list
from litman.core.records import Paper
from litman.formats import dates, dois, exchange, names, shown
from litman.formats.bibtex_fields import people_written_whole
from litman.formats.exchange import ExportReport, Tally, WriteOptions
from litman.formats.ris_read import (
    EXTRA_PREFIX,
    PUBLISHER_VENUE,
    READ_TYPES,
    TAG_LINE,
    TAG_OF_FIELD,
    Fields,
    parse,
    read,
    to_paper,
)

__all__ = ["READ_TYPES", "WRITE_TYPES", "export", "parse", "read", "record_of", "to_paper", "write"]

WRITE_TYPES = {
    "article": "JOUR",
    "book": "BOOK",
    "incollection": "CHAP",
    "inbook": "CHAP",
    "inproceedings": "CONF",
    "conference": "CONF",
    "proceedings": "CONF",
    "phdthesis": "THES",
    "mastersthesis": "THES",
    "techreport": "RPRT",
    "unpublished": "UNPB",
    "booklet": "PAMP",
    "online": "ELEC",
    "thesis": "THES",  # biblatex's
    "report": "RPRT",
}

# -- writing -----------------------------------------------------------------------------


def write(
    papers: Iterable[Paper], out: TextIO, options: WriteOptions = WriteOptions(), /
) -> ExportReport:
    """Write papers as RIS records (CRLF line ends, as the spec asks)."""
    tally = Tally()
    for p in papers:
        out.write("".join(f"{tag}  - {value}\r\n" for tag, value in record_of(p, tally)))
        out.write("ER  - \r\n\r\n")
        tally.written += 1
    return tally.report()


def export(papers: Iterable[Paper], path: Path) -> ExportReport:
    return exchange.export_file(path, lambda out: write(papers, out))


def record_of(p: Paper, tally: Tally | None = None) -> Fields:
    """The (tag, value) lines of a paper's record, `TY` first and without `ER`."""
    kind = WRITE_TYPES.get(p.entry_type, "GEN")
    fields: Fields = [("TY", kind)]
    if p.citekey:
        fields.append(("ID", p.citekey))
    _add(fields, "TI", shown.written_text(p.title))
    people = people_written_whole(p)
    fields += [("AU", _name_out(_inverted(a, a in people))) for a in p.authors]
    fields += _date_fields(p)
    if p.venue:
        venue = _line(shown.written_text(p.venue))
        fields.append(("PB" if p.entry_type in PUBLISHER_VENUE else "T2", venue))
    _add(fields, "AB", shown.written_text(p.abstract))
    _add(fields, "DO", dois.bare(p.doi))
    _add(fields, "UR", p.url)
    fields += [("KW", _line(t)) for t in p.tags]
    # one N1 per paragraph: RIS has no blank line inside a value, and N1s are joined by one
    fields += [("N1", _lines(n)) for n in re.split(r"\n\s*\n", p.notes) if n.strip()]
    fields += _extra_fields(p, fields, tally)
    kept = READ_TYPES.get(kind, "misc") == p.entry_type
    custom = exchange.custom_values(p, kept) | _sources(p)
    fields += [("U1", _lines(f"{k}: {v}")) for k, v in custom.items()]
    return fields


def _inverted(name: str, person: bool) -> str:
    """`Family, Given` as RIS readers expect it: a name BibTeX reads as `First von Last`
    split by BibTeX's rule, the von part with the family name (`v. Bechtolsheim, Stephan`);
    another written whole only when it looks like a person's."""
    name = shown.name_text(name)
    whole = names.split_whole(name) if person and "," not in name else None
    return names.inverted(whole) if whole else names.as_last_first(name)


def _date_fields(p: Paper) -> Fields:
    """`PY` the year; `DA` the whole date (`2020/10/12/`, `2020/10//`) when there is more."""
    when = dates.parts(p.year, p.extra)
    if not when:
        return []
    fields = [("PY", str(when[0]))]
    if len(when) > 1:
        fields.append(("DA", _ris_date(when)))
    return fields


def _ris_date(parts: list[int]) -> str:
    padded = [f"{parts[0]:04d}", *(f"{n:02d}" for n in parts[1:]), "", ""]
    return "/".join(padded[:3]) + "/"


def _sources(p: Paper) -> dict[str, str]:
    """LaTeX litman keeps whose written text would not read back as it, in `U1` lines."""
    values = {"title": p.title, "abstract": p.abstract, "venue": p.venue}
    found = exchange.sources_of(values, shown.written_text)
    if any(shown.name_text(a) != a for a in p.authors):
        found["authors"] = "\n".join(p.authors)
    return {f"{exchange.SOURCE}-{k}": v for k, v in found.items()}


def _name_out(name: str) -> str:
    parts = [p.strip() for p in _line(name).split(",")]
    return ", ".join([parts[0], parts[2], parts[1]] if len(parts) == 3 else parts)


def _add(fields: Fields, tag: str, value: str) -> None:
    if value.strip():
        fields.append((tag, _lines(value)))


def _line(value: str) -> str:
    return " ".join(value.split())


def _lines(value: str) -> str:
    """A value over several lines as RIS continues it: no line may look like a tag."""
    rows = [r.rstrip() for r in value.strip().splitlines() if r.strip()]
    return "\n".join("   " + r if TAG_LINE.match(r) else r for r in rows).replace("\n", "\r\n")


def _extra_fields(p: Paper, fields: Fields, tally: Tally | None) -> Fields:
    out: Fields = []
    written = dates.used_fields(p.year, p.extra)
    for name, value in exchange.visible_extra(p.extra):
        tag = TAG_OF_FIELD.get(name) or _ris_tag(name) or _issue_tag(name, p)
        if name in written:
            continue
        if name == "pages":
            out += _page_fields(value)
        elif name in ("editor", "translator"):
            people = split_list(value)
            out += [(tag, _name_out(names.as_last_first(shown.name_text(n)))) for n in people]
        elif name == "urldate" and dates.parts_of_text(value):
            out.append((tag, _ris_date(dates.parts_of_text(value))))
        elif tag and not (tag == "PB" and any(t == "PB" for t, _ in fields)):
            out += [(tag, _lines(v)) for v in value.split("\n") if v.strip()]
        elif tally is not None:
            tally.unexpressed[name] += 1
    return out


def _issue_tag(name: str, p: Paper) -> str:
    """`IS` for biblatex's `issue` (APS exports it with no `number`), when no `number` is IS."""
    return "IS" if name == "issue" and not p.extra.get("number", "").strip() else ""


def _ris_tag(name: str) -> str:
    tag = name[len(EXTRA_PREFIX) :].upper() if name.startswith(EXTRA_PREFIX) else ""
    return tag if re.fullmatch(r"[A-Z][A-Z0-9]", tag) and tag not in ("TY", "ER") else ""


def _page_fields(value: str) -> Fields:
    parts = re.split(r"\s*(?:-+|–)\s*", value.strip(), maxsplit=1)
    if len(parts) == 1:
        return [("SP", _line(value))]
    return [("SP", parts[0]), ("EP", parts[1])]
