"""SQLite's errors are told apart by their result codes (and, where the driver raises one
itself with no code, by its type), never by the words of the message."""

import sqlite3
from pathlib import Path

import pytest

from litman.core.store import sqlite


def _error(kind: type[sqlite3.Error], text: str, code: int | None) -> sqlite3.Error:
    exc = kind(text)
    if code is not None:
        exc.sqlite_errorcode = code
    return exc


@pytest.mark.parametrize(
    ("exc", "damage"),
    [
        (_error(sqlite3.DatabaseError, "file is not a database", 26), True),
        (_error(sqlite3.DatabaseError, "database disk image is malformed", 11), True),
        (_error(sqlite3.DatabaseError, "whatever the words", 11 | 256), True),  # extended
        (_error(sqlite3.OperationalError, "database disk image is malformed", 10), False),
        (_error(sqlite3.OperationalError, "Could not decode to UTF-8 column", None), True),
        (_error(sqlite3.ProgrammingError, "database disk image is malformed", None), False),
        (_error(sqlite3.InterfaceError, "file is not a database", None), False),
    ],
)
def test_damage_is_told_by_code_and_type(exc: sqlite3.Error, damage: bool) -> None:
    assert sqlite.is_damage(exc) is damage


@pytest.mark.parametrize("code", [sqlite.SQLITE_IOERR, sqlite.SQLITE_FULL, 10 | (13 << 8)])
def test_a_disk_error_gets_the_hint_whatever_its_words(code: int) -> None:
    err = sqlite.unreadable(Path("lib.sqlite"), _error(sqlite3.OperationalError, "oops", code))
    assert str(err).endswith("oops (is the disk full?). The file was not changed.")


def test_other_errors_get_no_disk_hint() -> None:
    exc = _error(sqlite3.OperationalError, "disk I/O error, disk full", sqlite.SQLITE_BUSY)
    assert "disk full?" not in str(sqlite.unreadable(Path("lib.sqlite"), exc))


def test_an_io_error_is_known_by_its_code() -> None:
    words = _error(sqlite3.OperationalError, "disk I/O error", None)
    code = _error(sqlite3.OperationalError, "no words", sqlite.SQLITE_IOERR | (3 << 8))
    assert not sqlite.is_io_error(words) and sqlite.is_io_error(code)
