"""The trash (schema 8): a delete moves papers out of every list, count and search into the
trash, in one statement; undo or `restore` takes them out; `empty_trash` and
`delete_permanently` delete for good, backed up first and not undoable."""

import shutil
from pathlib import Path

import pytest
from sqlalchemy import create_engine, event, text

from litman.core.errors import LitmanError, NotFoundError
from litman.core.library.facade import Library
from litman.core.records import SORT_FIELDS, ImportBatch, NewPaper, Status
from litman.core.store import backups, models, schema

FIXTURES = Path(__file__).parents[1] / "data" / "libraries"


def add(lib: Library, *papers: NewPaper) -> list[int]:
    return list(lib.papers.add_papers(papers).added)


def statements_of(lib: Library) -> list[str]:
    seen: list[str] = []
    event.listen(lib.engine, "before_cursor_execute", lambda *a: seen.append(a[2]))
    return seen


def test_a_delete_moves_papers_to_the_trash_in_one_statement(library: Library) -> None:
    ids = add(library, *(NewPaper(title=f"Paper {i}", tags=("t",)) for i in range(5)))
    seen = statements_of(library)
    changes = library.papers.delete_papers(ids[:3])
    assert changes.deleted == tuple(ids[:3])
    assert sum("trash" in s and "INSERT" in s for s in seen) == 1
    assert not any("DELETE FROM papers" in s for s in seen)
    assert library.count() == 2 and library.trash_count() == 3
    assert sorted(library.trash_ids()) == ids[:3]
    assert [p.id for p in library.get_many(ids[:3])] == ids[:3]  # still read by id


def test_no_list_order_shows_a_paper_in_the_trash(library: Library) -> None:
    ids = add(library, *(NewPaper(title=f"P{i}", year=2000 + i, tags=(f"t{i}",)) for i in range(6)))
    library.papers.set_status(ids[:2], Status.READ)
    library.papers.delete_papers(ids[::2])
    for sort in SORT_FIELDS:
        for descending in (False, True):
            assert sorted(library.list_ids(sort, descending)) == ids[1::2], sort


def test_counts_and_tag_lists_leave_the_trash_out(library: Library) -> None:
    ids = add(library, *(NewPaper(title=f"P{i}", venue="V" if i else "") for i in range(4)))
    library.tags.add_tag("A > B", ids[:3])
    library.papers.set_status(ids[:2], Status.READ)
    library.papers.delete_papers(ids[1:])
    assert {t.name: t.count for t in library.tags()} == {"A > B": 1}
    assert library.tags.tag_tree_counts() == {"A": 1, "A > B": 1}  # in SQL: no index yet
    assert library.status_counts()[Status.READ] == 1
    assert library.status_counts()[Status.UNREAD] == 0
    assert library.tags.paper_ids_with_tag("A") == [ids[0]]
    assert library.filled_columns(["venue"]) == set()  # only trashed papers have one


def test_search_leaves_the_trash_out_and_restore_reindexes_nothing(
    seeded: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    hits = seeded.search("neural").ids
    seeded.tags.add_tag("Later", hits)
    assert len(hits) > 2
    seeded.papers.delete_papers(hits)
    assert seeded.search("neural").ids == [] and seeded.search("tag:later").ids == []
    assert seeded.tags.tag_tree_counts()["Later"] == 0  # from the index's tag members
    assert {t.name: t.count for t in seeded.tags()}["Later"] == 0
    assert seeded.quick_search_ids("neural") == []

    def no_docs(*_args: object) -> None:
        raise AssertionError("texts re-read for papers back from the trash")

    postings = seeded.index.postings
    monkeypatch.setattr(seeded.index, "_docs", no_docs)
    seeded.papers.restore(hits)
    assert seeded.search("neural").ids == hits
    assert sorted(seeded.search("tag:later").ids) == sorted(hits)
    assert seeded.index.postings is postings and not postings.any_moved


def test_a_fresh_index_leaves_the_trash_out(seeded_path: Path) -> None:
    with Library.open(seeded_path) as lib:
        hits = lib.search("neural").ids
        lib.papers.delete_papers(hits[:2])
    with Library.open(seeded_path) as lib:
        assert lib.search("neural").ids == hits[2:]
        lib.papers.restore(hits[:2])  # never indexed here: read and indexed now
        assert lib.search("neural").ids == hits


def test_undo_of_a_trash_move_and_of_its_undo(library: Library) -> None:
    ids = add(library, NewPaper(title="a", tags=("t",)), NewPaper(title="b"))
    before = library.get_many(ids)
    moved = library.papers.delete_papers(ids)
    back = library.undo(moved)
    assert back.added == tuple(ids) and library.trash_count() == 0
    assert library.get_many(ids) == before  # rows untouched, not rewritten
    library.undo(back)
    assert library.count() == 0 and sorted(library.trash_ids()) == ids


def test_emptying_the_trash_deletes_for_good_and_is_not_undoable(library: Library) -> None:
    ids = add(library, *(NewPaper(title=f"P{i}", tags=("t",)) for i in range(4)))
    library.papers.update_paper(ids[0], notes="gone")
    library.papers.delete_papers(ids[:3])
    told: list[tuple[int, int]] = []
    emptied = library.papers.empty_trash(lambda done, total: told.append((done, total)))
    assert sorted(emptied.deleted) == ids[:3] and emptied.inverse is None
    assert told == [(0, 3), (0, 3)]  # before the backup, and before the delete
    assert library.trash_ids() == [] and library.count() == 1
    assert library.get_many(ids[:3]) == []
    with pytest.raises(LitmanError, match="cannot be undone"):
        library.undo(emptied)


def test_delete_permanently_takes_only_the_papers_named(library: Library) -> None:
    ids = add(library, *(NewPaper(title=f"P{i}") for i in range(3)))
    library.papers.delete_papers(ids)
    library.papers.delete_permanently(ids[:1])
    assert sorted(library.trash_ids()) == ids[1:]


@pytest.mark.file_only
def test_emptying_the_trash_backs_up_first(seeded: Library) -> None:
    ids = seeded.list_ids()[:5]
    n = seeded.count()
    seeded.papers.delete_papers(ids)
    seeded.papers.empty_trash()
    newest = backups.list_backups(seeded.path)[0]
    assert newest.reason == backups.PRE_DELETE
    with Library.open(newest.path, read_only=True) as copy:
        assert copy.count() == n - 5 and sorted(copy.trash_ids()) == sorted(ids)


def test_an_import_that_matches_a_trashed_paper_adds_it_anew(library: Library) -> None:
    paper = NewPaper(title="Quasicrystalline zebrafish", doi="10.1/zebra", authors=("Doe, J",))
    (pid,) = add(library, paper)
    library.papers.delete_papers([pid])
    report = library.import_batch(ImportBatch(source_name="again.bib", papers=(paper,), lines=(1,)))
    assert report.merged == () and len(report.added) == 1
    assert report.added[0] != pid and library.trash_ids() == [pid]
    assert library.list_ids() == list(report.added)


def test_another_library_sees_papers_trashed_and_restored(seeded_where: str | Path) -> None:
    with Library.open(seeded_where) as here, Library.open(seeded_where) as there:
        hits = here.search("neural").ids
        there.papers.delete_papers(hits[:2])
        told = here.changes_elsewhere()
        assert told is not None and set(told[0].deleted) == set(hits[:2])
        assert here.search("neural").ids == hits[2:] and here.count() == there.count()
        there.papers.restore(hits[:1])
        there.papers.delete_papers(hits[2:3])
        there.papers.restore(hits[2:3])  # trashed and restored between two looks: still here
        told = here.changes_elsewhere()
        assert told is not None and not set(told[0].deleted) & {hits[0], hits[2]}
        assert here.search("neural").ids == [hits[0], *hits[2:]]


def test_a_listing_with_an_empty_trash_adds_no_predicate(library: Library) -> None:
    add(library, NewPaper(title="a"), NewPaper(title="b"))
    seen = statements_of(library)
    library.list_ids("year")
    assert not any("NOT IN (SELECT trash" in s for s in seen)
    library.papers.delete_papers(library.list_ids()[:1])
    assert len(library.list_ids("year")) == 1


def test_a_copy_keeps_the_trash(seeded_path: Path, tmp_path: Path) -> None:
    with Library.open(seeded_path) as lib, Library.open(tmp_path / "copy.sqlite") as copy:
        ids = lib.list_ids()[:3]
        lib.papers.delete_papers(ids)
        lib.copy_to(copy)
        assert sorted(copy.trash_ids()) == sorted(ids) and copy.count() == lib.count()


def test_a_schema_7_library_gets_an_empty_trash(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    shutil.copyfile(FIXTURES / "schema-7.sqlite", path)
    with Library.open(path) as lib:
        assert lib.trash_ids() == [] and lib.count() == 89
        lib.papers.delete_papers(lib.list_ids("id")[:2])
        assert lib.count() == 87


def test_a_schema_7_shared_library_gets_an_empty_trash(pg_url: str) -> None:
    engine = create_engine(pg_url)
    schema.create(engine)
    with engine.begin() as conn:
        conn.execute(text("DROP TABLE trash"))
        conn.execute(
            models.meta.update().values(value="7").where(models.meta.c.key == "schema_version")
        )
    engine.dispose()
    with Library.open(pg_url) as lib:
        (pid,) = add(lib, NewPaper(title="a"))
        lib.papers.delete_papers([pid])
        assert lib.trash_ids() == [pid] and lib.count() == 0


def test_a_paper_in_the_trash_is_not_edited(library: Library) -> None:
    (pid,) = add(library, NewPaper(title="a"))
    library.papers.delete_papers([pid])
    with pytest.raises(NotFoundError, match="in the trash"):
        library.papers.update_paper(pid, title="b")
    assert library.get(pid).title == "a"


def test_a_paper_tagged_or_marked_in_the_trash_comes_back_as_it_is_now(seeded: Library) -> None:
    hits = seeded.search("neural").ids[:3]
    seeded.tags.add_tag("Kept", hits)
    seeded.papers.delete_papers(hits)
    seeded.tags.add_tag("Later", hits[:1])
    seeded.tags.remove_tag("Kept", hits[1:2])
    seeded.papers.set_status(hits[2:], Status.READ)
    seeded.papers.restore(hits)
    assert seeded.search("tag:later").ids == hits[:1]
    assert sorted(seeded.search("tag:kept").ids) == sorted([hits[0], hits[2]])
    assert hits[2] in seeded.search("neural status:read").ids
    assert seeded.tags.tag_tree_counts()["Kept"] == 2
