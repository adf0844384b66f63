"""The arXiv API (`export.arxiv.org/api/query`): a preprint by id (`id_list`) and a search
of abstracts (`search_query=abs:"..."`). Answers are Atom 1.0 feeds, one `<entry>` per
paper with `<title>`, `<summary>`, `<author><name>`, `<published>` and arXiv's own
`<arxiv:doi>`, `<arxiv:journal_ref>` and `<arxiv:primary_category>`. An id arXiv does not
have comes back as an empty feed, or (a malformed id) as an entry titled `Error` whose id
is under `arxiv.org/api/errors`; throttling is a plain-text "Rate exceeded." with status 200.
arXiv asks for three seconds between requests (see `config.PAUSES`).

`journal_ref` is free text the authors typed ("Phys. Rev. D 76, 013009 (2007)", "Accepted
at NeurIPS 2023"): it is kept whole as `journalref`, and only a reference that starts with a
journal's name and its volume gives the venue and volume (and makes the paper an article).
"""

import re
import xml.etree.ElementTree as ET

from litman.core.records import NewPaper
from litman.metadata.base import Found, WebSource
from litman.metadata.errors import BadResponse, LookupFailed, NotFound
from litman.metadata.identifiers import Identifier, arxiv_doi
from litman.metadata.names import family_first
from litman.metadata.net import CancelCheck
from litman.metadata.works import abstract_text, text

NAME = "arXiv"
NS = {"a": "http://www.w3.org/2005/Atom", "x": "http://arxiv.org/schemas/atom"}
_ID = re.compile(r"arxiv\.org/abs/(.+?)(v\d+)?$")
ATOM = "application/atom+xml"
_YEAR = re.compile(r"^(\d{4})-")
# A journal's name (letters, dots, spaces; no digit or comma), then its volume and a
# `,`, `:` or `(`: "Phys. Rev. D 76, 013009", "Astrophys.J.655:1-12", "JHEP 0701:045".
_PUBLISHED_IN = re.compile(r"^(?:published|appeared|to appear) in:?\s+", re.I)
_JOURNAL_REF = re.compile(
    r"(?P<journal>[^\W\d_][^\d,;:()\[\]]*?[^\s\d,;:(])(?:\s+|(?<=\.))(?P<volume>\d{1,5})\s*[,:(]"
)


class ArxivSource(
    WebSource,
    name=NAME,
    kinds={"arxiv"},
    searches=True,
    url_setting="arxiv_url",
    follows={"arxiv.org"},
):
    def lookup(self, ident: Identifier, cancelled: CancelCheck) -> Found:
        params = {"id_list": ident.value + ident.version, "max_results": "1"}
        found = self._feed(params, cancelled)
        if not found:
            raise NotFound(f"{NAME} has no paper {ident.value}.")
        return found[0]

    def search(self, text: str, rows: int, cancelled: CancelCheck) -> list[Found]:
        words = re.findall(r"[^\W_]+", text)[:12]
        if not words:
            return []
        params = {"search_query": f'abs:"{" ".join(words)}"', "max_results": str(rows)}
        return self._feed(params, cancelled)

    def _feed(self, params: dict[str, str], cancelled: CancelCheck) -> list[Found]:
        papers = self.channel.get(self.base, params, parse_feed, ATOM, cancelled, self.follows)
        return [Found(NAME, p) for p in papers]


def parse_feed(body: bytes) -> list[NewPaper]:
    """The papers of an Atom feed; raises on an answer that is not a feed."""
    head = body[:2000].lower()
    if b"<!doctype" in head or b"<!entity" in head:  # no entity expansion from a stranger
        raise BadResponse(f"{NAME} sent XML with a document type; nothing was used.")
    if body.strip().lower().startswith(b"rate exceeded"):
        raise LookupFailed(f"{NAME} asks us to slow down (rate exceeded); try again later.")
    try:
        root = ET.fromstring(body)
    except ET.ParseError:
        raise BadResponse(f"{NAME} sent an answer that is not an Atom feed.") from None
    if root.tag != "{http://www.w3.org/2005/Atom}feed":
        raise BadResponse(f"{NAME} sent an answer that is not an Atom feed.")
    papers = []
    for entry in root.findall("a:entry", NS):
        entry_id = _text(entry, "a:id")
        if "/api/errors" in entry_id:
            raise NotFound(f"{NAME}: {_text(entry, 'a:summary') or 'no such paper'}.")
        paper = _paper(entry, entry_id)
        if paper is not None:
            papers.append(paper)
    return papers


def _paper(entry: ET.Element, entry_id: str) -> NewPaper | None:
    m = _ID.search(entry_id)
    title = text(_text(entry, "a:title"))
    if m is None or not title:
        return None
    arxiv_id = m.group(1)
    extra = {"eprint": arxiv_id, "archiveprefix": "arXiv"}
    category = entry.find("x:primary_category", NS)
    if category is not None and category.get("term"):
        extra["primaryclass"] = category.get("term", "")
    year = _YEAR.match(_text(entry, "a:published"))
    names = (_text(a, "a:name") for a in entry.findall("a:author", NS))
    reference = text(_text(entry, "x:journal_ref"))
    journal, volume = journal_of(reference)
    if reference:
        extra["journalref"] = reference
    if volume:
        extra["volume"] = volume
    return NewPaper(
        title=title,
        abstract=abstract_text(_text(entry, "x:summary") or _text(entry, "a:summary")),
        authors=tuple(family_first(text(n)) for n in names if text(n)),
        year=int(year.group(1)) if year else None,
        venue=journal,
        doi=(_text(entry, "x:doi").split() or [arxiv_doi(arxiv_id)])[0].lower(),
        url=f"https://arxiv.org/abs/{arxiv_id}",
        entry_type="article" if journal else "misc",
        extra=extra,
    )


def journal_of(reference: str) -> tuple[str, str]:
    """The journal and volume a journal reference starts with, or ("", "") when it does
    not start so (a conference, "accepted at", a year where the volume would be)."""
    m = _JOURNAL_REF.match(_PUBLISHED_IN.sub("", reference))
    if m is None or (len(m["volume"]) == 4 and 1800 <= int(m["volume"]) <= 2199):
        return "", ""
    return m["journal"], m["volume"]


def _text(node: ET.Element, path: str) -> str:
    found = node.find(path, NS)
    return (found.text or "").strip() if found is not None else ""
