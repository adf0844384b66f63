"""A saved index a few writes behind is caught up from the journal of those writes, not
rebuilt, and answers exactly as a fresh build does."""

from pathlib import Path

import pytest

from litman.core import index_journal
from litman.core.library import Library
from litman.core.records import NewPaper
from litman.core.search import SearchIndex

QUERIES = ["walrus", "zebrafish", "bandit", "status:read", "tag:later", "-bandit regret", ""]


def answers(lib: Library) -> dict[str, list[int]]:
    return {q: lib.search(q).ids for q in QUERIES}


def fresh_answers(path: Path) -> dict[str, list[int]]:
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
    monkeypatch.setattr(SearchIndex, "build", lambda self: (done.append("build"), build(self)))
    monkeypatch.setattr(
        SearchIndex, "reconcile", lambda self: (done.append("reconcile"), reconcile(self))[1]
    )
    return done


def cli_writes(path: Path, cache: Path) -> int:
    """What a few `litman` commands would do: each its own Library, no search."""
    with Library.open(path, index_cache=cache) as lib:
        lib.update_paper(1, title="Hyperbolic Walrus Embeddings")
    with Library.open(path, index_cache=cache) as lib:
        lib.set_status([3, 4], "read")
        lib.add_tag("later", [5, 6])
    with Library.open(path, index_cache=cache) as lib:
        lib.delete_papers([2])
        return lib.add_paper(NewPaper(title="Quasicrystalline Zebrafish Dynamics"))


def test_writes_elsewhere_are_replayed_from_the_journal(
    seeded_path: Path, cache: Path, work: list[str]
) -> None:
    with Library.open(seeded_path, index_cache=cache) as lib:
        lib.search("warm up")  # built, saved at close
    work.clear()
    pid = cli_writes(seeded_path, cache)
    with Library.open(seeded_path, index_cache=cache) as lib:
        got = answers(lib)
        assert lib.saved_index is not None and lib.saved_index.saved_at == lib.generation()
    assert work == []  # neither a build nor a reconcile
    assert got["zebrafish"] == [pid] and got["walrus"] == [1] and 2 not in got[""]
    assert got == fresh_answers(seeded_path)


def test_a_write_that_was_not_journalled_is_reconciled_not_rebuilt(
    seeded_path: Path, cache: Path, work: list[str]
) -> None:
    with Library.open(seeded_path, index_cache=cache) as lib:
        lib.search("warm up")
    with Library.open(seeded_path) as other:  # no cache: writes no journal
        other.update_paper(1, title="Hyperbolic Walrus Embeddings")
    work.clear()
    with Library.open(seeded_path, index_cache=cache) as lib:
        got = answers(lib)
    assert work == ["reconcile"]
    assert got == fresh_answers(seeded_path)


def test_a_torn_journal_line_breaks_the_chain_and_misleads_nothing(
    seeded_path: Path, cache: Path, work: list[str]
) -> None:
    with Library.open(seeded_path, index_cache=cache) as lib:
        lib.search("warm up")
    cli_writes(seeded_path, cache)
    journal = index_journal.path_for(cache)
    lines = journal.read_text().splitlines()
    journal.write_text("\n".join([lines[0][: len(lines[0]) // 2], *lines[1:]]) + "\n")
    work.clear()
    with Library.open(seeded_path, index_cache=cache) as lib:
        got = answers(lib)
    assert work == ["reconcile"]
    assert got == fresh_answers(seeded_path)


def test_a_full_save_empties_the_journal(seeded_path: Path, cache: Path) -> None:
    with Library.open(seeded_path, index_cache=cache) as lib:
        lib.search("warm up")
        lib.set_status([1], "read")  # journalled, then saved whole at close
    assert not index_journal.path_for(cache).exists()


def test_a_chain_follows_each_step_and_refuses_gaps(tmp_path: Path) -> None:
    from litman.core.records import Changes

    cache = tmp_path / "i.npz"
    index_journal.record(cache, "a", "b", Changes(updated=(1,)))
    index_journal.record(cache, "b", "c", Changes(updated=(2,), text_changed=False))
    index_journal.record(cache, "c", "d", Changes(added=(3,), deleted=(4,)))
    replay = index_journal.chain(cache, "a", "d")
    assert replay is not None and replay.text == {1, 3, 4} and replay.attrs == {2}
    assert index_journal.chain(cache, "a", "zz") is None
    assert index_journal.chain(cache, "x", "d") is None
    index_journal.record(cache, "d", "e", Changes(updated=tuple(range(index_journal.MAX_IDS + 1))))
    assert index_journal.chain(cache, "a", "e") is None  # too many to replay
