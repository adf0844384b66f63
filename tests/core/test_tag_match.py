"""`tag:` finds a tag by its path, leaf name, suffix or a misspelling; the completer ranks
tag names by prefix, leaf, letters in order and typos."""

import pytest

from litman.core.library.facade import Library
from litman.core.records import NewPaper
from litman.core.search import tag_match

NAMES = [
    "Optimization > Non-Convex",
    "Optimization > Stochastic",
    "Learning > Theory",
    "scientific-writing",
    "Survey",
]


@pytest.mark.parametrize(
    ("typed", "found"),
    [
        ("Optimization", {"optimization"}),
        ("Theory", {"learning > theory"}),
        ("non-convex", {"optimization > non-convex"}),
        ("optimization>non-convex", {"optimization > non-convex"}),
        ("Convex", {"optimization > non-convex"}),  # a unique suffix of a path
        ("Theroy", {"learning > theory"}),  # a transposition
        ("optimisation", {"optimization"}),
        ("non-convx", {"optimization > non-convex"}),
        ("nothing-like-it", set()),
        ("Sur", set()),  # too short to forgive, not a suffix
    ],
)
def test_a_tag_is_found_as_a_bare_word_would_be(typed: str, found: set[str]) -> None:
    assert tag_match.resolve(typed, NAMES) == found


def test_a_leaf_name_shared_by_two_paths_finds_both() -> None:
    names = ["A > Theory", "B > Theory"]
    assert tag_match.resolve("theory", names) == {"a > theory", "b > theory"}


def test_the_completer_ranks_prefix_leaf_and_letters_in_order() -> None:
    assert tag_match.rank("scwr", NAMES) == ["scientific-writing"]
    assert tag_match.rank("sto", NAMES)[0] == "Optimization > Stochastic"
    assert tag_match.rank("opt", NAMES)[:2] == [
        "Optimization > Non-Convex",
        "Optimization > Stochastic",
    ]
    assert tag_match.rank("", NAMES) == sorted(NAMES, key=str.casefold)
    assert tag_match.rank("thoery", NAMES) == ["Learning > Theory"]


def test_tag_filters_in_a_library_search(library: Library) -> None:
    a = library.papers.add_paper(NewPaper(title="A", tags=("Learning > Theory",)))
    b = library.papers.add_paper(NewPaper(title="B", tags=("Optimization > Non-Convex",)))
    library.papers.add_paper(NewPaper(title="C", tags=("Survey",)))
    assert library.search_ids("tag:Theory") == [a]
    assert library.search_ids("tag:non-convex") == [b]
    assert library.search_ids("tag:Optimisation") == [b]
    assert set(library.search_ids("-tag:theory")) == set(library.list_ids()) - {a}
    assert library.search_ids('tag:"Optimization > Non-Convex"') == [b]
