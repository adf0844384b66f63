"""The trash at the core, without the window (a delete of all 100k papers and its
undo done within 2 s): moving every paper to the trash and out again (with the search index
built, as the window has it), a sorted listing of the papers with the trash empty, holding
one paper, half and every one, and emptying a trash of every paper, its backup first (and
a backup alone beside it). Wall and CPU time for each, with the machine's load beside
them.

    .venv/bin/python benchmarks/bench_trash.py [N] [--runs R]

Runs on a copy of the benchmark library (benchmarks/corpus.py), so the kept one stays
whole.
"""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.bench_reading import on_a_copy, timed  # noqa: E402
from litman.core.library.facade import Library  # noqa: E402


def listing(lib: Library, trashed: str) -> None:
    lib._orders.clear()  # as after any write: the order is read again
    n = len(timed(f"list by year, trash {trashed}", lambda: lib.list_ids("year")))
    print(f"    ({n:,} papers listed)")


def run(lib: Library) -> None:
    ids = lib.list_ids("id")
    listing(lib, "empty")
    moved = timed("move all to the trash", lambda: lib.papers.delete_papers(ids))
    listing(lib, "full")
    timed("undo (restore all)", lambda: lib.undo(moved))
    lib.papers.delete_papers(ids[:1])
    listing(lib, "holding 1")
    lib.papers.delete_papers(ids[1 : len(ids) // 2])
    listing(lib, "holding half")
    lib.papers.restore(ids)


def main() -> None:
    with on_a_copy() as (lib, runs):
        timed("build the search index", lib.build_index)
        for run_no in range(runs):
            print(f"run {run_no + 1}:")
            run(lib)
        lib.papers.delete_papers(lib.list_ids("id"))
        timed("a backup alone (emptying takes one)", lib.backups.take)
        timed("empty a trash of all (backup first)", lib.papers.empty_trash)
        print(f"    ({lib.count()} papers left, {lib.trash_count()} in the trash)")


if __name__ == "__main__":
    main()
