"""Deleting a tag is one core operation that returns what its undo needs."""

import pytest

from litman.core.errors import NotFoundError
from litman.core.library.facade import Library
from litman.core.records import NewPaper


def add(lib: Library, *papers: NewPaper) -> list[int]:
    return list(lib.papers.add_papers(list(papers)).added)


def test_delete_tag_removes_the_tag_itself_not_only_its_papers(library: Library) -> None:
    add(library, NewPaper(title="a", tags=("Opt > Convex",)), NewPaper(title="b", tags=("Opt",)))
    library.tags.delete_tag("Opt > Convex")
    assert [t.name for t in library.tags()] == ["Opt"]
    assert library.tags.tag_tree_counts() == {"Opt": 1}


def test_restore_tag_puts_back_id_name_colour_and_papers(library: Library) -> None:
    ids = add(
        library,
        NewPaper(title="a", tags=("Opt > Convex",)),
        NewPaper(title="b", tags=("Opt > Convex", "x")),
        NewPaper(title="c"),
    )
    library.tags.set_tag_colour("opt > convex", "#ff0000")
    before = {t.name: t for t in library.tags()}
    changes = library.tags.delete_tag("OPT > convex")
    gone = changes.deleted_tag
    assert gone is not None and gone.paper_ids == tuple(ids[:2])
    assert set(changes.updated) == set(ids[:2])
    library.tags.restore_tag(gone)
    assert {t.name: t for t in library.tags()} == before
    assert sorted(library.tags.paper_ids_with_tag("Opt > Convex")) == ids[:2]


def test_deleting_a_parent_path_that_is_no_tag_says_why(library: Library) -> None:
    add(library, NewPaper(title="a", tags=("Opt > Convex",)))
    with pytest.raises(NotFoundError, match=r"only the parent of 'Opt > Convex'"):
        library.tags.delete_tag("Opt")
    assert [t.name for t in library.tags()] == ["Opt > Convex"]
