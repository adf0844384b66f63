"""Benchmark libraries made of what people's libraries hold: real titles, names and sentences.

The pool is read once, with litman's own readers, from every `.bib` and `.ris` file under the
shared corpora (667 `.bib` files of others' bibliographies and parser tests, a folder's files
read together so that they share their `@string` macros, as `\\bibliography{a,b}` does) and
from the bundled seed abstracts. From it `papers(n, seed)` composes papers deterministically:
a quarter of the titles are real ones used verbatim (each once, while they last), the rest
join one real title's head to another's tail at a joint where titles join (`:`, `for`,
`with`, `of` ...), so 300k of them are distinct and still read like titles. Authors are a
real paper's list or a real-sized list of real names; the year, venue and entry type come
together from one real entry; an abstract is runs of consecutive real sentences, as long as
a real abstract. Tags keep the synthetic corpus's tree, so tag figures stay comparable.
"""

import os
import random
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from benchmarks.synthetic import AREAS
from litman.core.errors import LitmanError
from litman.core.records import NewPaper

ROOT = Path(__file__).resolve().parent.parent
# Beside the checkout, as the tests find them; LITMAN_CORPORA names another folder.
CORPORA = Path(os.environ.get("LITMAN_CORPORA") or ROOT.parent / "shared" / "corpora")
VERBATIM = 0.25  # the share of titles used as written, while unused real titles last
OWN_LIST = 0.4  # the share of papers with a real paper's whole author list
TAG = "real1"  # in the cached file name: a new corpus is a new file
CORPUS = (
    "corpus: real v1, titles from the .bib and .ris files of the shared corpora (a quarter "
    "verbatim, the rest one real title's head on another's tail), real author lists and "
    "names, real (year, venue, type) triples, abstracts of runs of real sentences "
    "(corpus abstracts and seed abstracts) as long as real abstracts"
)
# Where a title joins its parts: after a colon or dash, or before a linking word.
_PUNCT_JOINT = re.compile(r"(?<=\S)(?=: | --? | — )")
_WORD_JOINT = re.compile(
    r" (?=(?:for|with|in|of|on|using|via|by|from|towards|through|under|and) )", re.I
)
_SENTENCE_END = re.compile(r"(?<=[a-z0-9)\]}][.!?])\s+(?=[A-Z])")
_PLACEHOLDER = re.compile(r"lorem|ipsum", re.I)


@dataclass(frozen=True)
class Entry:
    """What one real record lends a composed paper besides its title and abstract."""

    year: int | None
    venue: str
    entry_type: str
    authors: tuple[str, ...]


@dataclass(frozen=True)
class Pool:
    """The distinct real texts a library is composed from, in a fixed order."""

    titles: tuple[str, ...]
    heads: tuple[str, ...]  # "Kernels"
    tails: tuple[str, ...]  # " for feedback arc set in tournaments", ": a survey"
    entries: tuple[Entry, ...]
    names: tuple[str, ...]  # every author of every entry, so prolific ones come up often
    abstracts: tuple[tuple[str, ...], ...]  # each abstract as its sentences
    lengths: tuple[int, ...]  # real abstracts' lengths in words
    files: int


def corpus_files(root: Path) -> list[list[Path]]:
    """The `.bib` and `.ris` files under `root`, a folder's `.bib` files as one group."""
    if not root.is_dir():
        raise SystemExit(
            f"benchmarks: no corpus folder at {root}; set LITMAN_CORPORA to the folder that "
            "holds bib/ and ris/, or LITMAN_BENCH_DATA=synthetic for the made-up papers"
        )
    groups: dict[Path, list[Path]] = {}
    for path in sorted(root.rglob("*")):
        if path.suffix.lower() == ".bib":
            groups.setdefault(path.parent, []).append(path)
        elif path.suffix.lower() == ".ris":
            groups[path] = [path]
    return list(groups.values())


def read_papers(group: Sequence[Path]) -> list[NewPaper]:
    """The papers litman reads from files imported together, or from each file alone when
    one of them is refused (an empty file among parser tests). A reader's crash is not
    caught: it is a bug to see, not a file to leave out."""
    from litman.formats import registry

    try:
        return [p for batch in registry.read_all(list(group)) for p in batch.papers]
    except LitmanError:
        if len(group) == 1:
            return []
    return [p for path in group for p in read_papers([path])]


def seed_abstracts() -> list[str]:
    from litman.formats import seed_text

    paths = sorted((ROOT / "seeds").glob("*.txt"))
    return [p.abstract for path in paths for p in seed_text.read(path).papers]


def _clean(text: str) -> str:
    return " ".join(text.split())


def sentences(abstract: str) -> tuple[str, ...]:
    """An abstract's sentences, leaving out placeholder text (`Lorem ipsum`)."""
    parts = _SENTENCE_END.split(_clean(abstract))
    return tuple(s for s in parts if len(s.split()) >= 3 and not _PLACEHOLDER.search(s))


def joint(title: str) -> int | None:
    """Where `title` splits into a head and a tail of whole words, with no bracket or quote
    left open on either side, and neither side in capitals, which would shout half a title."""
    for pattern in (_PUNCT_JOINT, _WORD_JOINT):
        for found in pattern.finditer(title):
            head, tail = title[: found.start()], title[found.start() :]
            words = len(head.split()) >= 2 and len(tail.split()) >= 3
            if words and _closed(head) and not (head.isupper() or tail.isupper()):
                return found.start()
    return None


def _closed(text: str) -> bool:
    return all(text.count(a) == text.count(b) for a, b in ("()", "[]", "{}", "$$", '""'))


def _titles(papers: Sequence[NewPaper]) -> list[str]:
    seen: dict[str, str] = {}
    for p in papers:
        title = _clean(p.title)
        wanted = 2 <= len(title.split()) <= 40 and not _PLACEHOLDER.search(title)
        if wanted and not p.title_derived:
            seen.setdefault(title.casefold(), title)
    return list(seen.values())


def make_pool(root: Path = CORPORA) -> Pool:
    groups = corpus_files(root)
    papers = [p for group in groups for p in read_papers(group)]
    titles = _titles(papers)
    splits = [(t, at) for t in titles if (at := joint(t)) is not None and _closed(t)]
    texts = list(dict.fromkeys(_clean(p.abstract) for p in papers if p.abstract))
    texts += list(dict.fromkeys(_clean(a) for a in seed_abstracts()))
    abstracts = [s for s in map(sentences, texts) if s]
    return Pool(
        titles=tuple(titles),
        heads=tuple(dict.fromkeys(t[:at] for t, at in splits)),
        tails=tuple(dict.fromkeys(t[at:] for t, at in splits)),
        entries=tuple(Entry(p.year, p.venue, p.entry_type, p.authors) for p in papers),
        names=tuple(name for p in papers for name in p.authors),
        abstracts=tuple(abstracts),
        lengths=tuple(len(t.split()) for t in texts),
        files=sum(map(len, groups)),
    )


@lru_cache(maxsize=1)
def pool() -> Pool:
    """The pool of the corpora at CORPORA, read once per process."""
    return make_pool(CORPORA)


def titles(source: Pool, rng: random.Random) -> Iterator[str]:
    """Distinct titles (case aside): real ones verbatim, each once, or a head and a tail."""
    verbatim = list(source.titles)
    rng.shuffle(verbatim)
    used: set[str] = set()
    while True:
        if verbatim and rng.random() < VERBATIM:
            title = verbatim.pop()
        else:
            title = rng.choice(source.heads) + rng.choice(source.tails)
        if title.casefold() not in used:
            used.add(title.casefold())
            yield title


def authors(source: Pool, rng: random.Random, entry: Entry) -> tuple[str, ...]:
    """The entry's own author list, or as many real names drawn from all the lists."""
    if rng.random() < OWN_LIST:
        return entry.authors
    return tuple(dict.fromkeys(rng.choice(source.names) for _ in entry.authors))


def abstract(source: Pool, rng: random.Random) -> str:
    """Runs of one to four consecutive sentences of real abstracts, until the words reach a
    real abstract's length."""
    target = rng.choice(source.lengths)
    out: list[str] = []
    words = 0
    while words < target:
        sentences = rng.choice(source.abstracts)
        start = rng.randrange(len(sentences))
        for sentence in sentences[start : start + rng.randint(1, 4)]:
            out.append(sentence)
            words += len(sentence.split())
    return " ".join(out)


def tags(rng: random.Random) -> tuple[str, ...]:
    """The synthetic corpus's tag tree, drawn as it draws it."""
    area = rng.choice(list(AREAS))
    drawn = (f"{area} > {rng.choice(AREAS[area])}",) if rng.random() < 0.7 else ()
    return (*drawn, "to read") if rng.random() < 0.2 else drawn


def capacity(source: Pool) -> int:
    """How many distinct titles the pool can give, at most."""
    return len(source.titles) + len(source.heads) * len(source.tails)


def papers(n: int, seed: int = 7, source: Pool | None = None) -> Iterator[NewPaper]:
    """`n` papers composed from `source` (the shared corpora's pool), the same for a seed."""
    source = source or pool()
    if n > capacity(source) // 2:
        raise SystemExit(f"benchmarks: the corpus gives too few distinct titles for {n} papers")
    return _compose(n, random.Random(seed), source)


def _compose(n: int, rng: random.Random, source: Pool) -> Iterator[NewPaper]:
    named = titles(source, rng)
    for _ in range(n):
        entry = rng.choice(source.entries)
        yield NewPaper(
            title=next(named),
            abstract=abstract(source, rng),
            authors=authors(source, rng, entry),
            year=entry.year,
            venue=entry.venue,
            entry_type=entry.entry_type,
            tags=tags(rng),
        )
