"""The Library facade: papers, tags, status, transactions, schema versions."""

import sqlite3
from datetime import datetime
from pathlib import Path

import pytest
from sqlalchemy import event

from litman.core.errors import LitmanError, NotFoundError, SchemaTooNewError
from litman.core.library.facade import Library
from litman.core.records import Changes, NewPaper, Status
from litman.core.search.ranked import RankedIds
from litman.core.store import models
from litman.core.store.rows import DEFER_INDEXES_FROM


def add(lib: Library, *papers: NewPaper) -> list[int]:
    return list(lib.papers.add_papers(list(papers)).added)


def test_added_paper_reads_back_with_every_field(library: Library) -> None:
    new = NewPaper(
        title="On Neural Collapse",
        authors=("Müller, Hans", "Li Wei"),
        year=2021,
        venue="NeurIPS",
        doi="10.1/x",
        url="https://x.org",
        abstract="We study.",
        entry_type="article",
        tags=("survey",),
        extra={"note": "kept"},
        rating=4,
    )
    (pid,) = add(library, new)
    p = library.get(pid)
    assert (p.title, p.authors, p.year, p.venue, p.doi) == (
        new.title,
        new.authors,
        2021,
        "NeurIPS",
        "10.1/x",
    )
    assert (p.tags, dict(p.extra), p.rating, p.status) == (
        ("survey",),
        {"note": "kept"},
        4,
        Status.UNREAD,
    )
    assert isinstance(p.added_at, datetime)


def test_citekeys_follow_auth_year_word_and_get_suffixes_on_clash(library: Library) -> None:
    paper = NewPaper(title="The Neural Collapse", authors=("Müller, H.",), year=2020)
    ids = add(library, paper, paper)
    assert [p.citekey for p in library.get_many(ids)] == ["muller2020neural", "muller2020neurala"]


def test_papers_without_author_or_year_get_readable_keys(library: Library) -> None:
    (pid,) = add(library, NewPaper(title="SoftSignum: smooth sign-based optimization"))
    assert library.get(pid).citekey == "softsignum-smooth"


def test_list_ids_sorts_by_title_ignoring_case_and_accents(library: Library) -> None:
    ids = add(library, NewPaper(title="beta"), NewPaper(title="Älpha"), NewPaper(title="Gamma"))
    assert library.list_ids("title") == [ids[1], ids[0], ids[2]]
    assert library.list_ids("title", descending=True) == [ids[2], ids[0], ids[1]]


def test_unknown_sort_field_is_a_clear_error(library: Library) -> None:
    with pytest.raises(LitmanError, match="Cannot sort by"):
        library.list_ids("colour")


def test_failed_multi_row_write_leaves_nothing_behind(library: Library) -> None:
    good = NewPaper(title="fine", tags=("ok",))
    bad = NewPaper(title="broken", tags=("a >  > b",))
    with pytest.raises(LitmanError):
        library.papers.add_papers([good, bad])
    assert library.count() == 0
    assert library.tags() == []


def index_names(library: Library) -> list[tuple[str, str]]:
    """The papers table's indexes with their definitions (SQLAlchemy's reflection skips the
    expression index on lower(doi)), other than the primary key's."""
    with library.engine.connect() as conn:
        if conn.dialect.name == "postgresql":
            rows = conn.exec_driver_sql(
                "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'papers'"
                " AND indexname <> 'papers_pkey'"
            )
        else:
            rows = conn.exec_driver_sql(
                "SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'papers'"
            )
        return sorted((name, sql or "") for name, sql in rows)


@pytest.mark.file_only
def test_deleting_most_of_a_large_library_drops_the_indexes_and_keeps_every_one(
    library: Library,
) -> None:
    """Each deleted row left 14 index B-trees to edit: 3.6 s CPU for all 100k papers (11
    since the reading state moved out of the papers)."""
    indexes = index_names(library)
    n = DEFER_INDEXES_FROM + 4
    ids = add(library, *(NewPaper(title=f"Paper {i:05}", tags=("t",)) for i in range(n)))
    statements: list[str] = []
    event.listen(library.engine, "before_cursor_execute", lambda *a: statements.append(a[2]))
    library.papers.delete_permanently(ids[:2])  # a few: deleted through the indexes
    assert not any("INDEX" in s for s in statements)
    statements.clear()
    library.papers.delete_permanently(ids[2:-1])  # all but one: the indexes are built again
    assert library.count() == 1 and index_names(library) == indexes
    assert sum("DROP INDEX" in s for s in statements) == 11
    assert library.tags.paper_ids_with_tag("t") == [ids[-1]]


def test_a_large_first_import_keeps_every_index(library: Library, store: str) -> None:
    indexes = index_names(library)
    assert len(indexes) == 12  # eleven of ours and the citekey's UNIQUE
    batch = [NewPaper(title=f"Paper {i:05}", doi=f"10.1/{i}") for i in range(DEFER_INDEXES_FROM)]
    bad = NewPaper(title="broken", tags=("a >  > b",))
    with pytest.raises(LitmanError):  # fails after the rows went in (on SQLite, unindexed)
        library.papers.add_papers([*batch, bad])
    assert library.count() == 0 and index_names(library) == indexes
    statements: list[str] = []
    event.listen(library.engine, "before_cursor_execute", lambda *a: statements.append(a[2]))
    library.papers.add_papers(batch)
    assert library.count() == DEFER_INDEXES_FROM and index_names(library) == indexes
    dropped = 11 if store == "sqlite" else 0  # not on a server, where it locks out readers
    assert sum("DROP INDEX" in s for s in statements) == dropped  # the batch went in unindexed
    statements.clear()
    library.papers.add_papers(batch[:10])  # small: inserted through the indexes
    assert not any("INDEX" in s for s in statements)
    if store == "sqlite":
        _title_order_is_an_index_walk(library)
    assert library.get(library.list_ids("title")[0]).title == "Paper 00000"


def _title_order_is_an_index_walk(library: Library) -> None:
    with library.engine.connect() as conn:
        plan = conn.exec_driver_sql(
            "EXPLAIN QUERY PLAN SELECT id FROM papers ORDER BY title_sort"
        ).fetchall()
    assert "ix_papers_title_nocase" in str(plan)


def test_tag_add_and_remove_on_many_papers(library: Library) -> None:
    ids = add(library, NewPaper(title="a"), NewPaper(title="b"), NewPaper(title="c"))
    changes = library.tags.add_tag("To Read", ids[:2])
    assert set(changes.updated) == set(ids[:2])
    assert [(t.name, t.count) for t in library.tags()] == [("To Read", 2)]
    library.tags.remove_tag("to read", ids)
    assert [(t.name, t.count) for t in library.tags()] == [("To Read", 0)]


def test_tags_are_unique_case_insensitively(library: Library) -> None:
    ids = add(library, NewPaper(title="a", tags=("ML",)), NewPaper(title="b", tags=("ml",)))
    assert [(t.name, t.count) for t in library.tags()] == [("ML", 2)]
    assert library.get(ids[1]).tags == ("ML",)


def test_rename_onto_existing_tag_merges(library: Library) -> None:
    add(
        library,
        NewPaper(title="a", tags=("deep learning",)),
        NewPaper(title="b", tags=("DL", "deep learning")),
        NewPaper(title="c", tags=("DL",)),
    )
    library.tags.rename_tag("DL", "Deep Learning")
    assert [(t.name, t.count) for t in library.tags()] == [("deep learning", 3)]


def test_rename_moves_the_whole_subtree(library: Library) -> None:
    add(library, NewPaper(title="a", tags=("Optimization > Non-Convex", "Optimization")))
    library.tags.rename_tag("Optimization", "Optim")
    assert [t.name for t in library.tags()] == ["Optim", "Optim > Non-Convex"]


def test_subtree_query_includes_children(library: Library) -> None:
    ids = add(
        library,
        NewPaper(title="a", tags=("Opt > Convex",)),
        NewPaper(title="b"),
        NewPaper(title="c", tags=("Opt",)),
        NewPaper(title="d", tags=("Optics",)),
    )
    assert sorted(library.tags.paper_ids_with_tag("opt")) == [ids[0], ids[2]]


def test_delete_tag_removes_it_from_papers(library: Library) -> None:
    (pid,) = add(library, NewPaper(title="a", tags=("x", "y")))
    library.tags.delete_tag("x")
    assert library.get(pid).tags == ("y",)


def test_removing_unknown_tag_is_not_found(library: Library) -> None:
    (pid,) = add(library, NewPaper(title="a"))
    with pytest.raises(NotFoundError):
        library.tags.remove_tag("nope", [pid])


def test_setting_read_stamps_read_at_and_counts(library: Library) -> None:
    ids = add(library, NewPaper(title="a"), NewPaper(title="b"), NewPaper(title="c"))
    changes = library.papers.set_status(ids[:2], Status.READ)
    assert changes.old[ids[0]]["status"] is Status.UNREAD
    assert library.get(ids[0]).read_at is not None
    assert library.get(ids[2]).read_at is None
    assert library.status_counts() == {Status.UNREAD: 1, Status.READING: 0, Status.READ: 2}


def test_the_statuses_and_tags_among_papers_are_read_for_those_papers_only(
    library: Library,
) -> None:
    ids = add(
        library,
        NewPaper(title="a", tags=("b-tag", "A-tag")),
        NewPaper(title="b"),
        NewPaper(title="c", tags=("elsewhere",)),
    )
    library.papers.set_status(ids[1:], Status.READING)
    assert library.statuses_among(ids[:2]) == {Status.UNREAD, Status.READING}
    assert library.statuses_among(ids[1:]) == {Status.READING}
    assert library.tags.tags_among(ids[:2]) == ["A-tag", "b-tag"]
    assert library.tags.tags_among(ids[1:2]) == []
    assert library.statuses_among([]) == set()


def test_status_on_unknown_id_changes_nothing(library: Library) -> None:
    (pid,) = add(library, NewPaper(title="a"))
    with pytest.raises(NotFoundError):
        library.papers.set_status([pid, 999], "read")
    assert library.get(pid).status is Status.UNREAD


def test_update_returns_old_values_and_restore_puts_them_back(library: Library) -> None:
    (pid,) = add(library, NewPaper(title="Old", authors=("A",)))
    changes = library.papers.update_paper(pid, title="New", year=1999)
    assert changes.old[pid] == {"title": "Old", "year": None}
    library.papers.restore_fields({pid: dict(changes.old[pid])})
    assert (library.get(pid).title, library.get(pid).year) == ("Old", None)


def test_undoing_a_bulk_status_restores_each_paper_in_one_statement(library: Library) -> None:
    ids = add(library, *(NewPaper(title=f"p{i}") for i in range(30)))
    library.papers.set_status(ids[:10], Status.READ)
    changes = library.papers.set_status(ids, Status.READING)
    assert changes.fields == {"status"} and not changes.text_changed
    updates: list[str] = []
    event.listen(library.engine, "before_cursor_execute", lambda *a: updates.append(a[2]))
    undone = library.papers.restore_fields({k: dict(v) for k, v in changes.old.items()})
    writes = [s for s in updates if s.startswith(("UPDATE papers", "INSERT INTO reading"))]
    assert len(writes) == 1  # executed for the 30 rows at once, not 30 statements
    assert writes[0].startswith("INSERT INTO reading")  # never the papers' wide rows
    assert undone.fields == {"status", "read_at"} and not undone.text_changed
    assert [p.status for p in library.get_many(ids)] == [Status.READ] * 10 + [Status.UNREAD] * 20


def test_citekey_edit_onto_a_taken_key_is_refused(library: Library) -> None:
    ids = add(library, NewPaper(title="a"), NewPaper(title="b"))
    taken = library.get(ids[0]).citekey
    with pytest.raises(LitmanError, match="already taken"):
        library.papers.update_paper(ids[1], citekey=taken)


def test_delete_then_restore_brings_back_ids_and_tags(library: Library) -> None:
    ids = add(library, NewPaper(title="a", tags=("t",)), NewPaper(title="b"))
    key = library.get(ids[0]).citekey
    changes = library.papers.delete_papers(ids)
    assert library.count() == 0
    library.undo(changes)
    assert library.get(ids[0]).tags == ("t",)
    assert library.get(ids[0]).citekey == key


def test_changes_reach_subscribers(library: Library) -> None:
    seen: list[Changes] = []
    library.subscribe(seen.append)
    (pid,) = add(library, NewPaper(title="a"))
    assert seen[0].added == (pid,)


def test_library_of_a_newer_schema_is_refused_untouched(library_path: Path) -> None:
    Library.open(library_path).close()
    with sqlite3.connect(library_path) as conn:
        conn.execute(
            "UPDATE meta SET value = ? WHERE key = 'schema_version'",
            (str(models.SCHEMA_VERSION + 1),),
        )
    conn.close()
    for extra in ("-wal", "-shm"):
        library_path.with_name(library_path.name + extra).unlink(missing_ok=True)
    before = library_path.read_bytes()
    with pytest.raises(SchemaTooNewError, match="newer litman"):
        Library.open(library_path)
    assert library_path.read_bytes() == before
    assert not library_path.with_name(library_path.name + "-wal").exists()


def test_missing_folders_are_created(tmp_path: Path) -> None:
    path = tmp_path / "a" / "b" / "lib.sqlite"
    Library.open(path).close()
    assert path.exists()


def test_tag_tree_counts_count_each_paper_once_per_subtree(library: Library) -> None:
    from litman.core.records import NewPaper

    ids = library.papers.add_papers([NewPaper(title=f"P{i}") for i in range(4)]).added
    library.tags.add_tag("ML > Deep", ids[:2])
    library.tags.add_tag("ML > Kernels", ids[1:3])
    library.tags.add_tag("ML", ids[:1])
    library.tags.add_tag("Reading", ids[3:])
    counts = library.tags.tag_tree_counts()
    assert counts == {"ML": 3, "ML > Deep": 2, "ML > Kernels": 2, "Reading": 1}
    assert counts == {p: len(library.tags.paper_ids_with_tag(p)) for p in counts}


def test_closing_twice_is_harmless(library_path: Path) -> None:
    from litman.core.library.facade import Library

    lib = Library.open(library_path)
    lib.close()
    lib.close()


def test_searching_does_not_wait_for_a_write_in_progress(seeded_path: Path) -> None:
    import threading

    lib = Library.open(seeded_path)
    held, release = threading.Event(), threading.Event()

    def long_import() -> None:
        with lib._write():  # what an import on a worker holds for its whole transaction
            held.set()
            release.wait(10)

    writer = threading.Thread(target=long_import)
    writer.start()
    assert held.wait(5)
    found: list[RankedIds] = []
    try:
        searcher = threading.Thread(target=lambda: found.append(lib.search("neural colapse").ids))
        searcher.start()
        searcher.join(10)
        assert found and found[0], "the search waited for the write"
    finally:
        release.set()
        writer.join()
        searcher.join()
        lib.close()


def test_bulk_status_and_tags_over_many_ids_touch_exactly_those(library: Library) -> None:
    ids = add(library, *(NewPaper(title=f"p{i}") for i in range(1300)))
    chosen = ids[:1200]  # more than one IN-list's worth: sent as one JSON list
    assert set(library.papers.set_status(chosen, Status.READ).updated) == set(chosen)
    assert library.status_counts()[Status.READ] == 1200
    assert len(library.tags.add_tag("many", chosen).updated) == 1200
    assert len(library.tags.remove_tag("many", chosen[:700]).updated) == 700
    assert sorted(library.tags.paper_ids_with_tag("many", subtree=False)) == sorted(chosen[700:])
    with pytest.raises(NotFoundError):
        library.tags.add_tag("many", [*chosen, 10**9])


def test_papers_marked_read_can_be_deleted_and_put_back(library: Library) -> None:
    ids = add(library, NewPaper(title="a"), NewPaper(title="b"))
    library.papers.set_status(ids, Status.READ)  # an UPDATE stores the times without their offset
    read = library.get(ids[0])
    assert read.read_at is not None and read.read_at.tzinfo is not None
    gone = library.papers.delete_papers(ids)
    library.undo(gone)
    assert [p.status for p in library.get_many(ids)] == [Status.READ, Status.READ]


def test_new_ids_are_the_rows_inserted_not_every_row_above_the_old_maximum(
    library: Library, store: str
) -> None:
    """Rows that land in the same transaction by other means (here a trigger; on a server,
    another writer's) are not taken for the new papers."""
    (_shadow_on_postgresql if store == "postgresql" else _shadow_on_sqlite)(library)
    added = add(library, NewPaper(title="One"), NewPaper(title="Two"), NewPaper(title="Three"))
    assert [library.get(i).title for i in added] == ["One", "Two", "Three"]
    assert library.count() == 6  # each brought its shadow


def _shadow_on_sqlite(library: Library) -> None:
    """Each paper inserted brings a shadow paper with it (a trigger of every connection)."""
    library.engine.dispose()

    @event.listens_for(library.engine, "connect")
    def _shadow(dbapi_conn: sqlite3.Connection, _record: object) -> None:
        dbapi_conn.execute(
            "CREATE TEMP TRIGGER shadow AFTER INSERT ON papers WHEN NEW.citekey NOT LIKE 'shadow%'"
            " BEGIN INSERT INTO papers (citekey, entry_type, title, title_sort, title_derived,"
            " authors, authors_sort, venue, doi, url, abstract, abstract_truncated, abstract_key,"
            " title_key, source, extra, added_at, modified_at)"
            " VALUES ('shadow' || NEW.id, 'misc', 'Shadow', 'shadow', 0, '[]', '', '', '', '',"
            " '', 0, '', '', '', '{}', NEW.added_at, NEW.added_at); END"
        )


def _shadow_on_postgresql(library: Library) -> None:
    """The same on the server: a copy of each inserted row, under another id and citekey."""
    with library.engine.begin() as conn:
        conn.exec_driver_sql(
            "CREATE FUNCTION shadow() RETURNS trigger LANGUAGE plpgsql AS $$"
            " DECLARE r papers%%ROWTYPE; BEGIN"
            " IF NEW.citekey NOT LIKE 'shadow%%' THEN r := NEW;"
            " r.id := nextval(pg_get_serial_sequence('papers', 'id'));"
            " r.citekey := 'shadow' || NEW.id; r.title := 'Shadow';"
            " INSERT INTO papers SELECT r.*; END IF; RETURN NULL; END $$"
        )
        conn.exec_driver_sql(
            "CREATE TRIGGER shadow AFTER INSERT ON papers FOR EACH ROW EXECUTE FUNCTION shadow()"
        )


def test_a_citekey_of_digits_names_its_paper_when_no_id_is_that_number(library: Library) -> None:
    """Publishers' exports carry keys such as `10250999`: digits are an id first, and a
    citekey when no paper has that id."""
    first, second = add(library, NewPaper(title="A"), NewPaper(title="B", citekey="10250999"))
    assert library.resolve("10250999") == second
    assert library.resolve(str(first)) == first
    assert library.resolve_many(["10250999", str(first)]) == [second, first]
    with pytest.raises(NotFoundError):
        library.resolve("10251000")
