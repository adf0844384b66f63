"""`litman export --format biblatex`: a .bib in biblatex's names; a .bib without the
option stays BibTeX."""

from pathlib import Path

import pytest

from litman.cli import main
from litman.core.library.facade import Library
from litman.core.records import NewPaper


def _library(path: Path) -> Path:
    with Library.open(path) as lib:
        paper = NewPaper(title="T", citekey="a", year=2020, venue="J", entry_type="article")
        lib.papers.add_papers([paper, NewPaper(title="U", citekey="b", entry_type="phdthesis")])
    return path


def test_format_biblatex_writes_biblatex(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lib, out = _library(tmp_path / "lib.sqlite"), tmp_path / "x.bib"
    assert main(["--library", str(lib), "export", "-o", str(out), "--format", "biblatex"]) == 0
    text = out.read_text(encoding="utf-8")
    assert "date = {2020}" in text and "journaltitle = {J}" in text
    assert "@thesis{b," in text and "type = {phdthesis}" in text
    assert "exported 2 papers" in capsys.readouterr().err


def test_a_bib_file_is_bibtex_by_default(tmp_path: Path) -> None:
    lib, out = _library(tmp_path / "lib.sqlite"), tmp_path / "x.bib"
    assert main(["--library", str(lib), "export", "-o", str(out)]) == 0
    assert "year = {2020}" in out.read_text(encoding="utf-8")


def test_standard_output_takes_biblatex(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lib = _library(tmp_path / "lib.sqlite")
    assert main(["--library", str(lib), "export", "-o", "-", "--format", "biblatex"]) == 0
    assert "@thesis{b," in capsys.readouterr().out
