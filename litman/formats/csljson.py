"""CSL-JSON, the format of citeproc, pandoc and Zotero's "Better CSL JSON": read and written.

A file is a JSON array of items (an object holding one item, or an `items` array, is read
too). Modelled: `id` as citekey, `type` mapped to a BibTeX entry type and back, `title`,
`author` name parts (`family`, `given`, particles, `suffix`, or a `literal` name),
`issued` (`date-parts`, or `raw`/`literal` text), `container-title` as venue (the
`publisher` for books, theses and reports), `DOI`, `URL`, `abstract`, `keyword` (comma
separated) as tags and `note` as notes. `volume`, `issue`, `page`, `publisher`,
`publisher-place`, `ISSN`, `ISBN`, `edition`, `collection-title`, `language`, `genre`
(type), `accessed` (urldate), `editor`, `translator` and the other name variables become
the BibTeX fields of the same meaning (CSL's page range `2-3` as `2--3`); other variables
are kept under their own name and written back. Reading status, rating and flags CSL has no
variable for go in the `custom` object (citation-js's convention), as `litman-status` and
the like.

Written, an item is what CSL processors print right (`csl_values`): `issued` with every
date part the paper has, titles, abstracts, venues and names as the window shows them with
CSL's `<i>`/`<b>`, and litman's LaTeX source in `custom.litman-source` where it differs.
"""

import json
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, TextIO

from litman.core.batch import gc_paused
from litman.core.errors import ImportFailed
from litman.core.messages import _
from litman.core.records import ImportBatch, NewPaper, Paper, Skipped
from litman.formats import csl_values, dates, dois, exchange, shown
from litman.formats.bibtex_fields import people_written_whole, year_of
from litman.formats.csl_vocab import (
    FIELD_VARS,
    GENRES,
    NAME_VARS,
    PUBLISHER_VENUE,
    READ_TYPES,
    WRITE_TYPES,
)
from litman.formats.decoding import read_text
from litman.formats.exchange import ExportReport, Tally, WriteOptions

_MODELLED = {"id", "type", "title", "author", "issued", "container-title", "DOI", "URL"}
_MODELLED |= {"abstract", "keyword", "note", "custom", "citation-key"}
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
        return _("an item must be an object, not {0}").format(type(item).__name__)
    limit = exchange.MAX_FIELD_CHARS
    huge = next((k for k, v in item.items() if len(str(v)) > limit), None) if size > limit else None
    if huge is not None:
        return (
            f"'{huge}' holds over {exchange.MAX_FIELD_CHARS:,} characters; no real item "
            f"does (the limit is {exchange.MAX_FIELD_CHARS:,})"
        )
    if not item.keys() & _CORE:
        return _("not a CSL-JSON item (it has no type, title, author, issued, DOI or URL)")
    if not any(v not in (None, "", [], {}) for k, v in item.items() if k not in ("id", "type")):
        return _("item has no fields")
    return ""


def to_paper(item: Mapping[str, Any], line: int, warnings: list[str]) -> NewPaper:
    found = item.get("custom")
    custom: Mapping[str, Any] = found if isinstance(found, dict) else {}
    etype = _text(custom.get(exchange.TYPE)) or _entry_type(item)
    venue = item.get("publisher" if etype in PUBLISHER_VENUE else "container-title")
    source = custom.get(exchange.SOURCE)
    kept = exchange.sources_kept(source if isinstance(source, dict) else {}, shown.rich_text)
    return NewPaper(
        title=kept(_one_line(_first(item.get("title"))), "title"),
        abstract=kept(_text(item.get("abstract")).strip(), "abstract"),
        authors=_authors(item, source if isinstance(source, dict) else {}, line, warnings),
        year=_year(item.get("issued")),
        venue=kept(_one_line(_first(venue)), "venue"),
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


def _first(value: Any) -> str:
    """A variable CSL gives one value, given a list (Crossref's titles, container titles and
    ISBNs): its first, which is the one; the others are translations, abbreviations or the
    other edition's ISBN."""
    if isinstance(value, list):
        return next((t for t in map(_text, value) if t.strip()), "")
    return _text(value)


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _names(value: Any, line: int, warnings: list[str]) -> tuple[str, ...]:
    if not isinstance(value, list):
        return ()
    names = [_name(v) for v in value]
    if all(names):
        return tuple(names)
    warnings.append(
        _("line {0}: {1} author(s) with no name left out").format(line, names.count(""))
    )
    return tuple(n for n in names if n)


def _authors(
    item: Mapping[str, Any], source: Mapping[str, Any], line: int, warnings: list[str]
) -> tuple[str, ...]:
    """The authors read; the names litman kept beside them while they still read so."""
    read = _names(item.get("author"), line, warnings)
    kept = source.get("authors")
    if not isinstance(kept, list) or len(kept) != len(read):
        return read
    if not all(isinstance(k, str) for k in kept):
        return read
    same = (
        sorted(csl_values.csl_words(k)) == sorted(r.replace(",", " ").split())
        for k, r in zip(kept, read, strict=True)
    )
    return tuple(kept) if all(same) else read


def _name(part: Any) -> str:
    """`family, given` as BibTeX writes names (particles before the family name, a suffix
    after it), or the literal name."""
    if not isinstance(part, dict):
        return _one_line(_text(part))
    family, given = part.get("family"), part.get("given")
    if len(part) == 2 and isinstance(family, str) and isinstance(given, str) and family and given:
        return " ".join(f"{family}, {given}".split())  # the common case, quickly
    # Crossref names an organisation `{"name": ...}` (CSL's `literal`)
    whole = part.get("literal") or (None if family or given else part.get("name"))
    if _text(whole):
        return _one_line(_text(whole))
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


# CSL's page range `2-3` (or `2–3`), as BibTeX writes it: `2--3`.
_RANGE = re.compile(r"\A\s*([^\s\-–]+)\s*[-–]\s*([^\s\-–]+)\s*\Z")


def _month_day(issued: Any) -> dict[str, str]:
    """`month` and `day` of `issued`'s first date, as far as it gives them."""
    parts = issued.get("date-parts") if isinstance(issued, dict) else None
    if not (isinstance(parts, list) and parts and isinstance(parts[0], list)):
        return {}
    found = [_text(p) for p in parts[0][1:3]]
    if not found or not found[0].isdigit() or not 1 <= int(found[0]) <= 12:
        return {}
    if len(found) == 2 and found[1].isdigit() and 1 <= int(found[1]) <= 31:
        return {"month": found[0], "day": found[1]}
    return {"month": found[0]}


def _date_text(value: Any) -> str:
    """A CSL date as ISO text (`2021-03-04`), as biblatex's `urldate` has it; "" if none."""
    parts = value.get("date-parts") if isinstance(value, dict) else None
    if isinstance(parts, list) and parts and isinstance(parts[0], list) and parts[0]:
        numbers = [_text(p) for p in parts[0][:3]]
        if all(n.isdigit() for n in numbers):
            return "-".join([numbers[0], *(f"{int(n):02d}" for n in numbers[1:])])
    return _text(value.get("raw")) if isinstance(value, dict) else _text(value)


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
        if key in _MODELLED or (key == "publisher" and etype in PUBLISHER_VENUE):
            continue
        if key == "genre" and _text(value) == GENRES.get(etype):
            continue  # the entry type says it
        people = _names(value, line, warnings) if key in NAME_VARS else ()
        one = key in FIELD_VARS and isinstance(value, list)
        text = _date_text(value) if key == "accessed" else _first(value) if one else _text(value)
        text = " and ".join(people) if people else text
        if isinstance(value, dict | list) and not (people or one or (key == "accessed" and text)):
            text = ""
        if key == "page" and text:
            extra["pages"] = _RANGE.sub(r"\1--\2", text)
        elif key in FIELD_VARS and text:
            extra[FIELD_VARS[key]] = text
        elif text:
            extra[key] = text
        elif value not in (None, "", [], {}):
            extra[key] = json.dumps(value, ensure_ascii=False)
    extra.update(_month_day(item.get("issued")))
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
    genre = csl_values.genre(p)
    if genre:
        item["genre"] = genre
    _put(item, "title", shown.rich_text(p.title))
    if p.authors:
        people = people_written_whole(p)
        item["author"] = [csl_values.name_parts(shown.name_text(a), a in people) for a in p.authors]
    when = dates.parts(p.year, p.extra)
    if when:
        item["issued"] = {"date-parts": [when]}
    venue_var = "publisher" if p.entry_type in PUBLISHER_VENUE else "container-title"
    _put(item, venue_var, shown.rich_text(p.venue))
    abstract = shown.rich_text(p.abstract)
    for key, value in (("DOI", dois.bare(p.doi)), ("URL", p.url), ("abstract", abstract)):
        _put(item, key, value)
    if p.tags:
        item["keyword"] = ", ".join(p.tags)
    _put(item, "note", p.notes)
    csl_values.extra_vars(item, p, tally)
    kept = _entry_type({"type": kind, "genre": item.get("genre")}) == p.entry_type
    custom: dict[str, Any] = dict(exchange.custom_values(p, kept))
    if any("," in t for t in p.tags):  # `keyword` is split at commas
        custom[TAGS] = list(p.tags)
    source = csl_values.sources(p)
    if source:
        custom[exchange.SOURCE] = source
    if custom:
        item["custom"] = custom
    return item


def _put(item: dict[str, Any], key: str, value: str) -> None:
    if value.strip():
        item[key] = value
