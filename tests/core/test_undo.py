"""Every mutation returns a Changes record holding its inverse, and `Library.undo(record)`
reverts it in one transaction (one published change), for papers and tags alike."""

from litman.core.library.facade import Library
from litman.core.records import Changes, NewPaper, Status


def add(lib: Library, *titles: str) -> list[int]:
    return list(lib.papers.add_papers([NewPaper(title=t) for t in titles]).added)


def membership(lib: Library) -> dict[str, tuple[set[int], str | None]]:
    return {
        t.name: (set(lib.tags.paper_ids_with_tag(t.name, subtree=False)), t.colour)
        for t in lib.tags()
    }


def undone_in_one(lib: Library, changes: Changes) -> Changes:
    published: list[Changes] = []
    lib.subscribe(published.append)
    back = lib.undo(changes)
    assert published == [back]  # one transaction, one record
    return back


def test_undo_of_a_merge_puts_both_tags_back_in_one_transaction(library: Library) -> None:
    ids = add(library, "a", "b", "c", "d")
    library.tags.add_tag("ML > Deep", ids[:2])
    library.tags.add_tag("Learning > Deep", ids[1:3])
    library.tags.set_tag_colour("ML > Deep", "#ff0000")
    library.tags.add_tag("ML", ids[3:])
    before = membership(library)
    changes = library.tags.rename_tag("ML", "Learning")
    assert "ML" not in membership(library)
    undone_in_one(library, changes)
    assert membership(library) == before


def test_undo_of_a_case_only_rename_brings_back_the_spelling(library: Library) -> None:
    ids = add(library, "a", "b")
    library.tags.add_tag("ml", ids)
    before = membership(library)
    undone_in_one(library, library.tags.rename_tag("ml", "ML"))
    assert membership(library) == before


def test_undo_of_a_tagging_that_made_the_tag_removes_the_tag(library: Library) -> None:
    ids = add(library, "a", "b")
    library.tags.add_tag("old", ids[:1])
    changes = library.tags.add_tag("new", ids)
    undone_in_one(library, changes)
    assert membership(library) == {"old": ({ids[0]}, None)}


def test_undo_of_an_untag_puts_it_back_on_exactly_those_papers(library: Library) -> None:
    ids = add(library, "a", "b", "c")
    library.tags.add_tag("t", ids[:2])
    changes = library.tags.remove_tag("t", ids)
    assert changes.updated == tuple(ids[:2])
    undone_in_one(library, changes)
    assert membership(library) == {"t": (set(ids[:2]), None)}


def test_undo_of_an_undo_redoes(library: Library) -> None:
    ids = add(library, "a", "b")
    library.tags.add_tag("t", ids[:1])
    back = library.undo(library.tags.add_tag("t", ids))
    library.undo(back)
    assert membership(library) == {"t": (set(ids), None)}


def test_rating_many_papers_and_its_undo(library: Library) -> None:
    ids = add(library, "a", "b")
    library.papers.update_paper(ids[0], rating=2)
    changes = library.papers.set_rating(ids, 5)
    assert [p.rating for p in library.get_many(ids)] == [5, 5]
    assert changes.fields == {"rating"} and not changes.text_changed
    undone_in_one(library, changes)
    assert [p.rating for p in library.get_many(ids)] == [2, 0]


def test_undo_of_a_status_undo_marks_read_again(library: Library) -> None:
    ids = add(library, "a")
    back = library.undo(library.papers.set_status(ids, Status.READ))
    assert library.get(ids[0]).status is Status.UNREAD
    library.undo(back)
    paper = library.get(ids[0])
    assert paper.status is Status.READ and paper.read_at is not None


def test_undo_of_a_delete_and_of_its_undo(library: Library) -> None:
    ids = add(library, "a", "b")
    back = undone_in_one(library, library.papers.delete_papers(ids))
    assert library.count() == 2
    library.undo(back)
    assert library.count() == 0


def test_undo_of_a_tag_delete_and_of_a_colour(library: Library) -> None:
    ids = add(library, "a")
    library.tags.add_tag("t", ids)
    colour = library.tags.set_tag_colour("t", "#00ff00")
    undone_in_one(library, colour)
    undone_in_one(library, library.tags.delete_tag("t"))
    assert membership(library) == {"t": (set(ids), None)}


def test_undo_of_a_delete_puts_back_every_field_as_it_was(seeded: Library) -> None:
    ids = seeded.list_ids()[:20]
    before = seeded.get_many(ids)
    seeded.undo(seeded.papers.delete_papers(ids))
    assert seeded.get_many(ids) == before


def test_the_search_index_follows_a_bulk_status_its_undo_and_redo(seeded: Library) -> None:
    ids = seeded.list_ids()
    seeded.papers.set_status(ids[:3], Status.READ)
    seeded.index.ensure_built()
    changes = seeded.papers.set_status(ids, Status.READ)
    assert sorted(seeded.search("status:read").ids) == sorted(ids)
    back = seeded.undo(changes)
    assert sorted(seeded.search("status:read").ids) == sorted(ids[:3])
    seeded.undo(back)
    assert sorted(seeded.search("status:read").ids) == sorted(ids)


def test_undo_of_a_rename_keeps_the_colour_given_to_the_new_name(library: Library) -> None:
    ids = add(library, "a", "b")
    library.tags.add_tag("ML > Deep", ids)
    changes = library.tags.rename_tag("ML", "Learning")
    library.tags.set_tag_colour("Learning > Deep", "#ff0000")
    back = undone_in_one(library, changes)
    assert membership(library)["ML > Deep"] == (set(ids), "#ff0000")
    undone_in_one(library, back)
    assert membership(library)["Learning > Deep"] == (set(ids), "#ff0000")
