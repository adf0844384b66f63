"""biblatex's entry types and fields in BibTeX's own names, for the BibTeX export.

An entry read from a biblatex file (or made by a reader that speaks biblatex: Zotero's
`@online`, CSL's `@dataset`) keeps its types and fields in the library, and the BibLaTeX
export writes them back as read. BibTeX's styles know none of them: `@online` is "not
style-file defined", and an `@article` with `journaltitle` and `date` has an "empty journal"
and an "empty year". So the BibTeX export writes them as BibTeX's: `@online` as `@misc` with
the URL in `howpublished` (`\\url{...}`, as BibTeX users write it; the document loads `url`
or `hyperref`), `@thesis` as `@phdthesis` or `@mastersthesis` by its `type`, `@report` as
`@techreport`, biblatex's other types as the BibTeX type they are a kind of (else `@misc`,
and `@misc` too where the entry lacks a field BibTeX requires of that type),
`journaltitle` as `journal`, `location` as `address`, `date` as `year` and `month`.

A field is only added where BibTeX's own is missing, and an entry with no biblatex type or
field comes back exactly as it went in: an unedited entry of a BibTeX file is written back
byte for byte, but for one field: an entry written in Chinese that names no language gains
`language = {zh}`, as the GB/T 7714 styles (gbt7714) read it.
"""

import re

from litman.formats.bibtex_fields import MONTH_NAMES

Fields = list[tuple[str, str]]

# biblatex's types (its manual, 2.1.1 and 2.1.3) -> the BibTeX type of which each is a
# kind. `@set` and `@xdata` are not references of their own and are left as they are.
TYPES = {
    "online": "misc",
    "thesis": "phdthesis",
    "report": "techreport",
    **dict.fromkeys(
        ["mvbook", "bookinbook", "collection", "mvcollection", "reference", "mvreference"], "book"
    ),
    **dict.fromkeys(["inreference", "suppcollection", "suppbook"], "incollection"),
    **dict.fromkeys(["suppperiodical", "review"], "article"),
    "mvproceedings": "proceedings",
    **dict.fromkeys(
        "dataset software patent periodical artwork audio bibnote commentary image "
        "jurisdiction legislation legal letter movie music performance standard video "
        "customa customb customc customd custome customf".split(),
        "misc",
    ),
}
# biblatex's field -> BibTeX's, where it is missing (`institution` only for theses).
RENAMED = {
    "journaltitle": "journal",
    "location": "address",
    "annotation": "annote",
    "eprinttype": "archiveprefix",
    "eprintclass": "primaryclass",
}
THESES = ("phdthesis", "mastersthesis")
# What plain.bst requires of each type it is given here (`a|b`: either), else it warns of an
# empty field; a biblatex type read as unknown was a `@misc` to BibTeX, which warns of none.
REQUIRED = {
    "article": ("author", "title", "journal", "year"),
    "book": ("author|editor", "title", "publisher", "year"),
    "incollection": ("author", "title", "booktitle", "publisher", "year"),
    "proceedings": ("title", "year"),
    "phdthesis": ("author", "title", "school", "year"),
    "mastersthesis": ("author", "title", "school", "year"),
    "techreport": ("author", "title", "institution", "year"),
}
# biblatex's `type` keys, which it prints in the document's language; BibTeX prints `type`
# as written, so a key becomes the words it stands for, or goes where the type says it.
TYPE_WORDS = {"candthesis": "Candidate thesis", "resreport": "Research report"}
TYPE_IMPLIED = frozenset({"phdthesis", "mathesis", "techreport"})
_MASTERS = re.compile(r"(?i)mathesis|master|\bm\.?\s?sc\b|\bm\.?\s?a\b")
_DATE = re.compile(r"(\d{4})(?:-(\d{2})(?:-\d{2})?)?(?:/(?:(\d{4})[-\d]*)?)?")
_YEAR_FIRST = re.compile(r"(\d{4})()()(?!\d)")  # `2020~`, `2020?`: a year and more
# What `\url` cannot hold inside another command's argument (url.sty), as in biblatex's
# `\field{howpublished}{...}`: `%`, `#`, `^^`, a trailing backslash, unbalanced braces.
_NOT_IN_ARGUMENT = re.compile(r"[%#{}]|\^\^|\\$")
# Chinese: Han characters in the title or the authors, and no kana or hangul (which make the
# same characters Japanese or Korean). The BibLaTeX export says it in its own words.
_HAN = re.compile("[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f]")
_KANA_OR_HANGUL = re.compile("[\u3040-\u30ff\u31f0-\u31ff\uac00-\ud7af]")
_LANGUAGE = ("language", "langid")


def entry(entry_type: str, fields: Fields) -> tuple[str, Fields]:
    """An entry's type and fields as BibTeX names them; unchanged when they already are."""
    kind = entry_type.lower()
    names = {name for name, _ in fields}
    if not names & {*_LANGUAGE} and is_chinese(fields):
        fields = [*fields, ("language", "zh")]
    if kind not in TYPES and not names & {*RENAMED, "date"}:
        return entry_type, fields  # the common case: nothing of biblatex's
    named = dict(fields)
    new_kind = _type(kind, named) if kind in TYPES else entry_type
    for old, new in RENAMED.items():
        _rename(named, old, new)
    if new_kind in THESES:
        _rename(named, "institution", "school")
    if kind == "online":
        _url_shown(named)
    _date_as_year(named)
    if kind in TYPES and not _has_required(new_kind, named):
        new_kind = "misc"
    return new_kind, list(named.items())


def is_chinese(fields: Fields) -> bool:
    text = "".join(value for name, value in fields if name in ("title", "author"))
    return _HAN.search(text) is not None and _KANA_OR_HANGUL.search(text) is None


def _has_required(kind: str, named: dict[str, str]) -> bool:
    need = REQUIRED.get(kind, ())
    return all(any(named.get(n, "").strip() for n in field.split("|")) for field in need)


def _rename(named: dict[str, str], old: str, new: str) -> None:
    """`old` as `new`, in its place, where the entry has no `new`."""
    if old not in named or new in named:
        return
    renamed = [(new if k == old else k, v) for k, v in named.items()]
    named.clear()
    named.update(renamed)


def _type(kind: str, named: dict[str, str]) -> str:
    """BibTeX's type for biblatex's; a thesis or report's `type` key goes into it."""
    new = TYPES[kind]
    if kind not in ("thesis", "report"):
        return new
    said = named.get("type", "").strip()
    if kind == "thesis" and _MASTERS.search(said):
        new = "mastersthesis"
    if said.lower() in TYPE_IMPLIED:
        del named["type"]
    elif said.lower() in TYPE_WORDS:
        named["type"] = TYPE_WORDS[said.lower()]
    elif kind == "thesis" and not said:
        named["type"] = "Thesis"  # BibTeX would say "PhD thesis" of any thesis
    return new


def _url_shown(named: dict[str, str]) -> None:
    """A web page's URL in `howpublished`, which BibTeX's `@misc` prints (`url` it does
    not), unless the entry says how it was published or the URL cannot be written so."""
    url = named.get("url", "").strip()
    if url and "howpublished" not in named and not _NOT_IN_ARGUMENT.search(url):
        named["howpublished"] = f"\\url{{{url}}}"


def _date_as_year(named: dict[str, str]) -> None:
    """`date` as `year` (a range's first) and `month`, in its place, where the entry has no
    `year`; `date` stays when it says more (a day, a range)."""
    date = named.get("date", "").strip()
    m = _DATE.fullmatch(date) or _YEAR_FIRST.match(date)
    if "year" in named or not m:
        return
    start, month, end = m.group(1), m.group(2), m.group(3)
    # `\d` is any script's digit (`१९८७`); the year is written in ASCII, which pdflatex sets.
    # A range's first year only: `2015--2020` in `year`, biber warns it is no number.
    moved: Fields = [("year", "".join(str(int(d)) for d in start))]
    if month and 1 <= int(month) <= 12 and not end and "month" not in named:
        moved.append(("month", MONTH_NAMES[int(month) - 1]))
    says_more = date not in (start, f"{start}-{month}")
    out: Fields = []
    for k, v in named.items():
        out += [*moved, *([(k, v)] if says_more else [])] if k == "date" else [(k, v)]
    named.clear()
    named.update(out)
