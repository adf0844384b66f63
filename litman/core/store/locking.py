"""One writing window per library: an advisory lock file beside it.

The window that opens a library first holds `<library>.lock` with an OS file lock (flock on
POSIX, msvcrt on Windows), and writes its process id, host and start time into the file. A
second window finds the lock taken, reads who holds it, and opens the library read-only. The
OS drops the lock when the holder exits, however it exits, so a crash never leaves a stale
lock behind. The CLI does not take this lock: its writes meet the window's at SQLite's own
write lock and wait for it (busy timeout).

A second file, `<library>.lock-writes`, is the write gate: every write transaction holds it
shared, a restore holds it exclusive while it swaps the file, so that no write lands in a
file a restore just replaced. Lock files are opened without following symbolic links.
"""

import json
import os
import socket
import stat
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import IO

from litman.core.errors import LibraryLockedError, LitmanError
from litman.core.messages import _

GATE_TIMEOUT = 5.0  # seconds, as SQLite's busy timeout

_LOCK_OFFSET = 1 << 20  # Windows locks bytes mandatorily: lock one far from the holder text


@dataclass(frozen=True)
class Holder:
    pid: int
    host: str
    since: str
    program: str

    def describe(self) -> str:
        where = "" if self.host == socket.gethostname() else f" on {self.host}"
        return f"{self.program} (process {self.pid}{where}, since {self.since})"


def lock_path(library: Path) -> Path:
    """Beside the library's real file: a window opened through a symlink and one opened
    at the file itself take the same lock."""
    library = Path(os.path.realpath(library))
    return library.with_name(library.name + ".lock")


class WriterLock:
    def __init__(self, library: Path, program: str = "litman window") -> None:
        self.path = lock_path(library)
        self.program = program
        self._file: IO[str] | None = None

    @property
    def held(self) -> bool:
        return self._file is not None

    def acquire(self) -> bool:
        """Take the lock if nobody holds it; False when another process (or window) does.

        True with `held` false means no lock file can exist here (a read-only folder)."""
        if self._file is not None:
            return True
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            handle = open_lock_file(self.path)
        except PlantedLinkError:
            raise
        except OSError:
            # A folder nobody can write in: nobody can hold the lock, and the library will
            # open read-only for its own reason.
            return True
        if not _try_lock(handle):
            handle.close()
            return False
        handle.seek(0)
        handle.truncate()
        handle.write(
            json.dumps(
                {
                    "pid": os.getpid(),
                    "host": socket.gethostname(),
                    "since": datetime.now().strftime("%Y-%m-%d %H:%M"),
                    "program": self.program,
                }
            )
        )
        handle.flush()
        self._file = handle
        return True

    def release(self) -> None:
        if self._file is None:
            return
        handle, self._file = self._file, None
        try:
            handle.seek(0)
            handle.truncate()
        except OSError:
            pass
        _unlock(handle)
        handle.close()

    def holder(self) -> Holder | None:
        """Who holds the lock now; None when nobody does."""
        if self._file is not None:
            return _read_holder(self.path)
        if not self.path.exists():
            return None
        try:
            handle = open_lock_file(self.path)
        except OSError:
            return _read_holder(self.path)
        try:
            if _try_lock(handle):
                _unlock(handle)
                return None
        finally:
            handle.close()
        return _read_holder(self.path) or Holder(0, "?", "?", "another litman")


class PlantedLinkError(LitmanError, OSError):
    """A lock file that is a symbolic link (or not a regular file): never written through."""


def open_lock_file(path: Path) -> IO[str]:
    """Open (creating) a lock file without following a symbolic link planted at its name,
    which would make litman truncate and write the link's target."""
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags, 0o644)
    except OSError as exc:
        if path.is_symlink():
            raise PlantedLinkError(
                _("{0} is a symbolic link; litman does not write through it. Remove it.").format(
                    path
                )
            ) from exc
        raise
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise PlantedLinkError(_("{0} is not a regular file; remove it.").format(path))
    return open(fd, "a+", encoding="utf-8")  # held open by the caller


@contextmanager
def write_gate(library: Path, *, exclusive: bool = False, wait: bool = True) -> Iterator[None]:
    """Held (shared) by every write to the library, and exclusive by a restore while it
    swaps the file: a restore waits for writes in progress, and a write waits for the
    restore, then finds the file replaced (the caller checks) instead of writing into the
    unlinked old one. Waits at most the SQLite busy timeout, then raises.

    A folder where the gate file cannot be made (read-only) needs no gate: nothing there can
    be written or restored."""
    path = gate_path(library)
    try:
        handle = open_lock_file(path)
    except PlantedLinkError:
        raise
    except OSError:
        yield
        return
    try:
        if not _wait_lock(handle, exclusive, GATE_TIMEOUT if wait else 0.0):
            what = "restored" if not exclusive else "written to"
            raise LibraryLockedError(
                _("{0} is being {1} by another litman; nothing was changed. Try again.").format(
                    library, what
                )
            )
        try:
            yield
        finally:
            _unlock(handle)
    finally:
        handle.close()


def gate_path(library: Path) -> Path:
    library = Path(os.path.realpath(library))
    return library.with_name(library.name + ".lock-writes")


def _wait_lock(handle: IO[str], exclusive: bool, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while not _try_lock(handle, exclusive):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def _read_holder(path: Path) -> Holder | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8") or "null")
        return Holder(int(data["pid"]), str(data["host"]), str(data["since"]), data["program"])
    except (OSError, ValueError, TypeError, KeyError):
        return None


if sys.platform == "win32":
    import msvcrt

    def _try_lock(handle: IO[str], exclusive: bool = True) -> bool:
        # msvcrt has no shared locks: writes take the gate one at a time, as SQLite's own
        # write lock has them do anyway.
        try:
            handle.seek(_LOCK_OFFSET)
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
            return True
        except OSError:
            return False

    def _unlock(handle: IO[str]) -> None:
        try:
            handle.seek(_LOCK_OFFSET)
            msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)
        except OSError:
            pass

else:
    import fcntl

    def _try_lock(handle: IO[str], exclusive: bool = True) -> bool:
        mode = fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH
        try:
            fcntl.flock(handle.fileno(), mode | fcntl.LOCK_NB)
            return True
        except OSError:
            return False

    def _unlock(handle: IO[str]) -> None:
        fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
