"""A saved index a few writes behind is caught up from the library's change journal, not
rebuilt, and answers exactly as a fresh build does; when the journal cannot tell, it is
reconciled."""

import sqlite3
import threading
from pathlib import Path

import pytest
from sqlalchemy import Connection, event

from litman.core.library.facade import Library
from litman.core.records import NewPaper, Status
from litman.core.search.index import SearchIndex
from litman.core.search.ranked import RankedIds
from litman.core.store import backups, journal

QUERIES = ["walrus", "zebrafish", "bandit", "status:read", "tag:later", "-bandit regret", ""]


def answers(lib: Library) -> dict[str, RankedIds]:
    return {q: lib.search(q).ids for q in QUERIES}


def fresh_answers(path: Path) -> dict[str, RankedIds]:
    with Library.open(path) as lib:  # no cache: built from the file
        return answers(lib)


@pytest.fixture
def cache(tmp_path: Path) -> Path:
    return tmp_path / "cache" / "index.npz"


@pytest.fixture
def work(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Which whole-library work a search did: 'build' or 'reconcile'."""
    done: list[str] = []
    build, reconcile = SearchIndex.build, SearchIndex.reconcile

    def counted_build(self: SearchIndex) -> None:
        done.append("build")
        build(self)

    def counted_reconcile(self: SearchIndex) -> tuple[int, int, int]:
        done.append("reconcile")
        return reconcile(self)

    monkeypatch.setattr(SearchIndex, "build", counted_build)
    monkeypatch.setattr(SearchIndex, "reconcile", counted_reconcile)
    return done


def cli_writes(path: Path) -> int:
    """What a few `litman` commands would do: each its own Library, no search, no cache."""
    with Library.open(path) as lib:
        lib.papers.update_paper(1, title="Hyperbolic Walrus Embeddings")
    with Library.open(path) as lib:
        lib.papers.set_status([3, 4], "read")
        lib.tags.add_tag("later", [5, 6])
    with Library.open(path) as lib:
        lib.papers.delete_papers([2])
        return lib.papers.add_paper(NewPaper(title="Quasicrystalline Zebrafish Dynamics"))


def test_writes_elsewhere_are_replayed_from_the_journal(
    seeded_path: Path, cache: Path, work: list[str]
) -> None:
    with Library.open(seeded_path, index_cache=cache) as lib:
        lib.search("warm up")  # built, saved at close
    work.clear()
    pid = cli_writes(seeded_path)
    with Library.open(seeded_path, index_cache=cache) as lib:
        got = answers(lib)
        assert lib.saved_index is not None and lib.saved_index.saved_at == lib.generation()
    assert work == []  # neither a build nor a reconcile
    assert got["zebrafish"] == [pid] and got["walrus"] == [1] and 2 not in got[""]
    assert got == fresh_answers(seeded_path)


def _outside_tool(path: Path, sql: str) -> None:
    conn = sqlite3.connect(path)
    with conn:
        conn.execute(sql)
    conn.close()


def test_a_write_outside_litman_is_reconciled_not_rebuilt(
    seeded_path: Path, cache: Path, work: list[str]
) -> None:
    with Library.open(seeded_path, index_cache=cache) as lib:
        lib.search("warm up")
    _outside_tool(seeded_path, "UPDATE papers SET title = 'Hyperbolic Walrus' WHERE id = 1")
    _outside_tool(seeded_path, "UPDATE meta SET value = 'x' WHERE key = 'generation'")
    work.clear()
    with Library.open(seeded_path, index_cache=cache) as lib:
        got = answers(lib)
    assert work == ["reconcile"]
    assert got["walrus"] == [1] and got == fresh_answers(seeded_path)


def test_an_index_behind_the_compacted_journal_is_reconciled(
    seeded_path: Path, cache: Path, work: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    with Library.open(seeded_path, index_cache=cache) as lib:
        lib.search("warm up")
    monkeypatch.setattr(journal, "KEEP", 2)
    cli_writes(seeded_path)  # five writes: the journal keeps two
    work.clear()
    with Library.open(seeded_path, index_cache=cache) as lib:
        got = answers(lib)
    assert work == ["reconcile"]
    assert got == fresh_answers(seeded_path)


def test_a_restored_backup_with_the_same_numbers_is_not_replayed(
    seeded_path: Path, cache: Path, work: list[str]
) -> None:
    backup = backups.take(seeded_path, backups.MANUAL)
    with Library.open(seeded_path, index_cache=cache) as lib:
        lib.tags.add_tag("later", [1])
        lib.search("warm up")  # saved with the tag, at the number of that write
    backups.restore(seeded_path, backup)
    with Library.open(seeded_path) as lib:
        lib.tags.add_tag("later", [9])  # the same number again, another history
    work.clear()
    with Library.open(seeded_path, index_cache=cache) as lib:
        assert lib.search("tag:later").ids == [9]
    assert work == ["reconcile"]


def test_the_journal_keeps_only_the_newest_rows(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(journal, "KEEP", 3)
    pid = library.papers.add_paper(NewPaper(title="A"))
    for status in ["read", "reading", "unread", "read"]:
        library.papers.set_status([pid], status)
    with library.engine.connect() as conn:
        seqs = [s for (s,) in conn.execute(journal.J.select().with_only_columns(journal.J.c.seq))]
    assert len(seqs) == 3 and seqs == list(range(seqs[0], seqs[0] + 3))


def test_a_write_is_journalled_by_kind_with_its_papers(library: Library) -> None:
    start = library.journal_position().seq
    pid = library.papers.add_paper(NewPaper(title="A", tags=("x",)))
    library.papers.set_status([pid], "read")
    library.papers.update_paper(pid, title="B")
    library.papers.delete_papers([pid])
    with library.engine.connect() as conn:
        replay = journal.since(conn, start)
        rows = conn.execute(
            journal.J.select().where(journal.J.c.seq > start).order_by(journal.J.c.seq)
        ).fetchall()
    assert [(r.kind, r.ids) for r in rows] == [
        ("added", [pid]),
        ("tags", []),
        ("fields", [pid]),
        ("text", [pid]),
        ("deleted", [pid]),
        ("tags", []),
    ]
    assert replay is not None and replay.text == {pid} and replay.attrs == {pid}
    assert len({r.generation for r in rows}) == 4  # one per transaction


def test_a_failed_or_empty_write_journals_nothing(library: Library) -> None:
    pid = library.papers.add_paper(NewPaper(title="A"))
    before = library.journal_position()
    with pytest.raises(Exception, match="No paper"):
        library.papers.update_paper(999, title="nope")
    library.papers.set_field(pid, "volume", "")  # no such field to remove: nothing written
    assert library.journal_position() == before


def test_a_large_write_is_one_row_that_readers_cannot_replay(library: Library) -> None:
    start = library.journal_position().seq
    library.papers.add_papers([NewPaper(title=f"P{i}") for i in range(journal.MAX_IDS + 1)])
    with library.engine.connect() as conn:
        kinds = conn.execute(
            journal.J.select().with_only_columns(journal.J.c.kind).where(journal.J.c.seq > start)
        ).scalars()
        assert list(kinds) == ["all"]
        assert journal.since(conn, start) is None


def test_tags_set_elsewhere_reach_a_live_index_without_reconciling(
    seeded_path: Path, work: list[str]
) -> None:
    with Library.open(seeded_path) as window, Library.open(seeded_path) as other:
        window.search("warm up")
        assert not window.changed_elsewhere()
        work.clear()
        other.tags.add_tag("from-elsewhere", [5, 7])
        assert window.changed_elsewhere()
        assert window.index_free()  # current already: nothing left to do off the GUI thread
        assert sorted(window.search("tag:from-elsewhere").ids) == [5, 7]
        assert window.tags.tag_tree_counts()["from-elsewhere"] == 2
        assert work == []
        assert not window.changed_elsewhere()


def test_own_writes_are_not_news(library: Library) -> None:
    library.search("warm up")
    pid = library.papers.add_paper(NewPaper(title="Quasicrystalline Zebrafish"))
    library.tags.add_tag("mine", [pid])
    assert not library.changed_elsewhere()
    assert library.search("zebrafish").ids == [pid]


def test_a_write_that_published_nothing_makes_readers_reconcile(
    seeded_path: Path, work: list[str]
) -> None:
    """A future write path that forgets to publish still tells other readers: `all`."""
    from sqlalchemy import update

    from litman.core.store import models

    with Library.open(seeded_path) as window, Library.open(seeded_path) as other:
        window.search("warm up")
        with other._write() as conn:
            conn.execute(
                update(models.papers).where(models.papers.c.id == 1).values(title="Walrus")
            )
        work.clear()
        assert window.changed_elsewhere()
        assert window.search("walrus").ids == [1]
        assert work == ["reconcile"]


def test_tag_counts_from_the_index_equal_those_from_sql(
    seeded_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from litman.core.store import rows as store

    counted_in_sql = store.distinct_papers
    with Library.open(seeded_path) as lib, Library.open(seeded_path) as other:
        other.tags.add_tag("To Read > Soon", [1, 2, 3])
        other.tags.add_tag("To Read > Later", [3, 4])
        other.tags.add_tag("To Read", [9])
        from_sql = lib.tags.tag_tree_counts()  # no index yet
        lib.search("warm up")
        other.tags.remove_tag("To Read > Later", [4])
        other.tags.rename_tag("Optimization", "Optimisation")
        assert lib.changed_elsewhere()
        monkeypatch.setattr(store, "distinct_papers", lambda *_: pytest.fail("counted in SQL"))
        from_index = lib.tags.tag_tree_counts()
        monkeypatch.setattr(store, "distinct_papers", counted_in_sql)
        with Library.open(seeded_path) as fresh:
            assert from_index == fresh.tags.tag_tree_counts()
    assert from_sql["To Read"] == 5 and from_index["To Read"] == 4
    assert from_index["To Read > Later"] == 1 and "Optimization" not in from_index


def test_a_look_while_this_librarys_write_commits_is_no_news(library: Library) -> None:
    """The window asks `changed_elsewhere()` on its own thread; asked while this library's
    own write is committing, it must not take the write for another client's (that redraws
    everything: seconds at 100k papers)."""
    (pid,) = library.papers.add_papers([NewPaper(title="a")]).added
    library.changed_elsewhere()
    seen: list[bool] = []
    polls: list[threading.Thread] = []
    writer = threading.get_ident()

    def committed(*_args: object) -> None:  # a connection back in the pool: after its commit
        if polls or threading.get_ident() != writer:
            return
        poll = threading.Thread(target=lambda: seen.append(library.changed_elsewhere()))
        polls.append(poll)
        poll.start()
        poll.join(0.3)

    event.listen(library.engine, "checkin", committed)
    library.papers.set_status([pid], Status.READ)
    event.remove(library.engine, "checkin", committed)
    polls[0].join(5)
    assert seen == [False]
    assert library.get(pid).status is Status.READ


def test_a_look_while_another_thread_writes_does_not_deadlock(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An import on a worker held the store's write lock and waited for the follow lock
    (taken before its commit); the window's poll held the follow lock and waited for the
    store's lock: both stopped for good, and the window with them."""
    from litman.core.store import rows as store

    (pid,) = library.papers.add_papers([NewPaper(title="a")]).added
    library.changed_elsewhere()
    in_write, poll_at_store = threading.Event(), threading.Event()
    real_bump, real_look = store.bump_generation, library._store.changed_elsewhere

    def bump(conn: Connection) -> str:  # inside the write, before it takes the follow lock
        in_write.set()
        poll_at_store.wait(10)
        return real_bump(conn)

    def look() -> bool:  # inside the poll, holding the follow lock
        poll_at_store.set()
        return real_look()

    monkeypatch.setattr(store, "bump_generation", bump)
    monkeypatch.setattr(library._store, "changed_elsewhere", look)
    writer = threading.Thread(
        target=lambda: library.papers.set_status([pid], Status.READ), daemon=True
    )
    writer.start()
    assert in_write.wait(10)
    seen: list[object] = []
    poll = threading.Thread(target=lambda: seen.append(library.changes_elsewhere()), daemon=True)
    poll.start()
    writer.join(20)
    poll.join(20)
    assert not writer.is_alive() and not poll.is_alive(), "the write and the poll deadlocked"
    assert seen == [[]]  # the library's own write is no news
    assert library.get(pid).status is Status.READ
    assert library.changes_elsewhere() == []
