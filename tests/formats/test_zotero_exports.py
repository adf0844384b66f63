"""Zotero's own RIS and CSL JSON exports read as the papers they hold. The samples in
tests/data/zotero were written by hand in the shape those exports have (see SOURCES.md
there): CRLF RIS with `Last, First` names, HTML notes and `L1` file paths; CSL JSON whose
`id` is the item's Zotero URI and whose `note` holds the Extra field."""

from litman.formats import registry
from tests.conftest import ROOT

DATA = ROOT / "tests" / "data" / "zotero"


def test_zoteros_ris_export() -> None:
    batch = registry.read(DATA / "zotero-export.ris")
    assert (batch.skipped, batch.warnings) == ((), ())
    a, b = batch.papers
    assert a.authors == ("Agosta, Giovanni", "Müller, Jörg") and a.year == 2021
    assert (a.venue, a.doi, a.tags) == (
        "Journal of Bandits",
        "10.1234/jb.2021.3",
        ("bandits", "safety"),
    )
    assert a.notes == "A note in HTML"  # Zotero writes its notes as HTML
    assert a.extra["ris-l1"] == "/home/u/Zotero/storage/ABCD1234/paper.pdf"
    assert (a.extra["volume"], a.extra["number"], a.extra["pages"]) == ("3", "2", "10--20")
    assert (b.entry_type, b.venue, b.extra["address"]) == (
        "inproceedings",
        "Proceedings of X",
        "Paris",
    )


def test_zoteros_csl_json_export() -> None:
    batch = registry.read(DATA / "zotero-export.json")
    assert (batch.skipped, batch.warnings) == ((), ())
    a, b = batch.papers
    assert a.authors == ("Agosta, Giovanni", "Müller, Jörg") and a.year == 2021
    assert (a.venue, a.doi, a.notes) == ("Journal of Bandits", "10.1234/jb.2021.3", "PMID: 123")
    # the id is a Zotero URI, not a citekey: litman makes one, and keeps the id to write back
    assert a.citekey == "" and a.extra["csl-id"].endswith("/items/ABCD1234")
    assert (b.entry_type, b.year, b.venue) == ("inproceedings", 2019, "Proceedings of X")


def test_a_plain_note_with_angle_brackets_stays_as_written() -> None:
    from litman.formats import ris

    papers = ris.parse("TY  - JOUR\nTI  - T\nN1  - a <b> c </p>\nER  - \n")[0]
    assert papers[0].notes == "a <b> c </p>"
