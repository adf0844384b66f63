"""`litman export --format bibtex|ris|csljson`, or the format the file's suffix names, and
`litman import` of what was exported."""

import json
from pathlib import Path

import pytest

from litman.cli import main
from litman.core.library.facade import Library
from litman.core.records import NewPaper, Status


def _library(path: Path) -> Path:
    lib = Library.open(path)
    lib.add_papers(
        [
            NewPaper(title="Bandits", citekey="a", tags=("ml",), status=Status.READ),
            NewPaper(title="Regret", citekey="b", extra={"howpublished": "Online"}),
        ]
    )
    lib.close()
    return path


@pytest.mark.parametrize(("name", "start"), [("x.ris", "TY  - "), ("x.json", "[")])
def test_the_suffix_chooses_the_format(tmp_path: Path, name: str, start: str, capsys) -> None:
    lib = _library(tmp_path / "lib.sqlite")
    out = tmp_path / name
    assert main(["--library", str(lib), "export", "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8").startswith(start)
    assert "exported 2 papers" in capsys.readouterr().err


def test_format_overrides_the_suffix_and_a_query_chooses(tmp_path: Path, capsys) -> None:
    lib = _library(tmp_path / "lib.sqlite")
    out = tmp_path / "x.txt"
    args = ["export", "tag:ml", "-o", str(out), "--format", "csljson"]
    assert main(["--library", str(lib), *args]) == 0
    items = json.loads(out.read_text(encoding="utf-8"))
    assert [i["id"] for i in items] == ["a"] and items[0]["custom"]["litman-status"] == "read"


def test_the_report_names_fields_the_format_cannot_carry(tmp_path: Path, capsys) -> None:
    lib = _library(tmp_path / "lib.sqlite")
    main(["--library", str(lib), "export", "-o", str(tmp_path / "x.ris")])
    assert "RIS cannot express 'howpublished': left out of 1 paper" in capsys.readouterr().err


def test_standard_output_takes_a_format(tmp_path: Path, capsys) -> None:
    lib = _library(tmp_path / "lib.sqlite")
    assert main(["--library", str(lib), "export", "-o", "-", "--format", "ris"]) == 0
    assert capsys.readouterr().out.count("ER  - ") == 2


def test_an_export_imports_back(tmp_path: Path, capsys) -> None:
    lib = _library(tmp_path / "lib.sqlite")
    out = tmp_path / "x.ris"
    main(["--library", str(lib), "export", "-o", str(out)])
    again = tmp_path / "again.sqlite"
    assert main(["--library", str(again), "import", str(out)]) == 0
    assert "x.ris: 2 added, 0 merged, 0 skipped" in capsys.readouterr().out
