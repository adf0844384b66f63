"""Search for the window: query text, the sidebar's filter and a column sort in, table ids
and highlights out.

One search of the index per call, whatever the sort: a ranked query is searched once, and
when a column sort is active its matches are laid out in that column's order (the order is
one SQL query, cached by the Library until the next write). Filter-only queries (`year:`,
`status:`, `tag:`, or the sidebar's filter alone) and the empty query go straight to the
Library's ordered lists.
"""

from dataclasses import dataclass
from typing import TYPE_CHECKING

from litman.core.library.facade import Library
from litman.core.search.filters import ALL, Narrowing
from litman.core.search.query import Query, parse

if TYPE_CHECKING:  # the ranking loads numpy: the window's first rows need neither
    from litman.core.search.ranking import SearchResult


@dataclass(frozen=True)
class Outcome:
    """What one search produced: the ids for the table, the ranked result for highlights
    (None when nothing was ranked), and the parser's notes about the query."""

    ids: list[int]
    result: "SearchResult | None"
    notes: tuple[str, ...]


class SearchController:
    """Turns text into table ids; counts the index searches it makes (tests check one per
    keystroke)."""

    def __init__(self, library: Library) -> None:
        self.library = library
        self.searches = 0

    def parse(self, text: str) -> Query:
        return parse(text)

    def quick(
        self, text: str, sort: str | None, descending: bool, within: Narrowing = ALL
    ) -> Outcome:
        """Before the index is ready: exact matches from SQL, and a note of what they miss."""
        from litman.core.search.quick import limits

        query = parse(text)
        ids = self.library.quick_search_ids(query, sort, descending, within)
        return Outcome(ids, None, (*query.notes, limits()))

    def run(
        self, text: str, sort: str | None, descending: bool, within: Narrowing = ALL
    ) -> Outcome:
        """The papers `text` finds among those `within` holds (the sidebar's filter)."""
        query = parse(text)
        notes = tuple(query.notes)
        if not query.ranked:  # empty or filter-only: the Library orders it
            if not query.empty or within != ALL:
                self.searches += 1
            column = sort or "added"
            ids = self.library.search_ids(query, column, descending if sort else True, within)
            return Outcome(ids, None, notes)
        self.searches += 1
        result = self.library.search(query, within=within)
        if sort is None:
            return Outcome(result.ids.tolist(), result, notes)
        keep = set(result.ids)
        order = self.library.list_ids(sort, descending)
        return Outcome([i for i in order if i in keep], result, notes)
