"""The sidebar's filters (`litman.core.search.filters`): typed records, each defined once,
giving the same papers from the search index and from SQL (before the index is ready),
whatever a tag's name holds."""

import pytest

from litman.core.library.facade import Library
from litman.core.records import NewPaper, Status
from litman.core.search.filters import ALL, AllPapers, StatusFilter, TagFilter

ODD = ('say "hi"', "C:\\papers to read", "Été > Ça", "a_b", "axb > c", "100%", "1000")


def quoted(tag: str) -> str:
    return '"' + tag.replace("\\", "\\\\").replace('"', '\\"') + '"'


@pytest.fixture
def odd(library: Library) -> dict[str, int]:
    """A paper per odd tag."""
    ids = {}
    for tag in ODD:
        ids[tag] = library.papers.add_paper(NewPaper(title=f"Tagged {tag}"))
        library.tags.add_tag(tag, [ids[tag]])
    return ids


def test_a_typed_tag_finds_the_same_papers_with_or_without_the_index(
    library: Library, odd: dict[str, int]
) -> None:
    for tag in ODD:
        for typed in (tag, tag.casefold(), tag.upper()):
            query = f"tag:{quoted(typed)}"
            assert library.quick_search_ids(query) == [odd[tag]], query
            assert library.search_ids(query) == [odd[tag]], query


def test_a_tag_filter_holds_the_tag_and_the_tags_below(
    library: Library, odd: dict[str, int]
) -> None:
    assert library.search_ids("", within=TagFilter("été")) == [odd["Été > Ça"]]
    assert library.search_ids("", within=TagFilter("a_b")) == [odd["a_b"]]
    assert library.search_ids("", within=TagFilter("axb")) == [odd["axb > c"]]


def test_a_tag_filter_is_never_a_spelling_or_a_leaf(library: Library, odd: dict[str, int]) -> None:
    typo = quoted('sai "hi"')
    assert library.search_ids(f"tag:{typo}", within=ALL) == [odd['say "hi"']]  # typed: a typo
    assert library.search_ids("", within=TagFilter('sai "hi"')) == []
    assert library.search_ids("", within=TagFilter("Ça")) == []


def test_every_filter_gives_the_same_papers_from_sql_and_from_the_index(seeded: Library) -> None:
    seeded.papers.set_status(seeded.search("bandit").ids[:3], Status.READ)
    filters: list[AllPapers | StatusFilter | TagFilter] = [
        ALL,
        *(StatusFilter(s) for s in Status),
        TagFilter("Optimization"),
    ]
    for f in filters:
        for text in ("", "year:2015..2030", "-tag:Optimization", "-status:read tag:learning"):
            quick = seeded.quick_search_ids(text, within=f)
            assert seeded.search_ids(text, within=f) == quick, (f, text)
    assert seeded.search_ids("", within=StatusFilter(Status.READ))  # not all empty
    assert len(seeded.search_ids("", within=TagFilter("Optimization"))) == 7


def test_a_filter_narrows_a_ranked_search_and_keeps_its_rank(seeded: Library) -> None:
    ranked = seeded.search_ids("bandit")
    within = set(seeded.tags.paper_ids_with_tag("Optimization"))
    narrowed = seeded.search_ids("bandit", within=TagFilter("Optimization"))
    assert narrowed == [i for i in ranked if i in within]


def test_inside_quotes_a_backslash_keeps_a_quote_or_a_backslash() -> None:
    from litman.core.search.query import parse

    (term,) = parse(r'tag:"say \"hi\" in C:\\notes\d"').terms
    assert term.kind == "tag" and term.value == r'say "hi" in C:\notes\d'
    plain = parse(r"say \"hi")  # an escaped quote opens nothing
    assert not plain.notes and [t.value for t in plain.terms] == ["say", "hi"]
    assert parse('say "hi').notes  # a quote left open is still said
