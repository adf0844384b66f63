"""The files a library is made of, which nothing but SQLite may open.

SQLite guards a database with POSIX advisory locks, and POSIX drops every lock a process
holds on a file as soon as that process closes *any* descriptor of it (SQLite's "How To
Corrupt An SQLite Database File", section 2). A file dialog that peeks into `-wal` to guess
its type, an import that reads the library as a .bib, or an export written over it would
each leave the open library unguarded. Paths are compared by name and, for files that
exist, by device and inode (a symlink or hard link is the same file); `stat` opens nothing.
"""

import os
from pathlib import Path

# The database, SQLite's journals and shared memory, litman's writer lock and write gate.
SUFFIXES = ("", "-wal", "-shm", "-journal", ".lock", ".lock-writes")


def library_files(db: Path) -> list[Path]:
    """The paths of the library's own files, existing or not."""
    return [db.with_name(db.name + suffix) for suffix in SUFFIXES]


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino


def is_library_file(db: Path, candidate: Path) -> bool:
    """Whether `candidate` is (or would be) one of the library's own files."""
    candidate = Path(os.path.abspath(candidate.expanduser()))
    own = library_files(Path(os.path.abspath(db)))
    real = Path(os.path.realpath(candidate))
    if candidate in own or real in {Path(os.path.realpath(p)) for p in own}:
        return True
    found = _identity(candidate)
    return found is not None and any(found == _identity(p) for p in own)
