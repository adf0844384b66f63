"""One- and two-letter prefixes answered from the build's merged lists, and three-letter
ones in abstracts from its bits, find what every word's own postings find, before and after
the library changes."""

import string
from pathlib import Path

import pytest

from benchmarks.synthetic import papers as synthetic_papers
from litman.core.library.facade import Library
from litman.core.records import NewPaper
from litman.core.search import index_cache

QUERIES = [
    *string.ascii_lowercase,
    "st",
    "pr",
    "de",
    "mo",
    "ne",
    "zz",
    "model s",
    "learning n",
    "deep pr",
    "-st",
    "title:ne",
    "key:sm",
    "sm",
    "author:m",
    "year:2019 de",
    "2",
    "20",
    "pro",
    "str",
    "the",
    "con",
    "abstract:pro",
    "deep pro",
    "model str",
]


def answers(lib: Library) -> list[tuple[list[int], list[float], object]]:
    """Each query's ids, scores and the first paper's highlights."""
    out: list[tuple[list[int], list[float], object]] = []
    for q in QUERIES:
        result = lib.search(q)
        first = lib.get(result.ids[0]) if result.ids else None
        out.append((list(result.ids), result.score_array.tolist(), first and result.spans(first)))
    return out


def without_merged_lists(lib: Library) -> list[tuple[list[int], list[float], object]]:
    """The same queries, every prefix gathered word by word as before the merged lists."""
    postings = lib.index.postings
    kept = postings.short, postings.dense
    postings.short = postings.dense = None
    lib.index._memo.clear()
    try:
        return answers(lib)
    finally:
        postings.short, postings.dense = kept
        lib.index._memo.clear()


@pytest.mark.slow
@pytest.mark.file_only
def test_merged_prefix_lists_find_what_the_words_postings_find(
    library: Library, tmp_path: Path
) -> None:
    ids = library.papers.add_papers(list(synthetic_papers(400, seed=5))).added
    library.papers.add_paper(NewPaper(title="Plain", citekey="smithkey"))
    library.tags.add_tag("Stats > Deep models", ids[:30])
    library.search("warm up")  # builds the index over these papers
    assert library.index.postings.short is not None
    assert library.index.postings.dense is not None and library.index.postings.dense.names
    assert answers(library) == without_merged_lists(library)
    # After the build: papers added, edited, deleted, retagged; a citekey's own token
    # (`smithkey`) becomes a word when a title takes it up.
    library.papers.add_papers([NewPaper(title="Stable deep nets", citekey="stablekey")])
    library.papers.update_paper(ids[3], title="Predicting models by prior steps", citekey="smaller")
    library.papers.update_paper(ids[4], title="Smithkey revisited")
    library.papers.delete_papers(ids[10:20])
    library.tags.add_tag("Stochastic", ids[40:45])
    assert library.index.postings.short is not None  # still the build's lists
    expected = without_merged_lists(library)
    assert answers(library) == expected
    # Saved with the index and loaded back, changes since the build included.
    index_cache.save(library.index, tmp_path / "index.npz", "saved")
    assert index_cache.load(library.index, tmp_path / "index.npz", "saved")
    assert library.index.postings.short is not None
    assert answers(library) == expected
