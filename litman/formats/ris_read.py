"""Reading RIS: records from `TY` to `ER`, each line a two-character tag, two spaces, a dash
and the value (one space before the dash, or none after it, is read too); a line without a
tag continues the value above it. The tag vocabulary is `litman.formats.ris`'s docstring.
"""

import re
import string
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path

from litman.core.batch import gc_paused
from litman.core.errors import ImportFailed
from litman.core.messages import _
from litman.core.records import ImportBatch, NewPaper, Skipped
from litman.formats import dates, exchange, markup, names, shown
from litman.formats.bibtex_fields import year_of
from litman.formats.decoding import read_text

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
    "A4": "translator",  # EndNote's Translator
    "Y2": "urldate",  # Access Date
}
SHORT = "shortjournal"  # biblatex's field for a venue's abbreviation (JA or J2)
TAG_OF_FIELD = {v: k for k, v in FIELD_TAGS.items() if k != "ED"} | {"isbn": "SN", SHORT: "J2"}
TAG_OF_FIELD["type"] = "M3"  # Type of Work: a thesis's or report's kind
_PEOPLE = frozenset({"editor", "translator"})
_VENUE_TAGS = ("T2", "JF", "JO", "JA", "J2", "BT")
PUBLISHER_VENUE = frozenset(
    {"book", "phdthesis", "mastersthesis", "techreport", "thesis", "report"}
)
TAG_LINE = re.compile(r"([A-Z][A-Z0-9]) {1,2}-(?: (.*)|\s*)$")
EXTRA_PREFIX = "ris-"
# Tags read into a paper's own columns (what they leave over: `_leftovers`), or PB into
# `publisher` as well.
_MODELLED = frozenset(
    {"TI", "T1", "AB", "AU", "A1", "PY", "Y1", "DO", "ID", "KW", "N1"}
    | {"UR", "CT", "BT", "N2", *_VENUE_TAGS, "PB", "DA"}
)
Fields = list[tuple[str, str]]


@dataclass
class Record:
    line: int
    kind: str
    fields: Fields = field(default_factory=list)


# Papers, the line each record starts on, what was skipped, what was noticed on the way.
Parsed = tuple[list[NewPaper], list[int], list[Skipped], list[str]]


def read(path: Path) -> ImportBatch:
    return read_file(path, parse, _("RIS records (TY to ER)"))


def read_file(path: Path, parse: Callable[[str], Parsed], records: str) -> ImportBatch:
    """A file of records that each stand for a RIS record (RIS's own, EndNote's and
    NoteExpress's tagged formats), read with `parse`; `records` names what a file that holds
    none of them lacks."""
    decoded = read_text(path)
    with gc_paused():  # tens of thousands of records and fields, no cycles
        parsed = parse(decoded.text)
    if not parsed[0] and not parsed[2]:
        raise ImportFailed(_("{0}: found no {1}; nothing was imported.").format(path.name, records))
    return exchange.batch_of(path, decoded, parsed)


def parse(text: str) -> Parsed:
    """Papers from RIS text, with the line each record starts on, what was skipped and
    what was noticed on the way."""
    warnings: list[str] = []
    records = _records(text.lstrip("\ufeff"), warnings)
    return (*papers_of((record, {}) for record in records), warnings)


def papers_of(
    records: Iterable[tuple[Record, dict[str, str]]],
    finish: Callable[[NewPaper, dict[str, str]], NewPaper] | None = None,
) -> tuple[list[NewPaper], list[int], list[Skipped]]:
    """The papers RIS records stand for, with the line each starts on, and the records
    refused. Beside each record, the values it keeps aside (fields RIS has no place for):
    `finish` adds them to its paper, by default as fields of its own."""
    papers: list[NewPaper] = []
    lines: list[int] = []
    skipped: list[Skipped] = []
    for record, aside in records:
        problem = refused(record)
        if problem:
            skipped.append(Skipped(record.line, problem))
            continue
        paper = to_paper(record)
        papers.append((finish or _with_aside)(paper, aside))
        lines.append(record.line)
    return papers, lines, skipped


def _with_aside(paper: NewPaper, aside: dict[str, str]) -> NewPaper:
    return replace(paper, extra={**paper.extra, **aside}) if aside else paper


def _records(text: str, warnings: list[str]) -> Iterable[Record]:
    record: Record | None = None
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
            warnings.append(
                _("line {0}: another TY before any field; {1} counts").format(n, value.upper())
            )
            record.kind = value.upper()
            continue
        if tag == "TY" or record is None:
            if record is not None:
                warnings.append(
                    _("line {0}: record has no ER; it ends at line {1}").format(record.line, n)
                )
                yield record
            if tag != "TY":
                warnings.append(_("line {0}: record without TY; read as a generic one").format(n))
            record = Record(n, value.upper() if tag == "TY" else "GEN")
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
        warnings.append(_("line {0}: record has no ER at the end of the file").format(record.line))
        yield record


_TAGS = frozenset(
    a + b for a in string.ascii_uppercase for b in string.ascii_uppercase + "0123456789"
)


def _tag_line(line: str) -> tuple[str, str]:
    """(tag, value) of a tag line, or ("", "") for a line continuing a value."""
    if line[2:6] == "  - " and line[:2] in _TAGS:  # the common case, without a regex
        return line[:2], line[6:].strip()
    m = TAG_LINE.match(line)
    return (m.group(1), (m.group(2) or "").strip()) if m else ("", "")


def _continue(record: Record, more: list[str]) -> None:
    tag, value = record.fields[-1]
    record.fields[-1] = (tag, "\n".join([value, *more]))
    more.clear()


def refused(record: Record) -> str:
    filled = False
    for tag, value in record.fields:
        if len(value) > exchange.MAX_FIELD_CHARS:
            return (
                f"tag {tag} holds {len(value):,} characters; no real record does "
                f"(the limit is {exchange.MAX_FIELD_CHARS:,})"
            )
        filled = filled or bool(value)
    return "" if filled else "record has no fields"


def to_paper(record: Record) -> NewPaper:
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
    publisher = values.pop("PB", [""]) if etype in PUBLISHER_VENUE else []
    # `M3`, Type of Work, is a thesis's or report's kind (Scopus writes `Article` there)
    work = values.pop("M3")[0] if etype in PUBLISHER_VENUE - {"book"} and "M3" in values else ""
    extra = _extra(values, custom) | ({"type": work} if work else {})
    source = {
        k.removeprefix(SOURCE_PREFIX): custom.pop(k)
        for k in list(custom)
        if k.startswith(SOURCE_PREFIX)
    }
    kept = exchange.sources_kept(source, shown.written_text)
    return NewPaper(
        title=kept(
            _one_line(_first(values, "TI", "T1", "CT") or _book_title(values, etype)), "title"
        ),
        abstract=kept(_first(values, "AB", "N2").strip(), "abstract"),
        authors=_authors(values, source.get("authors", "")),
        year=year_of(_first(values, "PY", "Y1", "DA")),
        venue=kept(_one_line(publisher[0] if publisher else _venue(values, etype)), "venue"),
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


SOURCE_PREFIX = exchange.SOURCE + "-"


def _authors(values: dict[str, list[str]], kept: str) -> tuple[str, ...]:
    """The authors read; the names litman kept beside them while they still read so."""
    read = tuple([_name_in(a) for a in values.get("AU", []) + values.get("A1", [])])
    source = kept.splitlines()
    if len(source) != len(read):
        return read
    same = (
        _name_in(shown.name_text(k)).split() == r.split() for k, r in zip(source, read, strict=True)
    )
    return tuple(source) if all(same) else read


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
            joined = " and " if name in _PEOPLE else "; "
            extra[name] = (extra[name] + joined if name in extra else "") + joined.join(vals)
        elif tag not in _MODELLED:
            extra[EXTRA_PREFIX + tag.lower()] = "\n".join(vals)
    _pages(values, extra)
    _leftovers(values, extra)
    extra.update(_month_day(values))
    if "urldate" in extra and dates.parts_of_text(extra["urldate"]):
        extra["urldate"] = _iso(dates.parts_of_text(extra["urldate"]))
    if "U1" in custom:
        extra[EXTRA_PREFIX + "u1"] = custom.pop("U1")
    if "SN" in values and len(re.sub(r"[^\dX]", "", extra["issn"])) in (10, 13):
        extra["isbn"] = extra.pop("issn")
    return extra


def _pages(values: dict[str, list[str]], extra: dict[str, str]) -> None:
    start, end = _first(values, "SP"), _first(values, "EP")
    if start and end and "-" not in start:
        extra["pages"] = f"{start}--{end}"
    elif start or end:
        extra["pages"] = start or end
    extra.pop(EXTRA_PREFIX + "sp", None)
    extra.pop(EXTRA_PREFIX + "ep", None)


# RIS's date, `YYYY/MM/DD/other` with any part left empty, when it holds no other text.
_DATE = re.compile(r"\d{4}(?:/\d{0,2}(?:/\d{0,2}/?)?)?|\d{4}-\d{2}(?:-\d{2})?")


def _month_day(values: dict[str, list[str]]) -> dict[str, str]:
    """`month` and `day` of the record's date: `DA`, else `PY`/`Y1` (`1948/07//`)."""
    found = dates.parts_of_text(_first(values, "DA", "PY", "Y1").strip())
    return dict(zip(("month", "day"), (str(n) for n in found[1:]), strict=False))


def _iso(parts: list[int]) -> str:
    return "-".join([f"{parts[0]:04d}", *(f"{n:02d}" for n in parts[1:])])


def _leftovers(values: dict[str, list[str]], extra: dict[str, str]) -> None:
    """Values of modelled tags that the paper's own column could not take."""
    urls = [u for line in values.get("UR", []) for u in line.split()]
    if len(urls) > 1:
        extra[EXTRA_PREFIX + "ur"] = "\n".join(urls[1:])
    if "AB" in values and "N2" in values:
        extra[EXTRA_PREFIX + "n2"] = "\n".join(values["N2"])
    if "DA" in values and not _DATE.fullmatch(values["DA"][0].strip()):
        extra[EXTRA_PREFIX + "da"] = values["DA"][0]  # `2019/Spring`: more than a date
    venues = [t for t in _VENUE_TAGS if t in values]
    for tag in venues[1:]:
        if tag in ("JA", "J2") and SHORT not in extra:  # the venue's abbreviation
            extra[SHORT] = values[tag][0]
        else:
            extra[EXTRA_PREFIX + tag.lower()] = "\n".join(values[tag])
