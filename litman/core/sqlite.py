"""Everything SQLite-specific, in one place.

Connection pragmas (WAL, foreign keys, busy timeout), `BEGIN IMMEDIATE` for writes, peeking
at a file's schema version without touching it, the online backup API and integrity checks.
The rest of the core speaks portable SQLAlchemy, so that the store can later run on
PostgreSQL: port this module and `schema.py`, nothing else.
"""

import json
import sqlite3
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event

from litman.core.errors import CorruptLibraryError

BUSY_TIMEOUT_MS = 5000
WRITE_OPTION = "litman_write"


def make_engine(path: Path, *, read_only: bool = False) -> Engine:
    """An engine whose transactions are real SQLite transactions.

    pysqlite's own transaction handling is switched off so that a write can take the write lock
    up front with BEGIN IMMEDIATE and never deadlock upgrading a read lock.
    """
    if read_only:
        url = f"sqlite:///file:{path}?mode=ro&uri=true"
    else:
        url = f"sqlite:///{path}"
    engine = create_engine(
        url,
        # Names stay readable in the file, and the search index can tokenise the raw JSON.
        json_serializer=lambda obj: json.dumps(obj, ensure_ascii=False),
        connect_args={"timeout": BUSY_TIMEOUT_MS / 1000, "check_same_thread": False},
    )

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn: sqlite3.Connection, _record: Any) -> None:
        dbapi_conn.isolation_level = None
        cur = dbapi_conn.cursor()
        cur.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        cur.execute("PRAGMA foreign_keys = ON")
        if not read_only:
            cur.execute("PRAGMA journal_mode = WAL")
            cur.execute("PRAGMA synchronous = NORMAL")
            # 64 MiB of page cache: bulk inserts touch several indexes at random places.
            cur.execute("PRAGMA cache_size = -65536")
        cur.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Any) -> None:
        immediate = conn.get_execution_options().get(WRITE_OPTION, False)
        conn.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

    return engine


def peek_schema_version(path: Path) -> int | None:
    """The schema version stored in a library file, read without changing a byte of it.

    None for a file with no litman tables yet (a fresh, empty database).
    """
    # With no -wal file the main file is complete, and `immutable` keeps SQLite from creating
    # -wal/-shm files beside a library it may be about to refuse.
    wal = path.with_name(path.name + "-wal")
    flags = "mode=ro" if wal.exists() else "mode=ro&immutable=1"
    try:
        conn = sqlite3.connect(f"file:{path}?{flags}", uri=True)
    except sqlite3.Error as exc:
        raise CorruptLibraryError(f"{path} cannot be opened as a litman library: {exc}") from exc
    try:
        rows = conn.execute(
            "SELECT name FROM sqlite_master WHERE type='table' AND name='meta'"
        ).fetchall()
        if not rows:
            return None
        row = conn.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
        return int(row[0]) if row else None
    except (sqlite3.DatabaseError, ValueError) as exc:
        raise CorruptLibraryError(f"{path} is not a readable litman library ({exc}).") from exc
    finally:
        conn.close()


def quick_check(engine: Engine) -> str:
    """'ok', or the first problem PRAGMA quick_check finds."""
    with engine.connect() as conn:
        rows = conn.exec_driver_sql("PRAGMA quick_check").fetchall()
    return "ok" if rows and rows[0][0] == "ok" else "; ".join(str(r[0]) for r in rows[:3])


def integrity_check(path: Path) -> str:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = conn.execute("PRAGMA integrity_check").fetchall()
    finally:
        conn.close()
    return "ok" if rows and rows[0][0] == "ok" else "; ".join(str(r[0]) for r in rows[:3])


def backup_to(source: Path, target: Path) -> None:
    """A consistent copy of a live library, through SQLite's online backup API."""
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    dst = sqlite3.connect(target)
    try:
        with dst:
            src.backup(dst)
    finally:
        dst.close()
        src.close()


class ChangeWatcher:
    """Tells whether another connection has committed since the last look.

    PRAGMA data_version is per connection, so the watcher keeps one of its own.
    """

    def __init__(self, path: Path) -> None:
        self._conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
        self._seen = self._version()

    def _version(self) -> int:
        return int(self._conn.execute("PRAGMA data_version").fetchone()[0])

    def changed(self) -> bool:
        now = self._version()
        changed, self._seen = now != self._seen, now
        return changed

    def close(self) -> None:
        self._conn.close()
