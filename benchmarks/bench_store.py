"""Insert 100k papers (benchmarks/corpus.py) through the Library API, then list ids sorted by each column.

    .venv/bin/python benchmarks/bench_store.py [N]

Targets on the 2-core reference machine: insert <= 3 s; every column's first sort <= 100 ms,
beside SQLite alone handing the ids of one index walk to Python.
"""

import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.corpus import CORPUS, papers
from litman.core.library.facade import Library
from litman.core.records import SORT_FIELDS


def main(n: int = 100_000) -> None:
    batch = list(papers(n))
    with tempfile.TemporaryDirectory() as tmp:
        lib = Library.open(Path(tmp) / "bench.sqlite")
        t0 = time.perf_counter()
        lib.papers.add_papers(batch)
        insert_s = time.perf_counter() - t0
        times = []
        for _ in range(5):
            t0 = time.perf_counter()
            ids = lib.list_ids("title")
            times.append(time.perf_counter() - t0)
        assert len(ids) == n
        lib.close()
        sorts = first_sorts(Path(tmp) / "bench.sqlite")
        walk_ms = index_walk(Path(tmp) / "bench.sqlite")
        floor_s = {label: sqlite_alone(Path(tmp), how) for label, how in FLOORS}
    print(CORPUS)
    print(f"papers: {n}")
    print(f"insert through Library.papers.add_papers: {insert_s:.2f} s (target <= 3 s)")
    print(
        f"list_ids sorted by title: first call {times[0] * 1000:.0f} ms (target <= 300 ms); "
        f"repeated (kept until the next change) median {statistics.median(times[1:]) * 1000:.1f} ms"
    )
    print(
        "first sort of each column (a fresh Library each, ascending / descending; target "
        "<= 100 ms): " + ", ".join(f"{name} {up:.0f} / {down:.0f}" for name, up, down in sorts)
    )
    print(f"  SQLite alone, the ids of one index walk (title) fetched by sqlite3: {walk_ms:.0f} ms")
    print("SQLite alone, the same rows already in its own format (sqlite3 executemany + commit):")
    for label, seconds in floor_s.items():
        print(f"  {label}: {seconds:.2f} s")


# How SQLite gets the secondary indexes: kept up row by row, built after the rows (what
# add_papers does for a large first import, see store.insert_papers), or not at all.
FLOORS = [
    ("indexes kept up row by row", "inline"),
    ("indexes built after the rows", "after"),
    ("no secondary index", "none"),
]


def sqlite_alone(tmp: Path, indexes: str) -> float:
    """Seconds for SQLite to insert and commit the benchmark's rows, as stored (JSON and
    dates already text), into an empty copy of the schema with the app's pragmas: the part
    of `add_papers` that no Python code can make faster."""
    source = sqlite3.connect(tmp / "bench.sqlite")
    rows = source.execute("SELECT * FROM papers").fetchall()
    schema = source.execute(
        "SELECT type, sql FROM sqlite_schema WHERE tbl_name = 'papers' AND sql IS NOT NULL"
    ).fetchall()
    source.close()
    table = [sql for kind, sql in schema if kind == "table"]
    index = [sql for kind, sql in schema if kind == "index"]
    conn = sqlite3.connect(tmp / f"alone-{indexes}.sqlite", isolation_level=None)
    for pragma in ("journal_mode = WAL", "synchronous = NORMAL", "cache_size = -65536"):
        conn.execute(f"PRAGMA {pragma}")
    for sql in table + (index if indexes == "inline" else []):
        conn.execute(sql)
    marks = ", ".join("?" * len(rows[0]))
    t0 = time.perf_counter()
    conn.execute("BEGIN IMMEDIATE")
    conn.executemany(f"INSERT INTO papers VALUES ({marks})", rows)
    for sql in index if indexes == "after" else []:
        conn.execute(sql)
    conn.execute("COMMIT")
    seconds = time.perf_counter() - t0
    conn.close()
    return seconds


def first_sorts(path: Path) -> list[tuple[str, float, float]]:
    """Milliseconds of each column's first `list_ids`, as a header's first click pays it."""
    out = []
    for name in SORT_FIELDS:
        times = []
        for descending in (False, True):
            lib = Library.open(path, backup=False, daily=False)
            times.append(_time(lambda: lib.list_ids(name, descending)))  # noqa: B023
            lib.close()
        out.append((name, times[0], times[1]))
    return out


def index_walk(path: Path) -> float:
    conn = sqlite3.connect(path)
    ms = _time(lambda: conn.execute("SELECT id FROM papers ORDER BY title_sort, id").fetchall())
    conn.close()
    return ms


def _time(fn: Callable[[], object]) -> float:
    t0 = time.perf_counter()
    fn()
    return (time.perf_counter() - t0) * 1000


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100_000)
