"""The benchmarks' papers (benchmarks/real_papers.py) are made of real text: the same ones for
a seed in any process, distinct titles, and every title part, name and sentence taken from
the files read. Run over the real .bib files shipped in tests/data/bib-real."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks import real_papers
from litman.core.records import NewPaper
from litman.formats import bibtex, seed_text
from tests.conftest import ROOT

SHIPPED = ROOT / "tests" / "data" / "bib-real"
N = 2000


@pytest.fixture(scope="module")
def pool() -> real_papers.Pool:
    return real_papers.make_pool(SHIPPED)


@pytest.fixture(scope="module")
def made_papers(pool: real_papers.Pool) -> list[NewPaper]:
    return list(real_papers.papers(N, 5, pool))


@pytest.fixture(scope="module")
def read() -> list[NewPaper]:
    """The shipped files as litman reads them, with the seed abstracts."""
    batches = bibtex.read_group(sorted(SHIPPED.glob("*.bib")))
    seeds = [seed_text.read(path) for path in sorted((ROOT / "seeds").glob("*.txt"))]
    return [p for batch in [*batches, *seeds] for p in batch.papers]


def _digest(seed: int) -> str:
    """A digest of the papers composed in a fresh process with another hash seed."""
    code = (
        "import hashlib, sys; from pathlib import Path; from benchmarks import real_papers as r; "
        f"pool = r.make_pool(Path({str(SHIPPED)!r})); "
        f"print(hashlib.sha256(repr(list(r.papers({N}, {seed}, pool))).encode()).hexdigest())"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345", "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_a_seed_gives_the_same_papers_in_another_process(made_papers: list[NewPaper]) -> None:
    import hashlib

    assert _digest(5) == hashlib.sha256(repr(made_papers).encode()).hexdigest()


def test_another_seed_gives_other_papers(
    pool: real_papers.Pool, made_papers: list[NewPaper]
) -> None:
    assert list(real_papers.papers(N, 6, pool)) != made_papers


def test_titles_are_distinct(made_papers: list[NewPaper]) -> None:
    assert len({p.title.casefold() for p in made_papers}) == N


def _pieces(titles: list[str]) -> tuple[set[str], set[str]]:
    """Every beginning of a real title ending before a space, and every ending after one."""
    heads, tails = set(), set()
    for title in titles:
        for i, char in enumerate(title):
            if char == " ":
                heads.add(title[:i].rstrip(":-—"))
                tails.add(title[i:])
    return heads, tails


def test_titles_are_real_or_a_real_head_on_a_real_tail(
    made_papers: list[NewPaper], read: list[NewPaper]
) -> None:
    real = {p.title for p in read if not p.title_derived}
    heads, tails = _pieces(sorted(real))
    verbatim = [p.title for p in made_papers if p.title in real]
    joined = [p.title for p in made_papers if p.title not in real]
    assert N // 20 < len(verbatim) < N // 2, "a share of real titles as written"
    for title in joined:
        cuts = [i for i, char in enumerate(title) if char in " :"]
        assert any(title[:i] in heads and title[i:].lstrip(":") in tails for i in cuts), title


def test_authors_are_real_names(made_papers: list[NewPaper], read: list[NewPaper]) -> None:
    names = {name for p in read for name in p.authors}
    assert {name for p in made_papers for name in p.authors} <= names


def test_year_venue_and_type_come_from_one_real_entry(
    made_papers: list[NewPaper], read: list[NewPaper]
) -> None:
    real = {(p.year, p.venue, p.entry_type) for p in read}
    assert {(p.year, p.venue, p.entry_type) for p in made_papers} <= real


def _made_of(text: str, sentences: set[str]) -> bool:
    """Whether `text` is real sentences joined by spaces (a search over where each ends)."""
    reached = {0}
    for start in range(len(text) + 1):
        if start in reached:
            reached |= {start + len(s) + 1 for s in sentences if text.startswith(s, start)}
    return len(text) + 1 in reached


def test_abstracts_are_real_sentences(made_papers: list[NewPaper], read: list[NewPaper]) -> None:
    sentences = {s for p in read if p.abstract for s in real_papers.sentences(p.abstract)}
    assert all(p.abstract for p in made_papers)
    for paper in made_papers[:200]:
        assert _made_of(paper.abstract, sentences), paper.abstract


def test_a_missing_corpus_folder_is_one_clear_line(tmp_path: Path) -> None:
    missing = tmp_path / "corpora"
    with pytest.raises(SystemExit) as stopped:
        real_papers.make_pool(missing)
    message = str(stopped.value.code)
    assert str(missing) in message and "\n" not in message
