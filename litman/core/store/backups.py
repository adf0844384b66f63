"""Rotating backups of a library file, and restoring one.

Backups live in `backups/` beside the library, one SQLite file each, named
`<library>-<YYYYmmdd-HHMMSS>-<reason>.sqlite` so that a listing sorts by age and says why each
was taken (`<library>` is the file's stem for a `.sqlite` library, its whole name otherwise,
so that `papers.sqlite` and `papers.db` never share backups). Every copy goes through SQLite's
online backup API into a temporary name and is renamed into place only when whole, so a crash
never leaves a half backup that looks good; a temporary left by a kill is removed next time.
A symlinked library is backed up, locked and restored at the file the link points to.

Rotation keeps, for each of the last 7 days that have backups, the newest of that day; for
each of the last 4 weeks, the newest of that week; and, whatever their age, the 3 newest of
all, so that the copy taken just before a bulk delete is still there to undo it. At most 14
copies are kept, so the backups of a library take at most 14 times its size. A backup dated
in the future (a clock that was wrong) is listed last: it never stops the daily backup and
is never the one restored by default.

A restore copies the backup beside the library first; only when that copy is whole does it
keep the current file (a pre-restore backup, or a damaged file linked aside) and rename the
copy into place. Any failure before that rename leaves the library as it was.
"""

import contextlib
import os
import re
from datetime import datetime
from pathlib import Path

from litman.core.errors import LitmanError, NotFoundError
from litman.core.messages import _
from litman.core.store import locking, sqlite
from litman.core.store.interface import Backup, Restored

__all__ = ["Backup", "Restored"]  # the records live beside the Store interface

DAILY = "daily"
MANUAL = "manual"
PRE_MIGRATION = "pre-migration"
PRE_DELETE = "pre-delete"
PRE_MERGE = "pre-merge"
PRE_RESTORE = "pre-restore"

KEEP_DAYS = 7
KEEP_WEEKS = 4
KEEP_NEWEST = 3
MAX_KEPT = KEEP_DAYS + KEEP_WEEKS + KEEP_NEWEST

_STAMP = "%Y%m%d-%H%M%S"
_NAME = re.compile(r"^(?P<stem>.+)-(?P<stamp>\d{8}-\d{6})(?:-(?P<n>\d+))?-(?P<reason>[a-z-]+)$")
_PARTIAL = ".partial"
_RESTORING = ".restoring"


def real_path(library: Path) -> Path:
    """The library file itself: a symbolic link is followed (to its last link), so that a
    restore replaces the file and keeps the link."""
    return Path(os.path.realpath(library))


def backups_dir(library: Path) -> Path:
    return real_path(library).parent / "backups"


def backup_key(library: Path) -> str:
    """What a library's backup names start with: unique per file in a folder."""
    name = real_path(library).name
    return name[: -len(".sqlite")] if name.endswith(".sqlite") else name


def list_backups(library: Path, *, now: datetime | None = None) -> list[Backup]:
    """This library's backups, newest first; any dated in the future come last."""
    folder = backups_dir(library)
    key = backup_key(library)
    try:
        names = [n for n in os.listdir(folder) if n.startswith(key + "-")]
    except OSError:  # no folder, or `backups` is a file
        return []
    found = []
    for name in names:
        m = _NAME.match(name[: -len(".sqlite")]) if name.endswith(".sqlite") else None
        if not m or m["stem"] != key:
            continue
        try:
            taken = datetime.strptime(m["stamp"], _STAMP)
        except ValueError:  # a name that only looks like ours
            continue
        found.append((taken, int(m["n"] or 0), Backup(folder / name, taken, m["reason"])))
    cutoff = now or datetime.now()
    found.sort(key=lambda t: (t[0] <= cutoff, t[0], t[1]), reverse=True)
    return [b for _, _, b in found]


def take(library: Path, reason: str, *, now: datetime | None = None) -> Backup:
    """Copy the library into `backups/` now, then prune old copies."""
    backup = copy(library, reason, now=now)
    prune(library, keep=(backup.path,))
    return backup


def copy(library: Path, reason: str, *, now: datetime | None = None) -> Backup:
    """A new backup, without pruning: a restore must not lose what it restores."""
    library = real_path(library)
    if not library.exists():
        raise NotFoundError(_("No library at {0} to back up.").format(library))
    folder = backups_dir(library)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise LitmanError(
            _("Cannot keep backups in {0}: {1}.").format(folder, _reason(exc))
        ) from exc
    taken = (now or datetime.now()).replace(microsecond=0)
    target = _free_name(folder, backup_key(library), taken, reason)
    partial = target.with_name(target.name + _PARTIAL)
    try:
        _copy_into(library, partial)
        os.replace(partial, target)
    except OSError as exc:
        raise LitmanError(
            _("Could not write a backup into {0}: {1}.").format(folder, _reason(exc))
        ) from exc
    finally:
        _discard(partial)
    return Backup(target, taken, reason)


def take_daily(library: Path, *, now: datetime | None = None) -> Backup | None:
    """A backup unless one was already taken today."""
    if not daily_due(library, now=now):
        return None
    return take(library, DAILY, now=now)


def daily_due(library: Path, *, now: datetime | None = None) -> bool:
    """Whether no backup was taken today (one dated in the future does not count)."""
    moment = now or datetime.now()
    return not any(
        b.taken_at.date() == moment.date() for b in list_backups(library, now=moment)[:1]
    )


def prune(library: Path, keep: tuple[Path, ...] = ()) -> list[Path]:
    """Delete the backups the rotation no longer keeps (never those in `keep`)."""
    backups = list_backups(library)  # newest first, future-dated last
    kept: set[Path] = {b.path for b in backups[:KEEP_NEWEST]} | set(keep)
    days: dict[object, Path] = {}
    weeks: dict[object, Path] = {}
    for b in backups:
        days.setdefault(b.taken_at.date(), b.path)
        weeks.setdefault(b.taken_at.isocalendar()[:2], b.path)
    kept.update(list(days.values())[:KEEP_DAYS])
    kept.update(list(weeks.values())[:KEEP_WEEKS])
    gone = [b.path for b in backups if b.path not in kept]
    for path in gone:
        path.unlink(missing_ok=True)
    return gone


def newest_good(library: Path) -> Backup | None:
    """The newest backup that passes SQLite's integrity check."""
    for backup in list_backups(library):
        try:
            if sqlite.integrity_check(backup.path) == "ok":
                return backup
        except LitmanError:
            continue  # unreadable now (a full disk): not the one to offer
    return None


def find(library: Path, name: str | None) -> Backup:
    """A backup by file name or path; the newest good one when `name` is None."""
    if name is None:
        backup = newest_good(library)
        if backup is None:
            raise NotFoundError(
                _("No usable backup of {0} in {1}.").format(library, backups_dir(library))
            )
        return backup
    wanted = Path(name)
    for backup in list_backups(library):
        if backup.path.name == wanted.name or backup.path == wanted:
            return backup
    if wanted.is_file():
        return Backup(wanted, datetime.fromtimestamp(wanted.stat().st_mtime), "file")
    raise NotFoundError(_("No backup named '{0}' in {1}.").format(name, backups_dir(library)))


def clean_leftovers(library: Path) -> list[Path]:
    """Remove what a killed or failed backup or restore left: `*.partial` copies in
    `backups/` and the library's `.restoring` copy. Only while no other litman is writing or
    restoring (the write gate is free), so that nothing in progress is taken away."""
    library = real_path(library)
    folder = backups_dir(library)
    try:
        names = os.listdir(folder)
    except OSError:
        names = []
    found = [folder / n for n in names if n.startswith(backup_key(library) + "-")]
    found = [p for p in found if p.name.endswith(_PARTIAL)]
    restoring = library.with_name(library.name + _RESTORING)
    if os.path.lexists(restoring):
        found.append(restoring)
    if not found:
        return []
    try:
        with locking.write_gate(library, exclusive=True, wait=False):
            for path in found:
                path.unlink(missing_ok=True)
    except (LitmanError, OSError):
        return []
    return found


def restore(library: Path, backup: Backup) -> Restored:
    """Replace the library with a backup, keeping the current file first: copied to a
    pre-restore backup when it is readable, linked aside untouched when it is not.

    The backup is copied beside the library before anything else; if that copy, or keeping
    the current file, fails, the library is left as it was. Waits for (or refuses, after the
    busy timeout) any write in progress, and holds writes off until the new file is in place.
    The caller must have closed its own connections to the library.
    """
    library = real_path(library)
    problem = sqlite.integrity_check(backup.path)
    if problem != "ok":
        raise LitmanError(
            _("{0} is damaged ({1}); nothing was restored.").format(backup.path.name, problem)
        )
    library.parent.mkdir(parents=True, exist_ok=True)
    with locking.write_gate(library, exclusive=True):
        partial = library.with_name(library.name + _RESTORING)
        try:
            _copy_into(backup.path, partial)
            kept = _keep_current(library, protect=backup.path)
            _swap_in(partial, library)
        except (OSError, LitmanError) as exc:
            why = _reason(exc) if isinstance(exc, OSError) else str(exc).rstrip(".")
            raise LitmanError(
                _(
                    "Could not restore {0} ({1}). Nothing was restored; the library was not "
                    "changed."
                ).format(library, why)
            ) from exc
        finally:
            _discard(partial)
    with contextlib.suppress(OSError):  # restored: a backup left to prune is no failure
        prune(library, keep=(backup.path,))
    return Restored(backup, kept)


def _keep_current(library: Path, protect: Path) -> Path | None:
    """Keep the file about to be replaced: a pre-restore backup of a healthy one, a link
    (or, where links are impossible, a copy) of a damaged one beside it."""
    if not library.exists():
        return None
    try:
        healthy = sqlite.quick_check(library) == "ok"
    except LitmanError:
        healthy = False
    if healthy:
        sqlite.checkpoint(library)  # the -wal is folded in: removing it later loses nothing
        return copy(library, PRE_RESTORE).path
    return link_aside(library)


def _swap_in(partial: Path, library: Path) -> None:
    """Put the whole copy in place. The old -wal and -shm go first: SQLite must never
    apply an old write-ahead log to the new file."""
    for suffix in ("-wal", "-shm"):
        Path(str(library) + suffix).unlink(missing_ok=True)
    os.replace(partial, library)


def move_aside(library: Path) -> Path:
    """Keep a damaged library (and its -wal) under a new name and take it out of the way;
    never delete it."""
    library = real_path(library)
    target = link_aside(library)
    for suffix in ("-wal", "-shm"):
        Path(str(library) + suffix).unlink(missing_ok=True)
    library.unlink()
    return target


def link_aside(library: Path) -> Path:
    """A second name for the library file (and its -wal), `<name>.damaged-<stamp>`, made
    without copying and without touching the original: a hard link where the file system
    has them, else a copy."""
    library = real_path(library)
    stamp = datetime.now().strftime(_STAMP)
    target = library.with_name(f"{library.name}.damaged-{stamp}")
    n = 1
    while os.path.lexists(target):
        target = library.with_name(f"{library.name}.damaged-{stamp}-{n}")
        n += 1
    _link_or_copy(library, target)
    wal = Path(str(library) + "-wal")
    if wal.exists():
        _link_or_copy(wal, Path(str(target) + "-wal"))
    return target


def _link_or_copy(source: Path, target: Path) -> None:
    try:
        os.link(source, target)
    except OSError:
        import shutil

        try:
            shutil.copyfile(source, target)
        except OSError:
            target.unlink(missing_ok=True)
            raise


def _copy_into(source: Path, target: Path) -> None:
    """A whole copy of a library at `target`, a new file (a link planted there is removed,
    never written through)."""
    if os.path.lexists(target):
        target.unlink()
    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0))
    os.close(fd)
    try:
        sqlite.backup_to(source, target)
    except LitmanError as exc:
        raise OSError(str(exc.__cause__ or exc)) from exc


def _discard(path: Path) -> None:
    """Remove a temporary file if it is there; a failure here is no failure of the work."""
    with contextlib.suppress(OSError):
        path.unlink(missing_ok=True)


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc)


def _free_name(folder: Path, key: str, taken: datetime, reason: str) -> Path:
    """A new name; backups taken in the same second get a counter that orders them."""
    base = f"{key}-{taken.strftime(_STAMP)}"
    try:
        names = [n for n in os.listdir(folder) if n.startswith(base + "-")]
    except OSError:
        names = []
    counters = [int(m["n"] or 0) for n in names if (m := _NAME.match(n.removesuffix(".sqlite")))]
    if not counters:
        return folder / f"{base}-{reason}.sqlite"
    return folder / f"{base}-{max(counters) + 1}-{reason}.sqlite"
