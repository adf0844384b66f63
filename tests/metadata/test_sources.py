"""Each source's client against the fake API: records read from each documented shape."""

from litman.metadata.errors import NotFound
from litman.metadata.identifiers import parse
from litman.metadata.lookup import Lookup
from tests.metadata.fake_api import FakeApi


def test_a_crossref_doi_gives_every_field_with_markup_as_text(lookup: Lookup) -> None:
    found = lookup.resolve(parse("https://doi.org/10.5555/W2SG.0001"))
    p = found.paper
    assert found.source == "Crossref"
    assert p.title == (
        "A Bias–Variance View of Weak-to-Strong Generalization under Bregman Divergence"
    )
    assert p.authors == ("Example, Ada", "Placeholder, Bo")
    assert (p.year, p.venue, p.doi) == (2025, "Journal of Example Research", "10.5555/w2sg.0001")
    assert p.entry_type == "article"
    assert p.extra == {
        "volume": "12",
        "number": "3",
        "pages": "101--130",  # CSL's range as BibTeX writes one
        "publisher": "Example Society",
        "month": "6",
        "day": "2",
    }
    assert p.abstract.startswith("Weak-to-strong generalization (W2SG) is the phenomenon")
    assert "<" not in p.abstract and "teacher’s posterior mean" in p.abstract
    assert not p.citekey and not p.tags


def test_the_contact_email_goes_to_crossref_as_its_polite_pool_asks(
    lookup: Lookup, fake_api: FakeApi
) -> None:
    lookup.resolve(parse("10.5555/w2sg.0001"))
    seen = fake_api.requests[-1]
    assert seen.query["mailto"] == "tests@example.org"
    assert "mailto:tests@example.org" in seen.headers["User-Agent"]


def test_a_doi_crossref_lacks_comes_from_content_negotiation(
    lookup: Lookup, fake_api: FakeApi
) -> None:
    found = lookup.resolve(parse("doi:10.5555/zenodo.0003"))
    assert found.source == "doi.org"
    assert found.paper.title == "A Technical Report Only DataCite Knows"
    assert found.paper.authors == ("Template, Eve",)
    assert found.paper.venue == "Example Repository"
    seen = [s for s in fake_api.requests if s.path.startswith("/doi/")]
    assert seen[0].headers["Accept"] == "application/vnd.citationstyles.csl+json"


def test_a_doi_no_source_has_is_not_found_in_one_line(lookup: Lookup) -> None:
    try:
        lookup.resolve(parse("10.5555/missing"))
    except NotFound as exc:
        assert str(exc) == (
            "No record of DOI 10.5555/missing found (asked Crossref, doi.org, OpenAlex)."
        )
    else:
        raise AssertionError("a missing DOI was found")


def test_an_arxiv_id_with_version_gives_the_preprint(lookup: Lookup, fake_api: FakeApi) -> None:
    found = lookup.resolve(parse("arXiv:2512.99901v2"))
    p = found.paper
    assert p.title == "SoftSignum: A Smooth Transition from Sign-Based Updates to SGD"
    assert p.authors == ("Exemplar, Hal", "von Dummy, Ida")
    assert p.year == 2025
    assert p.doi == "10.48550/arxiv.2512.99901"
    assert p.extra["eprint"] == "2512.99901" and p.extra["primaryclass"] == "cs.LG"
    assert p.abstract.startswith("Sign-based optimization methods, such as SignSGD")
    assert "  " not in p.abstract
    assert fake_api.requests[-1].query["id_list"] == "2512.99901v2"


def test_an_old_style_arxiv_id_gives_its_journal_doi_and_reference(lookup: Lookup) -> None:
    p = lookup.resolve(parse("hep-th/9901999")).paper
    assert p.doi == "10.5555/hep.0004"
    assert p.venue == "Example Phys. Lett."
    assert (p.entry_type, p.year) == ("article", 1999)


def test_an_arxiv_id_arxiv_does_not_have_is_not_found(lookup: Lookup) -> None:
    try:
        lookup.resolve(parse("2512.99998"))
    except NotFound as exc:
        assert "arXiv" in str(exc)
    else:
        raise AssertionError("a missing preprint was found")


def test_an_isbn_finds_the_book_through_crossref(lookup: Lookup, fake_api: FakeApi) -> None:
    p = lookup.resolve(parse("ISBN 978-3-16-148410-0")).paper
    assert (p.title, p.entry_type, p.venue) == (
        "Collected Examples of Reference Management",
        "book",
        "Example Press",
    )
    assert fake_api.requests[-1].query["filter"] == "isbn:9783161484100"


def test_openalex_abstracts_are_rebuilt_from_the_inverted_index(lookup: Lookup) -> None:
    found = lookup.search("Policy optimization algorithms generate a number of responses")
    rlvr = [f for f in found.found if f.source == "OpenAlex"]
    assert rlvr, found
    p = rlvr[0].paper
    assert p.abstract.startswith(
        "Reinforcement learning with verifiable rewards has driven recent advances"
    )
    assert "The most popular of these algorithms" in p.abstract
    assert p.authors == ("Instance, Fay", "van der Mock, Gil")
    assert p.extra == {"volume": "3", "number": "1", "pages": "1--20"}
    assert p.venue == "Transactions on Example Learning"
