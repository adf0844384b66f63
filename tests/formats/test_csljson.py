"""CSL-JSON reading: items, name parts, date parts, and the type vocabulary."""

import json
from pathlib import Path

import pytest

from litman.core.errors import ImportFailed
from litman.core.records import Status
from litman.formats import csljson, registry, ris_read

ITEMS = [
    {
        "id": "doe2013",
        "type": "article-journal",
        "title": "Bandits with knapsacks",
        "author": [
            {"family": "Doe", "given": "Jane"},
            {"family": "Beethoven", "given": "Ludwig", "non-dropping-particle": "van"},
            {"literal": "World Health Organization"},
        ],
        "issued": {"date-parts": [[2013, 5, 1]]},
        "container-title": "Journal of Regret",
        "DOI": "10.1000/xyz",
        "URL": "https://example.org/a",
        "abstract": "We study bandits.",
        "keyword": "bandits, online learning",
        "note": "Read for the reading group",
        "volume": "7",
        "page": "10-20",
    },
    {"id": "thesis1", "type": "thesis", "genre": "Master's thesis", "title": "T"},
    {"type": "paper-conference", "title": "C", "issued": {"raw": "2020-03"}},
]


def _parse(items: object) -> ris_read.Parsed:
    return csljson.parse(json.dumps(items, indent=1))


def test_items_fill_the_modelled_fields() -> None:
    p = _parse(ITEMS)[0][0]
    assert (p.citekey, p.entry_type, p.title) == ("doe2013", "article", "Bandits with knapsacks")
    assert (p.year, p.venue, p.doi, p.url) == (2013, "Journal of Regret", "10.1000/xyz", p.url)
    assert (p.abstract, p.notes) == ("We study bandits.", "Read for the reading group")


def test_name_parts_become_bibtex_names() -> None:
    p = _parse(ITEMS)[0][0]
    assert p.authors == ("Doe, Jane", "van Beethoven, Ludwig", "World Health Organization")


def test_keyword_becomes_tags_and_variables_bibtex_fields() -> None:
    p = _parse(ITEMS)[0][0]
    assert p.tags == ("bandits", "online learning")
    # CSL's range `10-20` is BibTeX's `10--20`; `issued` gives the month and the day
    assert (p.extra["volume"], p.extra["pages"], p.extra["month"]) == ("7", "10--20", "5")
    assert p.extra["day"] == "1"


def test_types_map_to_bibtex_entry_types() -> None:
    papers = _parse(ITEMS)[0]
    assert [p.entry_type for p in papers] == ["article", "mastersthesis", "inproceedings"]
    assert papers[2].year == 2020


def test_items_carry_their_lines() -> None:
    assert _parse(ITEMS)[1] == [2, 38, 44]  # where each `{` stands


def test_an_item_that_is_not_an_object_is_skipped_with_its_line() -> None:
    papers, _, skipped, _ = csljson.parse('[\n"just text",\n{"title": "A"}\n]')
    assert [p.title for p in papers] == ["A"]
    assert (skipped[0].line, "object" in skipped[0].reason) == (2, True)


def test_broken_json_is_refused_with_its_line() -> None:
    with pytest.raises(ImportFailed, match=r"x\.json: is not valid JSON.*line 2"):
        csljson.parse('[{"title": "A"},\n{"title": }]', "x.json")


def test_status_and_rating_come_back_from_custom() -> None:
    item = {"title": "A", "custom": {"litman-status": "reading", "litman-rating": "2"}}
    p = _parse([item])[0][0]
    assert (p.status, p.rating) == (Status.READING, 2)


def test_the_registry_reads_json_files(tmp_path: Path) -> None:
    path = tmp_path / "zotero.json"
    path.write_text(json.dumps(ITEMS), encoding="utf-8")
    assert len(registry.read(path).papers) == 3


def test_json_that_is_not_csl_is_skipped_with_its_reason() -> None:
    _, _, skipped, _ = csljson.parse('{"name": "litman", "version": "1.0"}')
    assert "not a CSL-JSON item" in skipped[0].reason


# Items as Crossref's answers have them (its works API, and CSL files made from it): lists
# where CSL has one value, and an organisation as `{"name": ...}`.
CROSSREF_SHAPED = {
    "type": "book",
    "title": ["Main Title", "Titre principal"],
    "container-title": ["Journal of Examples", "J. Ex."],
    "author": [{"name": "GTEx Consortium", "sequence": "first"}, {"family": "Doe", "given": "J"}],
    "ISBN": ["9780262033848", "9780262533058"],
}


def test_an_organisation_named_as_crossref_names_it_is_kept() -> None:
    papers, _lines, _skipped, warnings = _parse([CROSSREF_SHAPED])
    assert papers[0].authors == ("GTEx Consortium", "Doe, J")
    assert warnings == []


def test_lists_where_csl_has_one_value_give_their_first() -> None:
    p = _parse([{**CROSSREF_SHAPED, "type": "article-journal"}])[0][0]
    assert (p.title, p.venue) == ("Main Title", "Journal of Examples")
    assert p.extra["isbn"] == "9780262033848"
