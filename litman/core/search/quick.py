"""Searching before the search index is ready: plain SQL, exact, and honest about it.

The index takes seconds to build at 100k papers (a minute on a loaded machine). A query
typed meanwhile is answered here at once: each word or phrase must appear, as typed (case
aside), in the title, authors, venue or citation key (or in the one field it names);
`status:`, `year:` and `tag:` filter as usual (a tag by its full path or a parent of it).
`LIMITS` says what this cannot do, for the window to show beside the rows.
"""

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Connection, String, and_, cast, exists, func, not_, or_, select

from litman.core.search.query import Query, Term
from litman.core.store import dialects, models, reading_state

P, T, PT = models.papers, models.tags, models.paper_tags
AUTHORS = cast(P.c.authors, String)  # the JSON list, read as its text (json on PostgreSQL)
TEXT_COLUMNS = (P.c.title, AUTHORS, P.c.venue, P.c.citekey)
FIELD_COLUMNS = {
    "title": P.c.title,
    "authors": AUTHORS,
    "venue": P.c.venue,
    "citekey": P.c.citekey,
    "abstract": P.c.abstract,
}
LIMITS = (
    "exact words in titles, authors, venues and keys only; abstracts, typos, accents and "
    "ranking follow when the index is ready"
)


def _like(column: Any, text: str, fold: bool) -> Any:
    """`column` holds `text`, case aside: SQLite's LIKE folds ASCII case itself; PostgreSQL's
    does not, and ILIKE does (`fold`)."""
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    pattern = f"%{escaped}%"
    return column.ilike(pattern, escape="\\") if fold else column.like(pattern, escape="\\")


def _condition(term: Term, fold: bool) -> Any:
    if term.kind in ("word", "phrase"):
        text = term.value if term.kind == "phrase" else term.words[0]
        columns: Sequence[Any] = (
            [FIELD_COLUMNS[term.field]] if term.field in FIELD_COLUMNS else TEXT_COLUMNS
        )
        return or_(*(_like(c, text, fold) for c in columns))
    if term.kind == "status":
        return reading_state.having("status", term.value)
    if term.kind == "year":
        parts = []
        if term.lo is not None:
            parts.append(P.c.year >= term.lo)
        if term.hi is not None:
            parts.append(P.c.year <= term.hi)
        return and_(P.c.year.is_not(None), *parts)
    name = func.lower(T.c.name)
    path = term.value.lower()
    return exists(
        select(PT.c.paper_id)
        .join(T, T.c.id == PT.c.tag_id)
        .where(PT.c.paper_id == P.c.id, or_(name == path, name.like(f"{path} > %")))
    )


def quick_ids(conn: Connection, query: Query) -> list[int]:
    """Ids of the papers matching every term of `query`."""
    fold = not dialects.of(conn).like_folds_case
    conditions = [
        not_(_condition(t, fold)) if t.negated else _condition(t, fold) for t in query.terms
    ]
    q = select(P.c.id).where(and_(*conditions))
    return list(conn.execute(q).scalars())
