"""Searching before the search index is ready: plain SQL, exact, and honest about it.

The index takes seconds to build at 100k papers (a minute on a loaded machine). A query
typed meanwhile is answered here at once: each word or phrase must appear, as typed (case
aside), in the title, authors, venue or citation key (or in the one field it names);
`status:`, `year:` and `tag:`, and the sidebar's filter, filter as the index does: each
filter's condition is the one `litman.core.search.filters` defines for both. `LIMITS` says
what this cannot do, for the window to show beside the rows.
"""

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Connection, String, and_, cast, not_, or_, select

from litman.core.search.filters import ALL, Narrowing, of_term
from litman.core.search.query import SCORED, Query, Term
from litman.core.store import dialects, models

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


def _condition(conn: Connection, term: Term, fold: bool) -> Any:
    if term.kind not in SCORED:
        return of_term(term).where(conn)
    text = term.words[0] if term.kind == "word" else term.value  # a CJK run whole
    columns: Sequence[Any] = (
        [FIELD_COLUMNS[term.field]] if term.field in FIELD_COLUMNS else TEXT_COLUMNS
    )
    return or_(*(_like(c, text, fold) for c in columns))


def quick_ids(conn: Connection, query: Query, within: Narrowing = ALL) -> list[int]:
    """Ids of the papers matching every term of `query`, and `within`."""
    fold = not dialects.of(conn).like_folds_case
    conditions = [
        not_(_condition(conn, t, fold)) if t.negated else _condition(conn, t, fold)
        for t in query.terms
    ]
    q = select(P.c.id).where(and_(*conditions, within.where(conn)))
    return list(conn.execute(q).scalars())
