"""Control characters from a library reach the terminal escaped, never raw."""

import json
import re
from pathlib import Path

import pytest

from litman.cli import main
from litman.core.library.facade import Library
from litman.core.records import NewPaper

HOSTILE = "Evil\x1b]0;pwned\x07 title\x08\x08\x9b31m"
RAW = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


@pytest.fixture
def hostile(tmp_path: Path) -> Path:
    path = tmp_path / "h.sqlite"
    with Library.open(path) as lib:
        lib.papers.add_paper(
            NewPaper(
                title=HOSTILE,
                authors=("Bad\x1b[2J, Actor",),
                abstract="line one\nline\x07 two",
                tags=("t\x1bag",),
            )
        )
    return path


def output(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(list(args)) == 0
    captured = capsys.readouterr()
    return captured.out + captured.err


@pytest.mark.parametrize(
    "command", [["list"], ["show", "1"], ["search", "evil"], ["tags"], ["stats"]]
)
def test_listings_show_control_characters_escaped(
    hostile: Path, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    text = output(capsys, "--library", str(hostile), *command)
    assert not RAW.search(text), repr(text)


def test_list_shows_the_escape_visibly(hostile: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert "Evil\\x1b]0;pwned\\x07 title\\x08\\x08\\x9b31m" in output(
        capsys, "--library", str(hostile), "list"
    )


def test_show_keeps_the_lines_of_an_abstract(
    hostile: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = output(capsys, "--library", str(hostile), "show", "1")
    assert "line one\nline\\x07 two" in text


@pytest.mark.parametrize("command", [["list", "--json"], ["show", "1", "--json"]])
def test_json_escapes_every_control_character_and_keeps_the_value(
    hostile: Path, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    text = output(capsys, "--library", str(hostile), *command)
    assert not RAW.search(text.replace("\n", ""))
    data = json.loads(text)
    paper = data[0] if isinstance(data, list) else data
    assert paper["title"] == HOSTILE


def test_an_error_naming_library_text_is_escaped(
    hostile: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--library", str(hostile), "tag", "remove", "no\x1bpe", "1"]) == 1
    assert "no\\x1bpe" in capsys.readouterr().err
