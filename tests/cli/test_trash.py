"""`litman delete` moves papers to the trash and says how to get them back; `litman trash`
lists, restores and empties it; list, search, export, tags and stats leave it out, and tag or
status on a trashed paper is refused with nothing changed."""

import json
from pathlib import Path

import pytest

from litman.cli import main
from litman.core.library.facade import Library
from litman.core.records import NewPaper


@pytest.fixture
def lib_path(tmp_path: Path) -> Path:
    path = tmp_path / "lib.sqlite"
    with Library.open(path) as lib:
        lib.papers.add_papers(
            [
                NewPaper(title="Walrus embeddings", tags=("zoo",)),
                NewPaper(title="Zebrafish dynamics", tags=("zoo",)),
                NewPaper(title="Kernel methods"),
            ]
        )
    return path


def cli(capsys: pytest.CaptureFixture[str], path: Path, *args: str) -> tuple[int, str, str]:
    code = main(["--library", str(path), *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def listed(capsys: pytest.CaptureFixture[str], path: Path, *args: str) -> list[int]:
    code, out, _ = cli(capsys, path, *args, "--json")
    assert code == 0
    return [p["id"] for p in json.loads(out)]


def test_delete_moves_to_the_trash_and_says_how_to_get_them_back(
    lib_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = cli(capsys, lib_path, "delete", "1", "2")
    assert code == 0 and "moved 2 papers to the trash" in out
    assert "litman trash restore 1 2" in out
    assert listed(capsys, lib_path, "list") == [3]
    assert sorted(listed(capsys, lib_path, "trash")) == [1, 2]
    assert sorted(listed(capsys, lib_path, "trash", "list")) == [1, 2]
    assert "in the trash: `litman trash restore 1`" in cli(capsys, lib_path, "show", "1")[1]
    assert "in the trash" not in cli(capsys, lib_path, "show", "3")[1]


def test_reads_leave_the_trash_out(
    lib_path: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    cli(capsys, lib_path, "delete", "1")
    assert listed(capsys, lib_path, "search", "walrus") == []
    assert json.loads(cli(capsys, lib_path, "tags", "--json")[1]) == [
        {"name": "zoo", "count": 1, "colour": None}
    ]
    assert json.loads(cli(capsys, lib_path, "stats", "--json")[1])["papers"] == 2
    out = tmp_path / "all.bib"
    assert cli(capsys, lib_path, "export", "-o", str(out))[0] == 0
    assert "Walrus" not in out.read_text() and "Zebrafish" in out.read_text()


def test_tag_or_status_on_a_trashed_paper_is_refused_whole(
    lib_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cli(capsys, lib_path, "delete", "2")
    for args in (("status", "read", "1", "2"), ("tag", "add", "new", "1", "2")):
        code, _, err = cli(capsys, lib_path, *args)
        assert code == 1 and "In the trash: 2; nothing was changed" in err
        assert "Traceback" not in err
    with Library.open(lib_path) as lib:
        assert lib.get(1).status == "unread" and "new" not in lib.get(1).tags


def test_restore_takes_papers_out_and_refuses_others(
    lib_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cli(capsys, lib_path, "delete", "1", "2")
    code, _, err = cli(capsys, lib_path, "trash", "restore", "1", "3")
    assert code == 1 and "Not in the trash: 3; nothing was restored" in err
    assert sorted(listed(capsys, lib_path, "trash")) == [1, 2]
    code, out, _ = cli(capsys, lib_path, "trash", "restore", "1")
    assert code == 0 and "restored 1 paper from the trash" in out
    assert sorted(listed(capsys, lib_path, "list")) == [1, 3]


def test_empty_needs_yes_when_not_asked_then_deletes_for_good(
    lib_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cli(capsys, lib_path, "delete", "1", "2")
    code, _, err = cli(capsys, lib_path, "trash", "empty")  # stdin is not a terminal
    assert code == 1 and "add --yes" in err
    assert sorted(listed(capsys, lib_path, "trash")) == [1, 2]
    code, out, _ = cli(capsys, lib_path, "trash", "empty", "--yes")
    assert code == 0 and "deleted 2 papers permanently" in out and "backup" in out
    assert listed(capsys, lib_path, "trash") == []
    with Library.open(lib_path) as lib:
        assert lib.get_many([1, 2]) == [] and lib.count() == 1
    assert "the trash is empty" in cli(capsys, lib_path, "trash")[1]


def test_emptying_a_trash_of_one_paper_backs_it_up_and_says_so(
    lib_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cli(capsys, lib_path, "delete", "1")
    code, out, _ = cli(capsys, lib_path, "trash", "empty", "--yes")
    assert code == 0 and "a backup was taken first" in out
    with Library.open(lib_path) as lib:
        newest = lib.site.backups()[0]
    assert newest.reason == "pre-delete"
    with Library.open(newest.path, read_only=True) as copy:
        assert copy.trash_ids() == [1]
