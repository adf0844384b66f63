"""Papers like this one: those whose titles and abstracts share the most rare words with it.

A word's weight is its rarity as the search index knows it: the logarithm of how many
papers there are over how many hold the word in their title or abstract (its postings'
lengths), so that a word few papers hold counts for much and `the` for nothing. Only the
paper's rarest words are looked up (`WORDS`), and words many papers hold are left out
(`COMMON`, `FEW`), so a call reads a few thousand postings whatever the library's size; every
paper holding one of them scores the words' weights it holds, a word in the title counting
a little more (`TITLE_BONUS`), and the highest scores are the answer. No peer has this built
in; it is what "related articles" in a search engine does with its term weights.
"""

import math

import numpy as np

from litman.core.search.index import SearchIndex
from litman.core.search.postings import ABSTRACT, FIELDS, fold_token, raw_words

TITLE = FIELDS.index("title")
WORDS = 30  # the paper's rarest words looked up
COMMON = 0.05  # a word in more than this share of the papers says little of any ...
FEW = 50  # ... unless so few hold it (a small library), and then half of them do
MIN_LETTERS = 3  # "of", "in", numbers of one or two digits
TITLE_BONUS = 1.5


def related(index: SearchIndex, title: str, abstract: str, exclude: int, n: int = 10) -> list[int]:
    """The ids of the `n` live papers sharing the most rare words (weighted) with a paper of
    this title and abstract, best first; the paper `exclude` (itself) left out."""
    alive = index.alive
    total = int(alive.sum())
    if total < 2:
        return []
    weighted = _rarest(index, {*_words(title), *_words(abstract)}, total)
    if not weighted:
        return []
    ids, weights = [], []
    for token, weight in weighted:
        for fidx, bonus in ((TITLE, TITLE_BONUS), (ABSTRACT, 1.0)):
            post = index.posting(token, fidx)
            if post is not None and len(post):
                ids.append(post)
                weights.append(np.full(len(post), weight * bonus))
    every = np.concatenate(ids)
    scores = np.bincount(every, weights=np.concatenate(weights), minlength=len(alive))
    scores = scores[: len(alive)] * alive
    if exclude < len(scores):
        scores[exclude] = 0
    found = np.flatnonzero(scores)
    if len(found) > n:
        found = found[np.argpartition(-scores[found], n - 1)[:n]]
    order = sorted(found.tolist(), key=lambda i: (-scores[i], i))
    return order[:n]


def _words(text: str) -> set[str]:
    return {
        fold_token(w)
        for w in raw_words(text)
        if len(w) >= MIN_LETTERS or not w.isascii()  # a CJK word is short
    }


def _rarest(index: SearchIndex, words: set[str], total: int) -> list[tuple[str, float]]:
    """The words' weights (rarer: heavier), the `WORDS` heaviest; a word only this paper
    holds, or most papers do, is left out."""
    weighted = []
    limit = max(COMMON * total, min(FEW, total / 2))
    for token in words:
        held = sum(_held(index, token, fidx) for fidx in (TITLE, ABSTRACT))
        if 1 < held <= limit:
            weighted.append((token, math.log(total / held)))
    weighted.sort(key=lambda tw: (-tw[1], tw[0]))
    return weighted[:WORDS]


def _held(index: SearchIndex, token: str, fidx: int) -> int:
    post = index.posting(token, fidx)
    return 0 if post is None else len(post)
