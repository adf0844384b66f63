"""The trash (schema 8): where a deleted paper goes until it is restored or deleted for good.

A paper in the trash keeps its row, tags and reading state untouched; one narrow row in
`trash` (paper id, when) is all that moving it writes, so that moving 100k papers in or out
is one statement over that table (0.06-0.07 s CPU), where deleting and putting back their
rows made SQLite rewrite the papers table and its 14 indexes (3.9 and 6.7 s). Every read
that lists, counts or searches papers leaves the trashed ones out through `live` (nothing
when the trash is empty: the usual case costs one lookup of an empty table); reads by id
(`Library.get_many`) still find them, for the Trash view and for restoring.

The functions take the caller's connection; the facade (`litman.core.library.papers`) owns
the transactions and the `Changes` records.
"""

from collections.abc import Collection, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Connection,
    DateTime,
    delete,
    exists,
    func,
    insert,
    literal,
    select,
)
from sqlalchemy.sql import Select

from litman.core.store import dialects, models
from litman.core.store.sql_values import in_ids

P, TR = models.papers, models.trash


def any_trashed(conn: Connection) -> bool:
    return bool(conn.execute(select(exists().select_from(TR))).scalar())


def live(conn: Connection, column: ColumnElement[int] = P.c.id) -> ColumnElement[bool] | None:
    """`column` names no paper in the trash; None when the trash is empty (no predicate:
    a listing then costs what it did before the trash)."""
    if not any_trashed(conn):
        return None
    return column.not_in(select(TR.c.paper_id))


def trashed(conn: Connection) -> set[int]:
    """The ids of the papers in the trash."""
    return set(_ids(conn, select(TR.c.paper_id)))


def _ids(conn: Connection, query: Select[Any]) -> list[int]:
    """A query's ids; on SQLite through the driver's cursor (SQLAlchemy's rows made
    reading 100k ids 0.2-0.6 s of a window's redraw after a whole-library delete)."""
    if not dialects.of(conn).sqlite_fast_paths:
        return [int(pid) for pid in conn.execute(query).scalars()]
    driver: Any = conn.connection.driver_connection
    return [pid for (pid,) in driver.execute(str(query.compile(dialect=conn.dialect)))]


def without_trashed(conn: Connection, ids: Sequence[int]) -> list[int]:
    """`ids` in their order, less those in the trash (the same list when it is empty)."""
    if not any_trashed(conn):
        return list(ids)
    out = trashed(conn)
    return [i for i in ids if i not in out]


def listed(conn: Connection) -> list[int]:
    """The papers in the trash, the most recently trashed first (ties by id)."""
    return _ids(conn, select(TR.c.paper_id).order_by(TR.c.trashed_at.desc(), TR.c.paper_id))


def count(conn: Connection) -> int:
    return int(conn.execute(select(func.count()).select_from(TR)).scalar_one())


def among(conn: Connection, ids: Sequence[int]) -> list[int]:
    """Those of `ids` that are in the trash."""
    if not any_trashed(conn):
        return []
    return list(conn.execute(select(TR.c.paper_id).where(in_ids(TR.c.paper_id, ids))).scalars())


def move_in(conn: Connection, ids: Sequence[int], stamp: datetime) -> tuple[int, ...]:
    """Put these papers in the trash, in one statement; the ids moved, in the order given
    (a paper that does not exist, or is in the trash already, is not)."""
    wanted = list(dict.fromkeys(ids))
    chosen = select(P.c.id, literal(stamp, DateTime())).where(in_ids(P.c.id, wanted))
    if any_trashed(conn):
        chosen = chosen.where(P.c.id.not_in(select(TR.c.paper_id)))
    stmt = insert(TR).from_select(["paper_id", "trashed_at"], chosen).returning(TR.c.paper_id)
    moved = set(conn.execute(stmt).scalars())
    return tuple(i for i in wanted if i in moved)


def move_out(conn: Connection, ids: Sequence[int]) -> tuple[int, ...]:
    """Take these papers out of the trash, in one statement; the ids taken out, in the order
    given."""
    wanted = list(dict.fromkeys(ids))
    stmt = delete(TR).where(in_ids(TR.c.paper_id, wanted)).returning(TR.c.paper_id)
    out: Collection[int] = set(conn.execute(stmt).scalars())
    return tuple(i for i in wanted if i in out)
