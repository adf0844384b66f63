"""What a sidebar item stands for, and what a query's filter terms (`status:`, `year:`,
`tag:`) mean: small frozen records, each defined once, asked of the search index or of SQL.

The sidebar hands the table's search one of these beside the text typed, never spliced
into it (a tag named `say "hi"` became a query that found nothing): `ALL`,
`StatusFilter(status)`, `TagFilter(path)` (that tag and the tags below it, by their
casefolded path, never by a spelling near it) and `TRASH`, a view of the papers in the
trash rather than a search (the index holds none of them). A query's typed terms become
`StatusFilter`, `YearFilter` and `TypedTag` (the tags its text stands for: a path, a leaf
name, a misspelling, `litman.core.search.tag_match`) through `of_term`.

Each filter answers twice from one definition: `among(index, ids)` over the search index's
vectors (indexed by paper id) and `where(conn)`, a condition on the papers table, for
answers before the index is ready and for lists without it. The tags a tag filter covers
are one function (`covered`) over the tag names either side holds: the SQL path had its
own, which compared `lower(name)` (SQLite folds only ASCII: `Été` was never `été`) and
matched `LIKE 'a_b > %'` (so `axb > c` was under `a_b`).

numpy is imported by the index's answers alone: the Library and the window's first rows
hold these records without it (a `litman list` loads no numpy).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias

from sqlalchemy import ColumnElement, Connection, and_, exists, select, true

from litman.core.records import STATUS_CODES, Status
from litman.core.search import tag_match
from litman.core.search.query import Term
from litman.core.store import models, reading_state, trash

if TYPE_CHECKING:
    import numpy as np

    BoolArray: TypeAlias = np.ndarray[Any, np.dtype[np.bool_]]
    IdArray: TypeAlias = np.ndarray[Any, Any]

P, T, PT = models.papers, models.tags, models.paper_tags


class IndexFacts(Protocol):
    """What a filter reads of the search index: per-paper vectors indexed by paper id, and
    each tag's (casefolded name's) members."""

    alive: np.ndarray[Any, Any]
    years: np.ndarray[Any, Any]
    statuses: np.ndarray[Any, Any]
    tag_members: dict[str, set[int]]


def covered(roots: Collection[str], names: Iterable[str]) -> list[str]:
    """The tag names (casefolded paths) that are one of `roots` or below one."""
    below = tuple(root + tag_match.SEP for root in roots)
    return [name for name in names if name in roots or name.startswith(below)]


@dataclass(frozen=True)
class AllPapers:
    """Every paper outside the trash: no narrowing."""

    def among(self, ix: IndexFacts, cand: IdArray) -> BoolArray:
        import numpy as np

        return np.ones(len(cand), dtype=bool)

    def where(self, conn: Connection) -> ColumnElement[bool]:
        return true()


@dataclass(frozen=True)
class StatusFilter:
    """The papers in one reading status (the reader's own, in a shared library)."""

    status: Status

    def among(self, ix: IndexFacts, cand: IdArray) -> BoolArray:
        same: BoolArray = ix.statuses[cand] == STATUS_CODES[self.status]
        return same

    def where(self, conn: Connection) -> ColumnElement[bool]:
        return reading_state.having("status", self.status.value)


@dataclass(frozen=True)
class YearFilter:
    """The papers with a year, within `lo`..`hi` (None: open on that side)."""

    lo: int | None = None
    hi: int | None = None

    def among(self, ix: IndexFacts, cand: IdArray) -> BoolArray:
        y = ix.years[cand]
        ok: BoolArray = y > 0
        if self.lo is not None:
            ok &= y >= self.lo
        if self.hi is not None:
            ok &= y <= self.hi
        return ok

    def where(self, conn: Connection) -> ColumnElement[bool]:
        parts: list[ColumnElement[bool]] = [P.c.year.is_not(None)]
        if self.lo is not None:
            parts.append(P.c.year >= self.lo)
        if self.hi is not None:
            parts.append(P.c.year <= self.hi)
        return and_(*parts)


class _Tags:
    """The papers carrying any tag at or below the paths `roots` picks among the tags in use
    (those on a paper outside the trash): the index's tag members, or SQL's tag links."""

    def roots(self, used: Collection[str]) -> set[str]:
        raise NotImplementedError

    def among(self, ix: IndexFacts, cand: IdArray) -> BoolArray:
        import numpy as np

        used = [tag for tag, members in ix.tag_members.items() if members]
        out = np.zeros(len(ix.alive), dtype=bool)
        for tag in covered(self.roots(used), used):
            out[list(ix.tag_members[tag])] = True
        tagged: BoolArray = out[cand]
        return tagged

    def where(self, conn: Connection) -> ColumnElement[bool]:
        linked = select(PT.c.tag_id).where(PT.c.tag_id == T.c.id)
        if (live := trash.live(conn, PT.c.paper_id)) is not None:
            linked = linked.where(live)
        rows = conn.execute(select(T.c.name_key, T.c.id).where(exists(linked)))
        used: dict[str, int] = {key: tid for key, tid in rows}
        tids = [used[name] for name in covered(self.roots(list(used)), used)]
        return exists(select(PT.c.paper_id).where(PT.c.paper_id == P.c.id, PT.c.tag_id.in_(tids)))


@dataclass(frozen=True)
class TagFilter(_Tags):
    """A tag, by its path (`A > B`, case aside), and every tag below it."""

    path: str

    def roots(self, used: Collection[str]) -> set[str]:
        return {tag_match.normalise(self.path).casefold()}


@dataclass(frozen=True)
class TypedTag(_Tags):
    """A `tag:` term as typed: the tags its text stands for (`tag_match.resolve`), and
    every tag below them."""

    text: str

    def roots(self, used: Collection[str]) -> set[str]:
        return tag_match.resolve(self.text, used)


@dataclass(frozen=True)
class Trash:
    """The papers in the trash: a view, listed as trashed (`Library.trash_ids`), not a search."""


ALL = AllPapers()
TRASH = Trash()
# What a search may be narrowed to, beside its text; and what a sidebar item stands for.
Narrowing = AllPapers | StatusFilter | TagFilter
Filter = Narrowing | Trash
TermFilter = StatusFilter | YearFilter | TypedTag


# A filter as a line of text (a saved search keeps its sidebar filter so, the window's view
# settings the one shown); a tag's path follows its prefix verbatim.
_TAG_TEXT, _STATUS_TEXT, _TRASH_TEXT = "tag/", "status:", "trash"


def filter_text(within: Filter) -> str:
    """A filter as a line of text: `tag/A > B`, `status:read`, `trash`; "" for all papers."""
    if isinstance(within, TagFilter):
        return _TAG_TEXT + within.path
    if isinstance(within, StatusFilter):
        return _STATUS_TEXT + within.status.value
    return _TRASH_TEXT if isinstance(within, Trash) else ""


def filter_from_text(text: str) -> Filter:
    """The filter `filter_text` wrote; all papers for anything else."""
    if text.startswith(_TAG_TEXT):
        return TagFilter(text.removeprefix(_TAG_TEXT))
    status = text.removeprefix(_STATUS_TEXT)
    if status != text and status in {s.value for s in Status}:
        return StatusFilter(Status(status))
    return TRASH if text == _TRASH_TEXT else ALL


def of_term(term: Term) -> TermFilter:
    """The filter a parsed `status:`, `year:` or `tag:` term stands for (negation aside)."""
    if term.kind == "status":
        return StatusFilter(Status(term.value))
    if term.kind == "year":
        return YearFilter(term.lo, term.hi)
    if term.kind == "tag":
        return TypedTag(term.value)
    raise ValueError(f"'{term.kind}' terms are words, not filters")
