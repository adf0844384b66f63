"""The arXiv id a stored paper names, wherever it names it.

A paper can know its preprint three ways: BibTeX's `eprint` field (with `archivePrefix =
{arXiv}`, biblatex's `eprinttype = {arxiv}`, or no archive named and an id of arXiv's shape),
arXiv's own DOI (`10.48550/arXiv.2301.01234`), or an `arxiv.org/abs/` (or `/pdf/`) link. Each
gives the same id, without its version and in lower case, so that one preprint is one paper
to duplicate detection however it arrived (`litman add arXiv:…`, a .bib, a RIS link).
"""

import re
from collections.abc import Mapping

ID = r"(\d{4}\.\d{4,5}|[a-z-]+(?:\.[a-z]{2})?/\d{7})(?:v\d+)?"
IN_LINK = re.compile(r"(?i)(?:arxiv\.org/(?:abs|pdf)/|10\.48550/arxiv\.)" + ID)
_EPRINT = re.compile(r"(?i)\s*(?:arxiv:\s*)?" + ID + r"\s*")
_ARCHIVE_FIELDS = ("archiveprefix", "eprinttype")
_CORE = re.compile(r"\d{4}\.\d{4,5}|/\d{7}")  # an id's numbers: fast to find anywhere


def arxiv_id(doi: str, url: str, extra: Mapping[str, str]) -> str:
    """The arXiv id (no version, lower case) the fields name, or ""."""
    for text in (doi, url):
        m = IN_LINK.search(text) if text else None
        if m:
            return m.group(1).lower()
    eprint = extra.get("eprint", "")
    if not eprint:
        return ""
    archives = {extra.get(name, "").strip().lower() for name in _ARCHIVE_FIELDS} - {""}
    if archives and archives != {"arxiv"}:
        return ""  # an eprint of another archive (HAL, bioRxiv ...)
    m = _EPRINT.fullmatch(eprint)
    return m.group(1).lower() if m else ""


def core(arxiv: str) -> str:
    """The numbers of an arXiv id: `2301.01234` itself, `/9901001` of `hep-th/9901001`."""
    return arxiv if "/" not in arxiv else arxiv[arxiv.index("/") :]


def cores_in(text: str) -> set[str]:
    """The id numbers written anywhere in `text`: a superset, cheap to take (a regex with
    no letters in it), of the `core` of every id `arxiv_id` can find there."""
    return set(_CORE.findall(text))
