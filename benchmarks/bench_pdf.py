"""PDFs in: text extraction speed, and an offline import of a folder of PDFs.

    .venv/bin/python benchmarks/bench_pdf.py [N]

1. Extraction: copies of a real paper (pdfminer.six's naacl06-shinyama.pdf, 8 pages, in
   tests/data/pdf) read by the worker (`litman.formats.pdf_text`); pages per second of the
   worker's CPU (target: at least 50 pages/s per core), and wall time.
2. Import: N (default 1,000) distinct 10-page PDFs (the synthetic corpus's titles and
   abstracts, written as PDFs here; each page repeats its paper's abstract, so the text has
   fewer distinct words than a real paper's) imported offline into a new library with
   `app.import_files` (read, papers made, PDFs copied into the files folder, full text
   stored): wall and CPU (target: 1,000 in at most 60 s).
3. Search over that full text: the index built, and a few searches' CPU time.
"""

import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import synthetic
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
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>"]
    kids = " ".join(f"{3 + 2 * i} 0 R" for i in range(pages))
    objects.append(f"<< /Type /Pages /Kids [{kids}] /Count {pages} >>".encode())
    font = 3 + 2 * pages
    for i in range(pages):
        shown = [title] if i == 0 else []
        shown += lines
        ops = "".join(f"({_escaped(t)}) Tj 0 -14 Td " for t in shown)
        content = f"BT /F1 10 Tf 40 760 Td {ops}ET".encode("latin-1", "replace")
        objects.append(
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents {4 + 2 * i} 0 R "
            f"/Resources << /Font << /F1 {font} 0 R >> >> >>".encode()
        )
        objects.append(b"<< /Length %d >>\nstream\n%s\nendstream" % (len(content), content))
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    out, offsets = bytearray(b"%PDF-1.4\n"), []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        xref,
    )
    return bytes(out)


def _escaped(text: str) -> str:
    return text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


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


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    with tempfile.TemporaryDirectory() as tmp:
        extraction(Path(tmp))
        importing(Path(tmp), n)
    print(synthetic.CORPUS)


if __name__ == "__main__":
    main()
