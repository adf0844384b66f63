"""The one `Store` interface: everything the `Library` and its parts ask of a database.

A store is one open library in some database. The `Library` and its parts (papers, tags,
search, backups) talk to the database only through it: they run portable SQLAlchemy Core on
the connections `read()` and `write()` yield, and ask the store for what depends on where and
how the library is kept (backups, integrity checks, another writer's commits). Two stores
implement it: the SQLite store (`litman.core.store.sqlite_store.SQLiteStore`, a library file)
and the PostgreSQL store (`litman.core.store.postgres_store.PostgresStore`, a shared library);
`litman.core.store.stores.open_store` chooses one from where the library is.

What an implementation must do:
- `read()` yields a connection inside one transaction that sees one consistent snapshot; it
  ends with the block. Errors met while reading are raised as `LitmanError` subclasses:
  `CorruptLibraryError` for damage, a plain `LitmanError` for an unreadable disk or server.
- `write()` yields a connection inside one write transaction that commits when the block
  ends without an exception and rolls back otherwise, whole or nothing. Write transactions
  of every process using the library are serialised, and one begins holding what it needs
  (SQLite: BEGIN IMMEDIATE; PostgreSQL: a transaction-level advisory lock), so that two
  writers never deadlock or fail to commit on a conflict. It raises `ReadOnlyError` when the
  store was opened read-only, and maps the database's errors by exception type and code
  (SQLite result codes, PostgreSQL SQLSTATE), never by message text:
  `LibraryLockedError` (another writer held the library past the timeout),
  `DiskFullError`, `ReadOnlyError` (the database refused a write), any other to a one-line
  `LitmanError` saying nothing was changed. An `IntegrityError` from a statement the caller
  runs is left to the caller, which knows what the constraint means.
- `changed_elsewhere()` says whether a transaction committed by another connection (another
  process, or another `Library` in this one) is visible since the last call; the store's own
  commits through `write()` are not news.
- `watch(changed, state)` gives a `litman.core.store.live.Watch` that tells of other clients'
  commits as they happen and of the server going away and coming back, or None when the
  store has no such news (a file: the window polls `changed_elsewhere()` instead).
- `check()` returns "ok" or a short description of damage; it never changes anything.
- `take_backup(reason)` and `take_daily_backup()` copy the library somewhere it can be
  restored from (None when this store keeps no backups or is read-only).
- `owns_file(path)` says whether a file is one of the store's own (opening it for import or
  export through another handle could corrupt it); a server store owns no file.
- `reload()` reopens after the library was replaced underneath (a restore); `close()` lets go
  of every connection and is harmless twice.
- `name` is a short name for titles, `where` the full location for messages (never a
  password), `read_only` whether writes are refused, and `read_only_reason` why, when the
  caller did not ask for it. `engine` is the SQLAlchemy engine behind the connections:
  tests may listen to its events.
- `sql` is the store's `litman.core.store.dialects.SQLDialect`: what SQL differs from one
  database to another (a JSON column's text, joining ids into a string, a case-folding LIKE,
  per-user reading state, ...). The parts ask it, or `dialects.of(conn)` given only a
  connection, and never check which database they run on.

A `Site` is where a library lives, opened or not: what the window and the command line need
before a library can be opened, or when it cannot be (its backups, restoring one, its
writer claim, moving a damaged one aside). `Store.site` is the site of an open store.

Every difference between the databases lives in this package: the SQL the parts run asks a
`SQLDialect` (`litman.core.store.dialects`); expanding a JSON array of ids compiles per dialect
(`litman.core.store.sql_values.in_ids`); the store's own modules (rows, reading state, the
journal, the trash) take their fast paths and statements per database. Nothing outside
`litman.core.store` checks which database it runs on (tests/test_dialect_in_store.py).
"""

from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from sqlalchemy import Connection, Engine

if TYPE_CHECKING:
    from litman.core.store import dialects, live


@dataclass(frozen=True)
class Backup:
    """A copy of a library that can be restored: where it is, when and why it was taken."""

    path: Path
    taken_at: datetime
    reason: str

    @property
    def size(self) -> int:
        return self.path.stat().st_size

    @property
    def name(self) -> str:
        return self.path.name

    def describe(self) -> str:
        return f"{self.taken_at:%Y-%m-%d %H:%M:%S}  {self.reason:<13}  {self.path.name}"


@dataclass(frozen=True)
class Restored:
    backup: Backup
    kept: Path | None  # where the library that was replaced now lives


class Holder(Protocol):
    """Who holds a library's writer claim."""

    @property
    def pid(self) -> int: ...

    def describe(self) -> str: ...


class WriterClaim(Protocol):
    """One window's claim to be the library's only writing window (a lock file beside a
    SQLite library). The command line takes none: its writes wait at the store's own lock."""

    @property
    def held(self) -> bool: ...

    def acquire(self) -> bool:
        """Take the claim if nobody holds it; False when another window does."""
        ...

    def release(self) -> None: ...

    def holder(self) -> Holder | None:
        """Who holds the claim now; None when nobody does."""
        ...


class Site(Protocol):
    """Where a library lives, opened or not (see the module docstring)."""

    @property
    def name(self) -> str:
        """A short name: the file's name, the database's name."""
        ...

    @property
    def where(self) -> str:
        """The full location, for messages: a path, or a URL without its password."""
        ...

    def exists(self) -> bool: ...

    def writer_claim(self, program: str = "litman window") -> WriterClaim: ...

    def backups(self) -> list[Backup]:
        """The library's backups, newest first."""
        ...

    def backups_where(self) -> str:
        """Where the backups are kept, for messages."""
        ...

    def newest_good_backup(self) -> Backup | None: ...

    def backup_now(self) -> Backup:
        """A manual backup of a healthy library; refuses a damaged one."""
        ...

    def papers_in(self, backup: Backup) -> int | None:
        """How many papers a backup holds; None when it cannot be read."""
        ...

    def check_whole(self) -> None:
        """The store's full integrity check; raises CorruptLibraryError for damage."""
        ...

    def restore(self, name: str | None = None) -> Restored:
        """Put a backup (by name; the newest good one by default) in place of the library,
        keeping the current one first. The caller has closed its own store and checked that
        no other window holds the writer claim."""
        ...

    def move_aside(self) -> str:
        """Move a damaged library out of the way (the next open starts empty); where to."""
        ...


@runtime_checkable
class Store(Protocol):
    """One open library in a database (see the module docstring for the contract)."""

    engine: Engine
    sql: "dialects.SQLDialect"
    read_only: bool
    read_only_reason: str

    @property
    def site(self) -> Site:
        """Where this library lives."""
        ...

    def read(self) -> AbstractContextManager[Connection]:
        """One read transaction."""
        ...

    def write(self) -> AbstractContextManager[Connection]:
        """One serialised write transaction, committed whole or rolled back."""
        ...

    def changed_elsewhere(self) -> bool:
        """Whether someone else committed since the last call."""
        ...

    def watch(self, changed: "live.Changed", state: "live.State") -> "live.Watch | None":
        """News of others' commits and of the server, as they happen (see the docstring)."""
        ...

    def check(self) -> str:
        """'ok', or what is damaged."""
        ...

    def check_due(self) -> bool:
        """Whether a check can matter now: the day's first backup is due (a copy of a
        damaged file would be no backup), or the store was not closed cleanly before this
        open and has not been checked since."""
        ...

    def take_backup(self, reason: str) -> Backup | None:
        """A backup now, named for `reason`; None when backups are off or read-only."""
        ...

    def take_daily_backup(self) -> Backup | None:
        """The day's backup, unless one exists or backups are off."""
        ...

    @property
    def files_folder(self) -> Path | None:
        """The folder attachments are copied into by default (beside a library file); None
        where the library has no folder of its own (a shared database: each user sets
        theirs)."""
        ...

    def owns_file(self, path: Path) -> bool:
        """Whether `path` is one of the store's own files."""
        ...

    def reload(self) -> None:
        """Reopen after the library was replaced underneath (a restore)."""
        ...

    def close(self) -> None:
        """Let go of every connection; harmless twice."""
        ...
