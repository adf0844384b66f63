"""Real RIS and CSL-JSON files written by other tools: every record is read or reported.

A few ship in tests/data/exchange-real (sources and licences in its SOURCES.md), so these run
in every clone; the whole `ris/` folder of ../shared/corpora runs where that exists.
"""

import re
from pathlib import Path

import pytest

from litman import app
from litman.core.library.facade import Library
from litman.core.records import NewPaper, Paper
from litman.formats import csljson, ris
from tests.conftest import ROOT, corpora_dir

SHIPPED = ROOT / "tests" / "data" / "exchange-real"


def _records(path: Path) -> int:
    return len(re.findall(r"(?m)^TY  -", path.read_text(encoding="utf-8-sig")))


@pytest.mark.parametrize("path", sorted(SHIPPED.glob("*.ris")), ids=lambda p: p.name)
def test_each_shipped_ris_file_reads_every_record(path: Path) -> None:
    batch = ris.read(path)
    assert len(batch.papers) == _records(path) and not batch.skipped
    assert all(p.title and p.authors for p in batch.papers)


def test_the_shipped_files_import_into_one_library(library: Library) -> None:
    reports = app.import_files(library, sorted(SHIPPED.glob("*.*[sn]")))
    assert sum(len(r.added) + len(r.merged) for r in reports) == library.count() + sum(
        len(r.merged) for r in reports
    )
    assert library.check() == "ok"


def test_an_ieee_export_keeps_doi_venue_and_pages() -> None:
    p = ris.read(SHIPPED / "litstudy_exclude.ris").papers[0]
    assert p.doi == "10.1109/SSD.2013.6564007" and p.entry_type == "inproceedings"
    assert p.venue.startswith("10th International") and p.extra["pages"] == "1--4"
    assert p.authors[0] == "Chouchene, M." and p.year == 2013  # IEEE writes `M. Chouchene`


def test_a_chapter_keeps_its_book_series_and_isbn() -> None:
    p = ris.read(SHIPPED / "jabref_RisImporterTest3.ris").papers[0]
    assert (p.entry_type, p.venue) == ("incollection", "Dermoscopy Image Analysis")
    assert p.extra["series"] == "Digital Imaging and Computer Vision"
    assert p.extra["isbn"] == "978-1-4822-5326-9"


@pytest.mark.parametrize("path", sorted(SHIPPED.glob("*.json")), ids=lambda p: p.name)
def test_each_shipped_csl_file_reads_every_item(path: Path) -> None:
    batch = csljson.read(path)
    assert batch.papers and not batch.skipped


def test_a_name_suffix_reads_alike_from_ris_and_csl() -> None:
    csl = csljson.read(SHIPPED / "citationjs_name_with_suffix.json").papers[0]
    from_ris = ris.parse("TY  - JOUR\nAU  - Doe, John, Jr.\nER  - \n")[0][0]
    assert csl.authors == from_ris.authors == ("Doe, Jr., John",)


def test_every_corpus_ris_file_reads_or_is_refused_clearly() -> None:
    root = corpora_dir("ris")
    files = sorted(root.rglob("*.ris"))
    assert len(files) >= 50
    for path in files:
        if path.name == "example_wos.ris":  # Web of Science's own format, not RIS
            continue
        batch = ris.read(path)
        assert batch.papers, path.name
        assert all(skip.reason for skip in batch.skipped)


def test_citation_js_cases_agree_with_its_csl_json() -> None:
    """Each RIS case and the CSL-JSON citation-js makes of it read to the same papers."""
    root = corpora_dir("ris", "citation-js")
    for path in sorted(root.glob("*.ris")):
        if path.name.startswith("01_"):  # citation-js reads EBOOK's DA as the access date
            continue
        expected = csljson.read(path.with_suffix(".expected.json")).papers
        for a, b in zip(ris.read(path).papers, expected, strict=True):
            assert (a.title, a.authors, a.doi) == (b.title, b.authors, b.doi), path.name
            assert (a.year, a.venue, a.entry_type) == (b.year, b.venue, b.entry_type), path.name


def test_a_venue_abbreviation_travels_from_ris_to_csl_json() -> None:
    p = ris.read(SHIPPED / "rispy_example_full.ris").papers[0]
    assert (p.venue, p.extra["shortjournal"]) == ("Lorem", "lorem")
    item = csljson.item_of(_paper(p))
    assert item["container-title-short"] == "lorem"


def _paper(p: NewPaper) -> Paper:
    from tests.formats.test_exchange_round_trip import _as_paper

    return _as_paper(p)


def test_two_records_of_one_file_sharing_an_id_stay_two_papers(library: Library) -> None:
    """rispy's example_full.ris: two different papers, both `ID  - 12345`, with alike
    abstracts. One file's records are two records; the pair is proposed, never merged."""
    (report,) = app.import_files(library, [SHIPPED / "rispy_example_full.ris"])
    assert (len(report.added), len(report.merged)) == (2, 0)
    titles = {p.title for p in library.list_papers()}
    assert len(titles) == 2 and len({p.citekey for p in library.list_papers()}) == 2
