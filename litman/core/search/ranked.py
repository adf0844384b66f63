"""A search's matches in rank order, ordered only as far as they are read.

A first keystroke at 300k papers matches most of the library: sorting 250k matches and
turning them into a Python list took 5-10 ms of the keystroke, for a table that shows its
first few dozen rows. `RankedIds` finds the first `HEAD` matches by score alone (a partial
selection, then a sort of those few) and sorts the rest, once, when something reads past
them or asks for the whole list. Either way the order is the same: descending score, then
descending id (the most recently added paper first).
"""

from collections.abc import Iterator, Sequence
from typing import Any, overload

import numpy as np

# From this many matches on, `rank_order` sorts by a 16-bit key (numpy's radix sort).
RADIX_FROM = 2048
# The matches ordered on their own, before the rest: more than a window's first screen.
HEAD = 256
# The best scores `top_order` walks down before it asks numpy for the k-th best instead.
LEVELS = 4

Ints = np.ndarray[Any, Any]


def distinct(values: Ints) -> Ints:
    """The distinct values, ascending, by a sort: numpy 2.4's np.unique hashes them, 10-40
    times slower here (2k ids: 0.9 ms against 0.02 ms; 1.7M int64 pairs: 4 s against 0.1 s)."""
    values = np.sort(values)
    if not len(values):
        return values
    kept: Ints = values[np.concatenate(([True], values[1:] != values[:-1]))]
    return kept


def rank_order(cand: Ints, scores: Ints) -> Ints:
    """Positions of the candidates (ascending ids) by descending score, then descending id.

    Every score is a sum of weights times strengths, all multiples of 0.1: in tenths they
    make a small integer key, which numpy sorts with a radix sort (a stable sort of the
    reversed candidates keeps ties by descending id). 260k matches at 300k papers: 1-3 ms
    against 7-9 ms for the two-key lexsort, which stays for few matches and for any score
    that is not a whole number of tenths."""
    n = len(cand)
    if n >= RADIX_FROM:
        tenths = np.rint(scores * np.float32(10))
        top, bottom = float(tenths.max()), float(tenths.min())
        if top - bottom < 2**15 and float(np.abs(tenths - scores * np.float32(10)).max()) < 0.01:
            key = (top - tenths[::-1]).astype(np.int16)
            order: Ints = (n - 1) - np.argsort(key, kind="stable")
            return order
    exact: Ints = np.lexsort((-cand, -scores))
    return exact


def top_order(cand: Ints, scores: Ints, k: int) -> Ints:
    """`rank_order(cand, scores)[:k]`, without sorting the others: the matches scoring above
    the k-th best score, and of those tied with it the highest ids, sorted among
    themselves."""
    n = len(cand)
    if n <= 4 * k:
        return rank_order(cand, scores)[:k]
    kth = scores.max()
    for _ in range(LEVELS):  # scores take a few values: the k-th best is among the first
        if np.count_nonzero(scores >= kth) >= k:
            break
        kth = scores[scores < kth].max()
    else:
        kth = np.partition(scores, n - k)[n - k]
    above = np.flatnonzero(scores > kth)
    tied = np.flatnonzero(scores == kth)
    pos = np.sort(np.concatenate([above, tied[len(tied) - (k - len(above)) :]]))
    head: Ints = pos[rank_order(cand[pos], scores[pos])]
    return head


class RankedIds(Sequence[int]):
    """Paper ids in rank order: a read sequence of ints, equal to the list it stands for."""

    __slots__ = ("_cand", "_head", "_list", "_order", "_scores")

    def __init__(self, cand: Ints | None = None, scores: Ints | None = None) -> None:
        """`cand`: the matching ids, ascending; `scores`: theirs, in the same order."""
        self._cand = np.zeros(0, np.int64) if cand is None else cand
        self._scores = np.zeros(0, np.float32) if scores is None else scores
        self._head: Ints | None = None
        self._order: Ints | None = None
        self._list: list[int] | None = None

    def __len__(self) -> int:
        return len(self._cand)

    @overload
    def __getitem__(self, i: int) -> int: ...

    @overload
    def __getitem__(self, i: slice) -> list[int]: ...

    def __getitem__(self, i: int | slice) -> int | list[int]:
        n = len(self._cand)
        if self._list is None:  # within the head: no whole sort
            if isinstance(i, slice):
                start, stop, step = i.indices(n)
                if step == 1 and stop <= HEAD:
                    return self._cand[self.head()[start:stop]].tolist()  # type: ignore[no-any-return]
            elif 0 <= i < min(HEAD, n):
                return int(self._cand[self.head()[i]])
        return self.tolist()[i]

    def __iter__(self) -> Iterator[int]:
        return iter(self.tolist())

    def __contains__(self, pid: object) -> bool:
        if not isinstance(pid, int | np.integer):
            return False
        i = int(np.searchsorted(self._cand, pid))
        return i < len(self._cand) and int(self._cand[i]) == pid

    def __eq__(self, other: object) -> bool:
        if isinstance(other, RankedIds):
            return self.tolist() == other.tolist()
        if isinstance(other, list):
            return self.tolist() == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"RankedIds({self.tolist()!r})"

    def head(self) -> Ints:
        """Positions (into the ascending ids) of the first `HEAD` matches, in rank order."""
        if self._order is not None:
            return self._order[:HEAD]
        if self._head is None:
            self._head = top_order(self._cand, self._scores, HEAD)
        return self._head

    def order(self) -> Ints:
        """Positions of every match, in rank order (sorted once, when first needed)."""
        if self._order is None:
            self._order = rank_order(self._cand, self._scores)
        return self._order

    def tolist(self) -> list[int]:
        """Every id in rank order: the list itself, kept (copy it to change it)."""
        if self._list is None:
            self._list = self._cand[self.order()].tolist()
        return self._list

    def ordered_scores(self) -> Ints:
        ordered: Ints = self._scores[self.order()]
        return ordered

    def score_of(self) -> dict[int, float]:
        """Each match's score, by id."""
        return dict(zip(self._cand.tolist(), self._scores.tolist(), strict=True))
