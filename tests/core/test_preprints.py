"""The arXiv id a stored paper names, from `eprint`, arXiv's DOI or an arxiv.org link."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from litman.core.library.preprints import arxiv_id, core, cores_in


@pytest.mark.parametrize(
    ("doi", "url", "extra", "expected"),
    [
        ("", "", {"eprint": "2301.01234", "archiveprefix": "arXiv"}, "2301.01234"),
        ("", "", {"eprint": "arXiv:2301.01234v2"}, "2301.01234"),
        ("", "", {"eprint": "math.GT/0309136", "eprinttype": "arxiv"}, "math.gt/0309136"),
        ("10.48550/arXiv.2301.01234", "", {}, "2301.01234"),
        ("", "https://arxiv.org/pdf/hep-th/9901001v1", {}, "hep-th/9901001"),
        ("", "", {"eprint": "2301.01234", "eprinttype": "hal"}, ""),
        ("", "", {"eprint": "hal-01234567"}, ""),
        ("10.1000/xyz", "https://example.org/2301.01234", {}, ""),
    ],
)
def test_the_arxiv_id_a_paper_names(
    doi: str, url: str, extra: dict[str, str], expected: str
) -> None:
    assert arxiv_id(doi, url, extra) == expected


new_ids = st.from_regex(r"\A[0-9]{2}(0[1-9]|1[0-2])\.[0-9]{5}\Z")
old_ids = st.from_regex(r"\A(hep-th|math\.GT|cs|astro-ph)/[0-9]{7}\Z")
versions = st.sampled_from(["", "v1", "v12"])


@given(ident=new_ids | old_ids, version=versions, form=st.integers(0, 3))
def test_every_id_arxiv_id_finds_has_its_numbers_among_cores_in(
    ident: str, version: str, form: int
) -> None:
    doi, url, extra = "", "", {}
    if form == 0:
        doi = f"10.48550/arXiv.{ident}"
    elif form == 1:
        url = f"https://arxiv.org/abs/{ident}{version}"
    else:
        extra = {"eprint": ("arXiv:" if form == 3 else "") + ident + version}
    found = arxiv_id(doi, url, extra)
    assert found == ident.lower()
    assert core(found) in cores_in(f"{doi} {url} {json.dumps(extra)}")
