"""CSL-JSON, the format of citeproc, pandoc and Zotero's "Better CSL JSON": read and written.

A file is a JSON array of items (an object holding one item, or an `items` array, is read
too). Modelled: `id` as citekey, `type` mapped to a BibTeX entry type and back, `title`,
`author` name parts (`family`, `given`, particles, `suffix`, or a `literal` name),
`issued` (`date-parts`, or `raw`/`literal` text), `container-title` as venue (the
`publisher` for books, theses and reports), `DOI`, `URL`, `abstract`, `keyword` (comma
separated) as tags and `note` as notes. `volume`, `issue`, `page`, `publisher`,
`publisher-place`, `ISSN`, `ISBN`, `edition`, `collection-title`, `language` and `editor`
become the BibTeX fields of the same meaning; other variables are kept under their own name
and written back. Reading status, rating and flags CSL has no variable for go in the
`custom` object (citation-js's convention), as `litman-status` and the like.
"""

import json
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, TextIO

from litman.core.batch import gc_paused
from litman.core.errors import ImportFailed
from litman.core.records import ImportBatch, NewPaper, Paper, Skipped
from litman.formats import exchange, names
from litman.formats.bibtex_fields import people_written_whole, year_of
from litman.formats.decoding import read_text
from litman.formats.exchange import ExportReport, Tally, WriteOptions

READ_TYPES = {
    "article-journal": "article",
    "article-magazine": "article",
    "article-newspaper": "article",
    "book": "book",
    "chapter": "incollection",
    "paper-conference": "inproceedings",
    "thesis": "phdthesis",
    "report": "techreport",
    "manuscript": "unpublished",
    "pamphlet": "booklet",
    "webpage": "online",
    "article": "misc",
}
WRITE_TYPES = {
    "article": "article-journal",
    "book": "book",
    "incollection": "chapter",
    "inbook": "chapter",
    "inproceedings": "paper-conference",
    "conference": "paper-conference",
    "proceedings": "book",
    "phdthesis": "thesis",
    "mastersthesis": "thesis",
    "techreport": "report",
    "unpublished": "manuscript",
    "booklet": "pamphlet",
    "online": "webpage",
    "misc": "article",
}
# CSL variables that are BibTeX fields litman keeps in `extra`.
FIELD_VARS = {
    "volume": "volume",
    "issue": "number",
    "page": "pages",
    "publisher": "publisher",
    "publisher-place": "address",
    "ISSN": "issn",
    "ISBN": "isbn",
    "edition": "edition",
    "collection-title": "series",
    "language": "language",
    "container-title-short": "shortjournal",
}
VAR_OF_FIELD = {v: k for k, v in FIELD_VARS.items()}
_PUBLISHER_VENUE = frozenset({"book", "phdthesis", "mastersthesis", "techreport"})
_MODELLED = {"id", "type", "title", "author", "issued", "container-title", "DOI", "URL"}
_MODELLED |= {"abstract", "keyword", "note", "custom", "editor", "citation-key"}
_CORE = frozenset({"type", "title", "author", "editor", "issued", "DOI", "URL", "ISBN", "ISSN"})
TAGS = "litman-tags"  # custom: the tags as a list, when one holds a comma
MAX_DEPTH_ERROR = (RecursionError, MemoryError)


def read(path: Path) -> ImportBatch:
    decoded = read_text(path)
    with gc_paused():  # tens of thousands of items and fields, no cycles
        papers, lines, skipped, warnings = parse(decoded.text, path.name)
    return exchange.batch_of(path, decoded, (papers, lines, skipped, warnings))


def parse(
    text: str, name: str = "input"
) -> tuple[list[NewPaper], list[int], list[Skipped], list[str]]:
    """Papers from CSL-JSON text, with each item's line; raises ImportFailed when the text
    is not CSL-JSON at all."""
    items = _items(text.lstrip("\ufeff"), name)
    papers: list[NewPaper] = []
    lines: list[int] = []
    skipped: list[Skipped] = []
    warnings: list[str] = []
    for line, item, size in items:
        problem = _refused(item, size)
        if problem:
            skipped.append(Skipped(line, problem))
            continue
        papers.append(to_paper(item, line, warnings))
        lines.append(line)
    if not papers and not skipped:
        raise ImportFailed(f"{name}: holds no CSL-JSON items; nothing was imported.")
    return papers, lines, skipped, warnings


def _items(text: str, name: str) -> list[tuple[int, Any, int]]:
    """The top-level items with the line each starts on and its length in the text."""
    decoder = json.JSONDecoder()
    try:
        start = len(text) - len(text.lstrip())
        if text[start : start + 1] != "[":
            data = json.loads(text)
            found = data.get("items") if isinstance(data, dict) else None
            items = found if isinstance(found, list) else [data]
            return [(1, item, len(text)) for item in items]
        return list(_array_items(text, start + 1, decoder))
    except (ValueError, *MAX_DEPTH_ERROR) as exc:
        why = exc.msg if isinstance(exc, json.JSONDecodeError) else "nested too deeply"
        where = f" (line {exc.lineno})" if isinstance(exc, json.JSONDecodeError) else ""
        raise ImportFailed(
            f"{name}: is not valid JSON: {why}{where}; nothing was imported."
        ) from None


def _array_items(text: str, pos: int, decoder: json.JSONDecoder) -> Iterable[tuple[int, Any, int]]:
    line = text.count("\n", 0, pos) + 1
    counted = pos
    while True:
        pos = _skip_space(text, pos)
        if text.startswith("]", pos):
            if text[pos + 1 :].strip():
                raise json.JSONDecodeError("text after the array", text, pos + 1)
            return
        line += text.count("\n", counted, pos)
        counted = pos
        item, end = decoder.raw_decode(text, pos)
        yield line, item, end - pos
        pos = end
        pos = _skip_space(text, pos)
        if text.startswith(",", pos):
            pos += 1
        elif not text.startswith("]", pos):
            raise json.JSONDecodeError("expected ',' or ']'", text, pos)


def _skip_space(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in " \t\r\n":
        pos += 1
    return pos


def _refused(item: Any, size: int) -> str:
    if not isinstance(item, dict):
        return f"an item must be an object, not {type(item).__name__}"
    limit = exchange.MAX_FIELD_CHARS
    huge = next((k for k, v in item.items() if len(str(v)) > limit), None) if size > limit else None
    if huge is not None:
        return (
            f"'{huge}' holds over {exchange.MAX_FIELD_CHARS:,} characters; no real item "
            f"does (the limit is {exchange.MAX_FIELD_CHARS:,})"
        )
    if not item.keys() & _CORE:
        return "not a CSL-JSON item (it has no type, title, author, issued, DOI or URL)"
    if not any(v not in (None, "", [], {}) for k, v in item.items() if k not in ("id", "type")):
        return "item has no fields"
    return ""


def to_paper(item: Mapping[str, Any], line: int, warnings: list[str]) -> NewPaper:
    found = item.get("custom")
    custom: Mapping[str, Any] = found if isinstance(found, dict) else {}
    etype = _text(custom.get(exchange.TYPE)) or _entry_type(item)
    venue = item.get("publisher" if etype in _PUBLISHER_VENUE else "container-title")
    return NewPaper(
        title=_one_line(_text(item.get("title"))),
        abstract=_text(item.get("abstract")).strip(),
        authors=_names(item.get("author"), line, warnings),
        year=_year(item.get("issued")),
        venue=_one_line(_text(venue)),
        doi=_text(item.get("DOI")).strip(),
        url=_text(item.get("URL")).strip(),
        entry_type=etype,
        citekey=_citekey(item),
        tags=_tags(item, custom),
        status=exchange.status_of(_text(custom.get(exchange.STATUS))),
        rating=exchange.rating_of(_text(custom.get(exchange.RATING))),
        notes=_text(item.get("note")),
        title_derived=_text(custom.get(exchange.DERIVED)) == "true",
        abstract_truncated=_text(custom.get(exchange.TRUNCATED)) == "true",
        extra=_extra(item, etype, line, warnings),
    )


def _citekey(item: Mapping[str, Any]) -> str:
    """`citation-key`, else the `id`; not an id that is a URI (Zotero's CSL JSON export
    writes `http://zotero.org/users/local/…/items/KEY`), which litman keeps as `csl-id`."""
    key = _text(item.get("citation-key") or item.get("id")).strip()
    return "" if _URI.match(key) else key


_URI = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://")


def _entry_type(item: Mapping[str, Any]) -> str:
    kind = _text(item.get("type"))
    if kind == "thesis" and "master" in _text(item.get("genre")).lower():
        return "mastersthesis"
    return READ_TYPES.get(kind, "misc")


def _text(value: Any) -> str:
    if isinstance(value, str):
        return value
    if value is None:  # a variable the item lacks: most calls after a string
        return ""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return str(value)
    if isinstance(value, list):  # a few exporters write one-element lists
        return "; ".join(_text(v) for v in value if _text(v))
    return ""


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _names(value: Any, line: int, warnings: list[str]) -> tuple[str, ...]:
    if not isinstance(value, list):
        return ()
    names = [_name(v) for v in value]
    if all(names):
        return tuple(names)
    warnings.append(f"line {line}: {names.count('')} author(s) with no name left out")
    return tuple(n for n in names if n)


def _name(part: Any) -> str:
    """`family, given` as BibTeX writes names (particles before the family name, a suffix
    after it), or the literal name."""
    if not isinstance(part, dict):
        return _one_line(_text(part))
    family, given = part.get("family"), part.get("given")
    if len(part) == 2 and isinstance(family, str) and isinstance(given, str) and family and given:
        return " ".join(f"{family}, {given}".split())  # the common case, quickly
    if _text(part.get("literal")):
        return _one_line(_text(part["literal"]))
    family = " ".join(
        _text(part.get(k)) for k in ("non-dropping-particle", "family") if _text(part.get(k))
    )
    given = " ".join(
        _text(part.get(k)) for k in ("given", "dropping-particle") if _text(part.get(k))
    )
    suffix = _text(part.get("suffix"))
    pieces = [p for p in (family, suffix, given) if p]
    return _one_line(", ".join(pieces) if family else given)


def _year(issued: Any) -> int | None:
    if not isinstance(issued, dict):
        return year_of(_text(issued))
    parts = issued.get("date-parts")
    if isinstance(parts, list) and parts and isinstance(parts[0], list) and parts[0]:
        if type(parts[0][0]) is int and -99999 <= parts[0][0] <= 999999:
            return int(parts[0][0])  # the usual number: what the text test below gives
        first = _text(parts[0][0])
        if first.lstrip("-").isdigit() and len(first) <= 6:
            return int(first)
    return year_of(_text(issued.get("raw")) or _text(issued.get("literal")))


def _month(issued: Any) -> str:
    parts = issued.get("date-parts") if isinstance(issued, dict) else None
    if isinstance(parts, list) and parts and isinstance(parts[0], list) and len(parts[0]) > 1:
        month = _text(parts[0][1])
        return month if month.isdigit() and 1 <= int(month) <= 12 else ""
    return ""


def _tags(item: Mapping[str, Any], custom: Mapping[str, Any]) -> tuple[str, ...]:
    """`keyword`'s tags; litman's own list in `custom` when a tag holds a comma."""
    kept = custom.get(TAGS)
    if isinstance(kept, list) and all(isinstance(t, str) for t in kept):
        return tuple(dict.fromkeys(_one_line(t) for t in kept if t.strip()))
    return tuple(dict.fromkeys(_keywords(item.get("keyword"))))


def _keywords(value: Any) -> list[str]:
    items = value if isinstance(value, list) else _text(value).split(",")
    return [word for word in (" ".join(_text(k).split()) for k in items) if word]


def _extra(item: Mapping[str, Any], etype: str, line: int, warnings: list[str]) -> dict[str, str]:
    extra: dict[str, str] = {}
    for key, value in item.items():
        if key in _MODELLED or (key == "publisher" and etype in _PUBLISHER_VENUE):
            continue
        if key == "genre" and etype == "mastersthesis" and "master" in _text(value).lower():
            continue  # the entry type says it
        text = _text(value) if not isinstance(value, dict | list) else ""
        if key in FIELD_VARS and text:
            extra[FIELD_VARS[key]] = text
        elif text:
            extra[key] = text
        elif value not in (None, "", [], {}):
            extra[key] = json.dumps(value, ensure_ascii=False)
    month = _month(item.get("issued"))
    if month:
        extra["month"] = month
    editors = _names(item.get("editor"), line, warnings)
    if editors:
        extra["editor"] = " and ".join(editors)
    if _text(item.get("id")) and (item.get("citation-key") or _URI.match(_text(item["id"]))):
        extra["csl-id"] = _text(item["id"])
    return extra


# -- writing -----------------------------------------------------------------------------


def write(
    papers: Iterable[Paper], out: TextIO, options: WriteOptions = WriteOptions(), /
) -> ExportReport:
    """Write papers as a CSL-JSON array, one item per line."""
    tally = Tally()
    out.write("[")
    for p in papers:
        out.write(",\n" if tally.written else "\n")
        out.write(json.dumps(item_of(p, tally), ensure_ascii=False))
        tally.written += 1
    out.write("\n]\n")
    return tally.report()


def export(papers: Iterable[Paper], path: Path) -> ExportReport:
    return exchange.export_file(path, lambda out: write(papers, out))


def item_of(p: Paper, tally: Tally | None = None) -> dict[str, Any]:
    kind = WRITE_TYPES.get(p.entry_type, "article")
    item: dict[str, Any] = {"id": p.extra.get("csl-id") or p.citekey or str(p.id), "type": kind}
    if p.citekey and item["id"] != p.citekey:
        item["citation-key"] = p.citekey
    if p.entry_type == "mastersthesis":
        item["genre"] = "Master's thesis"
    _put(item, "title", p.title)
    if p.authors:
        people = people_written_whole(p)
        item["author"] = [_name_parts(a, a in people) for a in p.authors]
    if p.year is not None:
        month = p.extra.get("month", "").strip()
        when = [p.year, int(month)] if month.isdigit() and 1 <= int(month) <= 12 else [p.year]
        item["issued"] = {"date-parts": [when]}
    venue_var = "publisher" if p.entry_type in _PUBLISHER_VENUE else "container-title"
    _put(item, venue_var, p.venue)
    for key, value in (("DOI", p.doi), ("URL", p.url), ("abstract", p.abstract)):
        _put(item, key, value)
    if p.tags:
        item["keyword"] = ", ".join(p.tags)
    _put(item, "note", p.notes)
    _extra_vars(item, p, tally)
    kept = _entry_type({"type": kind, "genre": item.get("genre")}) == p.entry_type
    custom: dict[str, Any] = dict(exchange.custom_values(p, kept))
    if any("," in t for t in p.tags):  # `keyword` is split at commas
        custom[TAGS] = list(p.tags)
    if custom:
        item["custom"] = custom
    return item


def _put(item: dict[str, Any], key: str, value: str) -> None:
    if value.strip():
        item[key] = value


def _name_parts(name: str, person: bool = False) -> dict[str, str]:
    """CSL's parts of a name: `Last, First` split; one written whole split only when it is
    a `person`'s (`G. Agosta` read from a .bib), else literal."""
    family, sep, given = name.partition(",")
    whole = names.split_whole(name) if person and not sep else None
    if whole:
        return {"family": whole[0], "given": whole[1]}
    if not sep:  # `World Health Organization`, or a name from a format that keeps it whole
        return {"literal": name}
    rest, sep2, first = given.partition(",")  # `von Last, Jr, First`
    parts = {"family": family.strip(), "given": (first if sep2 else rest).strip()}
    if sep2:
        parts["suffix"] = rest.strip()
    return {k: v for k, v in parts.items() if v}


def _extra_vars(item: dict[str, Any], p: Paper, tally: Tally | None) -> None:
    for name, value in exchange.visible_extra(p.extra):
        var = VAR_OF_FIELD.get(name)
        if name == "editor":
            item["editor"] = [_name_parts(n.strip()) for n in value.split(" and ") if n.strip()]
        elif var and var not in item:
            item[var] = value
        elif name == "csl-id" or (name == "month" and "issued" in item):
            continue
        elif _is_csl_variable(name) and name not in item:
            item[name] = _json_or_text(value)
        elif tally is not None:
            tally.unexpressed[name] += 1


def _is_csl_variable(name: str) -> bool:
    """A name read from a CSL item (CSL variables are lower-case with hyphens, or the
    upper-case identifiers), rather than a BibTeX field CSL does not know."""
    return name in _CSL_VARIABLES


def _json_or_text(value: str) -> Any:
    if value[:1] in "[{":
        try:
            return json.loads(value)
        except ValueError:
            return value
    return value


_CSL_VARIABLES = frozenset(
    """accessed archive archive_location archive-place authority call-number
    chapter-number citation-label collection-number container-title-short dimensions
    event event-date event-place event-title genre medium number number-of-pages
    number-of-volumes original-date original-publisher original-title PMCID PMID
    references reviewed-title scale section source status submitted title-short
    translator version year-suffix volume-title part-number supplement-number
    available-date container-author director interviewer recipient reviewed-author
    collection-editor composer illustrator original-author chair compiler contributor
    curator executive-producer guest host narrator organizer performer producer
    script-writer series-creator translator division jurisdiction license""".split()
)
