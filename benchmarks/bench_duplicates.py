"""Finding the duplicates of a whole library (target: 100k papers in 2 s of CPU), and the
papers related to one (target: 30 ms of CPU per paper), at the core, without the window.

A copy of the benchmark library (benchmarks/corpus.py) is given 2,000 duplicates of its own
papers first: 500 each with the same DOI (both given one), the preprint of a paper that
names its eprint, a title with a typo, and the same abstract. Wall and CPU time of each
step, with the machine's load beside them.

    .venv/bin/python benchmarks/bench_duplicates.py [N] [--runs R]
"""

import dataclasses
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.bench_reading import load, on_a_copy, timed  # noqa: E402
from litman.core.library.facade import Library  # noqa: E402
from litman.core.records import NewPaper, Paper  # noqa: E402

EACH = 500


def _new(p: Paper, **changes: object) -> NewPaper:
    base = NewPaper(
        title=p.title, abstract=p.abstract, authors=p.authors, year=p.year, venue=p.venue
    )
    return dataclasses.replace(base, **changes)  # type: ignore[arg-type]


def _typo(title: str, rng: random.Random) -> str:
    i = rng.randrange(1, max(2, len(title) - 1))
    return title[:i] + title[i + 1 :]


KINDS = ("same DOI", "preprint", "title typo", "same abstract")


def seed_duplicates(lib: Library) -> list[tuple[str, int, int]]:
    """Add the duplicates; give their originals the identifiers they share. Each pair
    made: (kind, original, duplicate)."""
    rng = random.Random(11)
    ids = rng.sample(lib.list_ids("id"), 4 * EACH)
    papers = lib.get_many(ids)
    new: list[NewPaper] = []
    for i, p in enumerate(papers[:EACH]):
        lib.papers.edit(p.id, {"doi": f"10.5555/bench.{i}"})
        new.append(_new(p, title=f"Another record {i}", doi=f"10.5555/BENCH.{i}"))
    for i, p in enumerate(papers[EACH : 2 * EACH]):
        lib.papers.edit(p.id, {"eprint": f"2401.{i:05d}", "doi": f"10.5555/journal.{i}"})
        new.append(_new(p, url=f"https://arxiv.org/abs/2401.{i:05d}v2", venue="arXiv"))
    for p in papers[2 * EACH : 3 * EACH]:
        new.append(_new(p, title=_typo(p.title, rng), abstract=""))
    for p in papers[3 * EACH :]:
        new.append(_new(p, title=f"Untitled {p.id}", authors=()))
    added = lib.papers.add_papers(new).added
    kinds = [k for k in KINDS for _ in range(EACH)]
    return list(zip(kinds, ids, added, strict=True))


def found_pairs(lib: Library, made: list[tuple[str, int, int]]) -> str:
    """How many of the pairs made, of each kind, the finder put in one group."""
    group = {pid: n for n, g in enumerate(lib.duplicates.find()) for pid in g.ids}
    found = {k: 0 for k in KINDS}
    for kind, a, b in made:
        found[kind] += a in group and group.get(a) == group.get(b)
    return ", ".join(f"{kind} {n}/{EACH}" for kind, n in found.items())


def related(lib: Library, runs: int) -> None:
    """CPU per `related` call, over 100 papers drawn at random, the index built."""
    ids = random.Random(5).sample(lib.list_ids("id"), 100)
    timed("build the search index", lib.build_index)
    for run_no in range(runs):
        load_before = load()
        c0 = time.process_time()
        found = sum(len(lib.related(pid)) for pid in ids)
        cpu = (time.process_time() - c0) / len(ids) * 1000
        print(
            f"  related, run {run_no + 1}: CPU {cpu:5.1f} ms a paper, "
            f"{found / len(ids):.1f} found (load {load_before})"
        )


def main() -> None:
    with on_a_copy(backup=False) as (lib, runs):
        made = timed("add the duplicates", lambda: seed_duplicates(lib))
        print(f"    ({len(made):,} duplicates added; {lib.count():,} papers)")
        print(f"    found: {found_pairs(lib, made)}")
        for run_no in range(runs):
            found = timed(f"find duplicates, run {run_no + 1}", lib.duplicates.find)
            print(f"    ({len(found):,} groups, {sum(len(g.ids) for g in found):,} papers)")
        related(lib, runs)


if __name__ == "__main__":
    main()
