"""A found record made into a `NewPaper`: the shape every source returns.

Crossref's work objects and DOI content negotiation's answers are CSL-JSON (Crossref's with
its own `type` names), so both go through the CSL-JSON reader after the variables litman
keeps are picked out: a response is untrusted, and the rest (references, licences, funders)
would otherwise land in the paper's fields. Titles and abstracts are turned from HTML or
JATS (`<jats:p>`, `<i>`, `<sub>`) into text by the same code that cleans seed abstracts.

Real answers go beyond the documented examples. The CSL-JSON reader takes the first of a list
where CSL has one value (titles, container titles, ISBNs) and an organisation as
`{"name": ...}`; here are read a title only in `original-title`, a `subtitle`, `issued` as
`[[null]]` beside a dated `published-online`, an `article-number` in place of pages, an
organisation among the editors (braced whole, as BibTeX's name lists need), and markup
escaped twice (`&lt;sup&gt;`).
"""

import dataclasses
import re
from collections.abc import Mapping
from typing import Any

from litman.core.records import NewPaper
from litman.formats import csljson
from litman.formats.markup import to_plain

# Crossref's work types, as CSL names them (Crossref's /types lists them).
CROSSREF_TYPES = {
    "journal-article": "article-journal",
    "proceedings-article": "paper-conference",
    "book-chapter": "chapter",
    "book-section": "chapter",
    "book-part": "chapter",
    "book": "book",
    "monograph": "book",
    "edited-book": "book",
    "reference-book": "book",
    "dissertation": "thesis",
    "report": "report",
    "posted-content": "article",
    "dataset": "dataset",
}
KEPT = (
    "type",
    "title",
    "author",
    "issued",
    "container-title",
    "DOI",
    "URL",
    "abstract",
    "volume",
    "issue",
    "page",
    "publisher",
    "ISBN",
    "editor",
)
# Where Crossref keeps a year when `issued` has none, most telling first.
DATES = ("published", "published-print", "published-online", "posted", "approved")
_ESCAPED_TWICE = re.compile(
    r"<(?:sub|sup|inf|i|b|em|strong|u|sc|scp|span|jats:[\w-]+|mml:[\w-]+)\b[^<>]*>"
    r"|&(?:#\d+|#x[0-9a-fA-F]+|[A-Za-z]+\d*);"
)
_JATS_HEADING = re.compile(r"<jats:title>\s*abstract\s*</jats:title>", re.I)
_LEADING_ABSTRACT = re.compile(r"^abstract[\s.:]+", re.I)


def text(value: str) -> str:
    """Plain one-line text from markup such as Crossref's JATS abstracts."""
    plain = to_plain(_JATS_HEADING.sub(" ", value))
    if _ESCAPED_TWICE.search(plain):  # `&lt;sup&gt;`: markup escaped once too often
        plain = to_plain(plain)
    return " ".join(plain.split())


def abstract_text(value: str) -> str:
    return _LEADING_ABSTRACT.sub("", text(value))


def from_csl(item: Any, *, crossref_types: bool = False) -> NewPaper | None:
    """A paper from a CSL-JSON (or Crossref work) object; None when it is not an object or
    has no title."""
    if not isinstance(item, Mapping):
        return None
    picked = {k: item[k] for k in KEPT if k in item and item[k] not in (None, "", [], {})}
    if crossref_types and isinstance(picked.get("type"), str):
        picked["type"] = CROSSREF_TYPES.get(picked["type"], "article")
    picked["title"] = _title(item)
    if isinstance(picked.get("editor"), list):
        picked["editor"] = [_braced(n) for n in picked["editor"]]
    if _year_of(picked.get("issued")) is None:
        picked["issued"] = next((item[k] for k in DATES if _year_of(item.get(k))), None)
    if "page" not in picked and _first(item.get("article-number")):
        picked["page"] = _first(item.get("article-number"))
    paper = csljson.to_paper(picked, 1, [])
    return tidy(paper)


def _title(item: Mapping[str, Any]) -> str:
    """The title (or, lacking one, the title in the original language) with its subtitle."""
    title = _first(item.get("title")) or _first(item.get("original-title"))
    subtitle = _first(item.get("subtitle"))
    if subtitle and subtitle.casefold() not in title.casefold():
        return f"{title.rstrip(' :')}: {subtitle}" if title else ""
    return title


def _first(value: Any) -> str:
    """A text variable's value: Crossref gives a list of which the first is the one."""
    if isinstance(value, list):
        return next((v for v in value if isinstance(v, str) and v.strip()), "")
    return value if isinstance(value, str) else ""


def _braced(name: Any) -> Any:
    """An editor: the editor list is kept as BibTeX writes it, where an organisation's name
    (CSL's `literal`, Crossref's `name`) is braced whole."""
    if not isinstance(name, Mapping) or name.get("family") or name.get("given"):
        return name
    literal = _first(name.get("literal")) or _first(name.get("name"))
    return {"literal": f"{{{literal}}}"} if literal else name


def _year_of(date: Any) -> int | None:
    parts = date.get("date-parts") if isinstance(date, Mapping) else None
    first = parts[0] if isinstance(parts, list) and parts and isinstance(parts[0], list) else []
    year = first[0] if first else None
    return year if isinstance(year, int) and not isinstance(year, bool) else None


def tidy(paper: NewPaper) -> NewPaper | None:
    """Markup turned into text and nothing kept that only the library should set."""
    title = text(paper.title)
    if not title:
        return None
    return dataclasses.replace(
        paper,
        title=title,
        abstract=abstract_text(paper.abstract),
        authors=tuple(a for a in (text(n) for n in paper.authors) if a),
        venue=text(paper.venue),
        doi=paper.doi.strip().lower(),
        citekey="",
        tags=(),
        notes="",
        source="",
        title_derived=False,
        abstract_truncated=False,
    )
