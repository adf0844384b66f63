"""Crossref's REST API: a work by DOI (`/works/{doi}`), by ISBN (a `filter=isbn:`), and
free-text search (`query.bibliographic`, which weighs titles, authors and venues).

Answers are `{"status": "ok", "message": {...}}`: a work object, or a `work-list` whose
`items` are work objects. The contact e-mail goes as `mailto` (and in the User-Agent), which
places the requests in Crossref's polite pool.
"""

from typing import Any

from litman.metadata.base import Found, WebSource
from litman.metadata.errors import BadResponse, NotFound
from litman.metadata.identifiers import Identifier, doi_in_path
from litman.metadata.net import CancelCheck, json_body
from litman.metadata.works import from_csl

NAME = "Crossref"


class CrossrefSource(
    WebSource,
    name=NAME,
    kinds={"doi", "isbn"},
    searches=True,
    url_setting="crossref_url",
    follows={"api.crossref.org"},
):
    def _params(self, **extra: str) -> dict[str, str]:
        return {**extra, **({"mailto": self.mailto} if self.mailto else {})}

    def lookup(self, ident: Identifier, cancelled: CancelCheck) -> Found:
        if ident.kind == "isbn":
            params = self._params(filter=f"isbn:{ident.value}", rows="1")
            found = self._items(self._get("/works", params, "work-list", cancelled))
            if not found:
                raise NotFound(f"{NAME} has no work with ISBN {ident.value}.")
            return found[0]
        path = "/works/" + doi_in_path(ident.value)
        message = self._get(path, self._params(), "work", cancelled)
        paper = from_csl(message, crossref_types=True)
        if paper is None:
            raise BadResponse(f"{NAME}'s record for {ident} has no title; nothing was used.")
        return Found(NAME, paper)

    def search(self, text: str, rows: int, cancelled: CancelCheck) -> list[Found]:
        params = self._params(**{"query.bibliographic": text, "rows": str(rows)})
        return self._items(self._get("/works", params, "work-list", cancelled))

    def _get(
        self, path: str, params: dict[str, str], kind: str, cancelled: CancelCheck
    ) -> dict[str, Any]:
        def parse(body: bytes) -> dict[str, Any]:
            return _message(json_body(body, NAME), kind)

        return self.channel.get(
            self.base + path, params, parse, cancelled=cancelled, follows=self.follows
        )

    @staticmethod
    def _items(message: dict[str, Any]) -> list[Found]:
        items = message.get("items")
        if not isinstance(items, list):
            raise BadResponse(f"{NAME} sent a work list without items; nothing was used.")
        papers = (from_csl(item, crossref_types=True) for item in items)
        return [Found(NAME, p) for p in papers if p is not None]


def _message(data: Any, kind: str) -> dict[str, Any]:
    message = data.get("message") if isinstance(data, dict) else None
    if not isinstance(message, dict):
        raise BadResponse(f"{NAME} sent an answer with no {kind} in it; nothing was used.")
    return message
