"""Rotating backups of a library file, and restoring one.

Backups live in `backups/` beside the library, one SQLite file each, named
`<library stem>-<YYYYmmdd-HHMMSS>-<reason>.sqlite` so that a listing sorts by age and says
why each was taken. Every copy goes through SQLite's online backup API into a temporary
name and is renamed into place only when whole, so a crash never leaves a half backup that
looks good.

Rotation keeps, for each of the last 7 days that have backups, the newest of that day; for
each of the last 4 weeks, the newest of that week; and, whatever their age, the 3 newest of
all, so that the copy taken just before a bulk delete is still there to undo it.
"""

import os
import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from litman.core import sqlite
from litman.core.errors import LitmanError, NotFoundError

DAILY = "daily"
MANUAL = "manual"
PRE_MIGRATION = "pre-migration"
PRE_DELETE = "pre-delete"
PRE_MERGE = "pre-merge"
PRE_RESTORE = "pre-restore"

KEEP_DAYS = 7
KEEP_WEEKS = 4
KEEP_NEWEST = 3

_STAMP = "%Y%m%d-%H%M%S"
_NAME = re.compile(r"^(?P<stem>.+)-(?P<stamp>\d{8}-\d{6})(?:-(?P<n>\d+))?-(?P<reason>[a-z-]+)$")


@dataclass(frozen=True)
class Backup:
    path: Path
    taken_at: datetime
    reason: str

    @property
    def size(self) -> int:
        return self.path.stat().st_size

    def describe(self) -> str:
        return f"{self.taken_at:%Y-%m-%d %H:%M:%S}  {self.reason:<13}  {self.path.name}"


def backups_dir(library: Path) -> Path:
    return Path(library).parent / "backups"


def list_backups(library: Path) -> list[Backup]:
    """This library's backups, newest first."""
    folder = backups_dir(library)
    if not folder.is_dir():
        return []
    found = []
    for path in folder.glob(f"{Path(library).stem}-*.sqlite"):
        m = _NAME.match(path.stem)
        if not m or m["stem"] != Path(library).stem:
            continue
        taken = datetime.strptime(m["stamp"], _STAMP)
        found.append((taken, int(m["n"] or 0), Backup(path, taken, m["reason"])))
    found.sort(key=lambda t: (t[0], t[1]), reverse=True)
    return [b for _, _, b in found]


def take(library: Path, reason: str, *, now: datetime | None = None) -> Backup:
    """Copy the library into `backups/` now, then prune old copies."""
    library = Path(library)
    if not library.exists():
        raise NotFoundError(f"No library at {library} to back up.")
    folder = backups_dir(library)
    folder.mkdir(parents=True, exist_ok=True)
    taken = (now or datetime.now()).replace(microsecond=0)
    target = _free_name(folder, library.stem, taken, reason)
    partial = target.with_name(target.name + ".partial")
    try:
        sqlite.backup_to(library, partial)
        os.replace(partial, target)
    except OSError as exc:
        partial.unlink(missing_ok=True)
        raise LitmanError(f"Could not write a backup into {folder}: {exc.strerror}.") from exc
    except Exception:
        partial.unlink(missing_ok=True)
        raise
    prune(library)
    return Backup(target, taken, reason)


def take_daily(library: Path, *, now: datetime | None = None) -> Backup | None:
    """A backup unless one was already taken today."""
    today = (now or datetime.now()).date()
    existing = list_backups(library)
    if existing and existing[0].taken_at.date() >= today:
        return None
    return take(library, DAILY, now=now)


def prune(library: Path) -> list[Path]:
    """Delete the backups the rotation no longer keeps; returns what went."""
    backups = list_backups(library)  # newest first
    keep: set[Path] = {b.path for b in backups[:KEEP_NEWEST]}
    days: dict[object, Path] = {}
    weeks: dict[object, Path] = {}
    for b in backups:
        days.setdefault(b.taken_at.date(), b.path)
        weeks.setdefault(b.taken_at.isocalendar()[:2], b.path)
    keep.update(list(days.values())[:KEEP_DAYS])
    keep.update(list(weeks.values())[:KEEP_WEEKS])
    gone = [b.path for b in backups if b.path not in keep]
    for path in gone:
        path.unlink(missing_ok=True)
    return gone


def newest_good(library: Path) -> Backup | None:
    """The newest backup that passes SQLite's integrity check."""
    for backup in list_backups(library):
        if sqlite.integrity_check(backup.path) == "ok":
            return backup
    return None


def find(library: Path, name: str | None) -> Backup:
    """A backup by file name or path; the newest good one when `name` is None."""
    if name is None:
        backup = newest_good(library)
        if backup is None:
            raise NotFoundError(f"No usable backup of {library} in {backups_dir(library)}.")
        return backup
    wanted = Path(name)
    for backup in list_backups(library):
        if backup.path.name == wanted.name or backup.path == wanted:
            return backup
    if wanted.is_file():
        return Backup(wanted, datetime.fromtimestamp(wanted.stat().st_mtime), "file")
    raise NotFoundError(f"No backup named '{name}' in {backups_dir(library)}.")


@dataclass(frozen=True)
class Restored:
    backup: Backup
    kept: Path | None  # where the file that was replaced now lives


def restore(library: Path, backup: Backup) -> Restored:
    """Replace the library with a backup. The current file is kept first: copied to a
    pre-restore backup when it is readable, moved aside untouched when it is not.

    The caller must have closed every connection to the library.
    """
    library = Path(library)
    problem = sqlite.integrity_check(backup.path)
    if problem != "ok":
        raise LitmanError(f"{backup.path.name} is damaged ({problem}); nothing was restored.")
    kept: Path | None = None
    if library.exists():
        if sqlite.is_healthy(library):
            kept = take(library, PRE_RESTORE).path
        else:
            kept = move_aside(library)
    library.parent.mkdir(parents=True, exist_ok=True)
    partial = library.with_name(library.name + ".restoring")
    sqlite.backup_to(backup.path, partial)
    for suffix in ("-wal", "-shm"):
        Path(str(library) + suffix).unlink(missing_ok=True)
    os.replace(partial, library)
    return Restored(backup, kept)


def move_aside(library: Path) -> Path:
    """Rename a damaged library (and its -wal/-shm) out of the way; never delete it."""
    library = Path(library)
    stamp = datetime.now().strftime(_STAMP)
    target = library.with_name(f"{library.name}.damaged-{stamp}")
    n = 1
    while target.exists():
        target = library.with_name(f"{library.name}.damaged-{stamp}-{n}")
        n += 1
    os.replace(library, target)
    for suffix in ("-wal", "-shm"):
        side = Path(str(library) + suffix)
        if side.exists():
            os.replace(side, Path(str(target) + suffix))
    return target


def _free_name(folder: Path, stem: str, taken: datetime, reason: str) -> Path:
    """A new name; backups taken in the same second get a counter that orders them."""
    base = f"{stem}-{taken.strftime(_STAMP)}"
    counters = [
        int(m["n"] or 0)
        for path in folder.glob(f"{base}-*.sqlite")
        if (m := _NAME.match(path.stem))
    ]
    if not counters:
        return folder / f"{base}-{reason}.sqlite"
    return folder / f"{base}-{max(counters) + 1}-{reason}.sqlite"
