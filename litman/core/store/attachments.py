"""The `attachments` table (schema 11): a paper's files and links, read and written in the
caller's transaction. The files themselves, the folder they are kept in and undo are the
library part's (`litman.core.library.attachments`).
"""

import zlib
from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import Connection, RowMapping, delete, exists, insert, select, update

from litman.core.store import models
from litman.core.store.sql_values import in_ids, stored_datetime

A, FT = models.attachments, models.fulltext
COLUMNS = tuple(c.name for c in A.columns)
TEXT = "fulltext"  # a row's text (pages joined by form feeds), beside its columns
PAGE_BREAK = "\f"
# zlib's default level: a 10-page paper's text packs to about a third in a millisecond;
# level 9 packs 2% smaller at three times the time, on every attach.
LEVEL = 6


def pack(text: str) -> bytes:
    """A text as the `fulltext` table keeps it (its `packed` column)."""
    return zlib.compress(text.encode(), LEVEL)


def unpack(packed: bytes) -> str:
    return zlib.decompress(packed).decode() if packed else ""


def rows_of(conn: Connection, paper_ids: Sequence[int]) -> list[dict[str, Any]]:
    """The attachment rows of these papers, each paper's in the order attached."""
    query = select(A).where(in_ids(A.c.paper_id, paper_ids)).order_by(A.c.paper_id, A.c.id)
    return [_plain(row) for row in conn.execute(query).mappings()]


def every_row(conn: Connection) -> list[dict[str, Any]]:
    """Every attachment row of the library (to sort papers by their files)."""
    query = select(A).order_by(A.c.paper_id, A.c.id)
    return [_plain(row) for row in conn.execute(query).mappings()]


def rows_by_id(conn: Connection, ids: Sequence[int]) -> list[dict[str, Any]]:
    """These rows, each with its text (`TEXT`) when it has one: what an undo puts back."""
    query = select(A).where(in_ids(A.c.id, ids)).order_by(A.c.id)
    rows = [_plain(row) for row in conn.execute(query).mappings()]
    texts = dict(
        conn.execute(
            select(FT.c.attachment_id, FT.c.packed).where(in_ids(FT.c.attachment_id, ids))
        ).all()
    )
    for row in rows:
        if row["id"] in texts:
            row[TEXT] = unpack(texts[row["id"]])
    return rows


def _plain(row: RowMapping) -> dict[str, Any]:
    return {**dict(row), "added_at": stored_datetime(row["added_at"])}


def insert_rows(conn: Connection, rows: Sequence[Mapping[str, Any]]) -> list[int]:
    """Insert rows (with their ids, for an undo's put-back, or without), and the text of
    those that have one (`TEXT`); their ids."""
    if not rows:
        return []
    stmt = insert(A).returning(A.c.id, sort_by_parameter_order=True)
    plain = [{k: v for k, v in r.items() if k != TEXT} for r in rows]
    ids = list(conn.execute(stmt, plain).scalars())
    texts = [(i, r["paper_id"], r[TEXT]) for i, r in zip(ids, rows, strict=True) if r.get(TEXT)]
    for attachment_id, paper_id, text in texts:
        set_text(conn, attachment_id, paper_id, text)
    return ids


def set_text(conn: Connection, attachment_id: int, paper_id: int, text: str) -> None:
    """An attachment's text (pages joined by `PAGE_BREAK`), in place of any it had."""
    conn.execute(delete(FT).where(FT.c.attachment_id == attachment_id))
    pages = text.count(PAGE_BREAK) + 1 if text else 0
    values = {"attachment_id": attachment_id, "paper_id": paper_id, "pages": pages}
    conn.execute(insert(FT).values(**values, packed=pack(text)))


def texts_by_attachment(conn: Connection, paper_id: int) -> list[tuple[int, str]]:
    """A paper's attachments' texts, each with its attachment's id, in the order attached."""
    query = select(FT.c.attachment_id, FT.c.packed).where(FT.c.paper_id == paper_id)
    return [(i, unpack(p)) for i, p in conn.execute(query.order_by(FT.c.attachment_id))]


def texts_of(conn: Connection, paper_ids: Sequence[int]) -> dict[int, str]:
    """Each of these papers' attachments' text, joined (papers without left out)."""
    query = select(FT.c.paper_id, FT.c.packed).where(in_ids(FT.c.paper_id, paper_ids))
    out: dict[int, list[str]] = {}
    for pid, packed in conn.execute(query.order_by(FT.c.paper_id, FT.c.attachment_id)):
        out.setdefault(pid, []).append(unpack(packed))
    return {pid: PAGE_BREAK.join(parts) for pid, parts in out.items()}


def update_row(conn: Connection, attachment_id: int, values: Mapping[str, Any]) -> None:
    """Change an attachment's columns in place (its text stays)."""
    conn.execute(update(A).where(A.c.id == attachment_id).values(**values))


def delete_ids(conn: Connection, ids: Sequence[int]) -> None:
    conn.execute(delete(A).where(in_ids(A.c.id, ids)))


def without_text(conn: Connection, paper_ids: Sequence[int] | None) -> list[dict[str, Any]]:
    """The rows (of these papers; of every paper for None) that have no text kept, in
    order: those a library made before full text (schema 11), or whose reading failed."""
    query = select(A).where(~exists().where(FT.c.attachment_id == A.c.id))
    if paper_ids is not None:
        query = query.where(in_ids(A.c.paper_id, paper_ids))
    return [_plain(row) for row in conn.execute(query.order_by(A.c.paper_id, A.c.id)).mappings()]


def with_attachments(conn: Connection, paper_ids: Sequence[int]) -> set[int]:
    """Those of these papers that have an attachment."""
    query = select(A.c.paper_id).distinct().where(in_ids(A.c.paper_id, paper_ids))
    return set(conn.execute(query).scalars())
