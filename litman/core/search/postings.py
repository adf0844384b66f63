"""The search index's storage: token postings per field, built in bulk with numpy.

A build tokenises every document once, then sorts all (token code, paper id) pairs so that
each code's postings are one slice of a single int32 array: 100k papers build in a couple of
seconds and take tens of MB. Later additions go to small appendable `array('i')` postings.
A paper whose text changes after the build is marked "moved": its stale entries in the bulk
slices are filtered out at query time, and its fresh tokens live in the appendable part.

A document is a `records.Doc`: the paper id, its searchable texts (`records.SearchFields`),
its year, status code and tag names.
"""

import sys
from array import array
from collections.abc import Iterable, Iterator, Sequence
from itertools import repeat
from typing import Any

import numpy as np

from litman.core import cjk, pinyin
from litman.core.records import Doc
from litman.core.search import codes

# A token's code: `token id << FIELD_BITS | field index` (`litman.core.search.codes`).
from litman.core.search.codes import FIELD_BITS as FIELD_BITS
from litman.core.search.codes import FIELD_MASK as FIELD_MASK
from litman.core.search.codes import FIELDS as FIELDS
from litman.core.search.short_prefixes import LETTERS, AbstractPrefixes, ShortPrefixes, latin
from litman.core.text import WORD_RE, ascii_words, fold_word

COMPACT_STEP = 1 << 20  # ids moved at a time in `_finish_build`
BUILD_CHUNK = 5000  # documents tokenised between two sorts (see `build`)
# ... or fewer, once their texts reach this many characters: a chunk's words are held as
# strings until their ids are looked up, some 60 bytes a word. 2,000 papers with 10 pages
# of full text each were 12M words, a 1.8 GB peak whose freed pages the process kept (its
# resident memory after the build 290 MB; 233 MB with chunks of 4M characters, 200 MB with
# 1M, at the same build time); 1M characters are some 10 MB of words.
BUILD_CHARS = 1_000_000
FEW_CODES = 32  # up to this many codes, `gather` looks each up on its own
# Extra postings lists up to this long are filtered in Python when papers leave them (10
# papers re-indexed twice at 100k: 1020 np.isin calls, 40 ms -> under 2 ms).
SMALL = 64

IntArray = np.ndarray[Any, np.dtype[np.int32]]


CITEKEY = FIELDS.index("citekey")
ABSTRACT = FIELDS.index("abstract")
FULLTEXT = FIELDS.index("fulltext")
# The long texts: a prefix of one or two letters reaches them by name only (their words
# would make the merged lists of short prefixes as large as the index).
LONG = (ABSTRACT, FULLTEXT)
# The tags field's postings are not built from the documents' texts: the search index
# derives them from its tag members (`Postings.set_tag_postings`), so that tagging most of
# the library changes a few postings instead of re-indexing every paper.
TAGS = FIELDS.index("tags")
# The fields whose Han characters are also indexed as pinyin (`litman.core.pinyin`).
PINYIN_FIELDS = (FIELDS.index("title"), FIELDS.index("authors"))


def raw_words(text: str) -> list[str]:
    """The words of a text, repeats included, split where the query parser splits.

    ASCII text comes out lower-cased, which is already folded. Other text keeps its accents:
    folding each distinct word once (`Postings.ids_of`) is cheaper than folding every
    character, and splitting before folding is what the query parser and the highlighter do.
    """
    if text.isascii():
        return ascii_words(text)
    # str.lower() keeps every word's length except for U+0130, which gains a combining dot.
    words = WORD_RE.findall(text if "\u0130" in text else text.lower())
    return cjk.split_words(words) if cjk.has_cjk(text) else words


def field_words(fidx: int, text: str) -> list[str]:
    words = raw_words(text)
    if fidx == CITEKEY:
        words.append(text.split()[0])
    elif fidx in PINYIN_FIELDS and not text.isascii() and cjk.has_cjk(text):
        for run, _ in cjk.folded_runs(text):
            words.extend(pinyin.index_tokens(run))
    return words


def fold_token(word: str) -> str:
    """A raw word as the vocabulary keeps it: CJK tokens and pinyin tokens come folded
    (`cjk.split_words`, `pinyin.index_tokens`); NFKD would split a kana's voicing mark off."""
    if word.isascii():
        return word.lower()
    return word if cjk.is_cjk_token(word) else fold_word(word)


def build_chunks(docs: Iterable[Doc]) -> Iterator[list[Doc]]:
    """The documents in chunks of `BUILD_CHUNK`, each cut short where its texts reach
    `BUILD_CHARS` characters (a document is never split)."""
    chunk: list[Doc] = []
    chars = 0
    for d in docs:
        chunk.append(d)
        chars += sum(map(len, d.texts))
        if len(chunk) == BUILD_CHUNK or chars >= BUILD_CHARS:
            yield chunk
            chunk, chars = [], 0
    if chunk:
        yield chunk


class Postings:
    def __init__(self) -> None:
        self.token_ids: dict[str, int] = {}
        self.tokens: list[str] = []
        self._bulk_docs: IntArray = np.zeros(0, dtype=np.int32)
        # The same spans as sorted arrays, for looking up thousands of codes at once.
        self._span_codes = np.zeros(0, dtype=np.int64)
        self._span_start = np.zeros(0, dtype=np.int64)
        self._span_end = np.zeros(0, dtype=np.int64)
        self._in_bulk = np.zeros(0, dtype=bool)
        self._extra: dict[int, array[int]] = {}
        self._extra_sorted: np.ndarray[Any, Any] | None = None  # see _extra_keys
        self._extra_forward: dict[int, array[int]] = {}
        self.moved = np.zeros(0, dtype=bool)
        self.any_moved = False
        # Per token id: whether it occurs in a field other than the citekey (a "word").
        self._word = np.zeros(0, dtype=bool)
        self.word_count = 0
        self._tag_posts: dict[int, IntArray] = {}  # tags-field code -> its ids, ascending
        # Each short prefix's papers per field, merged at the build (`short_prefixes`); and
        # the tokens known then that became words since (found only in citekeys then, so
        # their citekey postings are not in those lists).
        self.short: ShortPrefixes | None = None
        self.dense: AbstractPrefixes | None = None  # three-letter prefixes in abstracts
        self._late: set[int] = set()

    # -- words and citekeys ------------------------------------------------------------

    def is_word(self, token: str) -> bool:
        tid = self.token_ids.get(token)
        return tid is not None and tid < len(self._word) and bool(self._word[tid])

    def word_tokens(self) -> list[str]:
        """Tokens found in some field other than the citekey: what prefixes and typos
        expand to."""
        return [self.tokens[i] for i in np.flatnonzero(self._word).tolist()]

    def key_tokens(self) -> list[str]:
        """Tokens found only in citekeys."""
        known = np.zeros(len(self.tokens), dtype=bool)
        n = min(len(self._word), len(known))
        known[:n] = self._word[:n]
        return [self.tokens[i] for i in np.flatnonzero(~known).tolist()]

    def _mark_words(self, codes: np.ndarray[Any, Any]) -> None:
        """Flag the tokens of these codes that are in a field other than the citekey."""
        codes = np.asarray(codes, dtype=np.int64)
        if len(self._word) < len(self.tokens):
            grown = np.zeros(len(self.tokens) + len(self.tokens) // 4, dtype=bool)
            grown[: len(self._word)] = self._word
            self._word = grown
        tids = codes[(codes & FIELD_MASK) != CITEKEY] >> FIELD_BITS
        if self.short is not None:
            new = tids[~self._word[tids]]
            self._late.update(new[new < self.short.tokens].tolist())
        self._word[tids] = True
        self.word_count = int(np.count_nonzero(self._word))

    def word_mask(self, n: int) -> np.ndarray[Any, Any]:
        """Per token id below `n`: whether it is a word (found outside the citekeys)."""
        mask = np.zeros(n, dtype=bool)
        m = min(n, len(self._word))
        mask[:m] = self._word[:m]
        return mask

    # -- building ------------------------------------------------------------------------

    def ids_of(self, words: list[str]) -> list[int]:
        """Token ids of raw words, in order, new tokens added to the vocabulary.

        `token_ids` maps each folded token to its id, and also each raw spelling met so far
        (`Müller`, `Neural`) to the id of its folded form. A raw spelling that differs from
        its folding is never itself a folded token, so queries, which look up folded words,
        only ever meet vocabulary entries.
        """
        ids = self.token_ids
        try:
            return list(map(ids.__getitem__, words))  # the common case: every word known
        except KeyError:
            for word in set(words) - (ids.keys() & set(words)):  # `&` walks the smaller side
                # ASCII folds to its lower case: no need for fold_word's cache, whose
                # entries for 100k citekeys held 20-30 MB after a build.
                tok = fold_token(word)
                tid = ids.get(tok)
                if tid is None:
                    codes.check_tokens(len(self.tokens) + 1)
                    tid = ids[tok] = len(self.tokens)
                    self.tokens.append(tok)
                ids[word] = tid
            return list(map(ids.__getitem__, words))

    def build(self, docs: Iterable[Doc]) -> None:
        """Index every document at once (replaces whatever was there).

        The documents are read in chunks, so that only one chunk's texts and words are held
        at a time: each chunk becomes sorted, distinct int64 keys (token, field, paper)
        appended to one flat array, which is sorted once at the end and sliced into
        postings. At 100k papers the keys take about 110 MB; holding every text and every
        word's id at once, as one pass did, peaked near 900 MB.
        """
        keys = array("q")
        pids = array("i")
        for chunk in build_chunks(docs):
            keys.frombytes(self._chunk_keys(chunk).tobytes())
            pids.extend(d.id for d in chunk)
        self._finish_build(keys, np.frombuffer(pids, dtype=np.int32))

    def _chunk_keys(self, docs: Sequence[Doc]) -> np.ndarray[Any, Any]:
        """The sorted, distinct keys `token id << 35 | field << 32 | paper id` of these
        documents: each posting comes out of one sort in ascending paper order."""
        words: list[str] = []  # every text's words, end to end, looked up at once below
        seg_key: list[int] = []  # per text: field << 32 | paper id
        seg_len: list[int] = []
        pids = [d.id for d in docs]
        columns = list(zip(*(d.texts for d in docs), strict=True)) if docs else []
        for fidx, column in enumerate(columns):
            if fidx == TAGS:
                continue
            for pid, text in zip(pids, column, strict=True):
                if not text:
                    continue
                # Repeated words stay in here; the sort below drops repeated (code, paper)
                # keys, cheaper than a set per text.
                found = field_words(fidx, text)
                words.extend(found)
                seg_key.append(fidx << 32 | pid)
                seg_len.append(len(found))
        keys = self._token_ids(words).astype(np.int64)
        keys <<= FIELD_BITS + 32
        keys |= np.repeat(np.array(seg_key, dtype=np.int64), seg_len)
        keys.sort()
        if len(keys):
            keys = keys[np.concatenate(([True], keys[1:] != keys[:-1]))]
        return keys

    def _token_ids(self, words: list[str]) -> np.ndarray[Any, Any]:
        """`ids_of` as an int32 array: one lookup over a whole chunk's words, where one per
        text, extending an `array`, cost a third more; the few new words are added after."""
        ids = self.token_ids
        found = np.fromiter(map(ids.get, words, repeat(-1)), np.int32, len(words))
        new = np.flatnonzero(found < 0).tolist()
        if new:
            missing = [words[i] for i in new]
            found[new] = self.ids_of(missing)
        return found

    def _finish_build(self, flat: "array[int]", pids: np.ndarray[Any, Any]) -> None:
        """Postings from every chunk's keys (no two chunks share a paper, so no key twice)."""
        keys = np.frombuffer(flat, dtype=np.int64)
        n = len(keys)
        # In place, in the array's own buffer. Stable is timsort, which merges the chunks'
        # sorted runs: 5x faster here than the default quicksort (1.3 -> 0.26 s at 100k).
        keys.sort(kind="stable")
        # Each key's high half is its code, its low half the paper id: read them as two
        # int32 columns rather than shifting into int64 temporaries.
        halves = keys.view(np.int32).reshape(-1, 2)
        low, high = (0, 1) if sys.byteorder == "little" else (1, 0)
        codes = halves[:, high]  # a view: only the run starts are ever copied out
        # The codes are sorted: each new run starts a posting.
        first = np.flatnonzero(codes[1:] != codes[:-1]) + 1
        first = np.concatenate(([0], first))[:n]  # none when empty
        ends = np.append(first[1:], n)[: len(first)]
        self._set_spans(codes[first].astype(np.int64), first, ends)
        # The paper ids, moved to the front of the same buffer, which then shrinks to them:
        # a copy would have held both at once, the build's peak (60 MB more at 100k).
        ids = halves[:, low]
        flat32 = keys.view(np.int32)
        for start in range(0, n, COMPACT_STEP):  # a write never reaches an unread id
            end = min(start + COMPACT_STEP, n)
            flat32[start:end] = ids[start:end]
        del keys, halves, codes, ids, flat32
        del flat[(n + 1) // 2 :]
        self._bulk_docs = np.frombuffer(flat, dtype=np.int32)[:n]
        top = int(pids.max()) + 1 if len(pids) else 1
        self._in_bulk = np.zeros(top, dtype=bool)
        self._in_bulk[pids] = True
        self.moved = np.zeros(top, dtype=bool)
        self.any_moved = False
        self._extra.clear()
        self._extra_sorted = None
        self._extra_forward.clear()
        self._word = np.zeros(0, dtype=bool)
        self.short = None
        self._mark_words(self._span_codes)
        self.short = ShortPrefixes.build(self, LONG)
        self.dense = AbstractPrefixes.build(self, ABSTRACT, top)
        self._late = set()

    # -- incremental changes -----------------------------------------------------------

    def add(self, docs: Iterable[Doc]) -> None:
        self._extra_sorted = None
        added = array("i")
        for doc in docs:
            codes = array("i")
            for fidx, text in enumerate(doc.texts):
                if fidx == TAGS:
                    continue
                for tid in set(self.ids_of(field_words(fidx, text))) if text else ():
                    code = tid << FIELD_BITS | fidx
                    codes.append(code)
                    self._extra.setdefault(code, array("i")).append(doc.id)
            self._extra_forward[doc.id] = codes
            added.extend(codes)
        self._mark_words(np.frombuffer(added, dtype=np.int32))

    def remove(self, ids: Sequence[int]) -> None:
        """Drop the postings of these papers (deleted, or about to be re-added)."""
        dead: dict[int, list[int]] = {}
        for pid in ids:
            if pid < len(self._in_bulk) and self._in_bulk[pid]:
                self._in_bulk[pid] = False
                self.moved[pid] = True
                self.any_moved = True
            for code in self._extra_forward.pop(pid, ()):
                dead.setdefault(code, []).append(pid)
        for code, pids in dead.items():
            arr = self._extra[code]
            if len(arr) <= SMALL:  # np.isin costs ~30 us a call: most lists here are short
                gone = set(pids)
                self._extra[code] = array("i", [pid for pid in arr if pid not in gone])
                continue
            a = np.frombuffer(arr, dtype=np.int32)
            self._extra[code] = array("i", a[~np.isin(a, pids)].tobytes())

    def set_tag_postings(self, posts: dict[str, IntArray]) -> None:
        """New tags-field postings for these words (an empty one drops the word's)."""
        for word, ids in posts.items():
            code = self.ids_of([word])[0] << FIELD_BITS | TAGS
            if len(ids):
                self._tag_posts[code] = ids
            else:
                self._tag_posts.pop(code, None)
        codes = np.fromiter(self._tag_posts, dtype=np.int64, count=len(self._tag_posts))
        self._mark_words(codes)

    # -- saving and loading (litman.core.search.index_cache) ----------------------------------

    def to_arrays(self) -> dict[str, np.ndarray[Any, Any]]:
        spans = np.stack([self._span_start, self._span_end], axis=1)
        extra = _flatten(self._extra)
        forward = _flatten(self._extra_forward)
        return {
            "tokens": text_array("\n".join(self.tokens)),
            "bulk_docs": self._bulk_docs,
            "slice_codes": self._span_codes,
            "spans": spans,
            "in_bulk": self._in_bulk,
            "moved": self.moved,
            "any_moved": np.array([self.any_moved]),
            "extra_codes": extra[0],
            "extra_lens": extra[1],
            "extra_ids": extra[2],
            "fwd_ids": forward[0],
            "fwd_lens": forward[1],
            "fwd_codes": forward[2],
            **(self.short.to_arrays() if self.short is not None else {}),
            **(self.dense.to_arrays() if self.dense is not None else {}),
        }

    @classmethod
    def from_arrays(cls, a: dict[str, np.ndarray[Any, Any]]) -> "Postings":
        p = cls()
        text = array_text(a["tokens"])
        p.tokens = text.split("\n") if text else []
        p.token_ids = dict(zip(p.tokens, range(len(p.tokens)), strict=True))
        p._bulk_docs = a["bulk_docs"]
        spans = a["spans"]
        p._set_spans(a["slice_codes"], spans[:, 0], spans[:, 1])
        p._in_bulk = a["in_bulk"]
        p.moved = a["moved"]
        p.any_moved = bool(a["any_moved"][0])
        p._extra = _unflatten(a["extra_codes"], a["extra_lens"], a["extra_ids"])
        p._extra_forward = _unflatten(a["fwd_ids"], a["fwd_lens"], a["fwd_codes"])
        p._mark_words(p._span_codes)  # the words of the build, as the prefix lists knew them
        p.short = ShortPrefixes.from_arrays(a)
        p.dense = AbstractPrefixes.from_arrays(a)
        p._mark_words(np.asarray(a["extra_codes"], np.int64))
        return p

    def _set_spans(
        self, codes: np.ndarray[Any, Any], starts: np.ndarray[Any, Any], ends: np.ndarray[Any, Any]
    ) -> None:
        order = np.argsort(codes, kind="stable")
        self._span_codes = np.asarray(codes, dtype=np.int64)[order]
        self._span_start = np.asarray(starts, dtype=np.int64)[order]
        self._span_end = np.asarray(ends, dtype=np.int64)[order]

    # -- lookups -------------------------------------------------------------------------

    def span_codes(self) -> np.ndarray[Any, Any]:
        """The codes with bulk postings, ascending."""
        return self._span_codes

    def span_lengths(self, spans: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
        """The lengths of the bulk postings at these positions of `span_codes`."""
        lens: np.ndarray[Any, Any] = self._span_end[spans] - self._span_start[spans]
        return lens

    def span_docs(self, spans: np.ndarray[Any, Any]) -> IntArray:
        """The bulk postings at these positions of `span_codes`, end to end."""
        starts, lens = self._span_start[spans], self.span_lengths(spans)
        # Each posting's entries: its start, shifted by where it lands in the output.
        shift = np.repeat(starts - (np.cumsum(lens) - lens), lens)
        docs: IntArray = self._bulk_docs[shift + np.arange(int(lens.sum()))]
        return docs

    def prefix_postings(self, word: str, fidx: int, tids: np.ndarray[Any, Any]) -> IntArray:
        """The ids in one field's postings of the words `tids` (ascending), which are every
        word starting with `word` (repeats possible). For one or two letters the build's
        merged list stands for the bulk postings, with what changed since added."""
        codes = tids << FIELD_BITS | fidx
        if fidx == ABSTRACT and len(word) == LETTERS + 1 and self.dense is not None:
            merged = self.dense.postings(word)
        elif self.short is None or fidx in (TAGS, *LONG) or len(word) > LETTERS or not latin(word):
            return self.gather(codes)[0]  # (shorter prefixes reach abstracts by name only)
        else:
            merged = self.short.postings(word, fidx)
        if merged is None and fidx == ABSTRACT:
            return self.gather(codes)[0]  # not one of the heaviest prefixes
        parts = []
        if merged is not None:
            parts.append(merged[~self.moved[merged]] if self.any_moved else merged)
        if self._extra:
            parts.extend(self._extra_parts(codes)[0])
        if fidx == CITEKEY and self._late:
            late = tids[np.isin(tids, np.fromiter(self._late, np.int64, len(self._late)))]
            parts.extend(self._bulk_part(code) for code in (late << FIELD_BITS | fidx).tolist())
        return _joined(parts)

    def _bulk_part(self, code: int) -> IntArray:
        span = self._span(code)
        if not span:
            return np.zeros(0, dtype=np.int32)
        bulk = self._bulk_docs[span[0] : span[1]]
        return bulk[~self.moved[bulk]] if self.any_moved else bulk

    def gather(self, codes: np.ndarray[Any, Any]) -> tuple[IntArray, np.ndarray[Any, Any]]:
        """The ids in the postings of all these codes (repeats possible), and for each code
        whether it has a posting: `get` for thousands of codes at once, as a one-letter
        prefix needs (a first search for `b` at 100k papers: 35-40 ms -> 23-24 ms)."""
        codes = np.asarray(codes, dtype=np.int64)
        tagged = (codes & FIELD_MASK) == TAGS
        if tagged.any():
            return self._gather_tags(codes, tagged)
        if len(codes) <= FEW_CODES:  # a word's few tokens: plain lookups beat numpy's setup
            posts = [self.get(code) for code in codes.tolist()]
            found = np.array([p is not None for p in posts], dtype=bool)
            parts = [p for p in posts if p is not None]
            return _joined(parts), found
        found = np.zeros(len(codes), dtype=bool)
        parts = []
        if len(self._span_codes) and len(codes):
            pos = np.searchsorted(self._span_codes, codes)
            pos[pos == len(self._span_codes)] = 0
            found = self._span_codes[pos] == codes
            bulk = self.span_docs(pos[found])
            if len(bulk):
                if self.any_moved:
                    bulk = bulk[~self.moved[bulk]]
                parts.append(bulk)
        if self._extra:
            extra, filled = self._extra_parts(codes)
            parts.extend(extra)
            if filled:
                found |= np.isin(codes, filled)
        return _joined(parts), found

    def _extra_parts(self, codes: np.ndarray[Any, Any]) -> tuple[list[IntArray], list[int]]:
        """The appendable postings of these codes, and the codes that have some."""
        keys = self._extra_keys()
        pos = np.searchsorted(keys, codes)
        pos[pos == len(keys)] = 0
        listed = codes[keys[pos] == codes].tolist()
        filled = [code for code in listed if self._extra[code]]
        return [np.frombuffer(self._extra[code], dtype=np.int32) for code in filled], filled

    def _gather_tags(
        self, codes: np.ndarray[Any, Any], tagged: np.ndarray[Any, Any]
    ) -> tuple[IntArray, np.ndarray[Any, Any]]:
        """`gather` where some codes are of the tags field, which has postings of its own."""
        posts = [self._tag_posts.get(code) for code in codes[tagged].tolist()]
        found = np.zeros(len(codes), dtype=bool)
        found[tagged] = [p is not None for p in posts]
        parts = [p for p in posts if p is not None]
        if not tagged.all():
            rest, found[~tagged] = self.gather(codes[~tagged])
            parts.append(rest)
        return _joined(parts), found

    def _extra_keys(self) -> np.ndarray[Any, Any]:
        """The codes with appendable postings, sorted; remade after additions."""
        if self._extra_sorted is None:
            self._extra_sorted = np.sort(
                np.fromiter(self._extra, dtype=np.int64, count=len(self._extra))
            )
        return self._extra_sorted

    def get(self, code: int) -> IntArray | None:
        """Ids of the papers whose field holds the token, or None."""
        if code & FIELD_MASK == TAGS:
            return self._tag_posts.get(code)
        parts = []
        span = self._span(code)
        if span:
            bulk = self._bulk_docs[span[0] : span[1]]
            if self.any_moved:
                bulk = bulk[~self.moved[bulk]]
            parts.append(bulk)
        extra = self._extra.get(code)
        if extra:
            parts.append(np.frombuffer(extra, dtype=np.int32))
        if not parts:
            return None
        return parts[0] if len(parts) == 1 else np.concatenate(parts)

    def _span(self, code: int) -> tuple[int, int] | None:
        """Where a code's bulk posting lies in `_bulk_docs`: found by bisecting the sorted
        codes (a dict of 200k spans held 40 MB at 100k papers)."""
        i = int(np.searchsorted(self._span_codes, code))
        if i == len(self._span_codes) or self._span_codes[i] != code:
            return None
        return int(self._span_start[i]), int(self._span_end[i])

    def code(self, token: str, fidx: int) -> int | None:
        tid = self.token_ids.get(token)
        return None if tid is None else tid << FIELD_BITS | fidx

    def nbytes(self) -> int:
        tags = sum(a.nbytes for a in self._tag_posts.values())
        short = self.short.nbytes() if self.short is not None else 0
        short += self.dense.nbytes() if self.dense is not None else 0
        extra = sum(len(a) * 4 for a in self._extra.values())
        return int(self._bulk_docs.nbytes + extra + tags + short)


def _joined(parts: list[IntArray]) -> IntArray:
    if not parts:
        return np.zeros(0, dtype=np.int32)
    return parts[0] if len(parts) == 1 else np.concatenate(parts)


def _flatten(d: dict[int, "array[int]"]) -> tuple[np.ndarray[Any, Any], ...]:
    """A dict of int arrays as three flat arrays: keys, lengths, values."""
    keys = np.fromiter(d.keys(), dtype=np.int64, count=len(d))
    lens = np.fromiter((len(v) for v in d.values()), dtype=np.int64, count=len(d))
    values = array("i")
    for v in d.values():
        values.extend(v)
    return keys, lens, np.frombuffer(values, dtype=np.int32).copy()


def _unflatten(
    keys: np.ndarray[Any, Any], lens: np.ndarray[Any, Any], values: np.ndarray[Any, Any]
) -> dict[int, "array[int]"]:
    out: dict[int, array[int]] = {}
    start = 0
    for key, n in zip(keys.tolist(), lens.tolist(), strict=True):
        out[key] = array("i", values[start : start + n].astype(np.int32).tobytes())
        start += n
    return out


def text_array(s: str) -> np.ndarray[Any, Any]:
    """Text as a plain uint8 array, for saving without pickles."""
    return np.frombuffer(s.encode("utf-8"), dtype=np.uint8)


def array_text(a: np.ndarray[Any, Any]) -> str:
    return a.tobytes().decode("utf-8")
