"""The BibTeX export writes biblatex's entry types and fields as BibTeX's own, so that plain
BibTeX reads them without a warning, while the library keeps them as read and the BibLaTeX
export writes them back; an entry with nothing of biblatex's is left exactly as it was."""

from pathlib import Path

import pytest

from litman import app
from litman.core.library.facade import Library
from litman.formats import biblatex, bibtex, bibtex_plain
from tests.conftest import ROOT, corpora_dir, require_tool
from tests.formats.tex_run import TOOLS
from tests.formats.tex_run import bibtex_plain as compile_plain

Fields = list[tuple[str, str]]
CHOCOLATE = ROOT / "tests" / "data" / "bib-real" / "Chocolate.bib"  # JabRef's biblatex example


def _entry(kind: str, fields: Fields) -> tuple[str, dict[str, str]]:
    new_kind, new_fields = bibtex_plain.entry(kind, fields)
    return new_kind, dict(new_fields)


def _exported(source: Path, tmp_path: Path, writer: str = "bibtex") -> str:
    out = tmp_path / f"{writer}.bib"
    with Library.open(tmp_path / "lib.sqlite") as lib:
        app.import_files(lib, [source])
        papers = lib.list_papers("citekey")
        if writer == "bibtex":
            bibtex.export(papers, out, blocks=lib.kept_blocks())
        else:
            biblatex.export(papers, out)
    return out.read_text(encoding="utf-8")


def test_a_biblatex_file_exports_as_bibtex_that_plain_bibtex_reads_without_a_warning(
    tmp_path: Path,
) -> None:
    require_tool(*TOOLS)
    text = _exported(CHOCOLATE, tmp_path)
    assert "journal = {Circulation}" in text and "year = {2009},\n\tmonth = mar" in text
    errors, warnings = compile_plain(tmp_path / "bibtex.bib", tmp_path / "run")
    assert (errors, warnings) == ([], [])


def test_the_biblatex_export_still_writes_what_was_read(tmp_path: Path) -> None:
    _exported(CHOCOLATE, tmp_path)
    text = _exported(CHOCOLATE, tmp_path / "again", "biblatex")
    assert "journaltitle = {Circulation}" in text and "date = {2009-03}" in text
    assert "\tjournal = " not in text and "\tyear = " not in text


def test_biblatexs_own_example_file_exports_without_unknown_types(tmp_path: Path) -> None:
    """biblatex's biblatex-examples.bib (online, thesis, report, mvbook, ...): plain BibTeX
    finds every entry type of the export defined but `@set`'s, a group of other entries
    that BibTeX has no kind of."""
    require_tool(*TOOLS)
    source = corpora_dir("bib", "edge", "bibtex-tidy", "biblatex") / "biblatex-examples.bib"
    _exported(source, tmp_path)
    _, warnings = compile_plain(tmp_path / "bibtex.bib", tmp_path / "run")
    sets = {'"set"', '"stdmodel"'}  # the file's two @set entries
    undefined = [w for w in warnings if "isn't style-file defined" in w]
    assert [w for w in undefined if not any(s in w for s in sets)] == []
    source_warnings = compile_plain(source, tmp_path / "source")[1]
    assert len([w for w in source_warnings if "isn't style-file defined" in w]) > 2


@pytest.mark.parametrize(
    ("kind", "type_field", "new", "new_type"),
    [
        ("thesis", "phdthesis", "phdthesis", None),
        ("thesis", "mathesis", "mastersthesis", None),
        ("thesis", "Master's thesis", "mastersthesis", "Master's thesis"),
        ("thesis", "Habilitation", "phdthesis", "Habilitation"),
        ("thesis", "candthesis", "phdthesis", "Candidate thesis"),
        ("thesis", None, "phdthesis", "Thesis"),
        ("report", "techreport", "techreport", None),
        ("report", "Working paper", "techreport", "Working paper"),
        ("mvbook", None, "book", None),
        ("software", None, "misc", None),
    ],
)
def test_biblatexs_types_become_bibtexs(
    kind: str, type_field: str | None, new: str, new_type: str | None
) -> None:
    full = [("author", "A"), ("title", "T"), ("year", "2020"), ("publisher", "P")]
    full += [("institution", "I")] + ([("type", type_field)] if type_field else [])
    got_kind, got = _entry(kind, full)
    assert (got_kind, got.get("type")) == (new, new_type)


def test_a_thesis_institution_is_bibtexs_school() -> None:
    full = [("author", "A"), ("title", "T"), ("year", "2020")]
    thesis = _entry("thesis", [*full, ("institution", "MIT"), ("type", "phdthesis")])
    assert thesis == ("phdthesis", {**dict(full), "school": "MIT"})
    report = _entry("report", [*full, ("institution", "CERN")])
    assert report == ("techreport", {**dict(full), "institution": "CERN"})


def test_a_web_page_is_a_misc_that_shows_its_url() -> None:
    kind, got = _entry("online", [("title", "T"), ("url", "https://example.org/a_b")])
    assert kind == "misc" and got["howpublished"] == "\\url{https://example.org/a_b}"
    assert got["url"] == "https://example.org/a_b"


@pytest.mark.parametrize("url", ["https://e.org/a%20b", "https://e.org/a#top"])
def test_a_url_that_cannot_sit_in_an_argument_is_not_shown(url: str) -> None:
    assert "howpublished" not in _entry("online", [("url", url)])[1]


def test_a_web_page_that_says_how_it_was_published_keeps_that() -> None:
    got = _entry("online", [("howpublished", "Blog"), ("url", "https://e.org")])[1]
    assert got["howpublished"] == "Blog"


def test_biblatexs_fields_take_bibtexs_names_in_place() -> None:
    fields = [("journaltitle", "J"), ("location", "Paris"), ("eprinttype", "arxiv")]
    assert list(_entry("article", fields)[1]) == ["journal", "address", "archiveprefix"]


def test_a_field_already_under_bibtexs_name_is_kept_and_biblatexs_left() -> None:
    got = _entry("article", [("journal", "J"), ("journaltitle", "Journal")])[1]
    assert got == {"journal": "J", "journaltitle": "Journal"}


@pytest.mark.parametrize(
    ("date", "expected"),
    [
        ("2020", [("year", "2020")]),
        ("2020-03", [("year", "2020"), ("month", "mar")]),
        ("2020-03-15", [("year", "2020"), ("month", "mar"), ("date", "2020-03-15")]),
        ("2020/2021", [("year", "2020"), ("date", "2020/2021")]),
        ("2020~", [("year", "2020"), ("date", "2020~")]),
        ("spring", [("date", "spring")]),
        # biber's own test: pdflatex cannot set Devanagari digits (LaTeX Error: Unicode
        # character ९), and BibTeX's plain style prints the year
        ("१९८७-०१-१५/१९८८-०५-११", [("year", "1987"), ("date", "१९८७-०१-१५/१९८८-०५-११")]),
    ],
)
def test_a_date_becomes_year_and_month_in_its_place(date: str, expected: Fields) -> None:
    fields = [("title", "T"), ("date", date), ("pages", "1")]
    assert bibtex_plain.entry("article", fields)[1] == [("title", "T"), *expected, ("pages", "1")]


def test_a_date_beside_a_year_is_left_alone() -> None:
    fields = [("year", "2021"), ("date", "2020-03")]
    assert bibtex_plain.entry("article", fields) == ("article", fields)


def test_an_entry_with_nothing_of_biblatexs_is_the_same() -> None:
    fields = [("journal", "J"), ("year", "2020"), ("month", "mar"), ("note", "x")]
    assert bibtex_plain.entry("Article", fields) == ("Article", fields)


@pytest.mark.parametrize(
    ("kind", "fields"),
    [
        ("report", [("author", "A"), ("title", "T"), ("date", "2014")]),  # no institution
        ("inreference", [("title", "T"), ("booktitle", "B"), ("date", "2022")]),  # no author
        ("thesis", [("author", "A"), ("title", "T"), ("date", "2020")]),  # no institution
    ],
)
def test_an_entry_lacking_what_bibtexs_type_requires_is_a_misc(kind: str, fields: Fields) -> None:
    """BibTeX warns of an empty required field (a report's institution) where the source's
    unknown type was read as `@misc`: the export stays a `@misc` then."""
    assert bibtex_plain.entry(kind, fields)[0] == "misc"
