"""`litman autoexport`: a file bound to a query is written on add and by `run`, left
untouched (same bytes, same mtime) when nothing it holds changed, rewritten when it did;
a file that cannot be written is reported by `run` and by `list`, the others still
written; `remove` unbinds; bindings live in the library."""

import json
import os
import shutil
from pathlib import Path

import pytest

from litman.cli import main
from litman.core.library.facade import Library
from litman.core.records import NewPaper
from litman.formats import bibtex


@pytest.fixture
def lib_path(tmp_path: Path) -> Path:
    path = tmp_path / "lib.sqlite"
    with Library.open(path) as lib:
        lib.papers.add_papers(
            [
                NewPaper(title="Walrus", citekey="walrus", tags=("thesis",), year=2020),
                NewPaper(title="Seal", citekey="seal", year=2019),
            ]
        )
    return path


def cli(capsys: pytest.CaptureFixture[str], path: Path, *args: str) -> tuple[int, str, str]:
    code = main(["--library", str(path), *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def keys_in(path: Path) -> list[str]:
    return sorted(p.citekey for p in bibtex.read(path).papers)


def test_bound_file_follows_its_query(
    lib_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    refs = tmp_path / "refs.bib"
    assert cli(capsys, lib_path, "autoexport", "add", str(refs), "tag:thesis")[0] == 0
    assert keys_in(refs) == ["walrus"]
    os.utime(refs, (1, 1))
    assert "unchanged" in cli(capsys, lib_path, "autoexport", "run")[1]
    assert refs.stat().st_mtime == 1  # not touched: latexmk -pvc sees nothing new
    cli(capsys, lib_path, "tag", "add", "thesis", "seal")
    assert "written" in cli(capsys, lib_path, "autoexport", "run")[1]
    assert keys_in(refs) == ["seal", "walrus"]


@pytest.mark.parametrize("order", ["query first", "format first"])
def test_a_negated_word_is_part_of_the_query_and_an_option_after_it_is_read(
    lib_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], order: str
) -> None:
    """`autoexport add FILE QUERY`: a negated word (-seal) is a word of the query, as in
    search and export, and --format is read wherever it stands (argparse took -seal for an
    unknown option and refused the command)."""
    refs = tmp_path / "refs.txt"
    words = ["year:2019..2020", "-seal"]
    options = ["--format", "bibtex"]
    args = [*words, *options] if order == "query first" else [*options, *words]
    assert cli(capsys, lib_path, "autoexport", "add", str(refs), *args)[0] == 0
    assert keys_in(refs) == ["walrus"]
    (bound,) = json.loads(cli(capsys, lib_path, "autoexport", "--json")[1])
    assert bound["query"] == "year:2019..2020 -seal"


def test_a_file_that_cannot_be_written_is_reported_and_others_written(
    lib_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    gone, kept = tmp_path / "gone", tmp_path / "all.json"
    gone.mkdir()
    cli(capsys, lib_path, "autoexport", "add", str(gone / "refs.bib"))
    cli(capsys, lib_path, "autoexport", "add", str(kept))
    shutil.rmtree(gone)
    cli(capsys, lib_path, "tag", "add", "x", "seal")
    code, out, err = cli(capsys, lib_path, "autoexport", "run")
    assert code == 1 and "failed" in out and "Traceback" not in err
    assert {i["id"] for i in json.loads(kept.read_text())} == {"walrus", "seal"}
    listed = json.loads(cli(capsys, lib_path, "autoexport", "list", "--json")[1])
    assert [b["error"] != "" for b in listed] == [True, False]
    assert "FAILED" in cli(capsys, lib_path, "autoexport")[1]


def test_remove_unbinds_and_an_unknown_file_is_one_line(
    lib_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    refs = tmp_path / "refs.ris"
    cli(capsys, lib_path, "autoexport", "add", str(refs))
    assert json.loads(cli(capsys, lib_path, "autoexport", "--json")[1])[0]["fmt"] == "ris"
    assert cli(capsys, lib_path, "autoexport", "remove", str(refs))[0] == 0
    assert json.loads(cli(capsys, lib_path, "autoexport", "--json")[1]) == []
    code, _, err = cli(capsys, lib_path, "autoexport", "remove", str(refs))
    assert code == 1 and "No auto-export" in err and refs.exists()
