"""RIS, the tagged format of EndNote, Mendeley, Zotero and every publisher's "download
citation": read and written.

A record runs from `TY` to `ER`; each line is a two-character tag, two spaces, a dash and
the value (one space before the dash, or none after it, is read too), and a line without a
tag continues the value above it. UTF-8 with a BOM and CRLF line ends are read like any
text. The spec's tags and their common dialects are modelled: `AU`/`A1` authors,
`TI`/`T1` title, `PY`/`Y1`/`DA` year, `T2`/`JF`/`JO`/`JA` venue, `AB`/`N2` abstract,
`DO`, `UR`, `KW` tags, `N1` notes; `VL`, `IS`, `SP`/`EP`, `PB`, `CY`, `SN`, `ET`, `T3`,
`LA` and `A2`/`ED` become the BibTeX fields of the same meaning, and any other tag is kept
as `ris-xx` and written back. Reading status, rating and the flags RIS has no tag for go
in `U1` (the spec's user-definable field) as `litman-status: read` and the like.
"""

import re
import string
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from litman.core.batch import gc_paused
from litman.core.errors import ImportFailed
from litman.core.records import ImportBatch, NewPaper, Paper, Skipped
from litman.formats import exchange, markup, names
from litman.formats.bibtex_fields import people_written_whole, year_of
from litman.formats.decoding import read_text
from litman.formats.exchange import ExportReport, Tally, WriteOptions

READ_TYPES = {
    **dict.fromkeys(["JOUR", "JFULL", "MGZN", "NEWS", "EJOUR", "INPR", "ABST"], "article"),
    **dict.fromkeys(["BOOK", "EBOOK", "EDBOOK", "WHOLE"], "book"),
    **dict.fromkeys(["CHAP", "ECHAP"], "incollection"),
    **dict.fromkeys(["CONF", "CPAPER"], "inproceedings"),
    "THES": "phdthesis",
    "RPRT": "techreport",
    **dict.fromkeys(["UNPB", "MANSCPT"], "unpublished"),
    "PAMP": "booklet",
    "ELEC": "online",
}
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
}
# RIS tags that are BibTeX fields litman keeps in `extra` (names joined with " and ").
FIELD_TAGS = {
    "VL": "volume",
    "IS": "number",
    "PB": "publisher",
    "CY": "address",
    "SN": "issn",
    "ET": "edition",
    "T3": "series",
    "LA": "language",
    "A2": "editor",
    "ED": "editor",
}
SHORT = "shortjournal"  # biblatex's field for a venue's abbreviation (JA or J2)
TAG_OF_FIELD = {v: k for k, v in FIELD_TAGS.items() if k != "ED"} | {"isbn": "SN", SHORT: "J2"}
_VENUE_TAGS = ("T2", "JF", "JO", "JA", "J2", "BT")
_PUBLISHER_VENUE = frozenset({"book", "phdthesis", "mastersthesis", "techreport"})
_TAG = re.compile(r"([A-Z][A-Z0-9]) {1,2}-(?: (.*)|\s*)$")
_EXTRA_PREFIX = "ris-"
# Tags read into a paper's own columns (what they leave over: `_leftovers`), or PB into
# `publisher` as well.
_MODELLED = frozenset(
    {"TI", "T1", "AB", "AU", "A1", "PY", "Y1", "DO", "ID", "KW", "N1"}
    | {"UR", "CT", "BT", "N2", *_VENUE_TAGS, "PB", "DA"}
)
Fields = list[tuple[str, str]]


@dataclass
class _Record:
    line: int
    kind: str
    fields: Fields = field(default_factory=list)


def read(path: Path) -> ImportBatch:
    decoded = read_text(path)
    with gc_paused():  # tens of thousands of records and fields, no cycles
        papers, lines, skipped, warnings = parse(decoded.text)
    if not papers and not skipped:
        raise ImportFailed(f"{path.name}: found no RIS records (TY to ER); nothing was imported.")
    return exchange.batch_of(path, decoded, (papers, lines, skipped, warnings))


def parse(text: str) -> tuple[list[NewPaper], list[int], list[Skipped], list[str]]:
    """Papers from RIS text, with the line each record starts on, what was skipped and
    what was noticed on the way."""
    papers: list[NewPaper] = []
    lines: list[int] = []
    skipped: list[Skipped] = []
    warnings: list[str] = []
    for record in _records(text.lstrip("\ufeff"), warnings):
        problem = _refused(record)
        if problem:
            skipped.append(Skipped(record.line, problem))
            continue
        papers.append(to_paper(record))
        lines.append(record.line)
    return papers, lines, skipped, warnings


def _records(text: str, warnings: list[str]) -> Iterable[_Record]:
    record: _Record | None = None
    more: list[str] = []  # lines continuing the last field's value
    tags = _TAGS
    for n, line in enumerate(text.splitlines(), 1):
        if line[2:6] == "  - " and line[:2] in tags:  # `_tag_line`'s common case, inline
            tag, value = line[:2], line[6:].strip()
            if record is not None and not more and tag != "TY" and tag != "ER":
                record.fields.append((tag, value))  # most lines: a field of an open record
                continue
        elif not line:  # a blank line: continues no value
            continue
        else:
            tag, value = _tag_line(line)
        if not tag:
            if record is not None and record.fields and line.strip():
                more.append(line.strip())
            continue
        if more and record is not None:
            _continue(record, more)
        if tag == "TY" and record is not None and not record.fields:
            warnings.append(f"line {n}: another TY before any field; {value.upper()} counts")
            record.kind = value.upper()
            continue
        if tag == "TY" or record is None:
            if record is not None:
                warnings.append(f"line {record.line}: record has no ER; it ends at line {n}")
                yield record
            if tag != "TY":
                warnings.append(f"line {n}: record without TY; read as a generic one")
            record = _Record(n, value.upper() if tag == "TY" else "GEN")
            if tag == "TY":
                continue
        if tag == "ER":
            yield record
            record = None
        else:
            record.fields.append((tag, value))
    if more and record is not None:
        _continue(record, more)
    if record is not None:
        warnings.append(f"line {record.line}: record has no ER at the end of the file")
        yield record


_TAGS = frozenset(
    a + b for a in string.ascii_uppercase for b in string.ascii_uppercase + "0123456789"
)


def _tag_line(line: str) -> tuple[str, str]:
    """(tag, value) of a tag line, or ("", "") for a line continuing a value."""
    if line[2:6] == "  - " and line[:2] in _TAGS:  # the common case, without a regex
        return line[:2], line[6:].strip()
    m = _TAG.match(line)
    return (m.group(1), (m.group(2) or "").strip()) if m else ("", "")


def _continue(record: _Record, more: list[str]) -> None:
    tag, value = record.fields[-1]
    record.fields[-1] = (tag, "\n".join([value, *more]))
    more.clear()


def _refused(record: _Record) -> str:
    filled = False
    for tag, value in record.fields:
        if len(value) > exchange.MAX_FIELD_CHARS:
            return (
                f"tag {tag} holds {len(value):,} characters; no real record does "
                f"(the limit is {exchange.MAX_FIELD_CHARS:,})"
            )
        filled = filled or bool(value)
    return "" if filled else "record has no fields"


def to_paper(record: _Record) -> NewPaper:
    """A paper from one record's (tag, value) pairs."""
    values: dict[str, list[str]] = {}
    for tag, value in record.fields:
        if value:
            found = values.get(tag)
            if found is None:
                values[tag] = [value]
            else:
                found.append(value)
    custom = _custom(values.pop("U1", []))
    etype = custom.pop(exchange.TYPE, "") or _entry_type(record.kind)
    publisher = values.pop("PB", [""]) if etype in _PUBLISHER_VENUE else []
    extra = _extra(values, custom)
    return NewPaper(
        title=_one_line(_first(values, "TI", "T1", "CT") or _book_title(values, etype)),
        abstract=_first(values, "AB", "N2").strip(),
        authors=tuple([_name_in(a) for a in values.get("AU", []) + values.get("A1", [])]),
        year=year_of(_first(values, "PY", "Y1", "DA")),
        venue=_one_line(publisher[0] if publisher else _venue(values, etype)),
        doi=_first(values, "DO").strip(),
        url=_first(values, "UR").split()[0] if values.get("UR") else "",
        entry_type=etype,
        citekey=_citekey(_first(values, "ID")),
        tags=tuple(dict.fromkeys(t for kw in values.get("KW", []) for t in _keywords(kw))),
        status=exchange.status_of(custom.pop(exchange.STATUS, "")),
        rating=exchange.rating_of(custom.pop(exchange.RATING, "")),
        notes="\n\n".join(_note(n) for n in values.get("N1", [])),
        title_derived=custom.pop(exchange.DERIVED, "") == "true",
        abstract_truncated=custom.pop(exchange.TRUNCATED, "") == "true",
        extra=extra,
    )


def _citekey(given: str) -> str:
    """An `ID` as a citekey: none when it holds a space."""
    return given.strip() if " " not in given else ""


def _note(text: str) -> str:
    """An `N1` note; one in HTML (Zotero exports its notes so) as plain text."""
    return markup.note_text(text) if markup.is_html_note(text) else text


def _entry_type(kind: str) -> str:
    """The BibTeX type of a `TY` (misspelt ones like `Journ` by their first letters)."""
    return READ_TYPES.get(kind) or READ_TYPES.get(kind[:4]) or "misc"


def _name_in(name: str) -> str:
    """RIS's `Last, First, Suffix` in BibTeX's order, `Last, Suffix, First`; a person's
    name written `First Last` (IEEE's `G. Agosta`) as `Last, First`."""
    last, comma, first = name.partition(",")
    if comma and "," not in first:  # `Last, First`, the common case
        return f"{_one_line(last)}, {_one_line(first)}"
    parts = [p.strip() for p in names.as_last_first(_one_line(name)).split(",")]
    return ", ".join([parts[0], parts[2], parts[1]] if len(parts) == 3 else parts)


def _name_out(name: str) -> str:
    parts = [p.strip() for p in _line(name).split(",")]
    return ", ".join([parts[0], parts[2], parts[1]] if len(parts) == 3 else parts)


def _first(values: dict[str, list[str]], *tags: str) -> str:
    for tag in tags:  # (a loop: 10 of these per record, a generator cost twice as much)
        found = values.get(tag)
        if found:
            return found[0]
    return ""


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _book_title(values: dict[str, list[str]], etype: str) -> str:
    return _first(values, "BT") if etype == "book" else ""


def _venue(values: dict[str, list[str]], etype: str) -> str:
    return _first(values, *_VENUE_TAGS[:-1] if etype == "book" else _VENUE_TAGS)


def _keywords(value: str) -> list[str]:
    """One `KW` line is one tag, and so is each line continuing it."""
    parts = value.splitlines()
    return [" ".join(p.split()) for p in parts if p.strip()]


def _custom(lines: list[str]) -> dict[str, str]:
    """litman's own `U1  - litman-…: value` lines; any other U1 line stays a field."""
    out: dict[str, str] = {}
    for line in lines:
        name, sep, value = line.partition(":")
        if sep and name.strip().startswith("litman-"):
            out[name.strip()] = value.strip()
        else:
            out.setdefault("U1", "")
            out["U1"] = (out["U1"] + "\n" + line).strip()
    return out


def _extra(values: dict[str, list[str]], custom: dict[str, str]) -> dict[str, str]:
    """Every tag litman does not model as a paper's own column, as a BibTeX-named field or
    as `ris-xx`; and what was left of the modelled ones (a second URL, N2 beside AB)."""
    extra: dict[str, str] = {}
    for tag, vals in values.items():
        name = FIELD_TAGS.get(tag)
        if name:
            joined = " and " if name == "editor" else "; "
            extra[name] = (extra[name] + joined if name in extra else "") + joined.join(vals)
        elif tag not in _MODELLED:
            extra[_EXTRA_PREFIX + tag.lower()] = "\n".join(vals)
    _pages(values, extra)
    _leftovers(values, extra)
    if "U1" in custom:
        extra[_EXTRA_PREFIX + "u1"] = custom.pop("U1")
    if "SN" in values and len(re.sub(r"[^\dX]", "", extra["issn"])) in (10, 13):
        extra["isbn"] = extra.pop("issn")
    return extra


def _pages(values: dict[str, list[str]], extra: dict[str, str]) -> None:
    start, end = _first(values, "SP"), _first(values, "EP")
    if start and end and "-" not in start:
        extra["pages"] = f"{start}--{end}"
    elif start or end:
        extra["pages"] = start or end
    extra.pop(_EXTRA_PREFIX + "sp", None)
    extra.pop(_EXTRA_PREFIX + "ep", None)


def _leftovers(values: dict[str, list[str]], extra: dict[str, str]) -> None:
    """Values of modelled tags that the paper's own column could not take."""
    urls = [u for line in values.get("UR", []) for u in line.split()]
    if len(urls) > 1:
        extra[_EXTRA_PREFIX + "ur"] = "\n".join(urls[1:])
    if "AB" in values and "N2" in values:
        extra[_EXTRA_PREFIX + "n2"] = "\n".join(values["N2"])
    if "DA" in values and not re.fullmatch(r"\d{4}/*", values["DA"][0].strip()):
        extra[_EXTRA_PREFIX + "da"] = values["DA"][0]
    venues = [t for t in _VENUE_TAGS if t in values]
    for tag in venues[1:]:
        if tag in ("JA", "J2") and SHORT not in extra:  # the venue's abbreviation
            extra[SHORT] = values[tag][0]
        else:
            extra[_EXTRA_PREFIX + tag.lower()] = "\n".join(values[tag])


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
    _add(fields, "TI", p.title)
    people = people_written_whole(p)
    fields += [("AU", _name_out(names.as_last_first(a) if a in people else a)) for a in p.authors]
    if p.year is not None:
        fields.append(("PY", str(p.year)))
    if p.venue:
        fields.append(("PB" if p.entry_type in _PUBLISHER_VENUE else "T2", _line(p.venue)))
    _add(fields, "AB", p.abstract)
    _add(fields, "DO", p.doi)
    _add(fields, "UR", p.url)
    fields += [("KW", _line(t)) for t in p.tags]
    # one N1 per paragraph: RIS has no blank line inside a value, and N1s are joined by one
    fields += [("N1", _lines(n)) for n in re.split(r"\n\s*\n", p.notes) if n.strip()]
    fields += _extra_fields(p, fields, tally)
    kept = READ_TYPES.get(kind, "misc") == p.entry_type
    custom = exchange.custom_values(p, kept)
    fields += [("U1", f"{k}: {v}") for k, v in custom.items()]
    return fields


def _add(fields: Fields, tag: str, value: str) -> None:
    if value.strip():
        fields.append((tag, _lines(value)))


def _line(value: str) -> str:
    return " ".join(value.split())


def _lines(value: str) -> str:
    """A value over several lines as RIS continues it: no line may look like a tag."""
    rows = [r.rstrip() for r in value.strip().splitlines() if r.strip()]
    return "\n".join("   " + r if _TAG.match(r) else r for r in rows).replace("\n", "\r\n")


def _extra_fields(p: Paper, fields: Fields, tally: Tally | None) -> Fields:
    out: Fields = []
    for name, value in exchange.visible_extra(p.extra):
        tag = TAG_OF_FIELD.get(name) or _ris_tag(name)
        if name == "pages":
            out += _page_fields(value)
        elif name == "editor":
            out += [("A2", _line(n)) for n in value.split(" and ") if n.strip()]
        elif tag and not (tag == "PB" and any(t == "PB" for t, _ in fields)):
            out += [(tag, _lines(v)) for v in value.split("\n") if v.strip()]
        elif tally is not None:
            tally.unexpressed[name] += 1
    return out


def _ris_tag(name: str) -> str:
    tag = name[len(_EXTRA_PREFIX) :].upper() if name.startswith(_EXTRA_PREFIX) else ""
    return tag if re.fullmatch(r"[A-Z][A-Z0-9]", tag) and tag not in ("TY", "ER") else ""


def _page_fields(value: str) -> Fields:
    parts = re.split(r"\s*(?:-+|–)\s*", value.strip(), maxsplit=1)
    if len(parts) == 1:
        return [("SP", _line(value))]
    return [("SP", parts[0]), ("EP", parts[1])]
