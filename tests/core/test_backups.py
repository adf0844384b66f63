"""Backups: taken when they should be, rotated as promised, restorable, never half-written."""

import sqlite3
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from litman import app
from litman.core.errors import CorruptLibraryError, LibraryInUseError, LitmanError
from litman.core.library.facade import Library
from litman.core.store import backups, sqlite
from litman.core.store.locking import WriterLock


def count_papers(path: Path) -> int:
    conn = sqlite3.connect(path)
    try:
        return int(conn.execute("SELECT count(*) FROM papers").fetchone()[0])
    finally:
        conn.close()


def test_a_new_library_has_no_backup_and_reopening_takes_one_a_day(library_path: Path) -> None:
    Library.open(library_path).close()
    assert backups.list_backups(library_path) == []
    Library.open(library_path).close()
    first = backups.list_backups(library_path)
    assert [b.reason for b in first] == ["daily"]
    Library.open(library_path).close()
    assert backups.list_backups(library_path) == first


def test_backup_is_a_consistent_copy_taken_through_sqlite(seeded_path: Path) -> None:
    with Library.open(seeded_path) as lib:
        n = lib.count()
        backup = backups.take(seeded_path, backups.MANUAL)
        lib.papers.set_status([1], "read")
    assert backup.path.parent == seeded_path.parent / "backups"
    assert sqlite.integrity_check(backup.path) == "ok"
    assert count_papers(backup.path) == n
    assert not list(backup.path.parent.glob("*.partial"))
    # The copy is a standalone file: no WAL to carry around with it.
    conn = sqlite3.connect(backup.path)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    conn.close()


@pytest.mark.file_only
def test_bulk_delete_and_merge_and_tag_delete_back_up_first(seeded: Library) -> None:
    before = {b.path for b in backups.list_backups(seeded.path)}
    seeded.papers.delete_papers([1, 2, 3])  # to the trash: nothing lost, no copy
    seeded.papers.restore([1, 2, 3])
    assert {b.path for b in backups.list_backups(seeded.path)} == before
    n = seeded.count()
    seeded.papers.delete_permanently([2, 3])
    newest = backups.list_backups(seeded.path)[0]
    assert newest.reason == "pre-delete"
    assert count_papers(newest.path) == n  # the copy holds what the delete removed
    seeded.tags.add_tag("A", [4])
    seeded.tags.add_tag("B", [5])
    seeded.tags.rename_tag("A", "B")
    assert backups.list_backups(seeded.path)[0].reason == "pre-merge"
    seeded.tags.delete_tag("B")
    assert backups.list_backups(seeded.path)[0].reason == "pre-delete"


@pytest.mark.file_only
def test_deleting_one_paper_for_good_backs_up_first_and_says_where(seeded: Library) -> None:
    n = seeded.count()
    gone = seeded.papers.delete_permanently([1])
    newest = backups.list_backups(seeded.path)[0]
    assert newest.reason == "pre-delete" and gone.backup == newest.path
    assert count_papers(newest.path) == n  # the one paper is in the copy


@pytest.mark.slow
def test_rotation_keeps_7_days_4_weeks_and_the_newest(library_path: Path) -> None:
    Library.open(library_path).close()
    start = datetime(2026, 1, 1, 9, 0, 0)
    for day in range(60):
        for hour in (0, 5):
            backups.take(library_path, "daily", now=start + timedelta(days=day, hours=hour))
    kept = backups.list_backups(library_path)
    days = sorted({b.taken_at.date() for b in kept}, reverse=True)
    newest = start + timedelta(days=59, hours=5)
    assert kept[0].taken_at == newest
    # The newest 3, the newest of each of the last 7 days, the newest of each of 4 weeks.
    assert days[:7] == [(newest - timedelta(days=i)).date() for i in range(7)]
    weeks = {b.taken_at.isocalendar()[:2] for b in kept}
    assert len(weeks) == 4
    assert len(kept) <= 3 + 7 + 4
    assert kept[-1].taken_at >= newest - timedelta(weeks=4)


def test_restore_keeps_the_current_file_then_brings_the_backup_back(seeded_path: Path) -> None:
    with Library.open(seeded_path) as lib:
        n = lib.count()
        backup = backups.take(seeded_path, backups.MANUAL)
        lib.papers.delete_permanently([1])
    done = app.restore_backup(seeded_path, backup.path.name)
    assert done.kept is not None and done.kept.exists()
    assert count_papers(done.kept) == n - 1
    with Library.open(seeded_path) as lib:
        assert lib.count() == n
        assert lib.get(1).id == 1


def test_restore_refuses_while_a_window_holds_the_library(seeded_path: Path) -> None:
    backups.take(seeded_path, backups.MANUAL)
    window = WriterLock(seeded_path)
    assert window.acquire()
    try:
        with pytest.raises(LibraryInUseError, match="Close that window"):
            app.restore_backup(seeded_path)
        # The window itself may restore.
        app.restore_backup(seeded_path, lock=window)
    finally:
        window.release()


def test_restore_refuses_a_damaged_backup(seeded_path: Path) -> None:
    backup = backups.take(seeded_path, backups.MANUAL)
    backup.path.write_bytes(b"garbage" * 100)
    before = seeded_path.read_bytes()
    with pytest.raises(LitmanError, match="damaged"):
        app.restore_backup(seeded_path, backup.path.name)
    assert seeded_path.read_bytes() == before


def test_newest_good_skips_damaged_backups(seeded_path: Path) -> None:
    good = backups.take(seeded_path, backups.MANUAL, now=datetime(2026, 1, 1))
    bad = backups.take(seeded_path, backups.MANUAL, now=datetime(2026, 1, 2))
    bad.path.write_bytes(b"\0" * 4096)
    assert backups.newest_good(seeded_path) == good


def test_backup_now_refuses_a_damaged_library(seeded_path: Path) -> None:
    _corrupt_middle(seeded_path)
    with pytest.raises(CorruptLibraryError):
        app.backup_now(seeded_path)


def _corrupt_middle(path: Path) -> None:
    size = path.stat().st_size
    with path.open("r+b") as f:
        f.seek(size // 3)
        f.write(b"\xa5" * (size // 3))


def test_a_library_restored_in_place_has_no_news_from_elsewhere(seeded_path: Path) -> None:
    """The window restores through its own Library; the restored file then read as another
    process's write (a backup is not in WAL mode, and the first connection made it so), and
    the window said "Updated with changes made outside this window." over "Restored …"."""
    backups.take(seeded_path, backups.MANUAL)
    with Library.open(seeded_path) as lib:
        lib.papers.delete_papers(lib.list_ids()[:5])
        assert lib.changes_elsewhere() == []
        lib.backups.restore(None)
        assert lib.changes_elsewhere() == []
        assert lib.count() == count_papers(seeded_path)
