"""RIS and CSL-JSON at 10k: export 10k papers (benchmarks/corpus.py) to each, then read the files back.

    .venv/bin/python benchmarks/bench_formats.py

Figures are wall and CPU time (see `best`), each the best of three runs. Targets: 10k RIS
records or CSL-JSON items import in <= 1 s and export in <= 0.5 s. The import is timed whole
(reading the file, then writing its papers into a new library), with reading alone beside
it: what the format itself costs.
"""

import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import corpus
from benchmarks.corpus import library
from litman.core.library.facade import Library
from litman.core.records import Paper
from litman.formats import csljson, ris

N = 10_000


def best(run: Callable[[], object], times: int = 3) -> str:
    """Best wall time and best CPU time of a few runs, each its own minimum: on a machine
    shared with other work the wall time waits for the CPU, and the CPU time shows what the
    code itself costs (the run quickest by the clock was not always the one that used
    least CPU: 1.81 s CPU beside 1.14 s in the next process, load 8)."""
    walls, cpus = [], []
    for _ in range(times):
        t0, c0 = time.perf_counter(), time.process_time()
        run()
        walls.append(time.perf_counter() - t0)
        cpus.append(time.process_time() - c0)
    return f"{min(walls):.2f} s wall, {min(cpus):.2f} s CPU"


def one_format(name: str, module: object, papers: list[Paper], tmp: Path) -> str:
    path = tmp / f"all.{name}"
    export = module.export  # type: ignore[attr-defined]
    export_s = best(lambda: export(papers, path))
    batch = module.read(path)  # type: ignore[attr-defined]
    read_s = best(lambda: module.read(path))  # type: ignore[attr-defined]
    runs = iter(range(3))

    def whole_import() -> None:  # reading the file and writing it into a new library
        with Library.open(tmp / f"{name}{next(runs)}.sqlite", backup=False, daily=False) as lib:
            lib.import_batch(module.read(path))  # type: ignore[attr-defined]

    whole_s = best(whole_import)
    size = path.stat().st_size / 2**20
    return (
        f"{name}: export {len(papers) // 1000}k: {export_s} (target <= 0.5 s, "
        f"{size:.1f} MiB); read {len(batch.papers) // 1000}k: {read_s}; "
        f"whole import (read, then written into a new library): {whole_s} (target <= 1 s)"
    )


def main() -> None:
    path = library("bench", N)
    with Library.open(path, backup=False, daily=False) as lib:
        papers = lib.list_papers("id")
    print(corpus.CORPUS)
    with tempfile.TemporaryDirectory() as tmp:
        for name, module in (("ris", ris), ("json", csljson)):
            print(one_format(name, module, papers, Path(tmp)))


if __name__ == "__main__":
    main()
