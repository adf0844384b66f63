"""Which papers the benchmarks measure, and the library files made of them.

`LITMAN_BENCH_DATA` picks the papers: `real` (the default, benchmarks/real_papers.py: real
titles, names and sentences from the shared corpora) or `synthetic` (benchmarks/synthetic.py:
made-up titles of Zipf-drawn words, the data of the figures before the real corpora). Every
bench takes its papers, its library file and the line naming the corpus from here, so the
two can be measured back to back by the same commands.
"""

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

from benchmarks import real_papers, synthetic
from litman.core.records import NewPaper

KINDS: dict[str, ModuleType] = {"real": real_papers, "synthetic": synthetic}
DATA = os.environ.get("LITMAN_BENCH_DATA", "real")
if DATA not in KINDS:
    raise SystemExit(f"benchmarks: LITMAN_BENCH_DATA={DATA!r}; it takes {' or '.join(KINDS)}")
CORPUS: str = KINDS[DATA].CORPUS
TAG: str = KINDS[DATA].TAG  # in the cached file names: other papers, other files
papers: Callable[..., Iterator[NewPaper]] = KINDS[DATA].papers
OUT = Path(__file__).resolve().parent / "out"


def build(path: Path, n: int, seed: int = 7) -> Path:
    """Write a library of `n` papers at `path` (replacing it)."""
    from litman.core.library.facade import Library

    batches = papers(n, seed)  # read the corpus (or fail on a missing one) before deleting
    for suffix in ("", "-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)
    with Library.open(path, backup=False, daily=False) as lib:
        batch: list[NewPaper] = []
        for paper in batches:
            batch.append(paper)
            if len(batch) == 50_000:
                lib.papers.add_papers(batch)
                batch = []
        if batch:
            lib.papers.add_papers(batch)
    return path


def library(name: str, n: int) -> Path:
    """benchmarks/out/NAME-TAG-N.sqlite, built the first time it is asked for and kept. It is
    built under another name and renamed when whole, so a stopped build is not kept."""
    OUT.mkdir(exist_ok=True)
    path = OUT / f"{name}-{TAG}-{n}.sqlite"
    if not path.exists():
        building = OUT / f"{name}-{TAG}-{n}.building.sqlite"
        build(building, n).replace(path)
        for left in OUT.glob(f"{building.name}*"):  # its lock file
            left.unlink()
    return path
