"""Every paper id in one column's order, as the table's first click on a header asks for it.

Each sortable column has an index (schema 3), so a sort is a walk of that small index, ids
included (an index holds the row id), and never a scan of the table, whose rows carry their
abstracts: at 100k papers a scan reads 250 MB of pages and took 190-290 ms before any
sorting. Empty values (NULL) come last either way, read by a second walk of the same index
rather than `ORDER BY col IS NULL`, which no index can answer. The ids are read through the
driver's own cursor: SQLAlchemy's result layer doubled the time of handing over 100k rows.
"""

from collections.abc import Iterable
from typing import Any

from sqlalchemy import Column, Connection, Select, select

from litman.core.store import models

P = models.papers


def column_order(conn: Connection, col: Column[Any], descending: bool) -> list[int]:
    """Ids by `col`, ties by id, both ascending or both descending; empties last."""
    if col is P.c.id:
        # The rowid order is the table's own: read the ids from a small index instead.
        ids = _ids(conn, select(P.c.id).with_hint(P, "INDEXED BY ix_papers_sort_year", "sqlite"))
        return sorted(ids, reverse=descending)
    order = (col.desc(), P.c.id.desc()) if descending else (col.asc(), P.c.id.asc())
    if not col.nullable:
        return _ids(conn, select(P.c.id).order_by(*order))
    filled = _ids(conn, select(P.c.id).where(col.is_not(None)).order_by(*order))
    empty = _ids(conn, select(P.c.id).where(col.is_(None)).order_by(order[1]))
    return filled + empty


def _ids(conn: Connection, query: Select[Any]) -> list[int]:
    return [pid for (pid,) in raw_rows(conn, query)]


def raw_rows(conn: Connection, query: Select[Any] | str) -> Iterable[tuple[Any, ...]]:
    """A bind-free query's rows as the driver gives them (tuples), for reading 100k rows."""
    sql = (
        query
        if isinstance(query, str)
        else str(query.compile(dialect=conn.dialect, compile_kwargs={"literal_binds": True}))
    )
    driver: Any = conn.connection.driver_connection
    rows: Iterable[tuple[Any, ...]] = driver.execute(sql)
    return rows
