"""`litman edit` and `litman conflicts`: an edit with the version read lands unless a field
it sets changed since; a stale one is one line on stderr, exit 3, nothing written."""

import json
from pathlib import Path

import pytest

from litman.cli import main
from litman.core.library.facade import Library


def run(path: Path, *args: str) -> int:
    return main(["--library", str(path), *args])


def test_edit_sets_columns_and_stored_fields_and_says_the_new_version(
    seeded_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(seeded_path, "edit", "1", "title=A Better Title", "year=2021", "volume=7") == 0
    assert "version 1" in capsys.readouterr().out
    with Library.open(seeded_path) as lib:
        p = lib.get(1)
    assert (p.title, p.year, p.extra.get("volume"), p.version) == ("A Better Title", 2021, "7", 1)


def test_a_stale_edit_is_one_line_exit_3_and_nothing_written(
    seeded_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(seeded_path, "edit", "1", "title=Theirs", "--version", "0") == 0
    capsys.readouterr()
    assert run(seeded_path, "edit", "1", "title=Mine", "year=1999", "--version", "0") == 3
    err = capsys.readouterr().err
    assert err.startswith("litman: conflict: ") and err.count("\n") == 1
    assert "'Theirs'" in err and "'Mine'" in err
    with Library.open(seeded_path) as lib:
        assert (lib.get(1).title, lib.get(1).year) != ("Mine", 1999)
        assert lib.get(1).title == "Theirs"
    assert run(seeded_path, "edit", "1", "year=1999", "--version", "0") == 0  # another field


def test_conflicts_lists_the_refused_edits(
    seeded_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(seeded_path, "edit", "2", "venue=Theirs", "--version", "0")
    run(seeded_path, "edit", "2", "venue=Mine", "--version", "0")
    capsys.readouterr()
    assert run(seeded_path, "conflicts", "--json") == 0
    [kept] = json.loads(capsys.readouterr().out)
    assert (kept["paper_id"], kept["field"], kept["theirs"], kept["mine"]) == (
        2,
        "venue",
        "Theirs",
        "Mine",
    )


@pytest.mark.parametrize("assignment", ["title", "=x", "year=soon", "status=read", "vol ume=1"])
def test_a_bad_assignment_is_one_line_and_changes_nothing(
    seeded_path: Path, capsys: pytest.CaptureFixture[str], assignment: str
) -> None:
    with Library.open(seeded_path) as lib:
        before = lib.get(1)
    assert run(seeded_path, "edit", "1", assignment) == 1
    err = capsys.readouterr().err
    assert err.startswith("litman: error: ") and err.count("\n") == 1
    with Library.open(seeded_path) as lib:
        assert lib.get(1) == before
