"""The saved search index: same answers as a fresh build, and never trusted when stale."""

from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from sqlalchemy import Connection

from litman.core.errors import NotFoundError
from litman.core.library.facade import Library
from litman.core.records import NewPaper
from litman.core.search.ranked import RankedIds

QUERIES = [
    "neural colapse",
    "suprvised contrastive",
    "bandit safety",
    'tag:"Optimization"',
    "status:read",
    "-bandit regret",
    "opt",
    '"linear stochastic"',
]


def answers(lib: Library) -> dict[str, RankedIds]:
    return {q: lib.search(q).ids for q in QUERIES}


def saved_at(lib: Library) -> str | None:
    """The generation the library's saved index holds."""
    saved = lib.saved_index
    assert saved is not None, "the library keeps no saved index"
    return saved.saved_at


@pytest.fixture
def cache(tmp_path: Path) -> Path:
    return tmp_path / "cache" / "index.npz"


def test_a_loaded_index_answers_like_a_built_one(seeded_path: Path, cache: Path) -> None:
    with Library.open(seeded_path, index_cache=cache) as lib:
        lib.papers.set_status([3, 4], "read")
        built = answers(lib)  # builds, then saves at close
    assert cache.exists()
    with Library.open(seeded_path, index_cache=cache) as lib:
        lib.index.ensure_built()
        assert saved_at(lib) == lib.generation()  # it was loaded, not rebuilt
        assert answers(lib) == built


def test_changes_made_here_are_saved_with_the_index(seeded_path: Path, cache: Path) -> None:
    with Library.open(seeded_path, index_cache=cache) as lib:
        lib.search("warm up")
        pid = lib.papers.add_paper(NewPaper(title="Quasicrystalline Zebrafish Dynamics"))
        lib.papers.update_paper(1, title="Hyperbolic Walrus Embeddings")
        lib.papers.delete_papers([2])
    with Library.open(seeded_path, index_cache=cache) as lib:
        lib.index.ensure_built()
        assert saved_at(lib) == lib.generation()
        assert lib.search("zebrafish").ids == [pid]
        assert lib.search("walrus").ids == [1]
        assert 2 not in lib.search("").ids and 2 not in lib.search("bandit").ids


def test_a_write_elsewhere_makes_the_saved_index_stale(seeded_path: Path, cache: Path) -> None:
    with Library.open(seeded_path, index_cache=cache) as lib:
        lib.search("anything")
    with Library.open(seeded_path) as cli:  # another process, no cache of its own
        cli.tags.add_tag("from-elsewhere", [5])
    with Library.open(seeded_path, index_cache=cache) as lib:
        assert lib.search("tag:from-elsewhere").ids == [5]


@pytest.mark.parametrize(
    "damage",
    [b"", b"not a zip", b"PK\x03\x04" + b"\0" * 200],
    ids=["empty", "garbage", "broken-zip"],
)
def test_a_damaged_cache_is_rebuilt_quietly(seeded_path: Path, cache: Path, damage: bytes) -> None:
    with Library.open(seeded_path, index_cache=cache) as lib:
        built = answers(lib)
    cache.write_bytes(damage)
    with Library.open(seeded_path, index_cache=cache) as lib:
        assert answers(lib) == built


def test_a_cache_from_another_litman_version_or_generation_is_not_used(
    seeded_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from litman.core.search import index_cache

    with Library.open(seeded_path, index_cache=cache) as lib:
        lib.search("x")
        generation = lib.generation()
    with Library.open(seeded_path) as lib:
        assert index_cache.load(lib.index, cache, generation)  # as saved: it loads
        assert not index_cache.load(lib.index, cache, generation + "-other")
        monkeypatch.setattr(index_cache, "__version__", "0.0.0-other")
        assert not index_cache.load(lib.index, cache, generation)


def test_every_write_changes_the_generation_and_failures_do_not(library: Library) -> None:
    seen = [library.generation()]
    pid = library.papers.add_paper(NewPaper(title="A"))
    seen.append(library.generation())
    library.papers.set_status([pid], "read")
    seen.append(library.generation())
    library.tags.add_tag("t", [pid])
    seen.append(library.generation())
    assert len(set(seen)) == 4
    with pytest.raises(NotFoundError):
        library.papers.update_paper(999, title="nope")
    assert library.generation() == seen[-1]  # a failed write changes nothing


def test_a_restored_backup_edited_again_never_matches_an_old_saved_index(
    seeded_path: Path, cache: Path
) -> None:
    from litman.core.store import backups

    with Library.open(seeded_path, index_cache=cache) as lib:
        backup = backups.take(seeded_path, backups.MANUAL)
        lib.tags.add_tag("one", [1])
        lib.search("x")  # saved at close with tag "one"
    backups.restore(seeded_path, backup)
    with Library.open(seeded_path, index_cache=cache) as lib:
        lib.tags.add_tag("two", [2])  # one write after the restore, as before
    with Library.open(seeded_path, index_cache=cache) as lib:
        assert lib.search("tag:one").ids == []
        assert lib.search("tag:two").ids == [2]


def _set_generation(path: Path, token: str) -> None:
    import sqlite3

    conn = sqlite3.connect(path)
    with conn:
        conn.execute("UPDATE meta SET value = ? WHERE key = 'generation'", (token,))
    conn.close()


def test_a_file_changed_behind_its_generation_is_not_served_the_old_index(
    seeded_path: Path, cache: Path
) -> None:
    """The generation says nothing changed (a WAL lost under an open library, another
    tool), but 13 papers came in: they are found, and keep being found after restarts."""
    with Library.open(seeded_path, index_cache=cache) as lib:
        lib.search("warm up")
        generation = lib.generation()
    with Library.open(seeded_path) as other:  # no cache, no journal line
        added = [
            other.papers.add_paper(NewPaper(title=f"Chocolate Chemistry {n}")) for n in range(13)
        ]
    _set_generation(seeded_path, generation)
    for _restart in range(2):
        with Library.open(seeded_path, index_cache=cache) as lib:
            assert sorted(lib.search("chocolate").ids) == sorted(added)


def test_tags_changed_behind_the_generation_are_not_served_stale(
    seeded_path: Path, cache: Path
) -> None:
    with Library.open(seeded_path, index_cache=cache) as lib:
        lib.search("warm up")
        generation = lib.generation()
    with Library.open(seeded_path) as other:
        other.tags.add_tag("smuggled", [7, 8])
    _set_generation(seeded_path, generation)
    with Library.open(seeded_path, index_cache=cache) as lib:
        assert sorted(lib.search("tag:smuggled").ids) == [7, 8]


def test_an_index_that_agrees_with_the_file_is_loaded_not_reconciled(
    seeded_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from litman.core.search.index import SearchIndex

    with Library.open(seeded_path, index_cache=cache) as lib:
        lib.search("warm up")
    calls: list[int] = []

    def counted(self: SearchIndex) -> tuple[int, int, int]:
        calls.append(1)
        return (0, 0, 0)

    monkeypatch.setattr(SearchIndex, "reconcile", counted)
    with Library.open(seeded_path, index_cache=cache) as lib:
        lib.index.ensure_built()
        assert saved_at(lib) == lib.generation() and calls == []


def test_a_search_that_changed_nothing_reads_no_fingerprint_at_close(
    seeded_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The fingerprint scans every paper id and tag link; a one-shot `litman search` paid
    # it twice, once to check what it loaded and again at close to find nothing to save.
    from litman.core.search import index_cache

    with Library.open(seeded_path, index_cache=cache) as lib:
        lib.search("warm up")
    real = index_cache.fingerprint
    calls: list[int] = []

    def counted(conn: Connection) -> list[int]:
        calls.append(1)
        return real(conn)

    monkeypatch.setattr(index_cache, "fingerprint", counted)
    with Library.open(seeded_path, index_cache=cache) as lib:
        lib.search("bandit")
    assert calls == [1]


def test_a_loaded_index_keeps_working_after_its_file_is_replaced(
    seeded_path: Path, cache: Path
) -> None:
    # A loaded index reads its arrays from the saved file as they are needed; a save
    # writes a new file and renames it over the old one, never the old file in place.
    with Library.open(seeded_path, index_cache=cache) as lib:
        built = answers(lib)
    with Library.open(seeded_path, index_cache=cache) as lib:
        lib.index.ensure_built()
        cache.unlink()
        cache.write_bytes(b"not a zip")
        assert answers(lib) == built
        lib.index.postings.moved[1] = True  # mapped copy-on-write: its own, writable


def test_tags_changed_after_a_load_answer_as_a_fresh_build(seeded_path: Path, cache: Path) -> None:
    """A loaded index keeps each tag's members, and each paper's tags are made from them
    when a change needs them: tagging, untagging and renaming then answer as a build."""
    from litman.core.search.index import SearchIndex

    with Library.open(seeded_path, index_cache=cache) as lib:
        ids = lib.list_ids()
        lib.tags.add_tag("Marsupial > Quokka", ids[::2])
        lib.tags.add_tag("Wombat", ids[1::3])
        lib.search("warm up")
    with Library.open(seeded_path, index_cache=cache) as lib:
        lib.index.ensure_built()
        assert saved_at(lib) == lib.generation()  # loaded
        lib.tags.add_tag("Wombat", ids[:4])
        lib.tags.remove_tag("Marsupial > Quokka", ids[:6])
        lib.tags.rename_tag("Marsupial", "Numbat")
        fresh = SearchIndex(lib._index_docs)
        fresh.build()
        for query in ("tag:wombat", "quokka", "numbat", "marsupial", "tag:numbat wombat"):
            assert sorted(lib.search(query).ids) == sorted(fresh.search(query).ids), query


def test_tags_given_in_another_order_are_no_change_to_reconcile() -> None:
    from litman.core.records import Doc
    from litman.core.search.index import Docs, SearchIndex

    def docs_giving(tags: tuple[str, ...]) -> Docs:
        texts = ("Quokka habitats", "Ada Lovelace", "", "", "qk1", "2020", "")
        return lambda _ids: [Doc(1, texts, 2020, 0, tags)]

    index = SearchIndex(docs_giving(("Zoo", "alpha", "Mid")))
    index.build()
    index._docs = docs_giving(("Mid", "Zoo", "alpha"))
    assert index.reconcile() == (0, 0, 0)
    assert index.search("tag:zoo").ids == [1]


def test_statuses_changed_elsewhere_are_reconciled_without_indexing_any_text() -> None:
    # 20k papers marked read by another command made the next search re-index their
    # texts into the appendable postings, which every later load unpacked paper by paper
    # (a warm `litman search` at 100k papers: 1.24 -> 1.64 s CPU).
    from litman.core.records import Doc
    from litman.core.search.index import Docs, SearchIndex

    def docs_with(status: int) -> Docs:
        texts = ("Quokka habitats", "Ada Lovelace", "", "", "qk1", "2020", "")
        return lambda _ids: [Doc(i, texts, 2020, status, ()) for i in range(1, 5)]

    index = SearchIndex(docs_with(0))
    index.build()
    index._docs = docs_with(2)
    assert index.reconcile() == (0, 4, 0)
    assert not index.postings.any_moved
    assert sorted(index.search("quokka status:read").ids) == [1, 2, 3, 4]


def test_a_one_paper_write_replayed_into_a_loaded_index_makes_no_papers_tags(
    seeded_path: Path, cache: Path
) -> None:
    # A search after `litman status read 5` replays the write into the loaded index; it
    # made every paper's tags from the saved members to look up the one paper's.
    with Library.open(seeded_path, index_cache=cache) as lib:
        lib.tags.add_tag("Quokkas", [5])
        lib.search("warm up")
    with Library.open(seeded_path) as other:
        other.papers.set_status([5], "read")
    with Library.open(seeded_path, index_cache=cache) as lib:
        assert lib.search("status:read tag:quokkas").ids == [5]
        assert lib.index._papers_tags is None


def test_a_saved_index_is_read_whole_where_a_mapped_file_could_not_be_replaced(
    seeded_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Windows refuses to rename a new file over a mapped one: there the file is read.
    from litman.core.search import index_cache

    with Library.open(seeded_path, index_cache=cache) as lib:
        built = answers(lib)
    monkeypatch.setattr(index_cache, "MAP_FILES", False)
    with Library.open(seeded_path, index_cache=cache) as lib:
        lib.index.ensure_built()
        assert saved_at(lib) == lib.generation()  # loaded, not rebuilt
        assert answers(lib) == built
        lib.index.postings.moved[1] = True  # its arrays are its own, writable


class _Counted(str):
    """A text that counts how many of its kind are alive (CPython frees it at once)."""

    alive = 0
    most = 0

    def __new__(cls, value: str) -> "_Counted":
        cls.alive += 1
        cls.most = max(cls.most, cls.alive)
        return super().__new__(cls, value)

    def __del__(self) -> None:
        type(self).alive -= 1


def test_a_reconcile_holds_the_papers_it_changes_not_every_paper() -> None:
    # After 20k statuses were set, the next `litman search` at 100k papers read every
    # paper's texts into one list to compare digests: 124 -> 396 MB.
    from litman.core.records import Doc
    from litman.core.search.index import Docs, SearchIndex

    def docs_with(changed: int) -> Docs:
        def docs(ids: Sequence[int] | None) -> Iterator[Doc]:
            for i in range(1, 3001) if ids is None else ids:
                title = _Counted(f"Quokka {i}" + (" edited" if i == changed else ""))
                yield Doc(i, (title, "Ada Lovelace", "", "", f"k{i}", "2020", ""), 2020, 0, ())

        return docs

    index = SearchIndex(docs_with(0))
    index.build()
    index._docs = docs_with(7)
    _Counted.most = _Counted.alive
    assert index.reconcile() == (0, 1, 0)
    assert _Counted.most - _Counted.alive < 100  # a few pages at most, not 3,000 papers
    assert index.search("edited").ids == [7]


def test_an_index_saved_again_after_a_write_answers_like_a_built_one(
    seeded_path: Path, cache: Path
) -> None:
    with Library.open(seeded_path, index_cache=cache) as lib:
        lib.search("warm up")
    with Library.open(seeded_path, index_cache=cache) as lib:
        lib.index.ensure_built()  # loaded: its postings are the saved file's
        lib.papers.set_status([3, 4, 5], "read")
        lib.tags.add_tag("again", [6])
        expected = answers(lib)
    with Library.open(seeded_path, index_cache=cache) as lib:
        lib.index.ensure_built()
        assert saved_at(lib) == lib.generation()
        assert answers(lib) == expected
        assert lib.search("tag:again").ids == [6]


def test_a_save_copies_from_the_file_it_loaded_though_another_replaced_it(
    seeded_path: Path, cache: Path, tmp_path: Path
) -> None:
    """The postings a save copies come from the file the index was loaded from, held
    open: another process may have saved a different index under the same name since."""
    import os
    import shutil

    from litman.core.search import index_cache

    with Library.open(seeded_path, index_cache=cache) as lib:
        lib.search("warm up")
    other_path = tmp_path / "other.sqlite"
    shutil.copyfile(seeded_path, other_path)
    with Library.open(other_path) as other:
        other.papers.add_papers(
            [NewPaper(title=f"Padding Paper {n} about bandits") for n in range(50)]
        )
        other.search("warm up")
        index_cache.save(other.index, tmp_path / "other.npz", other.generation())
    with Library.open(seeded_path, index_cache=cache) as lib:
        lib.index.ensure_built()
        os.replace(tmp_path / "other.npz", cache)  # another process's save lands meanwhile
        lib.tags.add_tag("mine", [2])
        expected = answers(lib)
    with Library.open(seeded_path, index_cache=cache) as lib:
        assert answers(lib) == expected
        assert lib.search("tag:mine").ids == [2]
