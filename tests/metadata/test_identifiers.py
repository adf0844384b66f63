"""Identifiers as users paste them: every accepted form, and what is refused."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from litman.metadata.errors import LookupFailed
from litman.metadata.identifiers import Identifier, isbn13, parse, recognise


@pytest.mark.parametrize(
    "text",
    [
        "10.5555/W2SG.0001",
        "doi:10.5555/w2sg.0001",
        "DOI: 10.5555/w2sg.0001",
        "https://doi.org/10.5555/w2sg.0001",
        "http://dx.doi.org/10.5555/w2sg.0001",
        " 10.5555/w2sg.0001. ",
    ],
)
def test_every_doi_form_gives_the_bare_lower_case_doi(text: str) -> None:
    assert parse(text) == Identifier("doi", "10.5555/w2sg.0001")


@pytest.mark.parametrize(
    ("text", "value", "version"),
    [
        ("2512.99901", "2512.99901", ""),
        ("2512.99901v2", "2512.99901", "v2"),
        ("arXiv:2512.99901v2", "2512.99901", "v2"),
        ("https://arxiv.org/abs/2512.99901", "2512.99901", ""),
        ("https://arxiv.org/pdf/2512.99901v1.pdf", "2512.99901", "v1"),
        ("0704.0001", "0704.0001", ""),
        ("hep-th/9901999", "hep-th/9901999", ""),
        ("hep-th/9901999v1", "hep-th/9901999", "v1"),
        ("math.GT/0309136", "math.GT/0309136", ""),
        ("10.48550/arXiv.2512.99901", "2512.99901", ""),
    ],
)
def test_arxiv_ids_new_and_old_style_with_or_without_version(
    text: str, value: str, version: str
) -> None:
    assert parse(text) == Identifier("arxiv", value, version)


@pytest.mark.parametrize(
    "text", ["978-3-16-148410-0", "9783161484100", "ISBN 978 3 16 148410 0", "3-16-148410-X"]
)
def test_isbns_with_a_right_check_digit_become_isbn_13(text: str) -> None:
    found = parse(text)
    assert found.kind == "isbn"
    assert found.value in ("9783161484100", isbn13("316148410X"))


def test_isbn_10_converts_to_the_same_book_as_its_isbn_13() -> None:
    assert isbn13("0262033844") == "9780262033848"


@pytest.mark.parametrize(
    "text", ["978-3-16-148410-1", "3-16-148410-1", "2513.00001", "10.5/x", "hello", ""]
)
def test_what_is_not_an_identifier_is_refused_in_one_line(text: str) -> None:
    assert recognise(text) is None
    with pytest.raises(LookupFailed) as caught:
        parse(text)
    assert "\n" not in str(caught.value)
    assert "not a DOI, an arXiv id or an ISBN" in str(caught.value)


@pytest.mark.slow
@given(st.lists(st.integers(0, 9), min_size=9, max_size=9))
def test_an_isbn_10_with_its_check_digit_becomes_a_valid_isbn_13(digits: list[int]) -> None:
    body = "".join(map(str, digits))
    check = (11 - sum((10 - i) * d for i, d in enumerate(digits)) % 11) % 11
    isbn10 = body + ("X" if check == 10 else str(check))
    found = parse(isbn10)
    assert found.kind == "isbn" and found.value == isbn13(isbn10)
    assert parse(found.value) == found  # the ISBN-13 checks out too


@given(st.from_regex(r"10\.[0-9]{4,6}/[A-Za-z0-9._;()/:-]{1,30}", fullmatch=True))
def test_each_doi_form_gives_the_same_identifier(doi: str) -> None:
    doi = doi.rstrip(".,;")
    if doi.lower().startswith("10.48550/arxiv."):
        return
    forms = [doi, f"doi:{doi}", f"https://doi.org/{doi}", f"http://dx.doi.org/{doi.upper()}"]
    assert {parse(f) for f in forms} == {Identifier("doi", doi.lower())}
