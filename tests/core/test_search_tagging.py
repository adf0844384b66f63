"""Tag changes reach the search index without re-indexing any paper's texts: tag words are
searchable at once, taken-off tags are not, and the index answers as a fresh build would."""

from litman.core.library.facade import Library
from litman.core.search.index import SearchIndex
from litman.core.search.ranked import RankedIds


def fresh_ids(lib: Library, query: str) -> RankedIds:
    index = SearchIndex(lib._index_docs)
    index.build()
    return index.search(query).ids


def test_tagging_every_paper_keeps_the_built_postings(seeded: Library) -> None:
    ids = seeded.list_ids()
    seeded.index.ensure_built()
    before = seeded.index.postings
    seeded.tags.add_tag("Quokka > Wallaby", ids)
    assert seeded.index.postings is before  # nothing rebuilt
    assert not before.any_moved  # and no paper re-indexed
    assert sorted(seeded.search("wallaby").ids) == sorted(ids)
    assert sorted(seeded.search("tag:quokka").ids) == sorted(ids)


def test_untagging_keeps_papers_another_tag_gives_the_word(seeded: Library) -> None:
    ids = seeded.list_ids()
    seeded.tags.add_tag("proj > quokka", ids[:3])
    seeded.tags.add_tag("quokka", ids[2:])
    seeded.index.ensure_built()
    seeded.tags.remove_tag("quokka", ids)
    assert sorted(seeded.search("quokka").ids) == sorted(ids[:3])
    assert sorted(seeded.search("quokka").ids) == sorted(fresh_ids(seeded, "quokka"))


def test_rename_and_delete_answer_as_a_fresh_build(seeded: Library) -> None:
    ids = seeded.list_ids()
    seeded.index.ensure_built()
    seeded.tags.add_tag("Marsupial > Quokka", ids[::2])
    seeded.tags.add_tag("Wombat", ids[1::3])
    seeded.tags.rename_tag("Marsupial", "Numbat")
    seeded.tags.delete_tag("Wombat")
    for query in ("numbat", "quokka", "marsupial", "wombat", "numbat quokka", "quoka"):
        assert sorted(seeded.search(query).ids) == sorted(fresh_ids(seeded, query)), query
    assert seeded.search("marsupial").ids == []


def test_deleted_papers_leave_the_results_and_an_undo_brings_them_back_as_they_were(
    seeded: Library,
) -> None:
    ids = seeded.list_ids()
    seeded.index.ensure_built()
    postings = seeded.index.postings
    before = {q: seeded.search(q).ids for q in ("neural", "bandit safety", "tag:ml")}
    gone = seeded.papers.delete_papers(ids[: len(ids) // 2])
    for query in before:
        assert not set(seeded.search(query).ids) & set(gone.deleted)
        assert sorted(seeded.search(query).ids) == sorted(fresh_ids(seeded, query))
    seeded.undo(gone)
    assert {q: seeded.search(q).ids for q in before} == before
    assert seeded.index.postings is postings and not postings.any_moved  # nothing re-indexed
