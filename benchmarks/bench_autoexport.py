"""Auto-export after a one-paper change (target: the bound file current in 300 ms of CPU),
with 1,000 papers bound to a BibTeX file in a library of N (default 100k), at the core and
the writers, without the window: `litman.app.run_autoexports`, as the window runs it after
each change.

The papers tagged `thesis` are 1,000 drawn at random; the file is written once, then each run
edits one bound paper's title (the file is rewritten) and one unbound paper's (the file's
bytes would not change: it is left untouched), and times the auto-export after each. The
search index is built first, as an open window has it. Wall and CPU time, with the load.

    .venv/bin/python benchmarks/bench_autoexport.py [N] [--runs R]
"""

import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.bench_reading import load, on_a_copy, timed  # noqa: E402
from litman import app  # noqa: E402
from litman.core.library.facade import Library  # noqa: E402

BOUND = 1000


def after_edit(lib: Library, pid: int, run_no: int, what: str) -> None:
    lib.papers.edit(pid, {"title": f"Edited for the benchmark, run {run_no}"})
    load_before = load()
    w0, c0 = time.perf_counter(), time.process_time()
    (done,) = app.run_autoexports(lib)
    wall, cpu = (time.perf_counter() - w0) * 1000, (time.process_time() - c0) * 1000
    print(
        f"  {what}, run {run_no + 1}: wall {wall:6.1f} ms  CPU {cpu:6.1f} ms  "
        f"{done.outcome} (load {load_before})"
    )


def main() -> None:
    with on_a_copy(backup=False) as (lib, runs), tempfile.TemporaryDirectory() as tmp:
        ids = lib.list_ids("id")
        bound = random.Random(3).sample(ids, BOUND)
        unbound = sorted(set(ids) - set(bound))[:runs]
        timed("tag 1,000 papers thesis", lambda: lib.tags.add_tag("thesis", bound))
        timed("build the search index", lib.build_index)
        refs = Path(tmp) / "refs.bib"
        lib.autoexports.add(refs, "tag:thesis", "bibtex")
        timed("first auto-export (writes the file)", lambda: app.run_autoexports(lib))
        print(f"    ({refs.stat().st_size / 1024:.0f} kB)")
        for run_no in range(runs):
            after_edit(lib, bound[run_no], run_no, "a bound paper edited  ")
            after_edit(lib, unbound[run_no], run_no, "an unbound paper edited")


if __name__ == "__main__":
    main()
