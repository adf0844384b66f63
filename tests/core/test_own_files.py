"""The library's own files are known by name and by inode, and litman never reads or writes
them as an import or an export (closing any descriptor of them drops SQLite's locks)."""

import os
import sqlite3
from pathlib import Path

import pytest

from litman import app
from litman.cli import main
from litman.core.errors import LitmanError
from litman.core.library.facade import Library

pytestmark = pytest.mark.file_only  # the files of a SQLite library


@pytest.mark.parametrize("suffix", ["", "-wal", "-shm", "-journal", ".lock"])
def test_each_of_the_library_files_is_its_own(seeded: Library, suffix: str) -> None:
    assert seeded.owns_file(seeded.path.with_name(seeded.path.name + suffix))


def test_a_symlink_or_a_hard_link_to_the_library_is_its_own(
    seeded: Library, tmp_path: Path
) -> None:
    elsewhere = tmp_path / "other"
    elsewhere.mkdir()
    (elsewhere / "link.bib").symlink_to(seeded.path)
    os.link(seeded.path, elsewhere / "hard.bib")
    assert seeded.owns_file(elsewhere / "link.bib")
    assert seeded.owns_file(elsewhere / "hard.bib")
    assert seeded.owns_file(Path(os.path.relpath(seeded.path)))


def test_other_files_beside_it_are_not(seeded: Library) -> None:
    for name in ("refs.bib", seeded.path.name + ".bib", seeded.path.name + "-wal.bak"):
        assert not seeded.owns_file(seeded.path.with_name(name))


def test_importing_the_wal_is_refused_before_anything_is_read(seeded: Library) -> None:
    wal = seeded.path.with_name(seeded.path.name + "-wal")
    with pytest.raises(LitmanError, match="one of the files of the open library"):
        app.import_files(seeded, [wal])
    assert seeded.count() == 89


def test_cli_export_onto_the_library_is_refused_and_it_stays_whole(
    seeded_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--library", str(seeded_path), "export", "-o", str(seeded_path)]) == 1
    assert "one of the files of the open library" in capsys.readouterr().err
    conn = sqlite3.connect(seeded_path)
    try:
        assert conn.execute("SELECT count(*) FROM papers").fetchone() == (89,)
    finally:
        conn.close()
