"""A DOI as CSL-JSON and RIS write it: bare, whatever resolver link a .bib put before it."""

import pytest

from litman.formats import dois


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ("http://dx.doi.org/10.1007/s00779-005-0347-6", "10.1007/s00779-005-0347-6"),
        ("https://doi.org/10.1016/bs.semsem.2016.07.001", "10.1016/bs.semsem.2016.07.001"),
        ("http://doi.acm.org/10.1145/1137627.1137630", "10.1145/1137627.1137630"),
        ("doi:10.1201/b19107-2", "10.1201/b19107-2"),
        ("DOI: 10.1201/b19107-2", "10.1201/b19107-2"),
        ("https://doi.org/10.1002/%28SICI%291097", "10.1002/(SICI)1097"),
        ("10.1000/xyz", "10.1000/xyz"),
    ],
)
def test_a_resolver_link_or_doi_prefix_is_taken_off(written: str, expected: str) -> None:
    assert dois.bare(written) == expected


@pytest.mark.parametrize("written", ["fg6rf9", "https://example.org/paper", ""])
def test_what_is_no_doi_is_left_as_it_was(written: str) -> None:
    assert dois.bare(written) == written
