"""DOIs, arXiv ids and ISBNs as people paste them, recognised and normalised.

A DOI is accepted bare (`10.1000/xyz`), as `doi:10.1000/xyz` or as a `https://doi.org/` (or
`dx.doi.org`) link, and kept in lower case (DOIs are case-insensitive). An arXiv id is the
new style (`2301.01234`, `0704.0001`, with `v2` or not) or the old (`hep-th/9901001`,
`math.GT/0309136`), bare, as `arXiv:` or as an `arxiv.org/abs/` link. An ISBN is 10 or 13
digits (hyphens and spaces allowed) whose check digit is right, kept as ISBN-13.
"""

import re
import urllib.parse
from dataclasses import dataclass
from typing import Literal

from litman.metadata.errors import LookupFailed

Kind = Literal["doi", "arxiv", "isbn"]
ARXIV_DOI_PREFIX = "10.48550/arxiv."
_DOI = re.compile(r"^10\.\d{4,9}/\S+$")
_DOI_PREFIX = re.compile(r"^(?:doi:\s*|https?://(?:dx\.)?doi\.org/)", re.I)
_ARXIV_PREFIX = re.compile(
    r"^(?:arxiv:\s*|https?://(?:www\.|export\.)?arxiv\.org/(?:abs|pdf)/)", re.I
)
_ARXIV_NEW = re.compile(r"^(\d{4}\.\d{4,5})(v\d+)?$")
_ARXIV_OLD = re.compile(r"^([a-z-]+(?:\.[A-Z]{2})?/\d{7})(v\d+)?$")
_ISBN_PREFIX = re.compile(r"^isbn(?:-1[03])?:?\s*", re.I)


@dataclass(frozen=True)
class Identifier:
    kind: Kind
    value: str  # normalised: a lower-case DOI, an arXiv id without version, an ISBN-13
    version: str = ""  # an arXiv version such as "v2", when one was given

    def __str__(self) -> str:
        return {"doi": "DOI ", "arxiv": "arXiv:", "isbn": "ISBN "}[self.kind] + self.value


def parse(text: str) -> Identifier:
    """The identifier `text` holds; raises LookupFailed with one line when it holds none."""
    found = recognise(text)
    if found is None:
        raise LookupFailed(
            f"'{text.strip()[:80]}' is not a DOI, an arXiv id or an ISBN "
            "(e.g. 10.1000/xyz123, 2301.01234, 978-0-262-03384-8)."
        )
    return found


def recognise(text: str) -> Identifier | None:
    raw = text.strip().rstrip(".,;")
    return _doi(raw) or _arxiv(raw) or _isbn(raw)


def _doi(raw: str) -> Identifier | None:
    bare = _DOI_PREFIX.sub("", raw).strip()
    if not _DOI.match(bare):
        return None
    if bare.lower().startswith(ARXIV_DOI_PREFIX):  # arXiv's own DOI names the preprint
        return _arxiv(bare[len(ARXIV_DOI_PREFIX) :]) or Identifier("doi", bare.lower())
    return Identifier("doi", bare.lower())


def _arxiv(raw: str) -> Identifier | None:
    bare = _ARXIV_PREFIX.sub("", raw).strip().removesuffix(".pdf")
    m = _ARXIV_NEW.match(bare) or _ARXIV_OLD.match(bare)
    if m is None:
        return None
    if _ARXIV_NEW.match(bare) and not 1 <= int(bare[2:4]) <= 12:
        return None  # yymm: no thirteenth month
    return Identifier("arxiv", m.group(1), m.group(2) or "")


def _isbn(raw: str) -> Identifier | None:
    digits = re.sub(r"[\s-]", "", _ISBN_PREFIX.sub("", raw)).upper()
    if re.fullmatch(r"\d{9}[\dX]", digits) and _isbn10_ok(digits):
        return Identifier("isbn", isbn13(digits))
    if re.fullmatch(r"97[89]\d{10}", digits) and _isbn13_ok(digits):
        return Identifier("isbn", digits)
    return None


def _isbn10_ok(digits: str) -> bool:
    values = [10 if c == "X" else int(c) for c in digits]
    return sum((10 - i) * v for i, v in enumerate(values)) % 11 == 0


def _isbn13_ok(digits: str) -> bool:
    return sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(digits)) % 10 == 0


def isbn13(isbn10: str) -> str:
    body = "978" + isbn10[:9]
    check = (10 - sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(body)) % 10) % 10
    return body + str(check)


def doi_in_path(doi: str) -> str:
    """A DOI as one piece of a URL path: `#`, `?`, `%` and spaces escaped, which would
    otherwise end the path (`10.2307/1885099#x` asked as `10.2307/1885099`)."""
    return urllib.parse.quote(doi, safe="/:;()")


def arxiv_doi(arxiv_id: str) -> str:
    """The DOI arXiv registers for every preprint (DataCite), in lower case."""
    return ARXIV_DOI_PREFIX + arxiv_id.lower()
