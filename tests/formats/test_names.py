"""A person's name written whole (`G. Agosta`) reaches CSL-JSON as family and given names and
RIS as `Last, First` (the bug: RIS's `AU  - G. Agosta` came out of the CSL-JSON export as a
`literal` name); organisations' names stay whole."""

import io
import json

import pytest

from litman.core.names import Person
from litman.core.records import NewPaper
from litman.formats import bibtex, csl_values, csljson, names, ris
from tests.formats.test_exchange_round_trip import _as_paper


def _csl_authors(paper: NewPaper) -> list[dict[str, str]]:
    out = io.StringIO()
    csljson.write([_as_paper(paper)], out)
    authors: list[dict[str, str]] = json.loads(out.getvalue())[0]["author"]
    return authors


def test_a_ris_name_written_first_last_reaches_csl_as_parts() -> None:
    papers = ris.parse("TY  - JOUR\nTI  - T\nAU  - G. Agosta\nER  - \n")[0]
    assert papers[0].authors == ("Agosta, G.",)
    assert _csl_authors(papers[0]) == [{"family": "Agosta", "given": "G."}]


@pytest.mark.parametrize(
    ("written", "stored"),
    [
        ("G. Agosta", "Agosta, G."),
        ("J.-P. Sartre", "Sartre, J.-P."),
        ("Jane Doe", "Doe, Jane"),
        ("A. S. Z. Belloum", "Belloum, A. S. Z."),
        ("Ludwig van Beethoven", "van Beethoven, Ludwig"),
        ("Müller, Jörg", "Müller, Jörg"),
        ("World Health Organization", "World Health Organization"),
        ("Nature Publishing Group", "Nature Publishing Group"),
        ("Plato", "Plato"),
        ("NASA", "NASA"),
        ("The Royal Society", "The Royal Society"),
        ("De Vlinderstichting", "De Vlinderstichting"),
    ],
)
def test_ris_names_written_whole(written: str, stored: str) -> None:
    papers = ris.parse(f"TY  - JOUR\nTI  - T\nAU  - {written}\nER  - \n")[0]
    assert papers[0].authors == (stored,)


def test_a_bib_first_last_name_reaches_csl_and_ris_as_parts() -> None:
    text = "@article{k, title={T}, author={G. Agosta and {World Health Organization} and Doe, J.}}"
    paper = bibtex.parse(text)[0][0]
    assert _csl_authors(paper) == [
        {"family": "Agosta", "given": "G."},
        {"literal": "World Health Organization"},
        {"family": "Doe", "given": "J."},
    ]
    out = io.StringIO()
    ris.write([_as_paper(paper)], out)
    assert [ln for ln in out.getvalue().splitlines() if ln.startswith("AU")] == [
        "AU  - Agosta, G.",
        "AU  - World Health Organization",
        "AU  - Doe, J.",
    ]


def test_a_csl_literal_name_stays_literal() -> None:
    paper = csljson.parse('[{"id": "k", "title": "T", "author": [{"literal": "Jane Doe"}]}]')
    assert _csl_authors(paper[0][0]) == [{"literal": "Jane Doe"}]


def test_bibtex_splits_first_von_last() -> None:
    assert names.split_whole("Jean de la Fontaine") == Person("Jean", "de la", "Fontaine")
    assert names.split_whole("Plato") is None


def test_a_suffix_is_written_after_the_given_name_in_ris_and_as_csl_suffix() -> None:
    """BibTeX reads `John Smith Jr.` as Mr Jr.'s; RIS and CSL name Smith."""
    assert names.as_last_first("John Smith Jr.") == "Smith, John, Jr."
    assert csl_values.name_parts("John Smith Jr.", person=True) == {
        "family": "Smith",
        "given": "John",
        "suffix": "Jr.",
    }


@pytest.mark.parametrize(
    "source",
    [
        "TY  - JOUR\nTI  - T\nAU  - World Health Organization\nAU  - Doe, Jane\nER  - \n",
        '[{"title": "T", "author": [{"literal": "World Health Organization"}, '
        '{"family": "Doe", "given": "Jane"}]}]',
    ],
    ids=["ris", "csljson"],
)
def test_an_organisation_from_ris_or_csl_reaches_bibtex_braced(source: str) -> None:
    """BibTeX reads `World Health Organization` unbraced as a person, family name
    `Organization`; read whole from RIS or CSL-JSON, it is written braced whole."""
    parse = ris.parse if source.startswith("TY") else csljson.parse
    paper = _as_paper(parse(source)[0][0])
    fields = dict(bibtex.fields_of(paper))
    assert fields["author"] == "{World Health Organization} and Doe, Jane"
    assert bibtex.parse(bibtex.dumps([paper]))[0][0].authors == paper.authors


def test_a_person_written_whole_outside_bibtex_stays_unbraced() -> None:
    paper = _as_paper(NewPaper(citekey="k", title="T", authors=("Jane Doe", "Plato")))
    assert dict(bibtex.fields_of(paper))["author"] == "Jane Doe and Plato"


def test_a_suffix_written_before_the_comma_is_csl_suffix() -> None:
    """`Harris Jr, James` was CSL family `Harris Jr`."""
    assert csl_values.name_parts("Harris Jr, James") == {
        "family": "Harris",
        "given": "James",
        "suffix": "Jr",
    }
