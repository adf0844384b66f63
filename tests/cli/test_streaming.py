"""list --json and export write what they always wrote, a page at a time."""

import json
from pathlib import Path

import pytest

from litman.cli import main
from litman.core.library.facade import Library
from litman.core.store import reading
from litman.formats import bibtex


@pytest.fixture
def small_pages(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pages of 7 papers, so that the seed library's 89 span many."""
    monkeypatch.setattr(reading, "PAGE", 7)
    monkeypatch.setattr(reading.iter_papers, "__defaults__", (7,))
    monkeypatch.setattr(reading.iter_json, "__defaults__", (7,))


def test_list_json_is_every_paper_in_order(
    seeded_path: Path, capsys: pytest.CaptureFixture[str], small_pages: None
) -> None:
    assert main(["--library", str(seeded_path), "list", "--json", "--sort", "year"]) == 0
    got = json.loads(capsys.readouterr().out)
    with Library.open(seeded_path) as lib:
        assert got == [p.to_json() for p in lib.list_papers("year")]


def test_list_is_every_paper_in_order(
    seeded_path: Path, capsys: pytest.CaptureFixture[str], small_pages: None
) -> None:
    assert main(["--library", str(seeded_path), "list", "--desc"]) == 0
    lines = capsys.readouterr().out.splitlines()
    with Library.open(seeded_path) as lib:
        ids = lib.list_ids("title", descending=True)
    assert [int(line.split()[0]) for line in lines if line[:6].strip().isdigit()] == ids
    assert lines[-1] == "(* title derived from the abstract)"


def test_export_file_and_stdout_are_the_writer_text(
    seeded_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], small_pages: None
) -> None:
    out = tmp_path / "all.bib"
    assert main(["--library", str(seeded_path), "export", "-o", str(out)]) == 0
    assert main(["--library", str(seeded_path), "export", "-o", "-"]) == 0
    with Library.open(seeded_path) as lib:
        expected = bibtex.dumps(lib.get_many(lib.search_ids("", sort="citekey")))
    assert out.read_text(encoding="utf-8") == expected
    assert capsys.readouterr().out == expected
