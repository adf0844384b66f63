"""Searching before the index is ready (`Library.quick_search_ids`): the same answers on a
library file and on a shared library."""

from litman.core.library.facade import Library
from litman.core.records import NewPaper


def _papers(library: Library) -> list[int]:
    return list(
        library.add_papers(
            [
                NewPaper(title="Graph Neural Networks", authors=("Kipf, Thomas",), year=2017),
                NewPaper(title="Convex optimisation", authors=("Boyd, Stephen",), year=2004),
                NewPaper(title="Regret of 100% bandits_x", venue="COLT", year=2012),
            ]
        ).added
    )


def test_words_match_titles_and_authors_whatever_their_case(library: Library) -> None:
    graph, convex, bandits = _papers(library)
    assert library.quick_search_ids("neural") == [graph]
    assert library.quick_search_ids("NEURAL networks") == [graph]
    assert library.quick_search_ids("kipf") == [graph]  # authors, kept as a JSON list
    assert library.quick_search_ids("authors:boyd") == [convex]
    assert library.quick_search_ids("colt") == [bandits]


def test_like_wildcards_are_literal_and_filters_combine(library: Library) -> None:
    _graph, convex, bandits = _papers(library)
    assert library.quick_search_ids('"100%"') == [bandits]
    assert library.quick_search_ids("s_x") == [bandits]
    assert library.quick_search_ids("o_t") == []  # '_' is not any letter
    assert sorted(library.quick_search_ids("year:2000..2015")) == sorted([convex, bandits])
    assert library.quick_search_ids("-neural year:2000..2020") == [bandits, convex]
