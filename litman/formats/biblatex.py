"""BibLaTeX export: the BibTeX export's entries in biblatex's data model, for biber.

Each entry starts as the BibTeX export writes it (`litman.formats.bibtex.fields_of`: values
not edited since import as they were read, tags as JabRef keywords, status and rating in
JabRef's fields, unmodelled fields kept) and is then moved to biblatex's names: `year`,
`month` and `day` become one ISO `date` (a range of years too), `journal` becomes
`journaltitle`, `address` `location`, `school` `institution`, `annote` `annotation`,
arXiv's `archiveprefix` and `primaryclass` become `eprinttype` and `eprintclass` (an arXiv
URL or DOI gives `eprint` when the entry has none), an access date (`urlaccessdate`,
`lastchecked`, CSL's `accessed`) becomes `urldate`, and BibTeX's entry types biblatex's own
(`@phdthesis` is `@thesis` with `type = {phdthesis}`, `@techreport` `@report`,
`@electronic` `@online`). A value biblatex could not read as a date stays in its BibTeX
field, as written. The text biblatex prints is written so pdflatex sets it, as read or not:
a raw `_` or `^` outside math escaped, and (but under `utf8`) characters pdflatex has no
glyph for in their LaTeX form.

A Chinese entry (`bibtex_plain.is_chinese`) says so in biblatex-gb7714-2015's words,
`language = {chinese}`: the style sorts Chinese entries first and sets them by the Chinese
rules by that field (it guesses from the title's characters otherwise, which misses a title
in Latin letters or in the rarer Han blocks); an ISO code read from the source (`zh`,
`zh-CN`) becomes that word too, as biblatex wants names, not codes. No `langid`: the style
keeps one it finds (it sets `english` itself, for hyphenation), and babel has no `chinese`.
"""

import json
import re
from collections.abc import Iterable, Sequence
from functools import partial
from pathlib import Path
from typing import TextIO

from litman.core.library.preprints import IN_LINK
from litman.core.records import Paper
from litman.formats import bibtex, bibtex_plain, latex
from litman.formats.bibtex_fields import MONTH_NAMES, Mode, encode_chars
from litman.formats.exchange import ExportReport, WriteOptions, export_file

Fields = list[tuple[str, str]]

# BibTeX's entry type -> biblatex's, and the `type` field that says what BibTeX's said.
TYPES: dict[str, tuple[str, str]] = {
    "phdthesis": ("thesis", "phdthesis"),
    "mastersthesis": ("thesis", "mathesis"),
    "techreport": ("report", "techreport"),
    "conference": ("inproceedings", ""),
    "electronic": ("online", ""),
    "www": ("online", ""),
    "webpage": ("online", ""),
}
RENAMED = {
    "journal": "journaltitle",
    "address": "location",
    "school": "institution",
    "annote": "annotation",
    "archiveprefix": "eprinttype",
    "primaryclass": "eprintclass",
    "urlaccessdate": "urldate",
    "lastchecked": "urldate",
    "accessed": "urldate",
}
# Fields biblatex's styles print as text, where pdflatex stops on a raw `_` or a Greek letter.
# Keys (`ids`, `crossref`), paths, links and keywords are matched or read as written.
TEXT = frozenset(
    {
        *("title", "subtitle", "titleaddon", "shorttitle", "origtitle", "booktitle"),
        *("booksubtitle", "booktitleaddon", "maintitle", "mainsubtitle", "maintitleaddon"),
        *("journaltitle", "journalsubtitle", "issuetitle", "issuesubtitle", "eventtitle"),
        *("series", "note", "addendum", "howpublished", "abstract", "annotation"),
        *("publisher", "institution", "organization", "location", "venue", "edition"),
        *("type", "chapter", "version", "author", "editor", "translator", "bookauthor"),
    }
)
_ISO_DATE = re.compile(r"\d{4}(?:-(?:0[1-9]|1[0-2])(?:-(?:0[1-9]|[12]\d|3[01]))?)?")


def entry(entry_type: str, fields: Fields, mode: Mode = "pdflatex") -> tuple[str, Fields]:
    """A BibTeX entry's type and fields as biblatex names them, its text set as `mode` can."""
    kind, thesis_type = TYPES.get(entry_type.lower(), (entry_type, ""))
    named = {k: _settable(v, mode) if k in TEXT else v for k, v in _renamed(fields)}
    if thesis_type and "type" not in named:
        named["type"] = thesis_type
    _move_date(named)
    _add_eprint(named)
    _say_chinese(named, fields)
    return kind, list(named.items())


_CHINESE_CODES = re.compile(r"(?i)zh(?:[-_](?:cn|tw|hk|sg|mo|hans|hant))*|zho|chi|中文")


def _say_chinese(named: dict[str, str], fields: Fields) -> None:
    language = named.get("language", "").strip()
    unsaid = not language and "langid" not in named
    if _CHINESE_CODES.fullmatch(language) or (unsaid and bibtex_plain.is_chinese(fields)):
        named["language"] = "chinese"


def _renamed(fields: Fields) -> Iterable[tuple[str, str]]:
    present = {k for k, _ in fields}
    for name, value in fields:
        new = RENAMED.get(name, name)
        if new == name or new in present:
            yield name, value
            continue
        present.add(new)
        yield new, _access_date(value) if new == "urldate" else value


def _settable(value: str, mode: Mode) -> str:
    """Text pdflatex (or XeLaTeX, under `utf8`) sets from biber's .bbl without stopping."""
    return encode_chars(latex.escape_scripts(value), mode)


def _access_date(value: str) -> str:
    """CSL's `accessed` (kept as JSON date parts) as an ISO date; other values as read."""
    try:
        parts = json.loads(value)["date-parts"][0]
    except (ValueError, KeyError, IndexError, TypeError):
        return value.strip()
    iso = _iso(parts)
    return iso or value


def _iso(parts: Sequence[object]) -> str:
    """`[2020, 1, 5]` as `2020-01-05`; empty when the parts are not a date."""
    if not parts or not all(isinstance(p, int | str) and str(p).isdigit() for p in parts):
        return ""
    numbers = [int(str(p)) for p in parts[:3]]
    text = "-".join([f"{numbers[0]:04d}", *(f"{n:02d}" for n in numbers[1:])])
    return text if _ISO_DATE.fullmatch(text) else ""


def _move_date(named: dict[str, str]) -> None:
    """`year`, `month` and `day` as one `date` in `year`'s place, when they make one (a
    range of years, `1992--1993`, too). An entry with a `date` of the same year keeps it:
    biber warns when both are there."""
    year = named.get("year", "").strip()
    date = named.get("date", "").strip()
    if date and (not year or date[:4] == year):
        _drop(named, "year", "month", "day")
        return
    span = _YEARS.fullmatch(year)
    iso = f"{span[1]}/{span[2]}" if span and "month" not in named else ""
    iso = iso or _iso([year, *_month_day(named)])
    if iso:
        named.pop("date", None)  # of another year: the paper's year was edited since
        replaced = [("date", iso) if k == "year" else (k, v) for k, v in named.items()]
        named.clear()
        named.update(replaced)
        _drop(named, "month", "day")


_YEARS = re.compile(r"(\d{4})\s*(?:-+|/)\s*(\d{4})")


def _drop(named: dict[str, str], *names: str) -> None:
    for name in names:
        named.pop(name, None)


def _month_day(named: dict[str, str]) -> list[str]:
    """The month (and day) as numbers, for as much as reads as one."""
    month = named.get("month", "").strip().strip("{}").strip().lower()
    if not month:
        return []
    number = str(MONTH_NAMES.index(month[:3]) + 1) if month[:3] in MONTH_NAMES else month
    if not number.isdigit() or not 1 <= int(number) <= 12:
        return ["x"]  # not a month: no date, the fields stay as they are
    day = named.get("day", "").strip()
    return [number, day] if day.isdigit() else [number]


def _add_eprint(named: dict[str, str]) -> None:
    """arXiv's identifier as `eprint` from the entry's URL or DOI, when it has none."""
    if "eprint" in named:
        if named.get("eprinttype", "").lower() == "arxiv":
            named["eprinttype"] = "arxiv"
        return
    m = IN_LINK.search(named.get("url", "")) or IN_LINK.search(named.get("doi", ""))
    if m:
        named["eprint"] = m.group(1)
        named["eprinttype"] = "arxiv"


def write(
    papers: Iterable[Paper], out: TextIO, options: WriteOptions = WriteOptions(), /
) -> ExportReport:
    """Write papers as biblatex entries (the BibTeX export's character mode and kept
    blocks). Nothing is left out: biber ignores fields its data model does not know, and
    litman's own come back on import."""
    mode, blocks = options.mode, options.blocks
    convert = partial(entry, mode=mode or "pdflatex")
    return ExportReport(bibtex.write(papers, out, mode=mode, blocks=blocks, convert=convert))


def export(papers: Iterable[Paper], path: Path, options: WriteOptions = WriteOptions()) -> int:
    """Write a new .bib file at `path`, never half-written under its name."""
    return export_file(path, lambda out: write(papers, out, options), newline=None).written
