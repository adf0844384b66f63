"""The one `Store` interface: everything the `Library` and its parts ask of a database.

A store is one open library in some database. The `Library` and its parts (papers, tags,
search, backups) talk to the database only through it: they run portable SQLAlchemy Core on
the connections `read()` and `write()` yield, and ask the store for what depends on where and
how the library is kept (backups, integrity checks, another writer's commits). The SQLite
store (`litman.core.sqlite_store.SQLiteStore`, a library file) is the one implementation
today; a PostgreSQL store implements the same protocol.

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
- `check()` returns "ok" or a short description of damage; it never changes anything.
- `take_backup(reason)` and `take_daily_backup()` copy the library somewhere it can be
  restored from (None when this store keeps no backups or is read-only).
- `owns_file(path)` says whether a file is one of the store's own (opening it for import or
  export through another handle could corrupt it); a server store owns no file.
- `reload()` reopens after the library was replaced underneath (a restore); `close()` lets go
  of every connection and is harmless twice.
- `name` is a short name for titles, `where` the full location for messages (never a
  password), `read_only` whether writes are refused, and `read_only_reason` why, when the
  caller did not ask for it. `engine` is the SQLAlchemy engine behind the connections: the
  parts may read its `dialect`, and tests may listen to its events.

Dialect differences in SQL the parts run (expanding a JSON array of ids, aggregating strings)
are chosen by `conn.dialect.name` in `litman.core.store`, beside the query that needs them.
"""

from contextlib import AbstractContextManager
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from sqlalchemy import Connection, Engine

if TYPE_CHECKING:
    from litman.core.backups import Backup


@runtime_checkable
class Store(Protocol):
    """One open library in a database (see the module docstring for the contract)."""

    engine: Engine
    read_only: bool
    read_only_reason: str

    @property
    def name(self) -> str:
        """A short name: the file's name, the database's name."""
        ...

    @property
    def where(self) -> str:
        """The full location, for messages: a path, or a URL without its password."""
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

    def check(self) -> str:
        """'ok', or what is damaged."""
        ...

    def take_backup(self, reason: str) -> "Backup | None":
        """A backup now, named for `reason`; None when backups are off or read-only."""
        ...

    def take_daily_backup(self) -> "Backup | None":
        """The day's backup, unless one exists or backups are off."""
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
