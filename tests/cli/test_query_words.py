"""A QUERY on the command line may start with `-` (negation), as the README shows."""

import json
from pathlib import Path

import pytest

from litman.cli import main
from litman.cli.parser import split_query
from litman.core.library.facade import Library
from litman.core.records import NewPaper, Status


@pytest.fixture
def three(tmp_path: Path) -> Path:
    path = tmp_path / "q.sqlite"
    with Library.open(path) as lib:
        ids = lib.papers.add_papers(
            [
                NewPaper(title="Neural survey of everything", tags=("survey",)),
                NewPaper(title="Neural collapse at the end"),
                NewPaper(title="Sparse attention"),
            ]
        ).added
        lib.papers.set_status([ids[1]], Status.READ)
    return path


def titles(capsys: pytest.CaptureFixture[str], *args: str) -> list[str]:
    assert main(list(args)) == 0, capsys.readouterr().err
    return sorted(p["title"] for p in json.loads(capsys.readouterr().out))


def test_search_accepts_a_negated_tag_as_its_only_word(
    three: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    got = titles(capsys, "--library", str(three), "search", "-tag:survey", "--json")
    assert got == ["Neural collapse at the end", "Sparse attention"]


def test_search_accepts_negations_after_a_word(
    three: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    got = titles(capsys, "search", "neural", "-status:read", "--library", str(three), "--json")
    assert got == ["Neural survey of everything"]


def test_search_accepts_a_negated_word_before_its_options(
    three: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    got = titles(capsys, "search", "-sparse", "--limit", "5", "--json", "--library", str(three))
    assert got == ["Neural collapse at the end", "Neural survey of everything"]


def test_a_negated_word_starting_like_a_short_option_is_a_word(
    three: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`-h` is help, but `-hello` (or `-ocean` for export) is a query word."""
    got = titles(capsys, "--library", str(three), "search", "-hello", "--json")
    assert len(got) == 3


def test_export_takes_a_negated_query(three: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--library", str(three), "export", "-tag:survey", "-o", "-"]) == 0
    out = capsys.readouterr().out
    assert "Sparse attention" in out and "Neural survey" not in out


def test_export_to_stdout_reads_dash_as_the_file(
    three: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--library", str(three), "export", "-o", "-", "-ocean"]) == 0
    assert capsys.readouterr().out.count("@") == 3


def test_search_without_a_query_is_a_usage_error(
    three: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--library", str(three), "search", "--json"]) == 2
    assert "QUERY" in capsys.readouterr().err


def test_words_after_double_dash_are_query_words() -> None:
    assert split_query(["search", "--", "--json", "x"]) == (["search"], ["--json", "x"])


def test_split_query_keeps_option_values_and_abbreviations() -> None:
    argv = ["--library", "search", "search", "-x", "--lim", "3", "--library=a", "-y"]
    assert split_query(argv) == (
        ["--library", "search", "search", "--lim", "3", "--library=a"],
        ["-x", "-y"],
    )


def test_other_commands_are_left_to_argparse() -> None:
    assert split_query(["status", "read", "-1"]) == (["status", "read", "-1"], None)
