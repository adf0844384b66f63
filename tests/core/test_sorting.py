"""Sorting the paper list by a column: the right order, empties last, and an index walk."""

import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from litman.core.library.facade import Library
from litman.core.records import NewPaper, Paper
from litman.core.store import models
from litman.core.store.sorting import column_order

KEYS: dict[str, Callable[[Paper], str | int | None]] = {
    "authors": lambda p: p.authors[0].casefold() if p.authors else "",
    "year": lambda p: p.year,
    "venue": lambda p: p.venue,
    "entry_type": lambda p: p.entry_type,
    "rating": lambda p: p.rating,
    "id": lambda p: p.id,
}


@pytest.fixture
def varied(library: Library) -> Library:
    papers = [
        NewPaper(title=f"P{i}", authors=(a,), year=y, venue=v, entry_type=t)
        for i, (a, y, v, t) in enumerate(
            [
                ("Zhang, Wei", 2020, "ICML", "article"),
                ("Abe, Rin", None, "NeurIPS", "misc"),
                ("Müller, Jürgen", 2018, "ICML", "book"),
                ("Abe, Rin", 2020, "", "article"),
                ("Brown, Ann", None, "AAAI", "article"),
            ]
        )
    ]
    library.papers.add_papers(papers)
    return library


@pytest.mark.parametrize("column", list(KEYS))
@pytest.mark.parametrize("descending", [False, True])
def test_a_column_sorts_with_ties_by_id_and_empties_last(
    varied: Library, column: str, descending: bool
) -> None:
    papers = varied.list_papers("id")
    filled = [p for p in papers if KEYS[column](p) is not None]
    empty = [p.id for p in papers if KEYS[column](p) is None]
    expected = [
        p.id for p in sorted(filled, key=lambda p: (KEYS[column](p), p.id), reverse=descending)
    ]
    assert varied.list_ids(column, descending) == expected + sorted(empty, reverse=descending)


def _plans(path: Path) -> dict[str, str]:
    """The query plan of each column's sort, as SQLite reports it."""
    from sqlalchemy import create_engine

    engine = create_engine(f"sqlite:///{path}")
    plans = {}
    with engine.connect() as conn:
        raw = conn.connection.driver_connection
        assert isinstance(raw, sqlite3.Connection)
        captured: list[str] = []
        raw.set_trace_callback(captured.append)
        for name, col in models.papers.c.items():
            if name in models.SORT_INDEXED or name in ("title_sort", "added_at", "status", "id"):
                captured.clear()
                column_order(conn, col, False)
                plans[name] = " ".join(
                    str(row[-1])
                    for sql in captured
                    for row in raw.execute("EXPLAIN QUERY PLAN " + sql)
                )
    return plans


@pytest.mark.file_only
def test_every_sortable_column_is_an_index_walk(library: Library, library_path: Path) -> None:
    library.papers.add_papers([NewPaper(title="One")])
    plans = _plans(library_path)
    assert plans.keys() >= set(models.SORT_INDEXED)
    for name, plan in plans.items():
        assert "COVERING INDEX" in plan and "TEMP B-TREE" not in plan, (name, plan)


def test_an_upgraded_library_gets_the_sort_indexes(tmp_path: Path) -> None:
    import shutil

    fixtures = Path(__file__).resolve().parents[1] / "data" / "libraries"
    path = tmp_path / "old.sqlite"
    shutil.copyfile(fixtures / "schema-2.sqlite", path)
    Library.open(path).close()
    conn = sqlite3.connect(path)
    names = {r[0] for r in conn.execute("SELECT name FROM sqlite_schema WHERE type = 'index'")}
    conn.close()
    assert {f"ix_papers_sort_{c}" for c in models.SORT_INDEXED} <= names


@pytest.mark.parametrize("descending", [False, True])
def test_tags_sort_by_their_names_with_untagged_papers_last(
    library: Library, descending: bool
) -> None:
    ids = library.papers.add_papers(
        [
            NewPaper(title="a", tags=("Zeta",)),
            NewPaper(title="b"),
            NewPaper(title="c", tags=("alpha", "Beta")),
            NewPaper(title="d", tags=("Zeta",)),
            NewPaper(title="e"),
        ]
    ).added
    tagged = [ids[2], ids[0], ids[3]]  # "alpha, beta" before "zeta", ties by id
    untagged = [ids[1], ids[4]]
    if descending:
        tagged, untagged = tagged[::-1], untagged[::-1]
    assert library.list_ids("tags", descending) == tagged + untagged


@pytest.mark.parametrize("descending", [False, True])
def test_tags_sort_as_their_joined_names_whatever_the_sets(
    library: Library, descending: bool
) -> None:
    """Many overlapping sets (a tag that is another's prefix, cases, deleted papers): the
    order is the folded names joined, ties by id, as a plain sort of every paper gives."""
    import random

    rng = random.Random(23)
    names = ["ml", "ML > Deep", "ml > deep > cnn", "Zeta", "alpha", "Alpha beta", "b", "to read"]
    papers = [
        NewPaper(title=f"p{i}", tags=tuple(rng.sample(names, rng.choice([0, 0, 1, 1, 2, 3]))))
        for i in range(120)
    ]
    ids = library.papers.add_papers(papers).added
    library.papers.delete_papers(ids[5:12])

    def key(p: Paper) -> str:
        return ", ".join(sorted(t.casefold() for t in p.tags))

    every = library.get_many(sorted(set(ids) - set(ids[5:12])))
    tagged = sorted((p for p in every if p.tags), key=lambda p: (key(p), p.id))
    untagged = [p.id for p in every if not p.tags]
    expected = [p.id for p in tagged]
    if descending:
        expected, untagged = expected[::-1], untagged[::-1]
    assert library.list_ids("tags", descending) == expected + untagged


WRITTEN = ("John Smith", "Adams, Zoe", "Jean de la Fontaine", "Mary Brown", "Carl Evans Jr.")


def test_authors_sort_by_family_name_however_the_name_is_written(library: Library) -> None:
    """The column shows family names (`Smith`, `de la Fontaine`); the sort follows them, not
    the given name a name written whole starts with."""
    ids = library.papers.add_papers([NewPaper(title=a, authors=(a,)) for a in WRITTEN]).added
    by_name = dict(zip(WRITTEN, ids, strict=True))
    order = ["Adams, Zoe", "Mary Brown", "Jean de la Fontaine", "Carl Evans Jr.", "John Smith"]
    assert library.list_ids("authors") == [by_name[a] for a in order]
