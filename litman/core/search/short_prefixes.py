"""Merged postings of the words being typed at their first one or two letters.

A first keystroke (`s`) expands to thousands of vocabulary words, and a second (`st`) to
thousands more: gathering each word's postings, with a paper once per word it holds, took
most of a keystroke at 300k papers (12 ms for `st`, 60-100 ms for a first `s`). The build
merges, for every prefix of one or two letters and every field but the abstract (which a
prefix that short does not search), the papers holding any vocabulary word that starts
with it: each list once, ascending, sliced out of one int32 array as the postings are.

At 100k papers the lists hold about as many ids as the fields other than the abstract (a
tenth of the index), built in a fraction of a second with numpy and saved with the index.
They stand for the bulk postings only: `Postings` adds what changed since the build.
"""

from typing import Any, Protocol

import numpy as np

from litman.core.search.codes import FIELD_BITS as FIELD_BITS
from litman.core.search.codes import FIELD_MASK
from litman.core.search.ranked import distinct

LETTERS = 2  # prefixes of up to this many letters are merged
# A list's key is prefix number << FIELD_BITS | field index, as postings' codes.
IntArray = np.ndarray[Any, np.dtype[np.int32]]


class Postings(Protocol):
    """What the lists are made from (`litman.core.search.postings.Postings`)."""

    tokens: list[str]

    def span_codes(self) -> np.ndarray[Any, Any]: ...

    def word_mask(self, n: int) -> np.ndarray[Any, Any]: ...

    def span_lengths(self, spans: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]: ...

    def span_docs(self, spans: np.ndarray[Any, Any]) -> IntArray: ...


def latin(tok: str) -> bool:
    """Not a pinyin token (marked below "0") nor a CJK one (from U+2E80): a CJK character
    typed alone gathers its own few postings (`ranking`)."""
    return "0" <= tok[0] < "\u2e80"


class ShortPrefixes:
    """The merged lists; `postings(word, field)` is the bulk part of a prefix's papers."""

    def __init__(
        self,
        names: list[str],
        keys: np.ndarray[Any, Any],
        spans: np.ndarray[Any, Any],
        docs: IntArray,
        tokens: int,
    ) -> None:
        self.names = names
        self._number = {name: i for i, name in enumerate(names)}
        self._keys = keys  # sorted
        self._spans = spans  # (start, end) in `docs` per key
        self._docs = docs
        self.tokens = tokens  # the vocabulary's size when they were made

    @classmethod
    def build(cls, p: Postings, skip: tuple[int, ...]) -> "ShortPrefixes":
        """From the bulk postings of the words (not the citekeys, which prefixes never
        reach) in every field but those of `skip` (the abstract and the full text)."""
        codes = p.span_codes()
        fields = codes & FIELD_MASK
        tids = codes >> FIELD_BITS
        words = p.word_mask(len(p.tokens))
        keep = np.flatnonzero(~np.isin(fields, skip) & words[tids])
        known = distinct(tids[keep])
        names: dict[str, int] = {}
        levels = []
        for n in range(1, LETTERS + 1):
            number = [
                names.setdefault(tok[:n], len(names)) if len(tok) >= n and latin(tok) else -1
                for tok in (p.tokens[t] for t in known.tolist())
            ]
            at = np.array(number, dtype=np.int64)[np.searchsorted(known, tids[keep])]
            some = at >= 0
            levels.append(_merged(p, keep[some], at[some] << FIELD_BITS | fields[keep][some]))
        keys = np.concatenate([lv[0] for lv in levels])
        starts, ends, offset = [], [], 0
        for lv in levels:
            starts.append(lv[1] + offset)
            ends.append(lv[2] + offset)
            offset += len(lv[3])
        order = np.argsort(keys, kind="stable")
        spans = np.stack([np.concatenate(starts), np.concatenate(ends)], axis=1)[order]
        docs = np.concatenate([lv[3] for lv in levels])
        return cls(list(names), keys[order], spans, docs, len(p.tokens))

    def postings(self, word: str, fidx: int) -> IntArray | None:
        """The papers whose field holds a word starting with `word` at the build."""
        number = self._number.get(word)
        if number is None:
            return None
        key = number << FIELD_BITS | fidx
        i = int(np.searchsorted(self._keys, key))
        if i == len(self._keys) or int(self._keys[i]) != key:
            return None
        start, end = self._spans[i].tolist()
        found: IntArray = self._docs[start:end]
        return found

    def to_arrays(self) -> dict[str, np.ndarray[Any, Any]]:
        return {
            "short_names": np.frombuffer("\n".join(self.names).encode("utf-8"), np.uint8),
            "short_keys": self._keys,
            "short_spans": self._spans,
            "short_docs": self._docs,
            "short_tokens": np.array([self.tokens], dtype=np.int64),
        }

    @classmethod
    def from_arrays(cls, a: dict[str, np.ndarray[Any, Any]]) -> "ShortPrefixes":
        text = a["short_names"].tobytes().decode("utf-8")
        keys, spans, docs = a["short_keys"], a["short_spans"], a["short_docs"]
        if len(keys) != len(spans) or (len(spans) and int(spans.max()) > len(docs)):
            raise ValueError("saved prefix lists disagree in length")
        return cls(text.split("\n") if text else [], keys, spans, docs, int(a["short_tokens"][0]))

    def nbytes(self) -> int:
        return int(self._keys.nbytes + self._spans.nbytes + self._docs.nbytes)


def _merged(
    p: Postings, spans: np.ndarray[Any, Any], keys: np.ndarray[Any, Any]
) -> tuple[np.ndarray[Any, Any], ...]:
    """The distinct papers of these bulk spans grouped by their keys: the keys, each list's
    start and end, and the lists end to end."""
    docs = p.span_docs(spans)
    lens = p.span_lengths(spans)
    pairs = np.repeat(keys, lens) << 32 | docs.astype(np.int64)
    del docs
    pairs = distinct(pairs)  # sorted: by key, then by paper
    owner = pairs >> 32
    first = np.flatnonzero(owner[1:] != owner[:-1]) + 1
    first = np.concatenate(([0], first))[: len(pairs)]  # none when empty
    ends = np.append(first[1:], len(pairs))[: len(first)]
    merged = (pairs & 0xFFFFFFFF).astype(np.int32)
    return owner[first], first, ends, merged


class AbstractPrefixes:
    """The papers whose abstract holds a word starting with a three-letter prefix, as one
    bit per paper, for the prefixes whose words' postings hold more entries than half
    the papers (`pro`: 3M entries at 300k papers, gathered in 5-10 ms; its bits, 37 KB,
    read in a fraction of one). Where the third letter is typed, abstracts join the
    search (`ranking.ABSTRACT_PREFIX`)."""

    def __init__(self, names: list[str], bits: np.ndarray[Any, Any], size: int) -> None:
        self.names = names
        self._number = {name: i for i, name in enumerate(names)}
        self._bits = bits  # one row of packed bits per prefix
        self._size = size  # the papers' ids the bits cover: 0 .. size - 1

    @classmethod
    def build(cls, p: Postings, field: int, size: int) -> "AbstractPrefixes":
        """From the bulk postings of the words of `field` (the abstract), for papers with
        ids below `size`."""
        codes = p.span_codes()
        spans = np.flatnonzero((codes & FIELD_MASK) == field)
        lens = p.span_lengths(spans)
        groups: dict[str, list[int]] = {}
        for at, tid in enumerate((codes[spans] >> FIELD_BITS).tolist()):
            tok = p.tokens[tid]
            if len(tok) >= LETTERS + 1:
                groups.setdefault(tok[: LETTERS + 1], []).append(at)
        names, rows = [], []
        for name, members in groups.items():
            if int(lens[members].sum()) * 2 > size:
                seen = np.zeros(size, dtype=bool)
                seen[p.span_docs(spans[members])] = True
                names.append(name)
                rows.append(np.packbits(seen))
        width = (size + 7) // 8
        bits = np.stack(rows) if rows else np.zeros((0, width), dtype=np.uint8)
        return cls(names, bits, size)

    def postings(self, word: str) -> IntArray | None:
        """The papers whose abstract held a word starting with `word` at the build."""
        number = self._number.get(word)
        if number is None:
            return None
        seen = np.unpackbits(self._bits[number], count=self._size).view(bool)
        found: IntArray = np.flatnonzero(seen).astype(np.int32)
        return found

    def to_arrays(self) -> dict[str, np.ndarray[Any, Any]]:
        return {
            "abstract_names": np.frombuffer("\n".join(self.names).encode("utf-8"), np.uint8),
            "abstract_bits": self._bits,
            "abstract_size": np.array([self._size], dtype=np.int64),
        }

    @classmethod
    def from_arrays(cls, a: dict[str, np.ndarray[Any, Any]]) -> "AbstractPrefixes":
        text = a["abstract_names"].tobytes().decode("utf-8")
        names = text.split("\n") if text else []
        bits, size = a["abstract_bits"], int(a["abstract_size"][0])
        if len(bits) != len(names) or bits.shape[1] != (size + 7) // 8:
            raise ValueError("saved prefix bits disagree in length")
        return cls(names, bits, size)

    def nbytes(self) -> int:
        return int(self._bits.nbytes)
