"""Opening a library file safely, before the `Library` facade uses it.

In order: refuse a file that is not a readable SQLite library, or one written by a newer
litman, without touching it (offering the newest good backup); run PRAGMA quick_check when
it can matter; fall back to read-only on a read-only disk or folder; create the tables of a
new file, but never recreate a library that vanished (its backups say it existed); back up,
then migrate, an older schema; take the day's first backup.

The integrity check runs when asked (`check=True`) or, by default (`check=None`), when it
can matter: with the day's first backup (a copy of a damaged file would be no backup), and
after an unclean shutdown (a -wal file left beside the library). A read-only open never
checks, backs up or writes anything: reading never depends on being able to write, and a
damaged page met while reading is reported as damage then. An I/O error or a full disk is
never reported as damage.
"""

import logging
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import Engine
from sqlalchemy.exc import DBAPIError

from litman.core.errors import (
    CorruptLibraryError,
    LitmanError,
    NeedsUpgradeError,
    NotFoundError,
    ReadOnlyError,
)
from litman.core.messages import _
from litman.core.records import counted
from litman.core.store import backups, schema, sqlite

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Opened:
    engine: Engine
    read_only: bool
    read_only_reason: str  # why, when the caller did not ask for read-only
    identity: tuple[int, int]  # the file opened, to notice it being replaced (a restore)


def identity(path: Path) -> tuple[int, int]:
    try:
        info = os.stat(path)
    except OSError:
        return (0, 0)
    return (info.st_dev, info.st_ino)


def check_same_file(path: Path, opened: tuple[int, int]) -> None:
    """Refuse to write when the file at `path` is no longer the one opened: a restore put
    another in its place, or it was deleted or moved, and a write now would land in a file
    no longer there, lost."""
    now = identity(path)
    if now == opened:
        return
    if now == (0, 0):  # nothing there now: never recreated by writing to it
        raise LitmanError(
            _(
                "{0} was deleted or moved after this litman opened it; nothing was changed and "
                "nothing was made in its place."
            ).format(path)
        )
    raise LitmanError(
        _(
            "{0} was replaced by another file (a restore?) after this litman opened it; nothing "
            "was changed. Open it again."
        ).format(path)
    )


def read_error(path: Path, exc: DBAPIError | sqlite3.Error) -> Exception:
    """What to raise for an error met while reading: damage when SQLite says the file is
    damaged, a plain one-line error for a disk that fails, else the error itself."""
    orig = exc.orig if isinstance(exc, DBAPIError) else exc
    if not isinstance(orig, sqlite3.Error):
        return exc
    if sqlite.is_damage(orig):
        return damaged(path, str(orig))
    if sqlite.is_io_error(orig):
        return sqlite.unreadable(path, orig)
    return exc


def open_store(
    path: Path, *, read_only: bool, check: bool | None, daily: bool, backups_on: bool
) -> Opened:
    exists = path.exists() and path.stat().st_size > 0
    if not exists:
        _refuse_vanished(path)
    version = None
    reason = ""
    if exists:
        version = _peek(path)
        schema.check_supported(version, str(path))
        if not read_only and not writable(path):
            read_only, reason = True, f"{path} is on a read-only disk or folder."
        daily_due = daily and backups_on and not read_only and backups.daily_due(path)
        if check or (check is None and not read_only and (daily_due or unclean(path))):
            problem = sqlite.quick_check(path)
            if problem != "ok":
                raise damaged(path, problem)
    elif read_only:
        raise NotFoundError(_("No library at {0}.").format(path))
    else:
        _prepare_new(path)
        daily_due = False
    if not read_only and backups_on:
        backups.clean_leftovers(path)
    migrating = version is not None and schema.needs_migration(version)
    if migrating:
        if read_only:
            raise NeedsUpgradeError(
                _("{0} needs an upgrade, which a read-only open cannot do.").format(path)
            )
        backups.take(path, backups.PRE_MIGRATION)
    elif daily_due:
        backups.take_daily(path)
    engine = sqlite.make_engine(path, read_only=read_only)
    if version is None and not read_only:
        schema.create(engine)
    elif version is not None and migrating:
        _migrate(engine, path, version)
    return Opened(engine, read_only, reason, identity(path))


def unclean(path: Path) -> bool:
    """Whether a -wal file with content is left beside the library: the last writer did not
    close cleanly (or another process has it open now)."""
    try:
        return os.path.getsize(str(path) + "-wal") > 0
    except OSError:
        return False


def _peek(path: Path) -> int | None:
    try:
        return sqlite.peek_schema_version(path)
    except CorruptLibraryError as exc:
        raise damaged(path, str(exc.__cause__ or exc)) from exc


def refuse_dangling(path: Path) -> None:
    """A symbolic link to nothing (a disk not mounted, a file moved) is not a new library."""
    if path.is_symlink() and not path.exists():
        raise NotFoundError(
            _(
                "{0} is a symbolic link to {1}, which does not exist (a disk not mounted?). "
                "Nothing was created."
            ).format(path, os.readlink(path))
        )


def _refuse_vanished(path: Path) -> None:
    """A library that is missing (or empty) but has backups existed and vanished: it is
    never silently recreated empty."""
    found = backups.list_backups(path)
    if not found:
        return
    raise NotFoundError(
        f"No library at {path}, but {backups.backups_dir(path)} holds "
        f"{counted(len(found), 'backup')} of it (the newest from "
        f"{found[0].taken_at:%Y-%m-%d %H:%M}). Nothing was created: "
        "run `litman restore` to put the newest good one back."
    )


def _prepare_new(path: Path) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise LitmanError(
            _("Cannot create a library at {0}: {1}.").format(path, exc.strerror)
        ) from exc
    if not writable(path):
        raise ReadOnlyError(_("Cannot create a library in {0}: read-only.").format(path.parent))


def _migrate(engine: Engine, path: Path, version: int) -> None:
    try:
        schema.migrate(engine, version)
    except Exception as exc:
        log.exception("Upgrading %s from schema %s failed", path, version)  # the whole trace
        engine.dispose()
        raise LitmanError(
            _(
                "Upgrading {0} from schema {1} failed ({2}). The library was left as it was, and "
                "a copy is in {3}."
            ).format(path, version, exc, backups.backups_dir(path))
        ) from exc


def damaged(path: Path, problem: str) -> CorruptLibraryError:
    """The error for a damaged file, naming the newest good backup if there is one."""
    good = backups.newest_good(path)
    if good is None:
        offer = f"There is no backup of it in {backups.backups_dir(path)}."
    else:
        offer = (
            f"The newest good backup is from {good.taken_at:%Y-%m-%d %H:%M} "
            f"({good.path.name}); restoring it keeps the damaged file aside."
        )
    return CorruptLibraryError(
        f"{path} is damaged and was not opened ({problem}). It has not been changed. {offer}",
        path=path,
        backup=good,
    )


def writable(path: Path) -> bool:
    """Whether litman may write `path` and create its -wal and -shm files beside it."""
    if not os.access(path.parent, os.W_OK):
        return False
    return not path.exists() or os.access(path, os.W_OK)
