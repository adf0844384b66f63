"""Reading state (status, rating, notes) in its own narrow table, per reader: one implicit
reader in a file, each database role in a shared PostgreSQL library, moved out
of `papers` by the schema 6 migration on both stores, and changed for every paper at once
in one transaction."""

import shutil
import sqlite3
import uuid
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest
from sqlalchemy import create_engine, event, text, update

from litman.core.errors import NotFoundError
from litman.core.library.facade import Library
from litman.core.records import NewPaper, Status
from litman.core.store import models, schema

FIXTURES = Path(__file__).resolve().parents[1] / "data" / "libraries"


def _columns(path: Path, table: str) -> set[str]:
    with sqlite3.connect(path) as conn:
        found = {row[1] for row in conn.execute(f"PRAGMA table_info({table})")}
    conn.close()
    return found


def test_a_schema_5_file_moves_its_reading_state_out_of_the_papers(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    shutil.copyfile(FIXTURES / "schema-5.sqlite", path)
    assert {"status", "rating", "notes", "read_at"} <= _columns(path, "papers")
    with Library.open(path) as lib:
        first = lib.get(lib.list_ids("id")[0])
        assert (first.status, first.rating, first.notes) == (
            Status.READ,
            4,
            "Notes survive upgrades.",
        )
        assert first.read_at is not None
        assert lib.search_ids("status:reading") == lib.list_ids("id")[5:8][::-1]
    assert not {"status", "rating", "notes", "read_at"} & _columns(path, "papers")
    with sqlite3.connect(path) as conn:
        rows = conn.execute("SELECT reader, count(*) FROM reading GROUP BY reader").fetchall()
    conn.close()
    assert rows == [("", 8)]  # the five read and three reading papers; the rest unread


def test_a_paper_never_touched_has_no_reading_row(library: Library) -> None:
    (pid,) = library.papers.add_papers([NewPaper(title="Untouched")]).added
    paper = library.get(pid)
    assert (paper.status, paper.rating, paper.notes, paper.read_at) == (
        Status.UNREAD,
        0,
        "",
        None,
    )
    with library._store.read() as conn:
        assert conn.execute(text("SELECT count(*) FROM reading")).scalar() == 0


def test_a_reading_change_leaves_the_papers_rows_alone(library: Library) -> None:
    ids = list(library.papers.add_papers([NewPaper(title=f"p{i}") for i in range(5)]).added)
    before = [p.modified_at for p in library.get_many(ids)]
    statements: list[str] = []
    event.listen(library.engine, "before_cursor_execute", lambda *a: statements.append(a[2]))
    library.papers.set_status(ids, Status.READ)
    library.papers.set_rating(ids, 3)
    library.papers.update_paper(ids[0], notes="mine")
    assert not [s for s in statements if s.lstrip().upper().startswith("UPDATE PAPERS")]
    assert [p.modified_at for p in library.get_many(ids)] == before
    assert library.get(ids[0]).notes == "mine"
    assert library.status_counts()[Status.READ] == 5


def test_undo_of_a_whole_library_status_is_one_transaction(library: Library) -> None:
    ids = list(library.papers.add_papers([NewPaper(title=f"p{i}") for i in range(300)]).added)
    library.papers.set_status(ids[:120], Status.READING)
    done = library.papers.set_status(ids, Status.READ)
    commits: list[object] = []
    event.listen(library.engine, "commit", lambda conn: commits.append(conn))
    undone = library.undo(done)
    assert len(commits) == 1
    statuses = [p.status for p in library.get_many(ids)]
    assert statuses == [Status.READING] * 120 + [Status.UNREAD] * 180
    library.undo(undone)
    assert library.status_counts()[Status.READ] == 300


def test_undo_of_a_whole_library_status_lands_whole_or_not_at_all(library: Library) -> None:
    ids = list(library.papers.add_papers([NewPaper(title=f"p{i}") for i in range(300)]).added)
    library.papers.set_status(ids[:150], Status.READING)
    done = library.papers.set_status(ids, Status.READ)
    calls = {"n": 0}

    def fail_second(conn: object, cursor: object, statement: str, *args: object) -> None:
        if statement.startswith("INSERT INTO reading"):
            calls["n"] += 1
            if calls["n"] == 2:  # the second group of papers given back
                raise RuntimeError("the disk went away")

    event.listen(library.engine, "before_cursor_execute", fail_second)
    with pytest.raises(RuntimeError):
        library.undo(done)
    event.remove(library.engine, "before_cursor_execute", fail_second)
    assert calls["n"] == 2
    assert library.status_counts()[Status.READ] == 300  # the first group's write rolled back


def test_a_status_for_a_missing_paper_changes_nothing_and_says_which(library: Library) -> None:
    ids = list(library.papers.add_papers([NewPaper(title="a"), NewPaper(title="b")]).added)
    with pytest.raises(NotFoundError, match="999"):
        library.papers.set_status([*ids, 999], Status.READ)
    assert library.status_counts()[Status.READ] == 0
    library.papers.set_status(ids, Status.READ)  # the library still takes writes
    assert library.status_counts()[Status.READ] == 2


def test_sorts_and_filters_read_the_reading_state(library: Library) -> None:
    ids = list(library.papers.add_papers([NewPaper(title=f"p{i}") for i in range(4)]).added)
    library.papers.set_rating([ids[2]], 5)
    library.papers.set_rating([ids[0]], 2)
    library.papers.set_status([ids[1]], Status.READ)
    assert library.list_ids("rating") == [ids[1], ids[3], ids[0], ids[2]]
    assert library.list_ids("rating", descending=True) == [ids[2], ids[0], ids[3], ids[1]]
    assert library.list_ids("read")[0] == ids[1]
    assert library.list_ids("status")[0] == ids[1]  # 'read' sorts before 'unread'
    assert set(library.quick_search_ids("status:unread")) == {ids[0], ids[2], ids[3]}
    assert library.search_ids("status:read") == [ids[1]]
    assert library.statuses_among(ids[:2]) == {Status.UNREAD, Status.READ}
    assert library.filled_columns(["rating", "read_at", "notes"]) == {"rating", "read_at"}


def test_a_deleted_papers_reading_state_comes_back_with_its_undo(library: Library) -> None:
    ids = list(library.papers.add_papers([NewPaper(title="a"), NewPaper(title="b")]).added)
    library.papers.update_paper(ids[0], notes="kept", rating=5)
    library.papers.set_status(ids, Status.READ)
    gone = library.papers.delete_papers(ids)
    assert library.status_counts()[Status.READ] == 0
    library.undo(gone)
    first = library.get(ids[0])
    assert (first.notes, first.rating, first.status) == ("kept", 5, Status.READ)


# -- a shared library: each role reads and writes its own state --------------------------


def _role(pg_url: str, name: str) -> str:
    """A login role with the rights a lab member has; the URL that connects as it."""
    admin = create_engine(pg_url)
    with admin.begin() as conn:
        conn.execute(text(f'CREATE ROLE "{name}" LOGIN'))
        conn.execute(
            text(f'GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO "{name}"')
        )
        conn.execute(text(f'GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO "{name}"'))
    admin.dispose()
    return pg_url.replace("litman@", f"{name}@")


@pytest.fixture
def two_readers(pg_url: str) -> Iterator[tuple[str, str, list[int]]]:
    with Library.open(pg_url) as lib:
        ids = list(lib.papers.add_papers([NewPaper(title=f"p{i}") for i in range(4)]).added)
    tag = uuid.uuid4().hex[:8]
    names = [f"alice_{tag}", f"bob_{tag}"]
    alice, bob = (_role(pg_url, name) for name in names)
    yield alice, bob, ids
    with create_engine(pg_url).begin() as conn:
        for name in names:
            conn.execute(text(f'DROP OWNED BY "{name}"'))
            conn.execute(text(f'DROP ROLE "{name}"'))


def test_each_role_keeps_its_own_reading_state(two_readers: tuple[str, str, list[int]]) -> None:
    alice_url, bob_url, ids = two_readers
    with Library.open(alice_url) as alice, Library.open(bob_url) as bob:
        assert alice.reading_per_user
        alice.papers.set_status(ids[:3], Status.READ)
        alice.papers.update_paper(ids[0], notes="Alice's note", rating=5)
        bob.papers.set_status([ids[3]], Status.READING)
        assert [p.status for p in alice.get_many(ids)] == [Status.READ] * 3 + [Status.UNREAD]
        assert [p.status for p in bob.get_many(ids)] == [Status.UNREAD] * 3 + [Status.READING]
        assert (bob.get(ids[0]).notes, bob.get(ids[0]).rating) == ("", 0)
        assert alice.status_counts() == {Status.UNREAD: 1, Status.READING: 0, Status.READ: 3}
        assert bob.status_counts() == {Status.UNREAD: 3, Status.READING: 1, Status.READ: 0}
        assert bob.search_ids("status:read") == []
        assert set(alice.search_ids("status:read")) == set(ids[:3])
        assert bob.list_ids("rating", descending=True)[0] != ids[0]
        # Papers and tags stay shared: Bob sees Alice's tag.
        alice.tags.add_tag("Lab", [ids[1]])
        assert bob.get(ids[1]).tags == ("Lab",)


def test_a_delete_and_its_undo_keep_every_readers_state(
    two_readers: tuple[str, str, list[int]],
) -> None:
    alice_url, bob_url, ids = two_readers
    with Library.open(alice_url) as alice, Library.open(bob_url) as bob:
        alice.papers.set_status([ids[0]], Status.READ)
        bob.papers.set_rating([ids[0]], 2)
        gone = alice.papers.delete_papers([ids[0]])
        alice.undo(gone)
        assert alice.get(ids[0]).status is Status.READ
        assert (bob.get(ids[0]).status, bob.get(ids[0]).rating) == (Status.UNREAD, 2)


def test_a_schema_5_database_moves_its_reading_state_to_the_upgrading_role(pg_url: str) -> None:
    engine = create_engine(pg_url)
    schema.create(engine)
    with engine.begin() as conn:  # the schema 5 shape: reading state in the papers' rows
        conn.execute(text("DROP TABLE reading"))
        conn.execute(
            text(
                "ALTER TABLE papers ADD COLUMN status VARCHAR NOT NULL DEFAULT 'unread', "
                "ADD COLUMN rating INTEGER NOT NULL DEFAULT 0, "
                "ADD COLUMN notes VARCHAR NOT NULL DEFAULT '', ADD COLUMN read_at TIMESTAMP"
            )
        )
        conn.execute(text("CREATE INDEX ix_papers_status ON papers (status)"))
        conn.execute(
            update(models.meta).where(models.meta.c.key == "schema_version").values(value="5")
        )
        for i, (status, rating, notes) in enumerate(
            [("read", 4, "kept"), ("reading", 0, ""), ("unread", 0, "")]
        ):
            conn.execute(
                text(
                    "INSERT INTO papers (citekey, entry_type, title, title_sort, title_derived,"
                    " authors, authors_sort, venue, doi, url, abstract, abstract_truncated,"
                    " abstract_key, title_key, source, extra, added_at, modified_at, status,"
                    " rating, notes, read_at) VALUES (:key, 'misc', :key, :key, false, '[]', '',"
                    " '', '', '', '', false, '', '', '', '{}', now(), now(), :status, :rating,"
                    " :notes, :read_at)"
                ),
                {
                    "key": f"k{i}",
                    "status": status,
                    "rating": rating,
                    "notes": notes,
                    "read_at": datetime(2025, 5, 1) if status == "read" else None,
                },
            )
    engine.dispose()
    with Library.open(pg_url) as lib:
        papers = {p.citekey: p for p in lib.list_papers("id")}
        assert (papers["k0"].status, papers["k0"].rating, papers["k0"].notes) == (
            Status.READ,
            4,
            "kept",
        )
        assert papers["k0"].read_at is not None
        assert papers["k1"].status is Status.READING
        assert lib.status_counts() == {Status.UNREAD: 1, Status.READING: 1, Status.READ: 1}
        with lib._store.read() as conn:
            readers = conn.execute(text("SELECT DISTINCT reader FROM reading")).scalars().all()
            me = conn.execute(text("SELECT current_user")).scalar()
            columns = conn.execute(
                text(
                    "SELECT column_name FROM information_schema.columns WHERE table_name = 'papers'"
                )
            ).scalars()
            assert readers == [me]
            assert not {"status", "rating", "notes", "read_at"} & set(columns)
            assert schema.stored_version(conn) == models.SCHEMA_VERSION


def test_a_papers_reading_rows_are_found_by_paper_for_its_delete(library_path: Path) -> None:
    """The delete's cascade looks for a paper's rows by paper alone: an index, not a scan of
    the table per paper deleted (100k papers took 34 minutes)."""
    with Library.open(library_path) as lib:
        ids = list(lib.papers.add_papers([NewPaper(title=f"p{i}") for i in range(3)]).added)
        lib.papers.set_status(ids, Status.READ)
    with sqlite3.connect(library_path) as conn:
        plan = " ".join(
            str(row[-1])
            for row in conn.execute("EXPLAIN QUERY PLAN SELECT 1 FROM reading WHERE paper_id = 1")
        )
    conn.close()
    assert plan.startswith("SEARCH") and "SCAN" not in plan, plan


def test_a_schema_6_file_gains_the_reading_rows_index(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    shutil.copyfile(FIXTURES / "schema-6.sqlite", path)
    with Library.open(path) as lib:
        lib.papers.delete_papers(lib.list_ids("id")[:10])
        assert lib.count() == 79
    with sqlite3.connect(path) as conn:
        names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
    conn.close()
    assert "ix_reading_paper" in names


def test_a_query_over_the_reading_state_is_compiled_once() -> None:
    """SQLAlchemy reuses a compiled statement only when it can make a cache key for it; the
    reader (`reading_state.ME`) had none, so every read of papers was compiled again."""
    from sqlalchemy import select

    from litman.core.store import reading_state
    from litman.core.store import rows as store

    query = select(*store.PAPER_COLUMNS).select_from(reading_state.joined())
    assert query._generate_cache_key() is not None
    assert reading_state.ME._generate_cache_key() == reading_state.Me()._generate_cache_key()
