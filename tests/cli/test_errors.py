"""Expected errors are one line on stderr and exit 1: no traceback, nothing changed."""

import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from litman.cli import main
from litman.core.library.facade import Library
from litman.formats import bibtex
from tests.gates import mount_tmpfs


def one_line_error(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(list(args)) == 1
    err = capsys.readouterr().err
    assert err.startswith("litman: error: ") and err.count("\n") == 1, err
    return err


@pytest.mark.parametrize("ref", ["99999999999999999999999", "²", "١٢", "9223372036854775808"])
def test_show_of_an_id_no_paper_can_have(
    seeded_path: Path, capsys: pytest.CaptureFixture[str], ref: str
) -> None:
    err = one_line_error(capsys, "--library", str(seeded_path), "show", ref)
    assert ref in err


def test_status_on_an_impossible_id_changes_nothing(
    seeded_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--library", str(seeded_path), "status", "read", "1", "99999999999999999999999"]
    one_line_error(capsys, *args)
    with Library.open(seeded_path) as lib:
        assert lib.get(1).status.value == "unread"


def test_status_names_every_missing_ref_in_one_line(
    seeded_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--library", str(seeded_path), "status", "read", "1", "500", "nokey", "²"]
    err = one_line_error(capsys, *args)
    assert "500" in err and "nokey" in err and "²" in err


def test_status_and_tag_accept_ids_and_citekeys_together(
    seeded_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with Library.open(seeded_path) as lib:
        key = lib.get(2).citekey
    assert main(["--library", str(seeded_path), "status", "read", "1", key, "1"]) == 0
    assert main(["--library", str(seeded_path), "tag", "add", "T", key, "3"]) == 0
    with Library.open(seeded_path) as lib:
        assert [p.status.value for p in lib.get_many([1, 2, 3])] == ["read", "read", "unread"]
        assert sorted(lib.tags.paper_ids_with_tag("T")) == [2, 3]


@pytest.mark.slow
@pytest.mark.parametrize("target", ["/nonexistent/d/x.bib", "", "   "])
def test_export_to_a_file_that_cannot_be(
    seeded_path: Path, capsys: pytest.CaptureFixture[str], target: str
) -> None:
    one_line_error(capsys, "--library", str(seeded_path), "export", "-o", target)


def test_export_onto_a_folder(
    seeded_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "out"
    folder.mkdir()
    one_line_error(capsys, "--library", str(seeded_path), "export", "-o", str(folder))
    assert list(folder.iterdir()) == []
    assert not (tmp_path / "out.tmp").exists()


def test_an_export_that_fails_midway_leaves_no_file(
    seeded_path: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls = 0
    real = bibtex._entry

    def failing_entry(*args: Any) -> str:
        nonlocal calls
        calls += 1
        if calls == 30:
            raise OSError(28, "No space left on device")
        return real(*args)

    monkeypatch.setattr(bibtex, "_entry", failing_entry)
    out = tmp_path / "all.bib"
    err = one_line_error(capsys, "--library", str(seeded_path), "export", "-o", str(out))
    assert "No space left on device" in err
    assert not out.exists() and not (tmp_path / "all.bib.tmp").exists()


def test_a_dangling_symlink_library_is_refused_and_not_created(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    link = tmp_path / "lib.sqlite"
    link.symlink_to(tmp_path / "moved" / "lib.sqlite")
    one_line_error(capsys, "--library", str(link), "list")
    target = tmp_path / "gone.sqlite"
    link.unlink()
    link.symlink_to(target)
    one_line_error(capsys, "--library", str(link), "status", "read", "1")
    assert not target.exists()


@pytest.mark.slow
def test_the_real_entry_point_prints_no_traceback(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "litman", "--library", str(tmp_path / "x.sqlite"), "show", "²"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 1
    assert result.stderr == "litman: error: No paper with citekey '²'.\n"


# -- real full and read-only disks (root on Linux) ------------------------------------------


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 2 MB tmpfs (needs root on Linux: tests/gates.py)."""
    mnt = tmp_path / "disk"
    mnt.mkdir()
    mount_tmpfs(mnt, "2m")
    try:
        yield mnt
    finally:
        subprocess.run(["umount", "-l", str(mnt)], check=False)


def test_export_on_a_full_disk(
    seeded_path: Path, small_disk: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _fill(small_disk, leave=16 * 1024)
    out = small_disk / "all.bib"
    err = one_line_error(capsys, "--library", str(seeded_path), "export", "-o", str(out))
    assert "No space left" in err
    assert not out.exists() and not (small_disk / "all.bib.tmp").exists()


def _fill(disk: Path, leave: int) -> None:
    """Fill the disk, then free `leave` bytes: room to start a file, not to finish it."""
    with (disk / "filler").open("wb", buffering=0) as f:
        try:
            while True:
                f.write(b"\0" * 4096)
        except OSError:
            pass
    with (disk / "filler").open("r+b") as f:
        f.truncate(max(0, (disk / "filler").stat().st_size - leave))


@pytest.mark.parametrize("command", [["backup"], ["restore"]])
def test_backup_and_restore_on_a_read_only_disk(
    seeded_path: Path, small_disk: Path, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    path = small_disk / "lib.sqlite"
    shutil.copyfile(seeded_path, path)
    if command == ["restore"]:
        assert main(["--library", str(path), "backup"]) == 0
        capsys.readouterr()
    subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], check=True)
    err = one_line_error(capsys, "--library", str(path), *command)
    assert "Read-only file system" in err or "read-only" in err, err
    with Library.open(path, read_only=True) as lib:
        assert lib.count() == 89


# -- many ids -------------------------------------------------------------------------------


def test_status_and_tag_on_many_ids_take_a_few_statements(tmp_path: Path) -> None:
    """Not one query per id: `status read` on 20k ids took 18-44 s that way."""
    from sqlalchemy import event

    from litman.core.records import NewPaper

    path = tmp_path / "many.sqlite"
    with Library.open(path, backup=False) as lib:
        ids = lib.papers.add_papers([NewPaper(title=f"p{i}") for i in range(3000)]).added
    refs = [str(i) for i in ids]
    with Library.open(path, backup=False) as lib:
        statements: list[str] = []
        event.listen(lib.engine, "before_cursor_execute", lambda *a: statements.append(a[2]))
        lib.papers.set_status(lib.resolve_many(refs), "read")
        lib.tags.add_tag("bulk", lib.resolve_many(refs))
        assert len(statements) < 40, len(statements)
        assert lib.status_counts()[lib.get(ids[0]).status] == 3000
        assert len(lib.tags.paper_ids_with_tag("bulk")) == 3000
