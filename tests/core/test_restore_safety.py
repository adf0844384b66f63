"""Backups and restore never make things worse: a full disk is not
damage, a restore changes nothing until its copy is whole and never deletes what it restores,
waits for writers, follows a symlinked library, and keeps libraries and names apart."""

import shutil
import subprocess
import sys
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from litman import app
from litman.core.errors import LibraryLockedError, LitmanError, NotFoundError
from litman.core.library.facade import Library
from litman.core.records import NewPaper
from litman.core.store import backups, locking
from tests.gates import mount_tmpfs


def litman(library: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "litman", "--library", str(library), *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


def count(path: Path) -> int:
    with Library.open(path, read_only=True, check=False) as lib:
        return lib.count()


# -- a full disk (a small tmpfs the test mounts) ----------------------------------------


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """An 8 MiB tmpfs at tmp_path/disk, mounted for this test: root only."""
    mount = tmp_path / "disk"
    mount.mkdir()
    mount_tmpfs(mount, "8m")
    yield mount
    subprocess.run(["umount", "-l", str(mount)], check=False)


def fill(disk: Path) -> Path:
    filler = disk / "filler"
    try:
        with filler.open("wb") as f:
            while True:
                f.write(b"\0" * 4096)
                f.flush()
    except OSError:
        pass  # full
    return filler


@pytest.fixture
def full_disk_library(small_disk: Path, seeded_path: Path) -> tuple[Path, int]:
    lib = small_disk / "lib.sqlite"
    shutil.copyfile(seeded_path, lib)
    Library.open(lib).close()  # takes the day's backup
    assert backups.list_backups(lib)
    n = count(lib)
    for side in ("-wal", "-shm"):  # as a clean close by a writer leaves it (the read-only
        Path(str(lib) + side).unlink(missing_ok=True)  # count above keeps an empty -wal)
    fill(small_disk)  # no room left for the -shm a reader of a WAL library makes
    return lib, n


@pytest.mark.slow
def test_reading_commands_work_on_a_full_disk(
    full_disk_library: tuple[Path, int], tmp_path: Path
) -> None:
    lib, n = full_disk_library
    for args in (["list"], ["search", "bandit"], ["stats"], ["show", "1"], ["tags"]):
        run = litman(lib, *args)
        assert run.returncode == 0, (args, run.stderr)
    out = tmp_path / "rescue.bib"
    run = litman(lib, "export", "-o", str(out))
    assert run.returncode == 0, run.stderr
    assert out.read_text().count("\n@") + 1 == n


def test_a_full_disk_is_not_called_damage(full_disk_library: tuple[Path, int]) -> None:
    lib, _ = full_disk_library
    run = litman(lib, "status", "read", "1")
    assert run.returncode == 1
    assert "damaged" not in run.stderr and "restore" not in run.stderr
    assert len(run.stderr.strip().splitlines()) == 1


@pytest.mark.slow
def test_a_restore_on_a_full_disk_changes_nothing(
    full_disk_library: tuple[Path, int], small_disk: Path
) -> None:
    lib, n = full_disk_library
    run = litman(lib, "restore")
    assert run.returncode == 1 and "the library was not changed" in run.stderr
    assert sorted(p.name for p in small_disk.iterdir()) == [
        "backups",
        "filler",
        "lib.sqlite",
        "lib.sqlite.lock-writes",
    ]  # no .restoring, nothing moved aside
    (small_disk / "filler").unlink()
    assert count(lib) == n
    assert litman(lib, "stats").stdout.startswith(f"{n} papers")


# -- a library that vanished ----------------------------------------------------------


@pytest.mark.slow
def test_a_vanished_library_is_not_recreated_empty(seeded_path: Path) -> None:
    backups.take(seeded_path, backups.MANUAL)
    seeded_path.unlink()
    for args in (["stats"], ["status", "read", "1"], ["import", "--seeds"]):
        run = litman(seeded_path, *args)
        assert run.returncode == 1 and "litman restore" in run.stderr, args
        assert not seeded_path.exists()
    with pytest.raises(NotFoundError, match="holds 1 backup "):
        Library.open(seeded_path)
    assert litman(seeded_path, "restore").returncode == 0
    assert count(seeded_path) > 0


@pytest.mark.slow
def test_a_new_explicit_library_still_starts_empty(tmp_path: Path) -> None:
    run = litman(tmp_path / "new.sqlite", "stats")
    assert run.returncode == 0 and run.stdout.startswith("0 papers")


# -- restore NAME keeps what it restores ------------------------------------------------


def old_backups(path: Path, days: int) -> list[backups.Backup]:
    now = datetime.now()
    return [backups.copy(path, backups.DAILY, now=now - timedelta(days=d)) for d in range(days)]


def test_restore_name_never_deletes_the_backup_it_restores(seeded_path: Path) -> None:
    made = old_backups(seeded_path, 40)
    oldest = made[-1]  # the rotation would prune it: the pre-restore copy used to
    done = app.restore_backup(seeded_path, oldest.path.name)
    assert done.backup == oldest and oldest.path.exists()
    assert done.kept is not None and done.kept.exists()
    assert count(seeded_path) == count(oldest.path)


@pytest.mark.slow
def test_restore_name_through_the_command_line(seeded_path: Path) -> None:
    oldest = old_backups(seeded_path, 40)[-1]
    run = litman(seeded_path, "restore", oldest.path.name)
    assert run.returncode == 0, run.stderr
    assert oldest.path.exists()


# -- a restore waits for, or refuses, any writer ------------------------------------------


def test_a_write_after_a_restore_is_refused_not_lost(seeded_path: Path) -> None:
    backups.take(seeded_path, backups.MANUAL)
    with Library.open(seeded_path) as writer:
        ids = writer.list_ids()[:3]
        app.restore_backup(seeded_path)
        with pytest.raises(LitmanError, match="was replaced"):
            writer.papers.set_status(ids, "read")
    with Library.open(seeded_path) as lib:
        assert {p.status.value for p in lib.get_many(ids)} == {"unread"}


def test_a_restore_waits_for_a_write_in_progress_then_refuses(
    seeded_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    backups.take(seeded_path, backups.MANUAL)
    before = seeded_path.stat().st_ino
    monkeypatch.setattr(locking, "GATE_TIMEOUT", 0.2)
    with locking.write_gate(seeded_path), pytest.raises(LibraryLockedError):
        app.restore_backup(seeded_path)
    assert seeded_path.stat().st_ino == before


@pytest.mark.file_only
def test_a_write_waits_for_a_restore_in_progress(
    seeded: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(locking, "GATE_TIMEOUT", 0.2)
    with locking.write_gate(seeded.path, exclusive=True), pytest.raises(LibraryLockedError):
        seeded.papers.set_status([1], "read")
    assert seeded.get(1).status.value == "unread"


# -- a symlinked library -----------------------------------------------------------------


def test_a_symlinked_library_is_restored_through_its_link(
    seeded_path: Path, tmp_path: Path
) -> None:
    link_dir = tmp_path / "elsewhere"
    link_dir.mkdir()
    link = link_dir / "lib.sqlite"
    link.symlink_to(seeded_path)
    with Library.open(link) as lib:
        lib.papers.delete_permanently(lib.list_ids()[:5])  # takes a pre-delete backup first
        n = lib.count()
    assert (seeded_path.parent / "backups").is_dir() and not (link_dir / "backups").exists()
    window = locking.WriterLock(link)  # a window opened through the link
    assert window.acquire() and not locking.WriterLock(seeded_path).acquire()
    assert window.path == Path(str(seeded_path) + ".lock")
    window.release()
    done = app.restore_backup(link)
    assert link.is_symlink() and link.resolve() == seeded_path.resolve()
    assert count(link) == n + 5 and count(seeded_path) == n + 5
    assert done.kept is not None and done.kept.parent == seeded_path.parent / "backups"
    assert app.index_cache_path(link) == app.index_cache_path(seeded_path)


# -- names: shared stems, glob characters, future dates, junk -------------------------------


def test_libraries_sharing_a_stem_keep_their_backups_apart(tmp_path: Path) -> None:
    a, b = tmp_path / "papers.sqlite", tmp_path / "papers.db"
    for path in (a, b):
        with Library.open(path) as lib:
            lib.papers.add_papers([NewPaper(title=f"in {path.name}")])
    mine = backups.take(a, backups.MANUAL)
    theirs = backups.take(b, backups.MANUAL)
    assert backups.list_backups(a) == [mine] and backups.list_backups(b) == [theirs]
    old_backups(b, 40)
    assert mine.path.exists()
    app.restore_backup(a)
    with Library.open(a, read_only=True) as lib:
        assert lib.list_papers()[0].title == "in papers.sqlite"


def test_glob_characters_in_a_name_are_listed_and_pruned(tmp_path: Path) -> None:
    path = tmp_path / "lib[1].sqlite"
    Library.open(path).close()
    made = old_backups(path, 40)
    assert len(backups.list_backups(path)) == 40
    backups.prune(path)
    kept = backups.list_backups(path)
    assert made[0] in kept and len(kept) <= backups.MAX_KEPT


def test_a_backup_dated_in_the_future_neither_stops_dailies_nor_wins(seeded_path: Path) -> None:
    future = backups.copy(seeded_path, backups.MANUAL, now=datetime.now() + timedelta(days=400))
    assert backups.daily_due(seeded_path)
    Library.open(seeded_path).close()
    listed = backups.list_backups(seeded_path)
    assert [b.reason for b in listed] == ["daily", "manual"] and listed[-1] == future
    assert backups.find(seeded_path, None).reason == "daily"


@pytest.mark.slow
def test_junk_in_backups_and_a_file_named_backups(seeded_path: Path) -> None:
    folder = seeded_path.parent / "backups"
    folder.mkdir()
    (folder / "seeded-20241399-999999-daily.sqlite").write_text("junk")
    (folder / "seeded-notes.txt").write_text("mine")
    (folder / "seeded-20240101-000000-daily.sqlite").mkdir()
    assert [b.path.name for b in backups.list_backups(seeded_path)] == [
        "seeded-20240101-000000-daily.sqlite"
    ]
    assert litman(seeded_path, "backup", "--list").returncode == 0
    shutil.rmtree(folder)
    folder.write_text("a file where the folder goes")
    for args in (["stats"], ["status", "read", "1"], ["backup"], ["restore"]):
        run = litman(seeded_path, *args)
        assert "Traceback" not in run.stderr, (args, run.stderr)
        assert len(run.stderr.strip().splitlines()) <= 1, (args, run.stderr)


# -- leftovers ---------------------------------------------------------------------------


@pytest.mark.slow
def test_leftovers_of_a_kill_are_cleaned_up_next_run(seeded_path: Path, tmp_path: Path) -> None:
    folder = seeded_path.parent / "backups"
    folder.mkdir()
    partial = folder / "seeded-20240101-000000-daily.sqlite.partial"
    partial.write_bytes(b"half")
    other = folder / "other-20240101-000000-daily.sqlite.partial"
    other.write_bytes(b"not ours")
    restoring = seeded_path.with_name(seeded_path.name + ".restoring")
    restoring.write_bytes(b"")
    out = tmp_path / "out.bib"
    Path(str(out) + ".tmp").write_text("half an export")
    assert litman(seeded_path, "status", "read", "1").returncode == 0
    assert not partial.exists() and not restoring.exists() and other.exists()
    assert litman(seeded_path, "export", "-o", str(out)).returncode == 0
    assert not Path(str(out) + ".tmp").exists() and out.exists()


def test_a_failed_export_leaves_no_tmp(
    seeded_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from litman.formats import bibtex

    out = tmp_path / "out.bib"

    def fail(*_a: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Path, "replace", fail)
    with Library.open(seeded_path, read_only=True) as lib, pytest.raises(OSError):
        bibtex.export(lib.list_papers(), out)
    assert list(tmp_path.glob("out.bib*")) == []


# -- planted symlinks ------------------------------------------------------------------------


def test_a_planted_lock_link_is_never_written_through(seeded_path: Path, tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    for name in (".lock", ".lock-writes"):
        link = Path(str(seeded_path) + name)
        link.symlink_to(victim)
        with pytest.raises(locking.PlantedLinkError):
            if name == ".lock":
                locking.WriterLock(seeded_path).acquire()
            else:
                with Library.open(seeded_path) as lib:
                    lib.papers.set_status([1], "read")
        assert victim.read_text() == "precious"
        link.unlink()


@pytest.mark.slow
def test_a_planted_export_tmp_link_is_never_written_through(
    seeded_path: Path, tmp_path: Path
) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    out = tmp_path / "out.bib"
    Path(str(out) + ".tmp").symlink_to(victim)
    assert litman(seeded_path, "export", "-o", str(out)).returncode == 0
    assert victim.read_text() == "precious" and out.read_text().startswith("@")


@pytest.mark.slow
def test_a_dangling_symlink_library_is_not_created(tmp_path: Path) -> None:
    target = tmp_path / "unmounted" / "lib.sqlite"
    target.parent.mkdir()
    link = tmp_path / "lib.sqlite"
    link.symlink_to(target)
    for args in (["stats"], ["import", "--seeds"]):
        run = litman(link, *args)
        assert run.returncode == 1 and "does not exist" in run.stderr, run.stderr
        assert len(run.stderr.strip().splitlines()) == 1
    assert not target.exists()


def test_a_write_after_the_library_was_deleted_says_so_and_makes_nothing(seeded_path: Path) -> None:
    with Library.open(seeded_path) as writer:
        ids = writer.list_ids()[:3]
        for leftover in seeded_path.parent.glob(seeded_path.name + "*"):
            leftover.unlink()  # the file and its -wal and -shm, deleted by hand
        with pytest.raises(LitmanError) as refused:
            writer.papers.set_status(ids, "read")
    said = str(refused.value)
    assert "deleted or moved" in said and "restored" not in said and "backup" not in said
    assert not seeded_path.exists()
