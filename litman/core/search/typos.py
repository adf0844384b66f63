"""Typo lookups over the search vocabulary: the words within a few edits of a query word.

Edits are optimal string alignment's (a swap of two neighbouring letters is one edit), as
rapidfuzz computes them. Before any distance is computed, a word whose set of letters differs
from the query word's by more than twice the allowed edits is passed over: an edit changes
that set by at most one letter out and one in (a swap by none), so no word within reach is
lost. Each letter is a bit of a 64-bit mask (code point mod 64: two letters sharing a bit only
make the sets look closer), and numpy compares a bucket of words of one length at once: at
300k papers a ten-letter word was compared with 30k words by rapidfuzz; now with hundreds.

A word found comes with its other number (`network`, `networks`): a plural is no typo, so
`netwrk`, one edit from network and two from networks, finds both, as `network` does.
"""

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np
from rapidfuzz import process
from rapidfuzz.distance import OSA


def number_forms(word: str) -> list[str]:
    """The word's other number as English most often spells it: +s, +es, y/ies, and back."""
    forms = [word + "s", word + "es"]
    if word.endswith("y"):
        forms.append(word[:-1] + "ies")
    if word.endswith("ies"):
        forms.append(word[:-3] + "y")
    if word.endswith("es"):
        forms.append(word[:-2])
    if word.endswith("s"):
        forms.append(word[:-1])
    return forms


def query_forms(word: str) -> list[str]:
    """A typed word's other number, to look typos up for too (`theroy`: theroies, which is
    one swap from theories where the vocabulary holds no theory)."""
    forms = [word[:-1]] if word.endswith("s") else [word + "s"]
    if word.endswith("y"):
        forms.append(word[:-1] + "ies")
    elif word.endswith("ies"):
        forms.append(word[:-3] + "y")
    elif word.endswith(("ses", "xes", "zes", "ches", "shes")):
        forms.append(word[:-2])
    elif word.endswith(("s", "x", "z", "ch", "sh")):
        forms.append(word + "es")
    return forms


def with_number_forms(
    found: Sequence[tuple[str, int]], word: str, is_word: Callable[[str], bool]
) -> tuple[tuple[str, int], ...]:
    """The typo matches `found` for `word`, and each one's other number that is a word of
    the vocabulary, at the same distance."""
    best: dict[str, int] = {}
    for tok, dist in found:
        if tok != word and dist < best.get(tok, dist + 1):
            best[tok] = dist
    for tok, dist in list(best.items()):
        for form in number_forms(tok):
            if form != word and form not in best and is_word(form):
                best[form] = dist
    return tuple(best.items())


def letter_mask(word: str) -> int:
    """The word's letters as bits (code point mod 64)."""
    mask = 0
    for ch in word:
        mask |= 1 << (ord(ch) & 63)
    return mask


class Typos:
    """The vocabulary's words by length, with their letter masks made when first needed."""

    def __init__(self, words: Iterable[str]) -> None:
        # Each length's words are listed when a lookup first needs them: a query word
        # reaches a few lengths, and a saved index loads without grouping 60k words.
        self._words = list(words)
        lens = np.fromiter(map(len, self._words), np.int64, len(self._words))
        self._order = np.argsort(lens, kind="stable")
        self._lens = lens[self._order]
        self._by_len: dict[int, list[str]] = {}
        self._masks: dict[int, np.ndarray[Any, np.dtype[np.uint64]]] = {}

    def _bucket(self, n: int) -> list[str]:
        """The vocabulary's words of `n` code points, in the order they were given."""
        bucket = self._by_len.get(n)
        if bucket is None:
            start, end = np.searchsorted(self._lens, [n, n + 1]).tolist()
            words = self._words
            bucket = self._by_len[n] = [words[i] for i in self._order[start:end].tolist()]
        return bucket

    def near(self, word: str, k: int) -> list[tuple[str, int]]:
        """Words other than `word` within `k` edits of it, with their distances."""
        out: list[tuple[str, int]] = []
        want = np.uint64(letter_mask(word))
        for n in range(max(1, len(word) - k), len(word) + k + 1):
            bucket = self._bucket(n)
            if not bucket:
                continue
            close = np.flatnonzero(np.bitwise_count(self._bucket_masks(n) ^ want) <= 2 * k)
            if not len(close):
                continue
            found = process.extract(
                word,
                [bucket[i] for i in close.tolist()],
                scorer=OSA.distance,
                score_cutoff=k,
                limit=None,
            )
            out.extend((tok, int(d)) for tok, d, _ in found if d > 0)
        return out

    def _bucket_masks(self, n: int) -> np.ndarray[Any, np.dtype[np.uint64]]:
        masks = self._masks.get(n)
        if masks is None:
            bucket = self._bucket(n)
            # Every word of a bucket has n code points: one row of UTF-32 units each.
            codes = np.frombuffer("".join(bucket).encode("utf-32-le"), dtype=np.uint32)
            bits = np.left_shift(np.uint64(1), (codes & 63).astype(np.uint64))
            masks = self._masks[n] = np.bitwise_or.reduce(bits.reshape(len(bucket), n), axis=1)
        return masks
