"""RIS reading: the spec's tags and their dialects, records, line ends and BOMs."""

from pathlib import Path

import pytest

from litman import app
from litman.core.errors import ImportFailed
from litman.core.library.facade import Library
from litman.core.records import Status
from litman.formats import registry, ris

TWO = (
    "TY  - JOUR\n"
    "AU  - Doe, Jane\n"
    "A1  - Roe, Rick\n"
    "T1  - Bandits with knapsacks\n"
    "Y1  - 2013/05/01/\n"
    "JF  - Journal of Regret\n"
    "VL  - 7\n"
    "IS  - 2\n"
    "SP  - 10\n"
    "EP  - 20\n"
    "DO  - 10.1000/xyz\n"
    "UR  - https://example.org/a\n"
    "N2  - We study bandits.\n"
    "KW  - bandits\n"
    "KW  - online learning\n"
    "N1  - Read for the reading group\n"
    "ER  - \n"
    "\n"
    "TY  - CONF\n"
    "TI  - Convex regret\n"
    "PY  - 2020\n"
    "T2  - Proceedings of COLT\n"
    "ER  - \n"
)


def test_two_records_are_read_with_their_lines() -> None:
    papers, lines, skipped, _ = ris.parse(TWO)
    assert [p.title for p in papers] == ["Bandits with knapsacks", "Convex regret"]
    assert lines == [1, 19] and not skipped


def test_dialect_tags_fill_the_modelled_fields() -> None:
    p = ris.parse(TWO)[0][0]
    assert p.authors == ("Doe, Jane", "Roe, Rick")
    assert (p.year, p.venue, p.doi, p.url) == (2013, "Journal of Regret", "10.1000/xyz", p.url)
    assert p.abstract == "We study bandits."
    assert p.entry_type == "article"


def test_keywords_become_tags_and_n1_notes() -> None:
    p = ris.parse(TWO)[0][0]
    assert p.tags == ("bandits", "online learning")
    assert p.notes == "Read for the reading group"


def test_volume_issue_and_pages_become_bibtex_fields() -> None:
    extra = ris.parse(TWO)[0][0].extra
    assert (extra["volume"], extra["number"], extra["pages"]) == ("7", "2", "10--20")


def test_a_conference_record_is_inproceedings_with_its_venue() -> None:
    p = ris.parse(TWO)[0][1]
    assert (p.entry_type, p.venue, p.year) == ("inproceedings", "Proceedings of COLT", 2020)


def test_crlf_and_a_bom_read_like_plain_text(tmp_path: Path) -> None:
    path = tmp_path / "windows.ris"
    path.write_bytes(b"\xef\xbb\xbf" + TWO.replace("\n", "\r\n").encode())
    batch = ris.read(path)
    assert [p.title for p in batch.papers] == ["Bandits with knapsacks", "Convex regret"]
    assert batch.papers[0].tags == ("bandits", "online learning")


def test_a_line_without_a_tag_continues_the_value() -> None:
    text = "TY  - JOUR\nTI  - A\nAB  - first line,\nER then the second\nER  - \n"
    assert ris.parse(text)[0][0].abstract == "first line,\nER then the second"


def test_unknown_tags_are_kept_and_written_back() -> None:
    p = ris.parse("TY  - JOUR\nTI  - A\nM1  - 42\nER  - \n")[0][0]
    assert p.extra["ris-m1"] == "42"


def test_a_suffix_moves_to_bibtex_order() -> None:
    p = ris.parse("TY  - JOUR\nTI  - A\nAU  - Doe, John, Jr.\nER  - \n")[0][0]
    assert p.authors == ("Doe, Jr., John",)


def test_a_record_without_er_at_the_end_is_read_with_a_warning() -> None:
    papers, _, _, warnings = ris.parse("TY  - JOUR\nTI  - A\n")
    assert [p.title for p in papers] == ["A"] and "no ER" in warnings[0]


def test_an_empty_record_is_skipped_with_its_line() -> None:
    _, _, skipped, _ = ris.parse("TY  - JOUR\nTI  - A\nER  - \nTY  - JOUR\nER  - \n")
    assert [(s.line, s.reason) for s in skipped] == [(4, "record has no fields")]


def test_a_file_with_no_records_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "notes.ris"
    path.write_text("just some words\n")
    with pytest.raises(ImportFailed, match=r"notes\.ris: found no RIS records"):
        ris.read(path)


def test_the_registry_reads_ris_and_sniffs_it_in_txt(tmp_path: Path) -> None:
    path = tmp_path / "endnote.txt"
    path.write_text(TWO)
    assert len(registry.read(path).papers) == 2
    assert ".ris" in registry.supported_suffixes()


def test_an_import_reports_added_merged_and_skipped(library: Library, tmp_path: Path) -> None:
    path = tmp_path / "lib.ris"
    path.write_text(TWO + "TY  - JOUR\nER  - \n" + TWO.split("\n\n")[0] + "\n")
    report = app.import_files(library, [path])[0]
    assert (len(report.added), len(report.merged), len(report.skipped)) == (2, 1, 1)
    assert report.skipped[0].line == 24


def test_status_and_rating_come_back_from_u1() -> None:
    text = "TY  - JOUR\nTI  - A\nU1  - litman-status: read\nU1  - litman-rating: 4\nER  - \n"
    p = ris.parse(text)[0][0]
    assert (p.status, p.rating) == (Status.READ, 4)
