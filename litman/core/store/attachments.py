"""The `attachments` table (schema 11): a paper's files and links, read and written in the
caller's transaction. The files themselves, the folder they are kept in and undo are the
library part's (`litman.core.library.attachments`).
"""

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import Connection, RowMapping, delete, insert, select

from litman.core.store import models
from litman.core.store.sql_values import in_ids, stored_datetime

A = models.attachments
COLUMNS = tuple(c.name for c in A.columns)


def rows_of(conn: Connection, paper_ids: Sequence[int]) -> list[dict[str, Any]]:
    """The attachment rows of these papers, each paper's in the order attached."""
    query = select(A).where(in_ids(A.c.paper_id, paper_ids)).order_by(A.c.paper_id, A.c.id)
    return [_plain(row) for row in conn.execute(query).mappings()]


def rows_by_id(conn: Connection, ids: Sequence[int]) -> list[dict[str, Any]]:
    query = select(A).where(in_ids(A.c.id, ids)).order_by(A.c.id)
    return [_plain(row) for row in conn.execute(query).mappings()]


def _plain(row: RowMapping) -> dict[str, Any]:
    return {**dict(row), "added_at": stored_datetime(row["added_at"])}


def insert_rows(conn: Connection, rows: Sequence[Mapping[str, Any]]) -> list[int]:
    """Insert rows (with their ids, for an undo's put-back, or without); their ids."""
    if not rows:
        return []
    stmt = insert(A).returning(A.c.id, sort_by_parameter_order=True)
    return list(conn.execute(stmt, [dict(r) for r in rows]).scalars())


def delete_ids(conn: Connection, ids: Sequence[int]) -> None:
    conn.execute(delete(A).where(in_ids(A.c.id, ids)))


def with_attachments(conn: Connection, paper_ids: Sequence[int]) -> set[int]:
    """Those of these papers that have an attachment."""
    query = select(A.c.paper_id).distinct().where(in_ids(A.c.paper_id, paper_ids))
    return set(conn.execute(query).scalars())
