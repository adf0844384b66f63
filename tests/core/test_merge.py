"""Merging duplicates (`Library.merging`): field by field with defaults, tags united, the
reading state furthest, notes joined, the others' citekeys aliases of the kept paper; one
undoable change, refused whole when a paper changed since the user saw it."""

import pytest

from litman.core.errors import ConflictError, LitmanError, NotFoundError
from litman.core.library.facade import Library
from litman.core.library.merging import defaults
from litman.core.records import NewPaper, Status

PREPRINT = NewPaper(
    title="Sharp bounds for sparse recovery",
    authors=("Lee, Jo",),
    year=2019,
    venue="arXiv preprint",
    url="https://arxiv.org/abs/1901.00001",
    abstract="A short abstract.",
    citekey="lee2019sharp",
    tags=("Reading > Soon", "sparsity"),
    status=Status.READ,
    rating=2,
    notes="Proof of Lemma 3 is wrong.",
    extra={"eprint": "1901.00001", "archiveprefix": "arXiv"},
)
JOURNAL = NewPaper(
    title="Sharp Bounds for Sparse Recovery",
    authors=("Lee, Jo", "Park, Min"),
    year=2020,
    venue="Annals of Statistics",
    entry_type="article",
    doi="10.1214/20-AOS1",
    abstract="A longer abstract, as the journal printed it, with the main theorem.",
    citekey="lee2020sharp",
    tags=("sparsity", "thesis"),
    status=Status.READING,
    rating=4,
    notes="Cite for chapter 2.",
    extra={"volume": "48", "pages": "1--20"},
)


@pytest.fixture
def pair(library: Library) -> tuple[int, int]:
    keep, other = library.papers.add_papers([PREPRINT, JOURNAL]).added
    return keep, other


def test_defaults_take_the_published_record_the_longer_abstract_and_the_real_title(
    library: Library, pair: tuple[int, int]
) -> None:
    keep, other = pair
    derived = library.papers.add_paper(NewPaper(title="A short abstract", title_derived=True))
    chosen = defaults(library.get_many([derived, keep, other]))
    assert chosen["title"] == keep
    assert chosen["abstract"] == other
    assert (chosen["venue"], chosen["doi"], chosen["year"], chosen["volume"]) == (other,) * 4
    assert chosen["eprint"] == keep  # only the preprint names it


def test_a_merge_keeps_the_citekey_unites_tags_and_keeps_the_furthest_reading_state(
    library: Library, pair: tuple[int, int]
) -> None:
    keep, other = pair
    library.merging.merge(keep, [other])
    p = library.get(keep)
    assert p.citekey == "lee2019sharp"
    assert (p.venue, p.doi, p.year, p.authors) == (
        "Annals of Statistics",
        "10.1214/20-AOS1",
        2020,
        ("Lee, Jo", "Park, Min"),
    )
    assert p.abstract == JOURNAL.abstract and p.title == PREPRINT.title
    assert p.extra == {
        "eprint": "1901.00001",
        "archiveprefix": "arXiv",
        "volume": "48",
        "pages": "1--20",
        "ids": "lee2020sharp",  # biblatex's other keys of the entry
    }
    assert sorted(p.tags) == ["Reading > Soon", "sparsity", "thesis"]
    assert (p.status, p.rating) == (Status.READ, 4)
    assert p.notes == "Proof of Lemma 3 is wrong.\n\nCite for chapter 2."
    assert library.in_trash([other]) == [other] and library.count() == 1


def test_a_field_can_be_taken_from_another_paper(library: Library, pair: tuple[int, int]) -> None:
    keep, other = pair
    library.merging.merge(keep, [other], {"title": other, "year": keep})
    p = library.get(keep)
    assert (p.title, p.year) == (JOURNAL.title, 2019)


def test_the_old_citekey_still_finds_the_kept_paper(
    library: Library, pair: tuple[int, int]
) -> None:
    keep, other = pair
    library.merging.merge(keep, [other])
    assert library.resolve("lee2020sharp") == keep
    assert list(library.search("key:lee2020sharp").ids) == [keep]
    assert list(library.search_ids("key:lee2020sharp")) == [keep]


def test_an_alias_of_a_paper_merged_again_follows_it(
    library: Library, pair: tuple[int, int]
) -> None:
    keep, other = pair
    third = library.papers.add_paper(NewPaper(title="Sharp bounds", citekey="third"))
    library.merging.merge(other, [keep])
    library.merging.merge(third, [other])
    assert library.resolve_many(["lee2019sharp", "lee2020sharp", "third"]) == [third] * 3


def test_undo_gives_every_paper_back_exactly_and_redo_merges_again(
    library: Library, pair: tuple[int, int]
) -> None:
    keep, other = pair
    before = {p.id: p for p in library.get_many([keep, other])}
    merged = library.merging.merge(keep, [other])
    undone = library.undo(merged)
    after = {p.id: p for p in library.get_many([keep, other])}
    for pid in (keep, other):
        b, a = before[pid], after[pid]
        assert {**b.__dict__, "modified_at": 0, "version": 0} == {
            **a.__dict__,
            "modified_at": 0,
            "version": 0,
        }
    assert library.resolve("lee2020sharp") == other
    assert library.in_trash([keep, other]) == [] and library.count() == 2
    library.undo(undone)
    assert library.resolve("lee2020sharp") == keep and library.in_trash([other]) == [other]
    assert sorted(library.get(keep).tags) == ["Reading > Soon", "sparsity", "thesis"]


def test_a_merge_refused_when_a_paper_changed_since_it_was_seen_changes_nothing(
    library: Library, pair: tuple[int, int]
) -> None:
    keep, other = pair
    seen = {p.id: p.version for p in library.get_many([keep, other])}
    library.papers.edit(other, {"venue": "Someone else's fix"})
    with pytest.raises(ConflictError, match="changed by someone else"):
        library.merging.merge(keep, [other], seen=seen)
    assert library.get(keep).venue == "arXiv preprint"
    assert library.in_trash([other]) == []
    assert [c.field for c in library.papers.conflicts(other)] == ["venue"]


def test_an_undo_refused_when_the_kept_paper_was_edited_since(
    library: Library, pair: tuple[int, int]
) -> None:
    keep, other = pair
    merged = library.merging.merge(keep, [other])
    library.papers.edit(keep, {"venue": "Edited after"})
    with pytest.raises(ConflictError):
        library.undo(merged)
    assert library.in_trash([other]) == [other]


def test_merging_a_paper_with_itself_or_one_in_the_trash_is_refused(
    library: Library, pair: tuple[int, int]
) -> None:
    keep, other = pair
    with pytest.raises(LitmanError, match="two different"):
        library.merging.merge(keep, [keep])
    library.papers.delete_papers([other])
    with pytest.raises(NotFoundError, match="trash"):
        library.merging.merge(keep, [other])
    assert library.get(keep).venue == "arXiv preprint"


def test_the_others_attachments_are_moved_to_the_kept_paper_and_back(
    library: Library, pair: tuple[int, int]
) -> None:
    keep, other = pair
    library.attachments.attach(other, ["https://example.org/sharp-bounds.pdf"])
    merged = library.merging.merge(keep, [other])
    assert [a.location for a in library.attachments.of(keep)] == [
        "https://example.org/sharp-bounds.pdf"
    ]
    assert library.attachments.of(other) == []
    library.undo(merged)
    assert library.attachments.of(keep) == []
    assert len(library.attachments.of(other)) == 1
