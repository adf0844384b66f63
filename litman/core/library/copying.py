"""Copying a whole library into an empty one, between stores (`litman copy SRC DST`): a
file into a shared PostgreSQL database, or back.

The copy is row for row: papers with their ids, citekeys, derived columns, versions and
dates, the tags with their colours, the tag links, the imported sources, the conflict
record and the library's settings, so that the two libraries are equal in everything but
their change journals and generations. Reading state (status, rating, notes) is each
reader's own: the copy takes the copying user's (`litman.core.store.reading_state`), as the
destination's user. The source is read a page at a time in one read transaction; the
destination is written in one write transaction of its own `Library` (so its journal says
what came, and a failed copy leaves it empty). A destination that holds papers is refused.
"""

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from sqlalchemy import Connection, Table, select

from litman.core.errors import LitmanError
from litman.core.library.parts import Host, Part
from litman.core.messages import _
from litman.core.records import Changes
from litman.core.store import dialects, kept_blocks, models, reading_state
from litman.core.store import rows as store

PAGE = 5000
# The library's own facts, which the destination keeps: not settings to copy.
OWN_META = frozenset({"schema_version", store.GENERATION})
# Tables copied, parents first; each with the column it is paged by.
TABLES: tuple[tuple[Table, str], ...] = (
    (models.meta, "key"),
    (models.tags, "id"),
    (models.papers, "id"),
    (models.paper_tags, "paper_id"),
    (models.reading, "paper_id"),
    (models.trash, "paper_id"),
    (models.sources, "id"),
    (models.conflicts, "id"),
    (models.attachments, "id"),
    (models.fulltext, "attachment_id"),
    (models.aliases, "citekey"),
    (models.distinct_papers, "low"),
    (models.saved_searches, "id"),
)


def copy_library(
    source: Host, target: Host, progress: Callable[[int, int], None] | None = None
) -> int:
    """Copy every row of `source` into the empty library `target`; the papers copied."""
    reader, writer = Part(source), Part(target)
    with reader._read() as src, writer._write() as dst:
        if store.count_papers(dst):
            raise LitmanError(
                _("The destination already holds papers; copy into an empty library.")
            )
        total, done = store.count_papers(src), 0
        for table, key in TABLES:
            blocks = 0  # kept BibTeX blocks met so far, in the source's order
            for rows in _pages(src, table, key):
                if table is models.meta:
                    rows, blocks = _settings(rows, blocks)
                    dst.execute(
                        models.meta.delete().where(models.meta.c.key.in_([r["key"] for r in rows]))
                    )
                if table is models.reading:
                    rows = [dict(r, reader=reading_state.reader_name(dst)) for r in rows]
                store.bulk_insert(dst, table, rows)
                if table is models.papers:
                    done += len(rows)
                    if progress is not None:
                        progress(done, total)
        _continue_numbering(dst)
        ids = tuple(dst.execute(select(models.papers.c.id).order_by(models.papers.c.id)).scalars())
        writer._publish(Changes(added=ids, tags_changed=True))
    return len(ids)


def _settings(rows: Sequence[dict[str, Any]], blocks: int) -> tuple[list[dict[str, Any]], int]:
    """The settings to copy, without the library's own facts; kept BibTeX blocks go with
    their positions (`kept_blocks.numbered`: an older litman's have none, and a database
    could not list them in order without). `blocks` counts the blocks before these rows."""
    kept = []
    for row in rows:
        if row["key"] in OWN_META:
            continue
        if row["key"].startswith(kept_blocks.BLOCK):
            row = {**row, "key": kept_blocks.numbered(row["key"], blocks)}
            blocks += 1
        kept.append(row)
    return kept, blocks


def _pages(conn: Connection, table: Table, key: str) -> Iterator[Sequence[dict[str, Any]]]:
    """The table's rows as dicts of Python values, `PAGE` at a time in `key` order."""
    # The settings in the order written where the store keeps one (kept BibTeX blocks
    # are listed in it): SQLite's rowid.
    written = dialects.of(conn).insertion_order() if table is models.meta else None
    query = select(table).order_by(table.c[key] if written is None else written)
    if table is models.reading:  # the copying user's, as the destination's user
        query = query.where(reading_state.mine())
    result = conn.execution_options(yield_per=PAGE).execute(query)
    for part in result.mappings().partitions(PAGE):
        yield [dict(row) for row in part]


def _continue_numbering(conn: Connection) -> None:
    """Rows came with their ids: new rows must be numbered after them. (SQLite follows the
    largest id by itself; PostgreSQL's sequences must be told.)"""
    dialects.of(conn).continue_numbering(
        conn, ("papers", "tags", "sources", "conflicts", "attachments", "saved_searches")
    )
