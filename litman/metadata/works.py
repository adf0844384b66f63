"""A found record made into a `NewPaper`: the shape every source returns.

Crossref's work objects and DOI content negotiation's answers are CSL-JSON (Crossref's with
its own `type` names), so both go through the CSL-JSON reader after the variables litman
keeps are picked out: a response is untrusted, and the rest (references, licences, funders)
would otherwise land in the paper's fields. Titles and abstracts are turned from HTML or
JATS (`<jats:p>`, `<i>`, `<sub>`) into text by the same code that cleans seed abstracts.
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
)
_JATS_HEADING = re.compile(r"<jats:title>\s*abstract\s*</jats:title>", re.I)
_LEADING_ABSTRACT = re.compile(r"^abstract[\s.:]+", re.I)


def text(value: str) -> str:
    """Plain one-line text from markup such as Crossref's JATS abstracts."""
    plain = to_plain(_JATS_HEADING.sub(" ", value))
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
    if "issued" not in picked:  # Crossref: issued can be empty where published-* is not
        for key in ("published", "published-print", "published-online"):
            if isinstance(item.get(key), Mapping):
                picked["issued"] = item[key]
                break
    paper = csljson.to_paper(picked, 1, [])
    return tidy(paper)


def tidy(paper: NewPaper) -> NewPaper | None:
    """Markup turned into text and nothing kept that only the library should set."""
    title = text(paper.title)
    if not title:
        return None
    return dataclasses.replace(
        paper,
        title=title,
        abstract=abstract_text(paper.abstract),
        venue=text(paper.venue),
        doi=paper.doi.strip().lower(),
        citekey="",
        tags=(),
        notes="",
        source="",
        title_derived=False,
        abstract_truncated=False,
    )
