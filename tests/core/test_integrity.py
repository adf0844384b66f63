"""Damaged files, read-only disks, full disks and a second writer: each done for real."""

import os
import shutil
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from sqlalchemy import event, text

from litman import app
from litman.core.errors import (
    CorruptLibraryError,
    DiskFullError,
    LibraryLockedError,
    ReadOnlyError,
)
from litman.core.library.facade import Library
from litman.core.records import NewPaper
from litman.core.store import backups, sqlite
from litman.core.store.locking import WriterLock
from tests.gates import mount_tmpfs

ROOT = Path(__file__).resolve().parents[2]


def _truncate(path: Path) -> None:
    with path.open("r+b") as f:
        f.truncate(path.stat().st_size // 2)


def _garbage(path: Path) -> None:
    size = path.stat().st_size
    with path.open("r+b") as f:
        f.seek(size // 3)
        f.write(os.urandom(size // 3))


def _not_sqlite(path: Path) -> None:
    path.write_text("these are my notes, not a database\n" * 50)


def _zero_header(path: Path) -> None:
    with path.open("r+b") as f:
        f.write(b"\0" * 100)


@pytest.mark.parametrize("damage", [_truncate, _garbage, _not_sqlite, _zero_header])
def test_a_damaged_library_is_refused_kept_and_restorable(
    seeded_path: Path, damage: Callable[[Path], None]
) -> None:
    with Library.open(seeded_path) as lib:
        n = lib.count()
    good = backups.take(seeded_path, backups.MANUAL)
    damage(seeded_path)
    damaged = seeded_path.read_bytes()

    with pytest.raises(CorruptLibraryError) as err:
        Library.open(seeded_path)
    assert "damaged" in str(err.value) and good.path.name in str(err.value)
    assert err.value.backup == good
    assert seeded_path.read_bytes() == damaged  # refused, not touched

    done = app.restore_backup(seeded_path)
    assert done.backup == good
    assert done.kept is not None and done.kept.read_bytes() == damaged  # moved aside
    with Library.open(seeded_path) as lib:
        assert lib.count() == n


def test_a_damaged_library_without_backups_says_so(seeded_path: Path) -> None:
    _not_sqlite(seeded_path)
    with pytest.raises(CorruptLibraryError, match="no backup"):
        Library.open(seeded_path)


def test_quick_check_runs_on_open(seeded_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[Path] = []
    real = sqlite.quick_check

    def counted(p: Path) -> str:
        seen.append(p)
        return real(p)

    monkeypatch.setattr(sqlite, "quick_check", counted)
    Library.open(seeded_path).close()
    assert seen == [seeded_path]


# -- read-only and full disks -------------------------------------------------------------


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 3 MB tmpfs, for real read-only and disk-full conditions (needs root)."""
    mnt = tmp_path / "disk"
    mnt.mkdir()
    mount_tmpfs(mnt, "3m")
    try:
        yield mnt
    finally:
        subprocess.run(["umount", "-l", str(mnt)], check=False)


def test_a_library_on_a_read_only_disk_opens_read_only(small_disk: Path, seeded_path: Path) -> None:
    path = small_disk / "lib.sqlite"
    shutil.copyfile(seeded_path, path)
    with Library.open(path) as lib:  # leaves its WAL checkpointed, as a normal close does
        n = lib.count()
    subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], check=True)
    with Library.open(path) as lib:
        assert lib.read_only and "read-only" in lib.read_only_reason
        assert lib.count() == n
        assert lib.search("bandit").ids
        with pytest.raises(ReadOnlyError):
            lib.papers.set_status([1], "read")


def test_a_full_disk_fails_the_import_cleanly(small_disk: Path, seeded_path: Path) -> None:
    path = small_disk / "lib.sqlite"
    shutil.copyfile(seeded_path, path)
    lib = Library.open(path, backup=False)
    n = lib.count()
    big = [NewPaper(title=f"Paper {i}", abstract=os.urandom(3000).hex()) for i in range(2000)]
    with pytest.raises(DiskFullError, match="full"):
        lib.papers.add_papers(big)
    assert lib.count() == n
    lib.close()
    for extra in small_disk.glob("lib.sqlite-*"):
        extra.unlink(missing_ok=True)
    assert sqlite.integrity_check(path) == "ok"
    with Library.open(path, backup=False) as again:
        assert again.count() == n


@pytest.mark.file_only
def test_a_full_database_is_reported_and_changes_nothing(seeded: Library) -> None:
    """The same condition at the SQLite layer, where no filesystem can be mounted."""
    n = seeded.count()
    seeded.engine.dispose()

    @event.listens_for(seeded.engine, "connect")
    def _cap(dbapi_conn: sqlite3.Connection, _record: object) -> None:
        pages = dbapi_conn.execute("PRAGMA page_count").fetchone()[0]
        dbapi_conn.execute(f"PRAGMA max_page_count = {pages + 2}")

    with pytest.raises(DiskFullError, match="nothing was changed"):
        seeded.papers.add_papers([NewPaper(title=f"T{i}", abstract="x" * 5000) for i in range(200)])
    assert seeded.count() == n
    seeded.papers.set_status([1], "read")  # small writes still fit and work
    assert seeded.get(1).status.value == "read"


# -- one writer -------------------------------------------------------------------------


def test_the_writer_lock_is_exclusive_and_names_its_holder(library_path: Path) -> None:
    Library.open(library_path).close()
    holder = _hold_lock_in_subprocess(library_path)
    try:
        mine = WriterLock(library_path)
        assert not mine.acquire()
        who = mine.holder()
        assert who is not None and who.pid == holder.pid
        assert f"process {holder.pid}" in who.describe()
    finally:
        holder.kill()
        holder.wait()
    # The OS dropped the lock with the killed process: no stale lock.
    assert WriterLock(library_path).holder() is None
    assert WriterLock(library_path).acquire()


def _hold_lock_in_subprocess(path: Path) -> subprocess.Popen[str]:
    code = textwrap.dedent(
        f"""
        import sys, time
        from litman.core.store.locking import WriterLock
        lock = WriterLock({str(path)!r})
        assert lock.acquire()
        print("held", flush=True)
        time.sleep(60)
        """
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, text=True, cwd=ROOT
    )
    assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
    return proc


def test_a_write_held_too_long_elsewhere_fails_clearly(
    seeded: Library, store: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = seeded.get(1).status
    with (
        _writing_elsewhere(seeded, store, monkeypatch),
        pytest.raises(LibraryLockedError, match="another litman is writing"),
    ):
        seeded.papers.set_status([1], "read")
    assert seeded.get(1).status == before


@contextmanager
def _writing_elsewhere(lib: Library, store: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Another client's write transaction that never ends, and a short wait for it: on a
    file, a BEGIN IMMEDIATE of its own; on a server, the writers' advisory lock held."""
    if store == "postgresql":
        from litman.core.store import postgres_store

        monkeypatch.setattr(postgres_store, "LOCK_TIMEOUT_MS", 200)
        with lib.engine.connect() as other, other.begin():
            other.execute(
                text("SELECT pg_advisory_xact_lock(:k)"), {"k": postgres_store.WRITE_LOCK}
            )
            yield
        return
    raw = sqlite3.connect(lib.path, timeout=0)
    raw.isolation_level = None
    raw.execute("BEGIN IMMEDIATE")
    try:
        lib.engine.dispose()

        @event.listens_for(lib.engine, "connect")
        def _short(dbapi_conn: sqlite3.Connection, _record: object) -> None:
            dbapi_conn.execute("PRAGMA busy_timeout = 200")

        yield
    finally:
        raw.execute("ROLLBACK")
        raw.close()


@pytest.mark.slow
def test_concurrent_writers_lose_nothing(seeded_path: Path) -> None:
    """Four processes tag and mark papers at once; every write lands."""
    code = textwrap.dedent(
        """
        import sys
        from litman.core.library.facade import Library
        path, who = sys.argv[1], int(sys.argv[2])
        with Library.open(path, backup=False) as lib:
            for i in range(1, 41):
                lib.tags.add_tag(f"writer-{who}", [i])
                lib.papers.set_status([i], ("unread", "reading", "read")[who % 3])
        """
    )
    procs = [
        subprocess.Popen([sys.executable, "-c", code, str(seeded_path), str(w)], cwd=ROOT)
        for w in range(4)
    ]
    assert [p.wait(timeout=120) for p in procs] == [0, 0, 0, 0]
    with Library.open(seeded_path) as lib:
        for w in range(4):
            assert sorted(lib.tags.paper_ids_with_tag(f"writer-{w}")) == list(range(1, 41))
    assert sqlite.integrity_check(seeded_path) == "ok"


def test_a_window_notices_writes_from_another_process(
    seeded: Library, seeded_where: str | Path
) -> None:
    assert not seeded.changed_elsewhere()
    seeded.papers.set_status([1], "read")  # our own write is not news
    assert not seeded.changed_elsewhere()
    other = Library.open(seeded_where)
    other.tags.add_tag("from-cli", [2])
    other.close()
    assert seeded.changed_elsewhere()
    assert not seeded.changed_elsewhere()
    assert seeded.search("tag:from-cli").ids == [2]  # the index was rebuilt
