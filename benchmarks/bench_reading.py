"""Whole-library reading-state changes at the core, without the window: mark every paper
read, undo it, rate every paper, undo it (any action on all 100k selected papers
done within 2 s). Wall and CPU time for each, with the machine's load beside them.

    .venv/bin/python benchmarks/bench_reading.py [N] [--runs R]

Runs on a copy of the benchmark library (benchmarks/corpus.py), so the kept one stays
unread.
"""

import argparse
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.corpus import CORPUS, library  # noqa: E402
from litman.core.library.facade import Library  # noqa: E402
from litman.core.records import Changes, Status  # noqa: E402

T = TypeVar("T")


def load() -> str:
    return Path("/proc/loadavg").read_text().split()[0]


def timed(name: str, action: Callable[[], T]) -> T:
    """`action()`, printing its wall and CPU time and the load before it (bench_trash too)."""
    load_before = load()
    w0, c0 = time.perf_counter(), time.process_time()
    done = action()
    wall, cpu = time.perf_counter() - w0, time.process_time() - c0
    print(f"  {name:<34} wall {wall:6.2f} s  CPU {cpu:6.2f} s  (load {load_before})")
    return done


def run(lib: Library) -> None:
    ids = lib.list_ids("id")
    done = timed("mark read all", lambda: lib.papers.set_status(ids, Status.READ))
    timed("undo mark read", lambda: lib.undo(done))
    done = timed("rate 4 all", lambda: lib.papers.set_rating(ids, 4))
    timed("undo rate", lambda: lib.undo(done))
    timed("status counts", lambda: _counted(lib))


def _counted(lib: Library) -> Changes:
    lib.status_counts()
    return Changes()


@contextmanager
def on_a_copy(**options: Any) -> Iterator[tuple[Library, int]]:
    """The benchmark library of the N papers asked for (`[N] [--runs R]`), copied and open
    with `options` (bench_trash too); and R."""
    parser = argparse.ArgumentParser()
    parser.add_argument("n", nargs="?", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args()
    source = library("gui", args.n)
    print(f"{args.n} papers; {CORPUS}")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "lib.sqlite"
        shutil.copy(source, path)
        lib = timed("open (and upgrade)", lambda: Library.open(path, daily=False, **options))
        with lib:
            yield lib, args.runs


def main() -> None:
    with on_a_copy(backup=False) as (lib, runs):
        for run_no in range(runs):
            print(f"run {run_no + 1}:")
            run(lib)


if __name__ == "__main__":
    main()
