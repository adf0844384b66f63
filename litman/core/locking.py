"""One writing window per library: an advisory lock file beside it.

The window that opens a library first holds `<library>.lock` with an OS file lock (flock on
POSIX, msvcrt on Windows), and writes its process id, host and start time into the file. A
second window finds the lock taken, reads who holds it, and opens the library read-only. The
OS drops the lock when the holder exits, however it exits, so a crash never leaves a stale
lock behind. The CLI does not take this lock: its writes meet the window's at SQLite's own
write lock and wait for it (busy timeout).
"""

import json
import os
import socket
import sys
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import IO

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
    library = Path(library)
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
            handle = open(self.path, "a+", encoding="utf-8")  # noqa: SIM115 - held open
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
            handle = open(self.path, "a+", encoding="utf-8")  # noqa: SIM115
        except OSError:
            return _read_holder(self.path)
        try:
            if _try_lock(handle):
                _unlock(handle)
                return None
        finally:
            handle.close()
        return _read_holder(self.path) or Holder(0, "?", "?", "another litman")


def _read_holder(path: Path) -> Holder | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8") or "null")
        return Holder(int(data["pid"]), str(data["host"]), str(data["since"]), data["program"])
    except (OSError, ValueError, TypeError, KeyError):
        return None


if sys.platform == "win32":
    import msvcrt

    def _try_lock(handle: IO[str]) -> bool:
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

    def _try_lock(handle: IO[str]) -> bool:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except OSError:
            return False

    def _unlock(handle: IO[str]) -> None:
        fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
