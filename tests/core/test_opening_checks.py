"""Reading commands only read (13.15, 22.4), and the integrity check runs when it can
matter, not on every command (23.5): the day's first open, after an unclean shutdown, or
when asked."""

import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from litman import app
from litman.core.library.facade import Library
from litman.core.store import backups

READING = [["list"], ["show", "1"], ["search", "bandit"], ["stats"], ["tags"]]


def litman(library: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "litman", "--library", str(library), *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


def snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    return {
        p.name: (p.stat().st_size, p.stat().st_mtime_ns)
        for p in folder.iterdir()
        if not p.name.endswith(("-wal", "-shm"))  # a reader of a WAL file may make these
    }


@pytest.mark.slow
@pytest.mark.parametrize("args", [*READING, ["export", "-o", "-"]], ids=lambda a: a[0])
def test_reading_commands_write_nothing(seeded_path: Path, args: list[str]) -> None:
    assert not (seeded_path.parent / "backups").exists()  # no backup today: one would be due
    before = snapshot(seeded_path.parent)
    run = litman(seeded_path, *args)
    assert run.returncode == 0, run.stderr
    assert snapshot(seeded_path.parent) == before
    assert not (seeded_path.parent / "backups").exists()


@pytest.mark.slow
def test_a_writing_command_takes_the_days_backup(seeded_path: Path) -> None:
    assert litman(seeded_path, "status", "read", "1").returncode == 0
    assert [b.reason for b in backups.list_backups(seeded_path)] == ["daily"]


def test_the_first_open_of_the_day_checks_then_backs_up(
    seeded_path: Path, checks: list[Path]
) -> None:
    app.open_library(seeded_path).close()
    assert len(checks) == 1 and backups.list_backups(seeded_path)[0].reason == "daily"
    app.open_library(seeded_path).close()
    app.open_library(seeded_path).close()
    assert len(checks) == 1  # not on every command


def test_a_new_day_checks_again(seeded_path: Path, checks: list[Path]) -> None:
    backups.copy(seeded_path, backups.DAILY, now=datetime.now() - timedelta(days=1))
    app.open_library(seeded_path).close()
    assert len(checks) == 1


def test_reading_never_checks(seeded_path: Path, checks: list[Path]) -> None:
    app.open_library(seeded_path, read_only=True).close()
    assert checks == []


def test_an_unclean_shutdown_is_checked(seeded_path: Path, checks: list[Path]) -> None:
    app.open_library(seeded_path).close()
    checks.clear()
    crashed = Library.open(seeded_path, check=False)  # writes, never closes: a -wal stays
    crashed.papers.set_status([1], "read")
    assert Path(str(seeded_path) + "-wal").stat().st_size > 0
    app.open_library(seeded_path).close()
    assert len(checks) == 1
    crashed.close()


def test_a_check_on_demand(seeded_path: Path, checks: list[Path]) -> None:
    app.open_library(seeded_path).close()
    checks.clear()
    app.open_library(seeded_path, check=True).close()
    assert len(checks) == 1


@pytest.mark.slow
def test_damage_met_while_reading_is_one_line(seeded_path: Path) -> None:
    backups.take(seeded_path, backups.MANUAL)
    # The middle half of the file: its pages of papers, whatever else the schema keeps
    # beside them (8 kB in the middle met a table that an export does not read).
    size = seeded_path.stat().st_size
    with seeded_path.open("r+b") as f:
        f.seek(size // 4)
        f.write(b"\xff" * (size // 2))
    run = litman(seeded_path, "export", "-o", "-")
    assert run.returncode == 1
    lines = run.stderr.strip().splitlines()
    assert "is damaged" in lines[0] and "Traceback" not in run.stderr
    assert lines[-1] == "litman: run `litman restore` to put that backup back."


@pytest.mark.slow
def test_litman_check_on_demand(seeded_path: Path) -> None:
    run = litman(seeded_path, "check")
    assert run.returncode == 0 and "no damage found" in run.stdout
    backups.take(seeded_path, backups.MANUAL)
    with seeded_path.open("r+b") as f:
        f.seek(seeded_path.stat().st_size // 2)
        f.write(b"\xff" * 8192)
    run = litman(seeded_path, "check")
    assert run.returncode == 1 and "is damaged" in run.stderr and "Traceback" not in run.stderr


@pytest.mark.parametrize("sort", ["title", "added", "year"])
def test_damage_met_by_a_driver_level_read_is_damage_too(seeded_path: Path, sort: str) -> None:
    """Sorted ids are read through the driver's own cursor, past SQLAlchemy: its errors must
    be recognised as damage all the same, whichever page the damage is on."""
    from litman.core.errors import CorruptLibraryError

    page = 4096
    with Library.open(seeded_path, read_only=True, check=False) as lib:
        with seeded_path.open("r+b") as f:  # every page but the schema's
            f.seek(page)
            f.write(b"\xa5" * (seeded_path.stat().st_size - page))
        with pytest.raises(CorruptLibraryError):
            lib.list_ids(sort, False)


def test_a_library_whose_table_is_a_view_is_refused_not_read_for_ever(tmp_path: Path) -> None:
    """A file passed round as a library, its `papers` a view over an endless recursive
    query (bounded here, so that a reader that follows it still ends)."""
    import sqlite3

    from litman.core.errors import CorruptLibraryError
    from litman.core.records import NewPaper

    path = tmp_path / "lib.sqlite"
    with Library.open(path, backup=False, daily=False) as lib:
        lib.papers.add_papers([NewPaper(title="A paper")])
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA legacy_alter_table = ON")
    conn.execute("ALTER TABLE papers RENAME TO kept")
    conn.execute(
        "CREATE VIEW papers AS SELECT k.* FROM kept k, (WITH RECURSIVE n(i) AS "
        "(SELECT 1 UNION ALL SELECT i + 1 FROM n LIMIT 100000) SELECT i FROM n)"
    )
    conn.commit()
    conn.close()
    with pytest.raises(CorruptLibraryError) as caught, Library.open(path, daily=False) as lib:
        lib.list_papers()
    message = str(caught.value)
    assert message.startswith(f"{path} is damaged and was not opened")
    assert "its papers is a view or a virtual table, not a table" in message
