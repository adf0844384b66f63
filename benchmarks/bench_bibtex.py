"""BibTeX at scale: export 100k papers; import a 10k-entry .bib with LaTeX in it.

    .venv/bin/python benchmarks/bench_bibtex.py

Targets: export of 100k <= 5 s; reading 10k entries (LaTeX decoded) <= 3 s, shown beside
bibtexparser's plain parse of the same file.
"""

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import bibtexparser

from benchmarks import corpus, synthetic
from benchmarks.corpus import library
from litman.core.library.facade import Library
from litman.formats import bibtex, latex


def latex_bib(n: int) -> str:
    """`n` entries as people's .bib files hold them: the synthetic corpus's abstracts, chosen
    here for their LaTeX (in a fifth of them), accented names as TeX accents, protected acronyms, page ranges."""
    out = []
    for i, p in enumerate(synthetic.papers(n, seed=5)):
        authors = " and ".join(latex.encode(a, ascii_only=True) for a in p.authors)
        title = p.title.replace("learning", "{DNA} learning", 1)
        out.append(
            f"@article{{k{i},\n  title = {{{title}}},\n  author = {{{authors}}},\n"
            f"  journal = {{{p.venue}}}, year = {p.year}, pages = {{{i % 90 + 1}--{i % 90 + 12}}},\n"
            f"  abstract = {{{p.abstract}}}\n}}\n"
        )
    return "\n".join(out)


def main() -> None:
    path = library("bench", 100_000)
    with Library.open(path, backup=False, daily=False) as lib:
        papers = lib.list_papers("id")
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        bibtex.export(papers, Path(tmp) / "all.bib")
        export_s = time.perf_counter() - t0
        size = (Path(tmp) / "all.bib").stat().st_size
        src = Path(tmp) / "latex.bib"
        src.write_text(latex_bib(10_000), encoding="utf-8")
        t0 = time.perf_counter()
        bibtexparser.parse_string(src.read_text(encoding="utf-8"))  # type: ignore[attr-defined]
        plain_s = time.perf_counter() - t0
        t0 = time.perf_counter()
        batch = bibtex.read(src)
        ours_s = time.perf_counter() - t0
        t0 = time.perf_counter()
        with Library.open(Path(tmp) / "lib.sqlite") as lib:
            lib.import_batch(batch)
        write_s = time.perf_counter() - t0
    print(corpus.CORPUS)
    print(f"export 100k papers: {export_s:.2f} s ({size / 2**20:.0f} MiB) (target <= 5 s)")
    print(
        f"read 10k entries with LaTeX decoding: {ours_s:.2f} s (target <= 3 s); "
        f"bibtexparser plain parse of the same file: {plain_s:.2f} s; "
        f"then writing them to a library: {write_s:.2f} s; {len(batch.papers)} papers"
    )


if __name__ == "__main__":
    main()
