"""OpenAlex's works API: search (`/works?search=`) and a work by DOI
(`/works/https://doi.org/{doi}`). A list answer is `{"meta": {...}, "results": [work]}`;
a work has `title`, `authorships[].author.display_name`, `publication_year`,
`primary_location.source.display_name`, `biblio` (volume, issue, first and last page),
`doi` as a link, and the abstract as `abstract_inverted_index` (each word mapped to the
positions where it stands), which is put back in order here. The contact e-mail goes as
`mailto`, OpenAlex's polite pool.
"""

from collections.abc import Mapping
from typing import Any

from litman.core.records import NewPaper
from litman.metadata.base import Found, WebSource
from litman.metadata.errors import BadResponse
from litman.metadata.identifiers import Identifier, doi_in_path
from litman.metadata.names import family_first
from litman.metadata.net import CancelCheck, json_body
from litman.metadata.works import abstract_text, text

NAME = "OpenAlex"
MAX_WORDS = 20_000  # an abstract index claiming more positions than this is not an abstract
TYPES = {"article": "article", "book": "book", "book-chapter": "incollection"}
TYPES |= {"dissertation": "phdthesis", "report": "techreport", "preprint": "misc"}


class OpenAlexSource(
    WebSource,
    name=NAME,
    kinds={"doi"},
    searches=True,
    url_setting="openalex_url",
    follows={"api.openalex.org"},
):
    def _get(self, path: str, params: dict[str, str], cancelled: CancelCheck) -> Any:
        if self.mailto:
            params = {**params, "mailto": self.mailto}
        return self.channel.get(
            self.base + path,
            params,
            lambda body: json_body(body, NAME),
            cancelled=cancelled,
            follows=self.follows,
        )

    def lookup(self, ident: Identifier, cancelled: CancelCheck) -> Found:
        doi = doi_in_path(ident.value)
        paper = work_paper(self._get(f"/works/https://doi.org/{doi}", {}, cancelled))
        if paper is None:
            raise BadResponse(f"{NAME}'s record for {ident} has no title; nothing was used.")
        return Found(NAME, paper)

    def search(self, text: str, rows: int, cancelled: CancelCheck) -> list[Found]:
        data = self._get("/works", {"search": text, "per-page": str(rows)}, cancelled)
        results = data.get("results") if isinstance(data, dict) else None
        if not isinstance(results, list):
            raise BadResponse(f"{NAME} sent a search answer without results; nothing was used.")
        papers = (work_paper(w) for w in results)
        return [Found(NAME, p) for p in papers if p is not None]


def work_paper(work: Any) -> NewPaper | None:
    if not isinstance(work, Mapping):
        return None
    title = text(_str(work.get("title")) or _str(work.get("display_name")))
    if not title:
        return None
    doi = _str(work.get("doi")).lower().removeprefix("https://doi.org/")
    year = work.get("publication_year")
    return NewPaper(
        title=title,
        abstract=abstract_text(inverted_abstract(work.get("abstract_inverted_index"))),
        authors=_authors(work.get("authorships")),
        year=year if isinstance(year, int) and not isinstance(year, bool) else None,
        venue=text(_str(_get(work, "primary_location", "source", "display_name"))),
        doi=doi,
        url=f"https://doi.org/{doi}"
        if doi
        else _str(_get(work, "primary_location", "landing_page_url")),
        entry_type=TYPES.get(_str(work.get("type")), "misc"),
        extra=_biblio(work.get("biblio")),
    )


def inverted_abstract(index: Any) -> str:
    """The text an inverted index encodes: each word put at each of its positions."""
    if not isinstance(index, Mapping):
        return ""
    slots: dict[int, str] = {}
    for word, positions in index.items():
        if not isinstance(word, str) or not isinstance(positions, list):
            continue
        for pos in positions:
            if isinstance(pos, int) and 0 <= pos < MAX_WORDS:
                slots[pos] = word
    return " ".join(slots[p] for p in sorted(slots))


def _authors(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list):
        return ()
    names = (text(_str(_get(a, "author", "display_name"))) for a in value)
    return tuple(family_first(n) for n in names if n)


def _biblio(value: Any) -> dict[str, str]:
    if not isinstance(value, Mapping):
        return {}
    first, last = _str(value.get("first_page")), _str(value.get("last_page"))
    pages = f"{first}--{last}" if first and last and first != last else first
    fields = {"volume": _str(value.get("volume")), "number": _str(value.get("issue"))}
    return {k: v for k, v in {**fields, "pages": pages}.items() if v}


def _get(node: Any, *path: str) -> Any:
    for key in path:
        node = node.get(key) if isinstance(node, Mapping) else None
    return node


def _str(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""
