"""Insert 100k synthetic papers through the Library API, then list ids sorted by title.

    .venv/bin/python benchmarks/bench_store.py [N]

Targets on the 2-core reference machine: insert <= 3 s, sorted list <= 300 ms.
"""

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.synthetic import papers
from litman.core.library import Library


def main(n: int = 100_000) -> None:
    batch = list(papers(n))
    with tempfile.TemporaryDirectory() as tmp:
        lib = Library.open(Path(tmp) / "bench.sqlite")
        t0 = time.perf_counter()
        lib.add_papers(batch)
        insert_s = time.perf_counter() - t0
        times = []
        for _ in range(5):
            t0 = time.perf_counter()
            ids = lib.list_ids("title")
            times.append(time.perf_counter() - t0)
        assert len(ids) == n
        year_ms = _time(lambda: lib.list_ids("year", descending=True))  # a first call
        lib.close()
    print(f"papers: {n}")
    print(f"insert through Library.add_papers: {insert_s:.2f} s (target <= 3 s)")
    print(
        f"list_ids sorted by title: first call {times[0] * 1000:.0f} ms (target <= 300 ms); "
        f"repeated (kept until the next change) median {statistics.median(times[1:]) * 1000:.1f} ms"
    )
    print(f"list_ids sorted by year desc: {year_ms:.0f} ms")


def _time(fn) -> float:
    t0 = time.perf_counter()
    fn()
    return (time.perf_counter() - t0) * 1000


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100_000)
