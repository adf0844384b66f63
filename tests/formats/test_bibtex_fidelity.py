"""BibTeX fidelity (issue 14): no entry merged away, no citekey on another entry, and
what litman did not change is written back as it was read. Each test has its own small
`.bib`, under tests/data/bib/ or inline."""

import json
from pathlib import Path

from litman import app
from litman.cli import main
from litman.core.library import Library
from litman.formats import bibtex

DATA = Path(__file__).resolve().parent.parent / "data" / "bib"


def write(tmp_path: Path, text: str, name: str = "in.bib") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def export_of(lib: Library) -> str:
    return bibtex.dumps(lib.list_papers("id"))


def test_distinct_citekeys_are_never_merged(library: Library) -> None:
    (report,) = app.import_files(library, [DATA / "distinct-keys.bib"])
    assert sorted(library.citekeys()) == [
        "smith-article",
        "smith-erratum",
        "tug-editorial-1",
        "tug-editorial-2",
    ]
    assert not report.merged and len(report.added) == 4
    assert {(p.citekey, p.like_citekey) for p in report.proposed} == {
        ("tug-editorial-2", "tug-editorial-1"),
        ("smith-erratum", "smith-article"),
    }


def test_a_duplicate_across_imports_is_proposed_with_what_differs(
    library: Library, tmp_path: Path
) -> None:
    app.import_files(library, [DATA / "distinct-keys.bib"])
    again = write(
        tmp_path,
        "@article{other-key, title = {A Result}, author = {Smith, Ann},"
        " journal = {J. Things}, year = {2003}, doi = {10.1000/xyz}}",
    )
    (report,) = app.import_files(library, [again])
    (proposal,) = report.proposed
    assert proposal.citekey == "other-key" and proposal.like_citekey == "smith-article"
    assert proposal.how == "same DOI" and proposal.differs == ("year",)
    assert "other-key" in library.citekeys() and not report.merged


def test_the_same_file_imported_again_adds_nothing(library: Library) -> None:
    app.import_files(library, [DATA / "distinct-keys.bib"])
    (report,) = app.import_files(library, [DATA / "distinct-keys.bib"])
    assert not report.added and len(report.merged) == 4


def test_a_renamed_key_never_takes_a_key_of_the_batch(library: Library) -> None:
    (report,) = app.import_files(library, [DATA / "case-keys.bib"])
    by_key = {p.citekey: p.title for p in library.list_papers()}
    assert by_key["chen_2019"] == "First Paper" and by_key["Chen_2019a"] == "Third Paper"
    (renamed,) = report.renamed
    assert renamed.wanted == "Chen_2019" and by_key[renamed.stored] == "Second Paper"
    assert renamed.stored.casefold() not in {"chen_2019", "chen_2019a"}


def test_a_generated_key_never_takes_a_key_of_the_batch(library: Library, tmp_path: Path) -> None:
    text = (
        "@article{\n  author = {Huang, Y.}, title = {Alzheimer Mechanisms}, year = {2012}}\n"
        "@article{Huang2012alzheimer, title = {Other}, year = {2012}}\n"
    )
    app.import_files(library, [write(tmp_path, text)])
    by_key = {p.citekey: p.title for p in library.list_papers()}
    assert by_key["Huang2012alzheimer"] == "Other"


def test_import_json_lists_renamed_keys_and_proposals(library_path: Path, capsys) -> None:
    args = ["--library", str(library_path), "import", "--json"]
    assert main([*args, str(DATA / "case-keys.bib"), str(DATA / "distinct-keys.bib")]) == 0
    reports = json.loads(capsys.readouterr().out)
    (renamed,) = reports[0]["renamed"]
    assert renamed["wanted"] == "Chen_2019" and renamed["line"] == 3
    assert len(reports[1]["proposed"]) == 2 and reports[1]["proposed"][0]["differs"]
