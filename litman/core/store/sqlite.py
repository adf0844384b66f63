"""Everything SQLite-specific, in one place.

Connection pragmas (WAL, foreign keys, busy timeout), `BEGIN IMMEDIATE` for writes, peeking
at a file's schema version without touching it, the online backup API and integrity checks.
The rest of the core speaks portable SQLAlchemy, so that the store can later run on
PostgreSQL: port this module and `schema.py`, nothing else.
"""

import json
import os
import sqlite3
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, QueuePool, create_engine, event

from litman.core.errors import CorruptLibraryError, LitmanError
from litman.core.store import models

BUSY_TIMEOUT_MS = 5000
_JSON = json.JSONEncoder(ensure_ascii=False)
_last_datetime: tuple[object, str] = (None, "")


def _adapt_datetime(value: datetime) -> str:
    """Datetimes are stored as sqlite3's own (deprecated since Python 3.12) default adapter
    wrote them, `isoformat(" ")`; the last answer is reused, since a batch shares one stamp
    (100k papers: two columns' 200,000 conversions become two)."""
    global _last_datetime
    last = _last_datetime  # one read: another thread may replace the pair meanwhile
    if value is last[0]:
        return last[1]
    text = value.isoformat(" ")
    _last_datetime = (value, text)
    return text


sqlite3.register_adapter(datetime, _adapt_datetime)
WRITE_OPTION = "litman_write"
# SQLite's page cache per connection, in KiB: 64 MiB while writing (bulk inserts touch several
# indexes at random places), SQLite's default 2 MiB otherwise. A large cache on every pooled
# connection kept up to 64 MiB each after one read of every paper (the index build).
WRITE_CACHE_KIB = 65536
READ_CACHE_KIB = 2000


def make_engine(path: Path, *, read_only: bool = False) -> Engine:
    """An engine whose transactions are real SQLite transactions.

    pysqlite's own transaction handling is switched off so that a write can take the write lock
    up front with BEGIN IMMEDIATE and never deadlock upgrading a read lock.
    """
    # Names stay readable in the file, and the search index can tokenise the raw JSON. One
    # encoder for every value: json.dumps with options builds a new one per call (0.27 s ->
    # 0.1 s for the authors of 100k papers).
    options: dict[str, Any] = {"json_serializer": _JSON.encode}
    if read_only:
        engine = create_engine(
            "sqlite://", creator=lambda: _connect_ro(path), poolclass=QueuePool, **options
        )
    else:
        engine = create_engine(
            f"sqlite:///{path}",
            connect_args={"timeout": BUSY_TIMEOUT_MS / 1000, "check_same_thread": False},
            **options,
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
        cur.execute(f"PRAGMA cache_size = -{READ_CACHE_KIB}")
        cur.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Any) -> None:
        immediate = conn.get_execution_options().get(WRITE_OPTION, False)
        if immediate:
            conn.exec_driver_sql(f"PRAGMA cache_size = -{WRITE_CACHE_KIB}")
            conn.connection.info[WRITE_OPTION] = True
        conn.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

    @event.listens_for(engine, "checkin")
    def _on_checkin(dbapi_conn: sqlite3.Connection | None, record: Any) -> None:
        # Shrinking the limit frees the pages above it: a writer's cache is not kept.
        if dbapi_conn is not None and record.info.pop(WRITE_OPTION, False):
            dbapi_conn.execute(f"PRAGMA cache_size = -{READ_CACHE_KIB}")

    return engine


# What SQLite says about a file, apart from what it says about the disk under it: only these
# result codes mean the file's bytes are wrong. A full disk, an I/O error or a permission
# problem is no damage, and no reason to offer a restore.
_DAMAGE_CODES = {11, 26}  # SQLITE_CORRUPT, SQLITE_NOTADB
# The primary result codes (the low byte of an extended code) litman maps to its own errors.
SQLITE_BUSY, SQLITE_LOCKED, SQLITE_READONLY, SQLITE_IOERR, SQLITE_FULL = 5, 6, 8, 10, 13


def result_code(error: BaseException | None) -> int | None:
    """SQLite's primary result code of a driver error (None when the driver gave none)."""
    code = getattr(error, "sqlite_errorcode", None)
    return None if code is None else int(code) & 0xFF


def is_damage(exc: sqlite3.Error) -> bool:
    """Whether an error from SQLite says the file is damaged (not the disk, not access)."""
    code = result_code(exc)
    if code is None:
        # Raised by Python's driver itself, which gives no code. The one operational error
        # it raises on reading a row is text that is not UTF-8, and that is damage too:
        # litman writes none, and quick_check does not look at text (bytes overwritten in a
        # leaf page of abstracts pass it, then fail here on reading).
        return isinstance(exc, sqlite3.OperationalError)
    return code in _DAMAGE_CODES


def is_io_error(exc: sqlite3.Error) -> bool:
    """Whether SQLite could not read or write the disk (the driver raises none itself)."""
    return result_code(exc) == SQLITE_IOERR


def unreadable(path: Path, exc: sqlite3.Error) -> LitmanError:
    """The error for a file SQLite could not read for a reason other than damage."""
    hint = " (is the disk full?)" if result_code(exc) in (SQLITE_IOERR, SQLITE_FULL) else ""
    return LitmanError(f"Could not read {path}: {exc}{hint}. The file was not changed.")


def peek_schema_version(path: Path) -> int | None:
    """The schema version stored in a library file, read without changing a byte of it.

    None for a file with no litman tables yet (a fresh, empty database).
    """
    # With no -wal file the main file is complete, and `immutable` keeps SQLite from creating
    # -wal/-shm files beside a library it may be about to refuse.
    try:
        conn = _connect_ro(path, immutable=not _wal(path).exists())
    except sqlite3.Error as exc:
        if not is_damage(exc):
            raise unreadable(path, exc) from exc
        raise CorruptLibraryError(f"{path} cannot be opened as a litman library: {exc}") from exc
    try:
        rows = conn.execute(
            "SELECT name FROM sqlite_master WHERE type='table' AND name='meta'"
        ).fetchall()
        if not rows:
            return None
        _refuse_odd_tables(path, conn)
        row = conn.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()
        return int(row[0]) if row else None
    except sqlite3.DatabaseError as exc:
        if not is_damage(exc):
            raise unreadable(path, exc) from exc
        raise CorruptLibraryError(f"{path} is not a readable litman library ({exc}).") from exc
    except ValueError as exc:
        raise CorruptLibraryError(f"{path} is not a readable litman library ({exc}).") from exc
    finally:
        conn.close()


def _refuse_odd_tables(path: Path, conn: sqlite3.Connection) -> None:
    """A name litman reads must be an ordinary table: a file passed round as a library can
    hold a view of that name over an endless recursive query (`litman list` then ran with
    its memory growing, for ever), or a virtual table whose module runs code."""
    rows = conn.execute(
        "SELECT name, type, sql FROM sqlite_master WHERE type IN ('table', 'view')"
    ).fetchall()
    ordinary = {n for n, kind, sql in rows if kind == "table" and not _virtual(sql)}
    odd = sorted({n for n, _kind, _sql in rows if n in _TABLES and n not in ordinary})
    if odd:
        raise CorruptLibraryError(
            f"{path} is not a library litman wrote: its {odd[0]} is a view or a virtual "
            "table, not a table"
        )


def _virtual(sql: object) -> bool:
    return str(sql or "").lstrip().upper().startswith("CREATE VIRTUAL")


_TABLES = frozenset(models.meta.metadata.tables)  # every table litman makes


def _wal(path: Path) -> Path:
    return path.with_name(path.name + "-wal")


def _wal_pending(path: Path) -> bool:
    """Whether a -wal with content lies beside the file (an empty one holds nothing)."""
    try:
        return os.path.getsize(_wal(path)) > 0
    except OSError:
        return False


def _connect_ro(path: Path, *, immutable: bool = False) -> sqlite3.Connection:
    """A read-only connection that works on a read-only or full disk too.

    A WAL library needs a -shm file even to read. Where none can be made (a read-only folder,
    a full disk) and no -wal is pending, nothing has been writing since the last clean
    close, so the file is read as immutable: reading never depends on being able to write.
    """
    path = Path(path).absolute()
    if not immutable and not os.access(path.parent, os.W_OK) and not _wal_pending(path):
        immutable = True
    conn = _connect(path, immutable)
    if immutable:
        return conn
    try:
        conn.execute("SELECT 1 FROM sqlite_master LIMIT 1").fetchall()  # makes the -shm
    except sqlite3.Error as exc:
        conn.close()
        if is_damage(exc) or _wal_pending(path):
            raise
        return _connect(path, True)  # no room for a -shm: read the file as it is
    return conn


def _connect(path: Path, immutable: bool) -> sqlite3.Connection:
    flags = "mode=ro&immutable=1" if immutable else "mode=ro"
    return sqlite3.connect(
        f"{path.as_uri()}?{flags}",
        uri=True,
        timeout=BUSY_TIMEOUT_MS / 1000,
        check_same_thread=False,
    )


def _check(path: Path, pragma: str) -> str:
    """'ok' or the damage found. An error that is not damage (a full disk, an I/O error, no
    access) raises LitmanError: it says nothing about the file."""
    try:
        conn = _connect_ro(path)
    except sqlite3.Error as exc:
        if not is_damage(exc):
            raise unreadable(path, exc) from exc
        return str(exc)
    try:
        rows = conn.execute(f"PRAGMA {pragma}").fetchmany(3)
    except sqlite3.DatabaseError as exc:
        if not is_damage(exc):
            raise unreadable(path, exc) from exc
        return str(exc)
    finally:
        conn.close()
    return "ok" if rows and rows[0][0] == "ok" else "; ".join(str(r[0]) for r in rows)


def quick_check(path: Path) -> str:
    """'ok', or the first problems PRAGMA quick_check finds in a damaged file. Raises
    LitmanError when the file cannot be read at all for another reason (a full disk)."""
    return _check(path, "quick_check")


def integrity_check(path: Path) -> str:
    """'ok', or the first problems PRAGMA integrity_check finds (as `quick_check`)."""
    return _check(path, "integrity_check")


def is_healthy(path: Path) -> bool:
    return quick_check(path) == "ok"


def backup_to(source: Path, target: Path) -> None:
    """A consistent copy of a live library, through SQLite's online backup API.

    The copy is taken in one step, so it is a snapshot of one moment even while another
    connection writes.
    """
    src = _connect_ro(source)
    dst = sqlite3.connect(target)
    try:
        src.backup(dst)
        # The copy is a standalone file: no -wal beside it, readable from a read-only place.
        dst.execute("PRAGMA journal_mode = DELETE")
    except sqlite3.Error as exc:
        raise LitmanError(f"Could not copy {source}: {exc}.") from exc
    finally:
        dst.close()
        src.close()


def checkpoint(path: Path) -> None:
    """Fold the -wal into the main file, where it can (best effort: a reader may hold it)."""
    try:
        conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000)
        try:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
        finally:
            conn.close()
    except sqlite3.Error:
        pass


class ChangeWatcher:
    """Tells whether another connection has committed since the last look.

    PRAGMA data_version is per connection, so the watcher keeps one of its own.
    """

    def __init__(self, path: Path) -> None:
        self._conn = _connect_ro(path)
        self._seen = self._version()

    def _version(self) -> int:
        return int(self._conn.execute("PRAGMA data_version").fetchone()[0])

    def changed(self) -> bool:
        now = self._version()
        changed, self._seen = now != self._seen, now
        return changed

    def close(self) -> None:
        self._conn.close()
