"""PDFs in: text extraction speed, and an offline import of a folder of PDFs.

    .venv/bin/python benchmarks/bench_pdf.py [N]
    .venv/bin/python benchmarks/bench_pdf.py --fulltext [N]

1. Extraction: copies of a real paper (pdfminer.six's naacl06-shinyama.pdf, 8 pages, in
   tests/data/pdf) read by the worker (`litman.formats.pdf_text`); pages per second of the
   worker's CPU (target: at least 50 pages/s per core), and wall time.
2. Import: N (default 1,000) distinct 10-page PDFs (the synthetic corpus's titles and
   abstracts, written as PDFs here; each page repeats its paper's abstract, so the text has
   fewer distinct words than a real paper's) imported offline into a new library with
   `app.import_files` (read, papers made, PDFs copied into the files folder, full text
   stored): wall and CPU (target: 1,000 in at most 60 s).
3. Search over that full text: the index built, and a few searches' CPU time.

`--fulltext N` (default 10,000) measures the issue's library of N papers with full text
instead: each paper (benchmarks/real_papers.py: real titles, names and abstract sentences)
gets a PDF's text of 10 pages of about 3,000 characters each, made of runs of real abstract
sentences (as `real_papers.abstract` composes an abstract; its pool holds 1,426 real
abstracts, so the text has fewer distinct words than real papers' would), stored as an
import stores a PDF's text (a linked attachment with its pages). It reports the text's size
beside the full-text store's on disk (SQLite's own page count of the `fulltext` table and
its index), the index's build, the search process's resident memory, every prefix of 200
queries typed (words of the papers' full text, one in two misspelt: bench_search's
keystrokes) with the CPU p50 and p95 per keystroke, then a window opened on the library
(offscreen) and its resident memory (targets: p95 <= 20 ms CPU, window <= 600 MB, store <=
the text).
"""

import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import synthetic
from benchmarks.pdfs import text_pdf
from litman import app
from litman.core.library.facade import Library
from litman.formats import pdf_text

SAMPLE = Path(__file__).resolve().parent.parent / "tests" / "data" / "pdf" / "naacl06-shinyama.pdf"


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def pdf_of(title: str, abstract: str, pages: int = 10) -> bytes:
    """A PDF of `pages` pages: the title, then the abstract's words in lines of 12."""
    words = abstract.split()
    lines = [" ".join(words[i : i + 12]) for i in range(0, len(words), 12)]
    return text_pdf([[title, *lines], *[lines] * (pages - 1)])


def extraction(folder: Path, copies: int = 100) -> None:
    paths = []
    for i in range(copies):
        path = folder / f"copy{i}.pdf"
        shutil.copyfile(SAMPLE, path)
        paths.append(path)
    cpu, wall = children_cpu(), time.perf_counter()
    pages = sum(len(e.pages) for e in pdf_text.extract_many(paths))
    cpu, wall = children_cpu() - cpu, time.perf_counter() - wall
    print(
        f"extraction: {copies} x {SAMPLE.name}: {pages} pages in {wall:.2f} s wall, "
        f"{cpu:.2f} s worker CPU: {pages / cpu:.0f} pages/s per core"
    )


def importing(folder: Path, n: int) -> None:
    pdfs = folder / "pdfs"
    pdfs.mkdir()
    for i, p in enumerate(synthetic.papers(n, seed=11)):
        (pdfs / f"paper{i:05d}.pdf").write_bytes(pdf_of(p.title, p.abstract))
    with Library.open(folder / "lib.sqlite") as lib:
        cpu, own, wall = children_cpu(), time.process_time(), time.perf_counter()
        reports = app.import_files(lib, [pdfs])
        wall = time.perf_counter() - wall
        cpu, own = children_cpu() - cpu, time.process_time() - own
        added = sum(len(r.added) for r in reports)
        print(
            f"import: {n} PDFs of 10 pages, offline: {added} papers in {wall:.1f} s wall "
            f"({own:.1f} s CPU here, {cpu:.1f} s in the worker)"
        )
    searching(folder / "lib.sqlite", n)


QUERIES = ("zooplankton", "learn", "learning n", "fulltext:model", "neural colapse", "s", "the")


def searching(path: Path, n: int) -> None:
    """The index built over the papers' full text, and searches CPU time each."""
    with Library.open(path) as lib:
        start = time.process_time()
        lib.build_index()
        build = time.process_time() - start
        took = []
        for q in QUERIES:
            start = time.process_time()
            lib.search(q).ids.tolist()
            took.append(f"{q!r} {(time.process_time() - start) * 1000:.1f}")
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"search over {n} papers' full text: index built in {build:.1f} s CPU, peak RSS")
    print(f"  {rss:.0f} MB; ms CPU per search: {', '.join(took)}")


PAGE_CHARS = 3000  # a page of a paper's text, roughly
PAGES = 10


def paper_text(source: object, rng: random.Random) -> tuple[str, ...]:
    """Ten pages of real abstract sentences, each about `PAGE_CHARS` long."""
    from benchmarks import real_papers

    pages = []
    for _ in range(PAGES):
        page = ""
        while len(page) < PAGE_CHARS:
            page += real_papers.abstract(source, rng) + " "  # type: ignore[arg-type]
        pages.append(page.strip())
    return tuple(pages)


def fulltext_library(path: Path, n: int) -> int:
    """A library of `n` papers with full text; the text's size in bytes (UTF-8)."""
    import dataclasses

    from benchmarks import real_papers
    from litman.core.attached import PDF, NewAttachment

    source, rng = real_papers.pool(), random.Random(5)
    size, batch = 0, []
    with Library.open(path, backup=False) as lib:
        for i, p in enumerate(real_papers.papers(n, seed=5, source=source)):
            pages = paper_text(source, rng)
            size += len("\f".join(pages).encode())
            pdf = NewAttachment(f"/papers/paper{i:05d}.pdf", "", PDF, pages)
            batch.append(dataclasses.replace(p, attachments=(pdf,)))
            if len(batch) == 500:
                lib.papers.add_papers(batch)
                batch = []
        lib.papers.add_papers(batch)
    return size


def store_bytes(path: Path) -> int:
    """The bytes SQLite keeps for the full text: the `fulltext` table's pages and its
    index's."""
    import sqlite3

    conn = sqlite3.connect(path)
    try:
        query = (
            "SELECT SUM(pgsize) FROM dbstat WHERE name IN "
            "(SELECT name FROM sqlite_master WHERE tbl_name = 'fulltext')"
        )
        return int(conn.execute(query).fetchone()[0])
    finally:
        conn.close()


def fulltext_queries(path: Path, count: int) -> list[tuple[str, int, bool]]:
    """1-3 words of 5 letters or more from a random paper's full text, every other query
    with one misspelt (bench_search's `misspell`)."""
    import re
    import sqlite3

    from benchmarks.bench_search import misspell
    from litman.core.store.attachments import unpack

    conn = sqlite3.connect(path)
    rows = conn.execute("SELECT paper_id, packed FROM fulltext ORDER BY paper_id")
    texts = {pid: unpack(packed) for pid, packed in rows}
    conn.close()
    rng, ids = random.Random(3), sorted(texts)
    out: list[tuple[str, int, bool]] = []
    while len(out) < count:
        pid = rng.choice(ids)
        words = [w.lower() for w in re.findall(r"[^\W\d_]{5,}", texts[pid])]
        chosen = rng.sample(words, rng.randint(1, 3))
        typo = len(out) % 2 == 1
        if typo:
            k = rng.randrange(len(chosen))
            chosen[k] = misspell(chosen[k], rng)
        out.append((" ".join(chosen), pid, typo))
    return out


def fulltext(n: int) -> None:
    import statistics

    from benchmarks.bench_search import keystrokes, pct, rss_mb

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "fulltext.sqlite"
        wall = time.perf_counter()
        text = fulltext_library(path, n)
        made = time.perf_counter() - wall
        store = store_bytes(path)
        print(
            f"{n:,} papers, {PAGES} pages of full text each, made in {made:.0f} s: text "
            f"{text / 2**20:.0f} MB, its store on disk {store / 2**20:.0f} MB "
            f"({store / text:.2f} of the text; the file {path.stat().st_size / 2**20:.0f} MB)"
        )
        with Library.open(path, backup=False, daily=False) as lib:
            cpu = time.process_time()
            lib.build_index()
            print(
                f"index built in {time.process_time() - cpu:.1f} s CPU; resident memory of "
                f"the search process {rss_mb():.0f} MB"
            )
            queries = fulltext_queries(path, 200)
            rows = keystrokes(lib, queries)
            cpus = [r[2] for r in rows]
            print(
                f"{len(rows)} keystrokes (every prefix of {len(queries)} queries of full-text "
                f"words, one in two misspelt): CPU p50 {statistics.median(cpus):.1f} ms, p95 "
                f"{pct(cpus, 95):.1f} ms (target p95 <= 20 ms)"
            )
        # A process of its own: this one's heap still holds what its index build took.
        subprocess.run([sys.executable, __file__, "--window", str(path)], check=True)
    print(f"machine load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


def window_memory(path: Path) -> None:
    """A window opened on the library (offscreen), its index built and a search typed: the
    process's resident memory then (`--window PATH`, run in a new process)."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from benchmarks.bench_gui import open_window, pump_until
    from benchmarks.bench_search import rss_mb
    from litman.gui import workers

    qapp = QApplication.instance() or QApplication(sys.argv[:1])
    tmp = path.parent
    win, lib = open_window(path, tmp / "index.npz", str(tmp), background=False)
    lib.index.ensure_built()
    win.search.setText("zooplankton bioluminesense")
    win.apply_filter(wait=True)
    pump_until(qapp, lambda: not win.writes.busy(), limit=60)
    print(f"a window open on it, its index built and a search shown: RSS {rss_mb():.0f} MB")
    win.close()
    workers.wait_for_all()
    lib.close()


def main() -> None:
    if sys.argv[1:2] == ["--window"]:
        window_memory(Path(sys.argv[2]))
        return
    if "--fulltext" in sys.argv:
        rest = [a for a in sys.argv[1:] if a != "--fulltext"]
        fulltext(int(rest[0]) if rest else 10_000)
        return
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    with tempfile.TemporaryDirectory() as tmp:
        extraction(Path(tmp))
        importing(Path(tmp), n)
    print(synthetic.CORPUS)


if __name__ == "__main__":
    main()
