"""Each import ends with a report per file, whatever its format: records read, added,
merged with a paper already there (by DOI, then by title, first author and year), and
skipped with the line and the reason; the command line and the window say the same."""

import json
from pathlib import Path

import pytest

from litman import app
from litman.cli import main
from litman.core.library.facade import Library
from litman.core.records import ImportReport, NewPaper
from tests.formats.test_zotero import zotero_db  # noqa: F401  (the fixture)

KNOWN = [
    NewPaper(citekey="a", title="Regret bounds", authors=("Doe, Jane",), year=2020, doi="10.1/x"),
    NewPaper(citekey="b", title="Convex bandits", authors=("Roe, Rick",), year=2019),
]
RECORDS = [
    ["TI  - Another title, same DOI", "DO  - 10.1/X"],
    ["TI  - Convex Bandits", "AU  - Roe, Rick", "PY  - 2019"],
    ["TI  - Something new"],
    [],
]
RIS = "\n".join(line for r in RECORDS for line in ["TY  - JOUR", *r, "ER  - ", ""])
CSL = [
    {"type": "article-journal", "title": "Another title, same DOI", "DOI": "10.1/X"},
    {
        "type": "article-journal",
        "title": "Convex Bandits",
        "author": [{"family": "Roe", "given": "Rick"}],
        "issued": {"date-parts": [[2019]]},
    },
    {"type": "article-journal", "title": "Something new"},
    {"not": "an item"},
]
FILES = {".ris": RIS, ".json": json.dumps(CSL, indent=1)}


def _check_counts(report: ImportReport) -> None:
    assert report.read == len(report.added) + len(report.merged) + len(report.skipped)
    assert f"({report.read} records read)" in report.summary()


@pytest.mark.parametrize("suffix", FILES)
def test_a_report_counts_read_added_merged_and_skipped(
    library: Library, tmp_path: Path, suffix: str
) -> None:
    library.papers.add_papers(KNOWN)
    path = tmp_path / f"in{suffix}"
    path.write_text(FILES[suffix])
    (report,) = app.import_files(library, [path])
    assert (report.read, len(report.added), len(report.skipped)) == (4, 1, 1)
    assert [(m.into_citekey, m.how) for m in report.merged] == [
        ("a", "same DOI"),
        ("b", "same title, first author and year"),
    ]
    # the line the bad record opens on: the one before its last ("ER  - ", or `"not": ...`)
    last = "ER  - " if suffix == ".ris" else '"not"'
    lines = FILES[suffix].splitlines()
    opens = max(i for i, line in enumerate(lines) if last in line)  # 0-based: the line before
    assert report.skipped[0].line == opens and report.skipped[0].reason
    _check_counts(report)


def test_a_bibtex_report_counts_what_it_read(library: Library, tmp_path: Path) -> None:
    path = tmp_path / "in.bib"
    path.write_text("@article{k1, title={One}}\n@article{k2, title={Two}}\n@article{broken,\n")
    (report,) = app.import_files(library, [path])
    assert (report.read, len(report.added), len(report.skipped)) == (3, 2, 1)
    _check_counts(report)


def test_a_zotero_report_counts_its_regular_items(library: Library, zotero_db: Path) -> None:  # noqa: F811
    (report,) = app.import_files(library, [zotero_db])
    assert report.read == 3
    _check_counts(report)


def test_the_command_line_prints_and_returns_the_count(
    library_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "in.ris"
    path.write_text(RIS)
    assert main(["import", "--library", str(library_path), str(path)]) == 0
    out = capsys.readouterr().out
    assert "in.ris: 3 added, 0 merged, 1 skipped (4 records read)" in out
    assert "line 16: skipped, " in out
    assert main(["import", "--library", str(library_path), "--json", str(path)]) == 0
    (report,) = json.loads(capsys.readouterr().out)
    assert report["read"] == 4 and len(report["merged"]) == 3
