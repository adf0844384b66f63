"""BibLaTeX export: biblatex's field names and entry types, one ISO `date`, arXiv's
`eprint`, and papers that come back from the export as they went out."""

from pathlib import Path

import pytest

from litman import app
from litman.core.library.facade import Library
from litman.core.records import NewPaper, Status
from litman.formats import biblatex, bibtex
from litman.formats.exchange import WriteOptions

Fields = list[tuple[str, str]]


def _entry(kind: str, fields: Fields) -> tuple[str, dict[str, str]]:
    new_kind, new_fields = biblatex.entry(kind, fields)
    return new_kind, dict(new_fields)


@pytest.mark.parametrize(
    ("kind", "new", "type_field"),
    [
        ("phdthesis", "thesis", "phdthesis"),
        ("mastersthesis", "thesis", "mathesis"),
        ("techreport", "report", "techreport"),
        ("conference", "inproceedings", None),
        ("electronic", "online", None),
        ("article", "article", None),
    ],
)
def test_bibtex_types_become_biblatexs(kind: str, new: str, type_field: str | None) -> None:
    got, fields = _entry(kind, [("title", "T")])
    assert got == new
    assert fields.get("type") == type_field


def test_a_thesis_keeps_the_type_it_names() -> None:
    assert _entry("phdthesis", [("type", "Habilitation")])[1]["type"] == "Habilitation"


def test_fields_take_biblatexs_names_in_place() -> None:
    fields = [("journal", "J"), ("address", "Paris"), ("school", "ENS"), ("annote", "n")]
    _, got = biblatex.entry("article", fields)
    assert got == [("journaltitle", "J"), ("location", "Paris"), ("institution", "ENS"),
                   ("annotation", "n")]  # fmt: skip


def test_a_field_already_under_biblatexs_name_is_not_overwritten() -> None:
    _, got = _entry("article", [("journal", "Old"), ("journaltitle", "New")])
    assert got == {"journal": "Old", "journaltitle": "New"}


@pytest.mark.parametrize(
    ("fields", "date"),
    [
        ([("year", "2020")], "2020"),
        ([("year", "2020"), ("month", "mar")], "2020-03"),
        ([("year", "2020"), ("month", "{September}")], "2020-09"),
        ([("year", "2020"), ("month", "11"), ("day", "5")], "2020-11-05"),
        ([("year", "1992--1993")], "1992/1993"),
    ],
)
def test_year_month_and_day_become_one_date(fields: Fields, date: str) -> None:
    _, got = _entry("article", [("title", "T"), *fields, ("pages", "1")])
    assert got == {"title": "T", "date": date, "pages": "1"}


def test_the_date_takes_the_years_place() -> None:
    _, got = biblatex.entry("article", [("title", "T"), ("year", "2020"), ("pages", "1")])
    assert [k for k, _ in got] == ["title", "date", "pages"]


@pytest.mark.parametrize(
    "fields", [[("year", "in press")], [("year", "2020"), ("month", "spring")]]
)
def test_what_is_not_a_date_stays_as_written(fields: Fields) -> None:
    assert _entry("article", fields)[1] == dict(fields)


def test_a_date_read_with_the_entry_is_kept_and_year_dropped() -> None:
    got = _entry("article", [("date", "2020-04-01"), ("year", "2020"), ("month", "apr")])[1]
    assert got == {"date": "2020-04-01"}


def test_an_edited_year_replaces_a_date_of_another_year() -> None:
    assert _entry("article", [("date", "2019-04-01"), ("year", "2021")])[1] == {"date": "2021"}


def test_arxiv_fields_become_eprint_fields() -> None:
    fields = [("eprint", "2101.00001"), ("archiveprefix", "arXiv"), ("primaryclass", "cs.LG")]
    got = _entry("misc", fields)[1]
    assert got == {"eprint": "2101.00001", "eprinttype": "arxiv", "eprintclass": "cs.LG"}


@pytest.mark.parametrize(
    ("field", "value", "eprint"),
    [
        ("url", "https://arxiv.org/abs/2101.00001v2", "2101.00001"),
        ("url", "http://arxiv.org/pdf/hep-th/9901001", "hep-th/9901001"),
        ("doi", "10.48550/arXiv.2303.12345", "2303.12345"),
    ],
)
def test_an_arxiv_url_or_doi_gives_the_eprint(field: str, value: str, eprint: str) -> None:
    got = _entry("misc", [(field, value)])[1]
    assert (got["eprint"], got["eprinttype"]) == (eprint, "arxiv")


def test_no_eprint_without_arxiv() -> None:
    assert "eprint" not in _entry("misc", [("url", "https://example.org/abs/2101.00001")])[1]


@pytest.mark.parametrize(
    ("field", "value", "urldate"),
    [
        ("urlaccessdate", "2021-02-03", "2021-02-03"),
        ("lastchecked", "2021-02-03", "2021-02-03"),
        ("accessed", '{"date-parts": [[2021, 2, 3]]}', "2021-02-03"),
    ],
)
def test_an_access_date_becomes_urldate(field: str, value: str, urldate: str) -> None:
    assert _entry("online", [(field, value)])[1] == {"urldate": urldate}


def _paper() -> NewPaper:
    return NewPaper(
        title="Safe Bandits with {GP} Priors",
        authors=("Agosta, Giovanni", "Müller, Jörg"),
        year=2021,
        venue="Journal of Bandits",
        doi="10.1/x",
        url="https://example.org/x",
        abstract="We study bandits.",
        entry_type="article",
        citekey="agosta21",
        tags=("ml > bandits", "to read"),
        status=Status.READ,
        rating=4,
        extra={"address": "Milan", "month": "jun", "volume": "3"},
    )


def test_what_is_exported_comes_back(tmp_path: Path) -> None:
    out = tmp_path / "x.bib"
    with Library.open(tmp_path / "a.sqlite") as lib:
        lib.papers.add_papers([_paper()])
        written = biblatex.export(lib.list_papers("citekey"), out)
        before = lib.list_papers("citekey")[0]
    text = out.read_text(encoding="utf-8")
    assert written == 1
    assert "date = {2021-06}" in text and "journaltitle = {Journal of Bandits}" in text
    assert "location = {Milan}" in text and "\tyear" not in text and "\tjournal " not in text
    with Library.open(tmp_path / "b.sqlite") as lib:
        app.import_files(lib, [out])
        after = lib.list_papers("citekey")[0]
    keep = ("title", "authors", "year", "venue", "doi", "url", "abstract", "status", "rating")
    assert {k: getattr(after, k) for k in keep} == {k: getattr(before, k) for k in keep}
    assert sorted(after.tags) == sorted(before.tags)


def test_kept_blocks_are_written_as_the_bibtex_export_writes_them(tmp_path: Path) -> None:
    blocks = [("preamble", "@preamble{x}"), ("comment", "@comment{jabref-meta: a;}")]
    with Library.open(tmp_path / "a.sqlite") as lib:
        lib.papers.add_papers([_paper()])
        text = bibtex.dumps(lib.list_papers("citekey"), blocks=blocks)
        out = tmp_path / "x.bib"
        biblatex.export(lib.list_papers("citekey"), out, WriteOptions(blocks=blocks))
    got = out.read_text(encoding="utf-8")
    assert got.startswith("@preamble{x}") and got.endswith("@comment{jabref-meta: a;}\n")
    assert text.startswith("@preamble{x}") and "@article{agosta21" in got


# Unedited fields of a real JabRef file (testjabref.bib): a raw `_` outside math, Greek
# letters and a left-to-right mark, each of which pdflatex stops on in biber's .bbl.
PDFLATEX_STOPS = (
    "@article{bv, title = {Partial b_{v}(s) and b_{v}(θ) metric spaces}, "
    "author = {Doe, Jane}, journal = {J}, year = {2020}}\n"
    "@article{qcd, title = {The Chiral and U(1)_A Symmetries}, author = {Doe, Jane}, "
    "journal = {Nucl. {$Z_3$} Phys}, year = {2020}, url = {https://x.org/a_b}, "
    "file = {:a_b.pdf:PDF}, ids = {old_key}}\n"
    "@techreport{who, title = {Coronavirus disease 2019 (\u200e COVID-19)\u200e: report}, "
    "author = {{WHO}}, note = {$^{6}$He from $^{3}$H(α,pα)nn}, year = {2020}}\n"
)


def _biblatex_of(text: str, tmp_path: Path, options: WriteOptions = WriteOptions()) -> str:
    source = tmp_path / "in.bib"
    source.write_text(text, encoding="utf-8")
    out = tmp_path / "out.bib"
    with Library.open(tmp_path / "lib.sqlite") as lib:
        app.import_files(lib, [source])
        biblatex.export(lib.list_papers("citekey"), out, options)
    return out.read_text(encoding="utf-8")


def test_text_pdflatex_stops_on_is_written_so_it_sets(tmp_path: Path) -> None:
    got = _biblatex_of(PDFLATEX_STOPS, tmp_path)
    assert "title = {Partial b\\_{v}(s) and b\\_{v}({\\ensuremath{\\theta}}) metric" in got
    assert "title = {The Chiral and U(1)\\_A Symmetries}" in got
    assert "journaltitle = {Nucl. {$Z_3$} Phys}" in got  # math stays math
    assert "(COVID-19):report" in got.replace(" ", "") and "\u200e" not in got
    assert "note = {$^{6}$He from $^{3}$H({\\ensuremath{\\alpha}},p{\\ensuremath{" in got


def test_keys_paths_and_links_keep_their_underscores(tmp_path: Path) -> None:
    got = _biblatex_of(PDFLATEX_STOPS, tmp_path)
    assert "url = {https://x.org/a_b}" in got and "file = {:a_b.pdf:PDF}" in got
    assert "ids = {old_key}" in got


def test_utf8_keeps_the_letters_but_not_a_raw_underscore(tmp_path: Path) -> None:
    got = _biblatex_of(PDFLATEX_STOPS, tmp_path, WriteOptions(mode="utf8"))
    assert "title = {Partial b\\_{v}(s) and b\\_{v}(θ) metric spaces}" in got
