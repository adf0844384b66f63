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
    lib.papers.add_papers(
        [
            NewPaper(title="Bandits", citekey="a", tags=("ml",), status=Status.READ),
            NewPaper(title="Regret", citekey="b", extra={"howpublished": "Online"}),
        ]
    )
    lib.close()
    return path


@pytest.mark.parametrize(("name", "start"), [("x.ris", "TY  - "), ("x.json", "[")])
def test_the_suffix_chooses_the_format(
    tmp_path: Path, name: str, start: str, capsys: pytest.CaptureFixture[str]
) -> None:
    lib = _library(tmp_path / "lib.sqlite")
    out = tmp_path / name
    assert main(["--library", str(lib), "export", "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8").startswith(start)
    assert "exported 2 papers" in capsys.readouterr().err


def test_format_overrides_the_suffix_and_a_query_chooses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lib = _library(tmp_path / "lib.sqlite")
    out = tmp_path / "x.txt"
    args = ["export", "tag:ml", "-o", str(out), "--format", "csljson"]
    assert main(["--library", str(lib), *args]) == 0
    items = json.loads(out.read_text(encoding="utf-8"))
    assert [i["id"] for i in items] == ["a"] and items[0]["custom"]["litman-status"] == "read"


def test_the_report_names_fields_the_format_cannot_carry(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lib = _library(tmp_path / "lib.sqlite")
    main(["--library", str(lib), "export", "-o", str(tmp_path / "x.ris")])
    assert "RIS cannot express 'howpublished': left out of 1 paper" in capsys.readouterr().err


def test_standard_output_takes_a_format(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lib = _library(tmp_path / "lib.sqlite")
    assert main(["--library", str(lib), "export", "-o", "-", "--format", "ris"]) == 0
    assert capsys.readouterr().out.count("ER  - ") == 2


def test_an_export_imports_back(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lib = _library(tmp_path / "lib.sqlite")
    out = tmp_path / "x.ris"
    main(["--library", str(lib), "export", "-o", str(out)])
    again = tmp_path / "again.sqlite"
    assert main(["--library", str(again), "import", str(out)]) == 0
    assert "x.ris: 2 added, 0 merged, 0 skipped" in capsys.readouterr().out


def _two_files(tmp_path: Path) -> Path:
    """A library of two JabRef files, each with its @preamble and its jabref-meta block."""
    for name, key in (("a.bib", "alpha"), ("b.bib", "beta")):
        (tmp_path / name).write_text(
            f'@preamble{{"\\\\providecommand{{\\\\{key}}}[1]{{#1}}"}}\n'
            f"@article{{{key}, title={{T {key}}}, author={{Doe, J.}}, journal={{J}}, year=2000}}\n"
            f"@comment{{jabref-meta: databaseType:{key};}}\n",
            encoding="utf-8",
        )
    lib = tmp_path / "lib.sqlite"
    args = ["--library", str(lib), "import", str(tmp_path / "a.bib"), str(tmp_path / "b.bib")]
    assert main(args) == 0
    return lib


def _exported(lib: Path, tmp_path: Path, *query: str) -> str:
    out = tmp_path / "out.bib"
    assert main(["--library", str(lib), "export", *query, "-o", str(out)]) == 0
    return out.read_text(encoding="utf-8")


def test_a_whole_export_writes_every_kept_block(tmp_path: Path) -> None:
    text = _exported(_two_files(tmp_path), tmp_path)
    assert text.count("@preamble") == 2 and text.count("jabref-meta") == 2


def test_an_export_writes_the_blocks_of_the_files_its_papers_came_from(tmp_path: Path) -> None:
    # As JabRef's "Export selected entries" writes the file's preamble (macros its entries
    # use) and its groups; another file's blocks have nothing to do with these entries.
    text = _exported(_two_files(tmp_path), tmp_path, "key:beta")
    assert "\\beta" in text and "databaseType:beta" in text
    assert "alpha" not in text


def test_an_export_of_nothing_writes_no_block(tmp_path: Path) -> None:
    assert _exported(_two_files(tmp_path), tmp_path, "key:nothing-matches") == ""
