"""SQLite's page cache: large while writing (bulk inserts touch several indexes at random
places), small while reading. Each connection the pool keeps (GUI thread, workers) held up to
64 MiB after one read of every paper, about a third of the window's memory at 100k papers."""

from pathlib import Path

from sqlalchemy import Connection, text

from litman.core.library.facade import Library
from litman.core.records import NewPaper
from litman.core.store import sqlite


def cache_kib(conn: Connection) -> int:
    return -int(conn.execute(text("PRAGMA cache_size")).scalar_one())


def test_reads_keep_a_small_cache_and_writes_give_back_their_large_one(tmp_path: Path) -> None:
    with Library.open(tmp_path / "lib.sqlite") as lib:
        with lib._store.read() as conn:
            assert cache_kib(conn) == sqlite.READ_CACHE_KIB
        with lib._store.write() as conn:
            assert cache_kib(conn) == sqlite.WRITE_CACHE_KIB
        lib.papers.add_paper(NewPaper(title="A paper"))
        with lib._store.read() as conn:  # the pooled connection the writes used
            assert cache_kib(conn) == sqlite.READ_CACHE_KIB
