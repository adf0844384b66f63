"""A shared library on a local PostgreSQL server beside the same library in a file:
`litman copy` of N papers, opening to first rows and to first search, and one edit's
journey from one client to another's search index: asked for (a file's window polls), and on
PostgreSQL also pushed (the other's watch hears the commit's NOTIFY, catches up on its
thread and finds the paper by search, timed from before the write).

    .venv/bin/python benchmarks/bench_shared.py [N]

The server is a throwaway cluster of the run's own (tests/pg_server.py: initdb in a
temporary folder, a Unix socket, fsync off as in the tests), so the figures are the work of
litman and the database, not of a disk's flushes or a network.
"""

import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlalchemy import create_engine, text

from benchmarks.corpus import library
from litman.core.library.facade import Library
from tests import pg_server


def timed(work: Callable[[], Any]) -> tuple[float, float, Any]:
    """Wall and CPU seconds of `work()`, and what it returned."""
    t0, c0 = time.perf_counter(), time.process_time()
    result = work()
    return time.perf_counter() - t0, time.process_time() - c0, result


def journey(where: str | Path) -> tuple[float, float]:
    """One client tags a paper; the other notices (its poll) and finds it by search: the
    seconds of that catch-up, wall and CPU (the index is built first)."""
    with Library.open(where) as window, Library.open(where) as other:
        window.search("warm up")
        window.changed_elsewhere()
        pid = other.list_ids("id")[123]
        other.tags.add_tag("bench-journey", [pid])
        wall, cpu, found = timed(
            lambda: (window.changed_elsewhere(), window.search("tag:bench-journey").ids)[1]
        )
        assert found == [pid], found
        other.tags.delete_tag("bench-journey")
    return wall, cpu


def pushed(url: str, tries: int = 5) -> list[float]:
    """Seconds from one client's tag write beginning to another client's watch having
    caught up and found the paper by search, `tries` times (the index is built first)."""
    import threading

    with Library.open(url) as window, Library.open(url) as other:
        window.search("warm up")
        pid = other.list_ids("id")[123]
        heard, found = threading.Event(), []

        def changed() -> None:
            if window.changed_elsewhere() and window.search("tag:bench-pushed").ids == [pid]:
                heard.set()

        watch = window.watch(changed, lambda _up, _why: None)
        assert watch is not None
        watch.start()
        watch.listening.wait(10)
        try:
            for _ in range(tries):
                heard.clear()
                t0 = time.perf_counter()
                other.tags.add_tag("bench-pushed", [pid])
                assert heard.wait(10), "no notice"
                found.append(time.perf_counter() - t0)
                other.tags.delete_tag("bench-pushed")
                window.changed_elsewhere()
        finally:
            watch.stop()
    return found


def opening(where: str | Path) -> tuple[float, float, float]:
    """Seconds from open to the first 50 rows of the default view, and to a first search
    (wall, then this process's CPU: a server's own work is not in it)."""
    t0, c0 = time.perf_counter(), time.process_time()
    with Library.open(where, read_only=True) as lib:
        lib.get_many(lib.list_ids("added", descending=True)[:50])
        rows = time.perf_counter() - t0
        lib.search("neural network")
        return rows, time.perf_counter() - t0, time.process_time() - c0


def report(label: str, copy: tuple[float, float], where: str | Path) -> None:
    rows, search, cpu_search = opening(where)
    wall, cpu = journey(where)
    print(
        f"{label}: copy {copy[0]:.1f} s ({copy[1]:.1f} s CPU); open to first rows {rows:.2f} s, "
        f"to first search {search:.1f} s ({cpu_search:.1f} s CPU); an edit reaches another "
        f"client's search in {wall * 1000:.0f} ms ({cpu * 1000:.0f} ms CPU)"
    )


def main(n: int = 100_000) -> None:
    source = library("bench", n)
    cluster = pg_server.start()
    try:
        admin = create_engine(cluster.url(), isolation_level="AUTOCOMMIT")
        with admin.connect() as conn:
            conn.execute(text("CREATE DATABASE refs"))
        admin.dispose()
        url = cluster.url("refs")
        with tempfile.TemporaryDirectory() as tmp:
            copy_file = Path(tmp) / "copy.sqlite"
            with Library.open(source, read_only=True) as src:
                with Library.open(url) as dst:
                    wall, cpu, _ = timed(lambda: src.copy_to(dst))
                    to_db = (wall, cpu)
                with Library.open(copy_file, backup=False, daily=False) as dst:
                    wall, cpu, _ = timed(lambda: src.copy_to(dst))
                    to_file = (wall, cpu)
            print(f"papers: {n}")
            report("PostgreSQL", to_db, url)
            times = sorted(pushed(url))
            print(
                "PostgreSQL, pushed: an edit reaches another client's search in "
                f"{times[len(times) // 2] * 1000:.0f} ms (median of {len(times)}; "
                f"{times[0] * 1000:.0f}-{times[-1] * 1000:.0f} ms), from before the write"
            )
            report("file", to_file, copy_file)
    finally:
        cluster.stop()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100_000)
