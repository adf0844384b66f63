"""The SQLite store: a litman library kept in one file (see `litman.core.store.interface.Store`).

Opening goes through `litman.core.store.opening` (checks, backups, migrations); reads and writes
run on one SQLAlchemy engine; writes take the write gate beside the file
(`litman.core.store.locking`), refuse a file that a restore replaced, and begin with SQLite's write
lock. SQLite's errors become litman's by result code (`sqlite3.Error.sqlite_errorcode`), not
by their text. Only this module, `opening`, `backups`, `locking` and `sqlite` know that the
library is a file.
"""

import logging
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from threading import RLock

from sqlalchemy import Connection, Engine
from sqlalchemy.exc import DBAPIError, OperationalError

from litman.core.errors import (
    CorruptLibraryError,
    DiskFullError,
    LibraryLockedError,
    LitmanError,
    NotFoundError,
    ReadOnlyError,
)
from litman.core.messages import _
from litman.core.store import backups, dialects, locking, opening, own_files, sqlite
from litman.core.store.interface import Backup, Restored

log = logging.getLogger(__name__)


class SQLiteStore:
    """One library file, open. `path` is the real file (a symlink's target)."""

    engine: Engine
    sql: dialects.SQLDialect = dialects.SQLITE

    def __init__(
        self,
        path: Path,
        *,
        read_only: bool = False,
        check: bool | None = True,
        backup: bool = True,
        daily: bool = True,
    ) -> None:
        opening.refuse_dangling(Path(path))
        self.path = backups.real_path(path)  # a symlink's target: lock, backups follow it
        self.read_only = read_only
        self.read_only_reason = ""
        self.backups_on = backup
        self._lock = RLock()
        self._open(check, daily)
        self._watcher = sqlite.ChangeWatcher(self.path)
        self._changed = False
        self._closed = False

    def _open(self, check: bool | None, daily: bool) -> None:
        self._unclean = opening.unclean(self.path)  # before this open's own -wal
        opened = opening.open_store(
            self.path,
            read_only=self.read_only,
            check=check,
            daily=daily,
            backups_on=self.backups_on,
        )
        self.engine = opened.engine
        # The first connection puts a file that is not in WAL mode yet (a restored backup)
        # into it: a commit, made before the change watcher takes its first look, not news.
        with self.read():  # (a read: its errors are said as a read's, a full disk's too)
            pass
        self._identity = opened.identity
        self.read_only = opened.read_only
        self.read_only_reason = self.read_only_reason or opened.read_only_reason

    @property
    def site(self) -> "FileSite":
        return FileSite(self.path)

    # -- transactions --------------------------------------------------------------------

    @contextmanager
    def read(self) -> Iterator[Connection]:
        try:
            with self.engine.connect() as conn, conn.begin():
                yield conn
        # A damaged page, or a disk that fails, met while reading: through SQLAlchemy
        # (DBAPIError) or through the driver's own cursor (sorting.raw_rows).
        except (DBAPIError, sqlite3.Error) as exc:
            raise opening.read_error(self.path, exc) from exc

    @contextmanager
    def write(self) -> Iterator[Connection]:
        if self.read_only:
            raise ReadOnlyError(_("{0} is open read-only; nothing was changed.").format(self.path))
        with self._lock, locking.write_gate(self.path):
            opening.check_same_file(self.path, self._identity)
            if self._watcher.changed():
                self._changed = True
            try:
                with (
                    self.engine.connect().execution_options(**{sqlite.WRITE_OPTION: True}) as conn,
                    conn.begin(),
                ):
                    yield conn
            except OperationalError as exc:
                if not isinstance(exc.orig, sqlite3.Error):
                    raise  # another store's, met inside this write (a copy's source): its own
                raise write_error(exc, self.path) from exc
            finally:
                # Our own commit is not news. (A commit by another process in the instant
                # between ours and this look is absorbed too; the next one will be noticed.)
                self._watcher.changed()

    def watch(self, changed: object, state: object) -> None:
        """A file sends no news: the window polls `changed_elsewhere()`."""
        return None

    def changed_elsewhere(self) -> bool:
        # Not while this store's own write runs on another thread: that write's Library
        # takes its follow lock before committing, and the caller (Library.changes_elsewhere)
        # holds that lock now, so waiting here would deadlock them both. Nothing is lost:
        # a commit from elsewhere stays in the watcher (or `_changed`) for the next look.
        if not self._lock.acquire(blocking=False):
            return False
        try:
            changed = self._watcher.changed() or self._changed
            self._changed = False
        finally:
            self._lock.release()
        return changed

    # -- the file ------------------------------------------------------------------------

    def check(self) -> str:
        problem = sqlite.quick_check(self.path)
        self._unclean = False
        return problem

    def check_due(self) -> bool:
        if self.read_only:
            return False
        return self._unclean or (self.backups_on and backups.daily_due(self.path))

    def take_backup(self, reason: str) -> backups.Backup | None:
        if not self.backups_on or self.read_only:
            return None
        return backups.take(self.path, reason)

    def take_daily_backup(self) -> backups.Backup | None:
        if not self.backups_on or self.read_only:
            return None
        return backups.take_daily(self.path)

    @property
    def files_folder(self) -> Path:
        """`library-files/` beside `library.sqlite`: the library's own folder of files."""
        return self.path.with_name(backups.backup_key(self.path) + "-files")

    def owns_file(self, path: Path) -> bool:
        return own_files.is_library_file(self.path, path)

    def reload(self) -> None:
        self.close()
        self._open(True, True)
        self._watcher = sqlite.ChangeWatcher(self.path)
        self._changed = False
        self._closed = False

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        self._watcher.close()
        self.engine.dispose()


class FileSite:
    """A library file, opened or not: its backups beside it, its lock file, its checks."""

    def __init__(self, path: Path) -> None:
        self.given = Path(path)
        self.path = backups.real_path(path)

    @property
    def name(self) -> str:
        return self.given.name

    @property
    def where(self) -> str:
        return str(self.path)

    def exists(self) -> bool:
        return self.given.exists()

    def writer_claim(self, program: str = "litman window") -> locking.WriterLock:
        return locking.WriterLock(self.path, program)

    def backups(self) -> list[Backup]:
        return backups.list_backups(self.path)

    def backups_where(self) -> str:
        return str(backups.backups_dir(self.path))

    def newest_good_backup(self) -> Backup | None:
        return backups.newest_good(self.path)

    def backup_now(self) -> Backup:
        if not self.given.exists():
            raise NotFoundError(_("No library at {0}.").format(self.given))
        problem = sqlite.quick_check(self.given)
        if problem != "ok":
            raise CorruptLibraryError(
                _(
                    "{0} is damaged ({1}); a backup of it would not help. Restore an older backup "
                    "instead."
                ).format(self.given, problem),
                path=self.given,
            )
        return backups.take(self.given, backups.MANUAL)

    def papers_in(self, backup: Backup) -> int | None:
        from litman.core.store.rows import count_papers

        try:
            store = SQLiteStore(backup.path, read_only=True, check=False, backup=False)
        except Exception:  # any backup litman cannot open: listed as unreadable
            log.warning("Cannot open the backup %s", backup.path, exc_info=True)
            return None
        try:
            with store.read() as conn:
                return count_papers(conn)
        except Exception:
            log.warning("Cannot count the papers of the backup %s", backup.path, exc_info=True)
            return None
        finally:
            store.close()

    def check_whole(self) -> None:
        if not self.given.exists():
            raise NotFoundError(_("No library at {0}.").format(self.given))
        problem = sqlite.integrity_check(self.path)
        if problem != "ok":
            raise opening.damaged(self.path, problem)

    def restore(self, name: str | None = None) -> Restored:
        return backups.restore(self.given, backups.find(self.given, name))

    def move_aside(self) -> str:
        return str(backups.move_aside(self.given))


def write_error(exc: OperationalError, path: Path) -> LitmanError:
    """A one-line error for a write SQLite refused, by its result code."""
    code = sqlite.result_code(exc.orig)
    if code in (sqlite.SQLITE_BUSY, sqlite.SQLITE_LOCKED):
        return LibraryLockedError(
            f"{path} is busy: another litman is writing to it. Nothing was changed; try again."
        )
    if code == sqlite.SQLITE_FULL:
        return DiskFullError(f"The disk holding {path} is full; nothing was changed.")
    if code == sqlite.SQLITE_READONLY:
        return ReadOnlyError(f"{path} cannot be written (read-only); nothing was changed.")
    return LitmanError(f"Could not write to {path}: {exc.orig}. Nothing was changed.")
