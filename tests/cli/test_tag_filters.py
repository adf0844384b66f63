"""A tag whose name holds a quote, a backslash, a colon or spaces is found from the command
line: typed in a query (`tag:"say \\"hi\\""`, a backslash escaping a quote or a backslash
inside quotes), or named whole with `litman list --tag`."""

import json
from pathlib import Path

import pytest

from litman.cli import main
from litman.core.library.facade import Library
from litman.core.records import NewPaper

ODD_TAGS = ('say "hi"', r"C:\papers to read", 'a "b" > c:\\d "e')
DECOYS = ("say", "hi", "a", "b", "c", "d", "e", "papers", "c:\\d")


def odd_library(path: Path) -> dict[str, int]:
    """A paper per odd tag, and one tagged with each of its words."""
    with Library.open(path) as lib:
        ids = {}
        for tag in ODD_TAGS:
            ids[tag] = lib.papers.add_paper(NewPaper(title=f"Tagged {tag}"))
            lib.tags.add_tag(tag, [ids[tag]])
        decoy = lib.papers.add_paper(NewPaper(title="Tagged with the words"))
        for word in DECOYS:
            lib.tags.add_tag(word, [decoy])
        return ids


def ids_printed(capsys: pytest.CaptureFixture[str], *args: str) -> list[int]:
    assert main(list(args)) == 0
    return [row["id"] for row in json.loads(capsys.readouterr().out)]


def quoted(tag: str) -> str:
    """The tag as a person types it in a query."""
    return '"' + tag.replace("\\", "\\\\").replace('"', '\\"') + '"'


@pytest.mark.parametrize("tag", ODD_TAGS)
def test_search_finds_an_odd_tag_typed_with_escapes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], tag: str
) -> None:
    path = tmp_path / "lib.sqlite"
    ids = odd_library(path)
    found = ids_printed(capsys, "--library", str(path), "search", f"tag:{quoted(tag)}", "--json")
    assert found == [ids[tag]]


@pytest.mark.parametrize("tag", ODD_TAGS)
def test_list_tag_names_an_odd_tag_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], tag: str
) -> None:
    path = tmp_path / "lib.sqlite"
    ids = odd_library(path)
    found = ids_printed(capsys, "--library", str(path), "list", "--tag", tag, "--json")
    assert found == [ids[tag]]


def test_list_tag_takes_the_tags_below(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "lib.sqlite"
    ids = odd_library(path)
    found = ids_printed(capsys, "--library", str(path), "list", "--tag", 'A "B"', "--json")
    assert found == [ids['a "b" > c:\\d "e']]


def test_list_tag_of_no_tag_lists_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "lib.sqlite"
    odd_library(path)
    assert ids_printed(capsys, "--library", str(path), "list", "--tag", "nowhere", "--json") == []


@pytest.mark.parametrize("tag", ODD_TAGS)
def test_tags_counts_an_odd_tag(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], tag: str
) -> None:
    path = tmp_path / "lib.sqlite"
    odd_library(path)
    assert main(["--library", str(path), "tags", "--json"]) == 0
    counts = json.loads(capsys.readouterr().out)
    print(counts)
    assert {"name": tag, "count": 1}.items() <= next(c for c in counts if c["name"] == tag).items()


def test_list_status_keeps_that_status(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "lib.sqlite"
    ids = odd_library(path)
    assert main(["--library", str(path), "status", "read", str(ids['say "hi"'])]) == 0
    capsys.readouterr()
    args: tuple[str, ...] = ("--library", str(path), "list", "--status", "read", "--json")
    assert ids_printed(capsys, *args) == [ids['say "hi"']]
    args = ("--library", str(path), "list", "--status", "unread", "--tag", 'say "hi"', "--json")
    assert ids_printed(capsys, *args) == []
