"""Opening a library file safely, before the `Library` facade uses it.

In order: refuse a file that is not a readable SQLite library, or one written by a newer
litman, without touching it (offering the newest good backup); run PRAGMA quick_check;
fall back to read-only on a read-only disk or folder; create the tables of a new file; back
up, then migrate, an older schema; take the day's first backup.
"""

import os
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import Engine

from litman.core import backups, schema, sqlite
from litman.core.errors import CorruptLibraryError, LitmanError, NotFoundError, ReadOnlyError


@dataclass(frozen=True)
class Opened:
    engine: Engine
    read_only: bool
    read_only_reason: str  # why, when the caller did not ask for read-only


def open_store(
    path: Path, *, read_only: bool, check: bool, daily: bool, backups_on: bool
) -> Opened:
    exists = path.exists() and path.stat().st_size > 0
    version = None
    reason = ""
    if exists:
        try:
            version = sqlite.peek_schema_version(path)
        except CorruptLibraryError as exc:
            raise damaged(path, str(exc.__cause__ or exc)) from exc
        schema.check_supported(version, str(path))
        if check:
            problem = sqlite.quick_check(path)
            if problem != "ok":
                raise damaged(path, problem)
        if not read_only and not writable(path):
            read_only, reason = True, f"{path} is on a read-only disk or folder."
    elif read_only:
        raise NotFoundError(f"No library at {path}.")
    else:
        _prepare_new(path)
    migrating = version is not None and schema.needs_migration(version)
    if migrating:
        if read_only:
            raise ReadOnlyError(f"{path} needs an upgrade, which a read-only open cannot do.")
        backups.take(path, backups.PRE_MIGRATION)
    elif exists and daily and backups_on and not read_only:
        backups.take_daily(path)
    engine = sqlite.make_engine(path, read_only=read_only)
    if version is None and not read_only:
        schema.create(engine)
    elif version is not None and migrating:
        _migrate(engine, path, version)
    return Opened(engine, read_only, reason)


def _prepare_new(path: Path) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise LitmanError(f"Cannot create a library at {path}: {exc.strerror}.") from exc
    if not writable(path):
        raise ReadOnlyError(f"Cannot create a library in {path.parent}: read-only.")


def _migrate(engine: Engine, path: Path, version: int) -> None:
    try:
        schema.migrate(engine, version)
    except Exception as exc:
        engine.dispose()
        raise LitmanError(
            f"Upgrading {path} from schema {version} failed ({exc}). The library was left "
            f"as it was, and a copy is in {backups.backups_dir(path)}."
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
