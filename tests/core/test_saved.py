"""Saved searches (`Library.saved`): kept in the library under unique names, renamed,
edited and removed, every change undoable."""

from pathlib import Path

import pytest

from litman.core.errors import LitmanError, NotFoundError
from litman.core.library.facade import Library
from litman.core.records import Changes, SavedSearch


def test_a_saved_search_is_kept_in_the_library_file(library_path: Path) -> None:
    with Library.open(library_path) as lib:
        lib.saved.add("Thesis  reading", "tag:thesis -status:read")
    with Library.open(library_path) as lib:
        assert lib.saved.listed() == [SavedSearch("Thesis reading", "tag:thesis -status:read")]
        assert lib.saved.get("thesis READING").query == "tag:thesis -status:read"


def test_names_are_unique_whatever_their_case(library: Library) -> None:
    library.saved.add("Mine", "year:2020")
    with pytest.raises(LitmanError, match="exists already"):
        library.saved.add("MINE", "year:2021")
    assert library.saved.listed() == [SavedSearch("Mine", "year:2020")]


def test_rename_edit_and_remove_each_undo(library: Library) -> None:
    library.saved.add("A", "year:2020")
    renamed = library.saved.update("a", new_name="B", query="year:2021")
    assert library.saved.listed() == [SavedSearch("B", "year:2021")]
    library.undo(renamed)
    assert library.saved.listed() == [SavedSearch("A", "year:2020")]
    removed = library.saved.remove("A")
    assert library.saved.listed() == []
    redo = library.undo(removed)
    assert library.saved.listed() == [SavedSearch("A", "year:2020")]
    library.undo(redo)
    assert library.saved.listed() == []


def test_removing_an_unknown_name_says_so(library: Library) -> None:
    with pytest.raises(NotFoundError, match="No saved search named 'nope'"):
        library.saved.remove("nope")


def test_a_listener_is_told_saved_searches_changed(library: Library) -> None:
    told: list[Changes] = []
    library.subscribe(told.append)
    library.saved.add("A", "year:2020")
    assert [c.saved_changed for c in told] == [True]


def test_a_saved_search_keeps_its_sidebar_filter_and_finds_within_it(
    library_path: Path,
) -> None:
    from litman.core.records import NewPaper
    from litman.core.search.filters import TRASH, TagFilter

    with Library.open(library_path) as lib:
        ids = lib.papers.add_papers([NewPaper(title=f"Walrus {i}") for i in range(4)]).added
        lib.tags.add_tag("Zoo > Seals", ids[:2])
        lib.saved.add("Seals", "walrus", TagFilter("Zoo"))
        lib.saved.add("Binned", "", TRASH)
        lib.papers.delete_papers(ids[3:])
    with Library.open(library_path) as lib:
        seals, binned = lib.saved.get("seals"), lib.saved.get("binned")
        assert (seals.within, binned.within) == ("tag/Zoo", "trash")
        assert sorted(lib.saved_ids(seals)) == sorted(ids[:2])
        assert lib.saved_ids(binned) == list(ids[3:])
        renamed = lib.saved.update("Seals", new_name="Pinnipeds")
        assert lib.saved.get("pinnipeds").within == "tag/Zoo"
        lib.undo(renamed)
        assert lib.saved.get("seals").within == "tag/Zoo"


def test_saved_searches_of_a_schema_14_library_narrow_nothing(tmp_path: Path) -> None:
    import shutil
    import sqlite3

    path = tmp_path / "old.sqlite"
    shutil.copyfile(Path(__file__).parents[1] / "data/libraries/schema-14.sqlite", path)
    with sqlite3.connect(path) as conn:
        conn.execute("INSERT INTO saved_searches (name, name_key, query) VALUES ('A', 'a', 'x')")
    conn.close()
    with Library.open(path) as lib:
        assert lib.saved.listed() == [SavedSearch("A", "x", "")]
