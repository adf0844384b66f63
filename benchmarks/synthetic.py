"""Realistic synthetic libraries for benchmarks and quality tests.

Vocabulary comes from the bundled seed abstracts, so word frequencies look like real ML
abstracts; authors (1-6, non-ASCII names among them), years, venues and hierarchical tags are
drawn with a fixed seed so every run measures the same library.
"""

import random
import re
from collections.abc import Iterator
from pathlib import Path

from litman.core.records import NewPaper

ROOT = Path(__file__).resolve().parent.parent

FIRST = [
    "Anna",
    "Łukasz",
    "José",
    "Zoë",
    "Wei",
    "Priya",
    "Søren",
    "Ahmed",
    "Chloé",
    "Jürgen",
    "Yuki",
    "Olga",
    "Mateo",
    "Ngozi",
    "Björn",
    "Fatima",
    "Luca",
    "Sinéad",
    "Tomás",
    "Mei",
]
LAST = [
    "Müller",
    "Kowalski",
    "García",
    "Nakamura",
    "Smith",
    "Øvergaard",
    "Dubois",
    "Chen",
    "Papadopoulos",
    "Íñiguez",
    "Novák",
    "Okafor",
    "Rossi",
    "Kim",
    "Schröder",
    "Patel",
    "Lefèvre",
    "Andersson",
    "Haddad",
    "Ó Briain",
    "Zhang",
    "Fernández",
    "Ivanova",
    "Brown",
]
VENUES = ["NeurIPS", "ICML", "ICLR", "JMLR", "AISTATS", "COLT", "UAI", "TMLR", "AAAI", "CVPR"]
AREAS = {
    "Optimization": ["Non-Convex", "Stochastic", "Convex", "Large Scale"],
    "Deep Learning": ["Theory", "Large Language Models", "Graph Neural Networks"],
    "Reinforcement Learning": ["Batch/Offline", "Online", "Multi-agent"],
    "Probabilistic Methods": ["Monte Carlo and Sampling Methods", "Variational Inference"],
    "Social Aspects": ["Privacy", "Fairness"],
}
STOP = set(
    "a an the of on in for and or to with from by at as is are be we our this that "
    "which these such their it its can not also than into".split()
)


def seed_vocabulary() -> list[str]:
    text = " ".join(p.read_text(encoding="utf-8") for p in sorted((ROOT / "seeds").glob("*.txt")))
    words = re.findall(r"[A-Za-z][A-Za-z-]{2,}", text)
    return [w for w in words if w.lower() not in STOP]


def _author(rng: random.Random) -> str:
    return f"{rng.choice(LAST)}, {rng.choice(FIRST)}"


def papers(n: int, seed: int = 7) -> Iterator[NewPaper]:
    rng = random.Random(seed)
    vocab = seed_vocabulary()
    sentence_words = re.findall(r"\S+", " ".join(vocab))
    for _ in range(n):
        title_words = rng.sample(vocab, rng.randint(4, 10))
        title = " ".join(title_words).capitalize()
        start = rng.randrange(len(sentence_words) - 200)
        abstract = " ".join(sentence_words[start : start + rng.randint(60, 180)]) + "."
        area = rng.choice(list(AREAS))
        tags = (f"{area} > {rng.choice(AREAS[area])}",) if rng.random() < 0.7 else ()
        if rng.random() < 0.2:
            tags += ("to read",)
        yield NewPaper(
            title=title,
            abstract=abstract,
            authors=tuple(_author(rng) for _ in range(rng.randint(1, 6))),
            year=rng.randint(1995, 2026),
            venue=rng.choice(VENUES),
            entry_type=rng.choice(["article", "inproceedings"]),
            tags=tags,
        )


OUT = Path(__file__).resolve().parent / "out"


def build(path: Path, n: int, seed: int = 7) -> Path:
    """Write a library of `n` synthetic papers at `path` (replacing it)."""
    from litman.core.library import Library

    for suffix in ("", "-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)
    with Library.open(path, backup=False, daily=False) as lib:
        lib.add_papers(list(papers(n, seed)))
    return path


def library(name: str, n: int) -> Path:
    """benchmarks/out/NAME-N.sqlite, built the first time it is asked for and kept."""
    OUT.mkdir(exist_ok=True)
    path = OUT / f"{name}-{n}.sqlite"
    return path if path.exists() else build(path, n)
