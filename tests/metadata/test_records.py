"""What a found record becomes: the shapes real answers take that the documentation's
examples do not show (an organisation as author, a list of ISBNs, a title only in the
original language, a year only in `published-online`, markup escaped twice)."""

import json
import urllib.parse
from pathlib import Path
from typing import Any

import bibtexparser

from litman.core.library.facade import Library
from litman.core.records import NewPaper
from litman.formats import bibtex
from litman.metadata.actions import add_identifiers
from litman.metadata.identifiers import parse
from litman.metadata.lookup import Lookup
from tests.metadata.fake_api import FakeApi, Reply

DOI = "10.5555/shape.0001"
PERSON = {"given": "Ada", "family": "Example", "sequence": "first", "affiliation": []}


def crossref(fake_api: FakeApi, lookup: Lookup, **work: Any) -> NewPaper:
    """The paper Crossref's answer `work` (its DOI and a title added) gives."""
    message = {"DOI": DOI, "type": "journal-article", "title": ["A Shape"], **work}
    envelope = {"status": "ok", "message-type": "work", "message": message}
    fake_api.queue(f"/crossref/works/{DOI}", Reply(200, json.dumps(envelope).encode()))
    found = lookup.resolve(parse(DOI))
    assert found.source == "Crossref"
    return found.paper


def test_an_organisation_author_is_kept_in_its_place(fake_api: FakeApi, lookup: Lookup) -> None:
    org = {"name": "GTEx Consortium", "sequence": "additional", "affiliation": []}
    paper = crossref(fake_api, lookup, author=[PERSON, org, {**PERSON, "given": "Bo"}])
    assert paper.authors == ("Example, Ada", "GTEx Consortium", "Example, Bo")


def test_an_organisation_named_by_arxiv_or_openalex_is_not_turned_round() -> None:
    from litman.metadata.names import family_first

    assert family_first("The ATLAS Collaboration") == "The ATLAS Collaboration"
    assert family_first("GTEx Consortium") == "GTEx Consortium"
    assert family_first("Ludwig van Beethoven") == "van Beethoven, Ludwig"


def test_an_isbn_list_is_stored_as_one_isbn(fake_api: FakeApi, lookup: Lookup) -> None:
    paper = crossref(fake_api, lookup, type="book", ISBN=["9780262033848", "9780262533058"])
    assert paper.extra["isbn"] == "9780262033848"


def test_the_isbn_of_a_found_book_is_exported_as_bibtex_reads_it(
    fake_api: FakeApi, lookup: Lookup, library_path: Path, tmp_path: Path
) -> None:
    with Library.open(library_path) as lib:
        add_identifiers(lib, ["ISBN 978-3-16-148410-0"], lookup)
        bibtex.export(lib.list_papers(), tmp_path / "out.bib")
    parsed = bibtexparser.parse_file(str(tmp_path / "out.bib"))  # type: ignore[attr-defined]
    entry = parsed.entries[0]
    assert entry.fields_dict["isbn"].value == "978-3-16-148410-0"


def test_a_doi_with_a_hash_is_asked_of_openalex_whole(fake_api: FakeApi, lookup: Lookup) -> None:
    openalex = lookup.sources[3]
    work = {"doi": "https://doi.org/10.2307/1885099#x", "title": "The Fragment", "type": "article"}
    fake_api.queue("/openalex/works/", Reply(200, json.dumps(work).encode()))
    openalex.lookup(parse("10.2307/1885099#x"), lambda: False)
    asked = urllib.parse.unquote(fake_api.paths("/openalex/")[-1])
    assert asked == "/openalex/works/https://doi.org/10.2307/1885099#x"


def test_a_title_only_in_the_original_language_is_used(fake_api: FakeApi, lookup: Lookup) -> None:
    paper = crossref(fake_api, lookup, title=[], **{"original-title": ["Über Beispiele"]})
    assert paper.title == "Über Beispiele"


def test_an_unknown_issued_date_gives_way_to_the_published_one(
    fake_api: FakeApi, lookup: Lookup
) -> None:
    dates = {
        "issued": {"date-parts": [[None]]},
        "published-online": {"date-parts": [[2021, 4, 3]]},
    }
    paper = crossref(fake_api, lookup, **dates)
    assert paper.year == 2021
    assert paper.extra["month"] == "4"


def test_several_titles_and_container_titles_give_the_first_of_each(
    fake_api: FakeApi, lookup: Lookup
) -> None:
    paper = crossref(
        fake_api,
        lookup,
        title=["Main Title", "Titre principal"],
        **{"container-title": ["Journal of Examples", "J. Ex."]},
    )
    assert (paper.title, paper.venue) == ("Main Title", "Journal of Examples")


def test_a_subtitle_completes_the_title(fake_api: FakeApi, lookup: Lookup) -> None:
    paper = crossref(fake_api, lookup, title=["Examples"], subtitle=["A Field Guide"])
    assert paper.title == "Examples: A Field Guide"


def test_markup_escaped_twice_is_read_as_markup(fake_api: FakeApi, lookup: Lookup) -> None:
    paper = crossref(fake_api, lookup, title=["δ&lt;sup&gt;13&lt;/sup&gt;C in Example Mud"])
    assert paper.title == "δ¹³C in Example Mud"


def test_an_article_number_is_the_pages_of_a_paper_without_any(
    fake_api: FakeApi, lookup: Lookup
) -> None:
    paper = crossref(fake_api, lookup, **{"article-number": "e1002345"})
    assert paper.extra["pages"] == "e1002345"


def test_the_editors_of_an_edited_book_are_kept(fake_api: FakeApi, lookup: Lookup) -> None:
    org = {"name": "Example Society", "affiliation": []}
    paper = crossref(fake_api, lookup, type="edited-book", editor=[PERSON, org])
    assert paper.authors == ()
    assert paper.extra["editor"] == "Example, Ada and {Example Society}"
    assert paper.entry_type == "book"


def test_an_arxiv_journal_reference_gives_the_journal_not_the_whole_reference(
    lookup: Lookup,
) -> None:
    p = lookup.resolve(parse("hep-th/9901999")).paper
    assert (p.venue, p.extra["volume"]) == ("Example Phys. Lett.", "1")
    assert p.extra["journalref"] == "Example Phys. Lett. 1 (1999) 1-10"
    assert p.entry_type == "article"


def test_a_journal_reference_that_names_no_journal_is_kept_aside() -> None:
    from litman.metadata.arxiv import parse_feed

    feed = (
        '<feed xmlns="http://www.w3.org/2005/Atom" xmlns:arxiv="http://arxiv.org/schemas/atom">'
        "<entry><id>http://arxiv.org/abs/2512.99902v1</id><title>A Talk</title>"
        "<published>2025-12-01T00:00:00Z</published>"
        "<arxiv:journal_ref>Accepted at the Example Workshop 2026</arxiv:journal_ref>"
        "</entry></feed>"
    )
    (p,) = parse_feed(feed.encode())
    assert (p.venue, p.entry_type) == ("", "misc")
    assert p.extra["journalref"] == "Accepted at the Example Workshop 2026"
