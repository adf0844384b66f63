"""The in-memory search index: typo-tolerant, ranked, incremental.

Each field's postings map a folded token to an `array('i')` of paper ids. A query word finds
its candidate tokens first (exact; prefix for the word being typed, by bisecting the sorted
vocabulary; typos, by rapidfuzz's Levenshtein over the vocabulary words of near length), then
scores papers with numpy over those postings only: no query ever scores every paper's text.
A per-paper forward list of token codes makes edits and deletes incremental.

Ranking: title beats author and tag, which beat venue/key/year, which beat abstract; exact
beats prefix beats fuzzy; more query words in one field rank higher; ties go to the most
recently added paper (the highest id).
"""

import json
import threading
import zlib
from bisect import bisect_left
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import compress
from typing import Any

import numpy as np
from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from litman.core.batch import gc_paused
from litman.core.postings import (
    FIELD_BITS,
    FIELDS,
    IntArray,
    Postings,
    array_text,
    text_array,
)
from litman.core.query import Query, Term, parse
from litman.core.records import Doc, Paper, Status
from litman.core.text import WORD_RE, fold, token_spans

WEIGHTS = np.array([100.0, 10.0, 10.0, 5.0, 5.0, 5.0, 1.0], dtype=np.float32)
EXACT, PREFIX, FUZZY = 1.0, 0.8, 0.6
STATUS_CODES = {s: i for i, s in enumerate(Status)}

# The index asks for documents by id (None: all of them).
Docs = Callable[[Sequence[int] | None], Iterable[Doc]]


def digest(d: Doc) -> int:
    """A checksum of everything the index keeps of a paper: what `reconcile` compares."""
    parts = (*d.texts, str(d.year), str(d.status), *d.tags)
    return zlib.crc32("\x1f".join(parts).encode("utf-8", "surrogatepass"))


def max_edits(word: str) -> int:
    n = len(word)
    return 0 if n <= 3 else 1 if n <= 7 else 2


@dataclass
class SearchResult:
    """Matching ids in rank order, and what matched, for highlighting."""

    query: Query
    ids: list[int]
    score_array: np.ndarray[Any, Any] = field(default_factory=lambda: np.zeros(0))
    # For each field, the folded tokens that count as hits (exact, prefix or typo matches).
    hit_tokens: dict[str, set[str]] = field(default_factory=dict)
    phrases: list[tuple[str | None, tuple[str, ...]]] = field(default_factory=list)

    def spans(self, paper: Paper) -> dict[str, list[tuple[int, int]]]:
        """Character spans to highlight in each field's text of `paper`."""
        out: dict[str, list[tuple[int, int]]] = {}
        for name, text in field_texts(paper).items():
            found = self._spans_in(name, text)
            if found:
                out[name] = found
        return out

    def _spans_in(self, name: str, text: str) -> list[tuple[int, int]]:
        hits = self.hit_tokens.get(name, set())
        toks = list(token_spans(text))
        spans = [(s, e) for t, s, e in toks if t in hits]
        for fld, words in self.phrases:
            if fld not in (None, name):
                continue
            n = len(words)
            for i in range(len(toks) - n + 1):
                if tuple(t for t, _, _ in toks[i : i + n]) == words:
                    spans.append((toks[i][1], toks[i + n - 1][2]))
        return sorted(set(spans))

    @property
    def scores(self) -> dict[int, float]:
        """Score by id; built on demand, since a one-letter query matches everything."""
        return dict(zip(self.ids, self.score_array.tolist(), strict=True))

    def matched_fields(self, paper: Paper) -> list[str]:
        return list(self.spans(paper))


def field_texts(p: Paper) -> dict[str, str]:
    return {
        "title": p.title,
        "authors": "; ".join(p.authors),
        "tags": ", ".join(p.tags),
        "venue": p.venue,
        "citekey": p.citekey,
        "year": str(p.year or ""),
        "abstract": p.abstract,
    }


class SearchIndex:
    """Built lazily from a document source; kept current by `apply(changes)`."""

    def __init__(
        self,
        docs: Docs,
        restore: Callable[["SearchIndex"], bool] | None = None,
        built_hook: Callable[["SearchIndex"], None] | None = None,
    ) -> None:
        """`restore(index)` may fill the index from a saved copy (True when it did);
        `built_hook(index)` runs after a full build, to save one."""
        self._docs = docs
        self._restore = restore
        self._built_hook = built_hook
        self._lock = threading.RLock()
        self._built = False
        self._stale = False
        self._tags: dict[int, tuple[str, ...]] = {}
        self._tag_members: dict[str, set[int]] = {}

    @property
    def built(self) -> bool:
        """Built and not known to be behind another process's writes."""
        return self._built and not self._stale

    # -- building and updating ------------------------------------------------------------

    def build(self) -> None:
        with self._lock, gc_paused():
            self._build_from(list(self._docs(None)))

    def _build_from(self, docs: list[Doc]) -> None:
        self.postings = Postings()
        self._vocab_size = -1  # a new vocabulary, whatever its size
        self.postings.build(docs)
        self._reset_attrs(max((d.id for d in docs), default=0) + 1)
        # Every paper's attributes at once (what _set_attrs does one paper at a time).
        ids = np.fromiter((d.id for d in docs), np.int64, len(docs))
        self._year[ids] = np.fromiter((d.year for d in docs), np.int32, len(docs))
        self._status[ids] = np.fromiter((d.status for d in docs), np.int8, len(docs))
        self._digest[ids] = np.fromiter(map(digest, docs), np.uint32, len(docs))
        self._alive[ids] = True
        for d in docs:
            if d.tags:
                self._tags[d.id] = tags = tuple(t.casefold() for t in d.tags)
                for tag in tags:
                    self._tag_members.setdefault(tag, set()).add(d.id)
        self._vocab_changed()
        self._built = True
        self._stale = False

    def ensure_built(self) -> None:
        if not self._built:
            with self._lock:  # a build already running on another thread is waited for
                if self._built:
                    return
                if self._restore is not None and self._restore(self):
                    return
                self.build()
                if self._built_hook is not None:
                    self._built_hook(self)
        elif self._stale:
            self.reconcile()

    def mark_stale(self) -> None:
        """Another process wrote: the next use compares every paper with what the index
        holds and updates only the papers that differ (`reconcile`)."""
        self._stale = True

    def reconcile(self) -> tuple[int, int, int]:
        """Re-read every document and apply the ones added, changed (by digest) or gone since
        the index last saw them; (added, updated, deleted) counts. At 100k papers this costs
        the reading and hashing (about 1.5 s), not a build. Many changes rebuild instead."""
        with self._lock, gc_paused():
            if not self._built:
                self.ensure_built()
                return (0, 0, 0)
            docs = list(self._docs(None))
            n = len(self._alive)
            known = [d.id < n and bool(self._alive[d.id]) for d in docs]
            added = [d for d, k in zip(docs, known, strict=True) if not k]
            updated = [
                d for d, k in zip(docs, known, strict=True) if k and self._digest[d.id] != digest(d)
            ]
            present = np.zeros(n, dtype=bool)
            present[[d.id for d in docs if d.id < n]] = True
            deleted = np.flatnonzero(self._alive & ~present).tolist()
            if len(added) + len(updated) + len(deleted) > max(1000, len(docs) // 4):
                self._build_from(docs)
            else:
                self._replace([*deleted, *(d.id for d in updated)], [*added, *updated])
            self._stale = False
            return (len(added), len(updated), len(deleted))

    # -- saving and loading (litman.core.index_cache) ----------------------------------

    def to_arrays(self) -> dict[str, Any]:
        with self._lock:
            arrays = self.postings.to_arrays()
            arrays.update(
                year=self._year,
                status=self._status,
                alive=self._alive,
                digest=self._digest,
                tags=text_array(json.dumps({str(k): list(v) for k, v in self._tags.items()})),
            )
            return arrays

    def from_arrays(self, arrays: dict[str, Any]) -> None:
        """Take a saved state whole (it raises before changing anything if a part is bad)."""
        postings = Postings.from_arrays(arrays)
        tags = json.loads(array_text(arrays["tags"]))
        year, status, alive = arrays["year"], arrays["status"], arrays["alive"]
        digests = arrays["digest"]
        if not (len(year) == len(status) == len(alive) == len(digests)):
            raise ValueError("saved index arrays disagree in length")
        with self._lock:
            self.postings = postings
            self._year, self._status, self._alive = year.copy(), status.copy(), alive.copy()
            self._digest = digests.astype(np.uint32)
            self._tags = {}
            self._tag_members = {}
            self._vocab_size = -1  # a new vocabulary, whatever its size
            for key, names in tags.items():
                pid = int(key)
                self._tags[pid] = tuple(names)
                for tag in names:
                    self._tag_members.setdefault(tag, set()).add(pid)
            self._vocab_changed()
            self._built = True
            self._stale = False

    def invalidate(self) -> None:
        """Forget everything; the next search rebuilds (after outside writes)."""
        with self._lock:
            self._built = False

    def apply(
        self,
        added: Sequence[int],
        updated: Sequence[int],
        deleted: Sequence[int],
        text_changed: bool = True,
    ) -> None:
        """Bring the index up to date with changed papers, touching only their postings.

        With `text_changed` false (a status change), only the per-paper attributes reload.
        """
        if not self._built:
            return
        with self._lock:
            if not text_changed:
                for d in self._docs(list(updated)):
                    self._set_attrs(d)
                return
            self._replace([*deleted, *updated], list(self._docs([*added, *updated])))

    def _replace(self, gone: Sequence[int], fresh: Sequence[Doc]) -> None:
        """Drop the postings of `gone` papers, then index the `fresh` documents."""
        self.postings.remove(gone)
        for pid in gone:
            self._clear_attrs(pid)
        self.postings.add(fresh)
        for d in fresh:
            self._set_attrs(d)
        self._vocab_changed()

    def _vocab_changed(self) -> None:
        self._short_cache: dict[Any, Any] = {}
        tokens = self.postings.tokens
        if len(tokens) != getattr(self, "_vocab_size", -1):
            self._sorted_vocab = sorted(tokens)
            self._by_len: dict[int, list[str]] = {}
            for tok in tokens:
                self._by_len.setdefault(len(tok), []).append(tok)
            self._vocab_size = len(tokens)
            self._fuzzy.cache_clear()

    def _reset_attrs(self, size: int) -> None:
        self._year = np.zeros(size, dtype=np.int32)
        self._status = np.zeros(size, dtype=np.int8)
        self._alive = np.zeros(size, dtype=bool)
        self._digest = np.zeros(size, dtype=np.uint32)
        self._tags = {}
        self._tag_members = {}

    def _set_attrs(self, d: Doc) -> None:
        if d.id >= len(self._alive):
            size = max(d.id + 1, 2 * len(self._alive))
            grow = size - len(self._alive)
            self._year = np.concatenate([self._year, np.zeros(grow, np.int32)])
            self._status = np.concatenate([self._status, np.zeros(grow, np.int8)])
            self._alive = np.concatenate([self._alive, np.zeros(grow, bool)])
            self._digest = np.concatenate([self._digest, np.zeros(grow, np.uint32)])
        self._digest[d.id] = digest(d)
        self._year[d.id] = d.year
        self._status[d.id] = d.status
        self._alive[d.id] = True
        self._clear_tags(d.id)
        self._tags[d.id] = tags = tuple(t.casefold() for t in d.tags)
        for tag in tags:
            self._tag_members.setdefault(tag, set()).add(d.id)

    def _clear_attrs(self, pid: int) -> None:
        if pid < len(self._alive):
            self._alive[pid] = False
        self._clear_tags(pid)

    def _clear_tags(self, pid: int) -> None:
        for tag in self._tags.pop(pid, ()):
            self._tag_members[tag].discard(pid)

    # -- searching ---------------------------------------------------------------------

    def search(self, query: Query | str) -> SearchResult:
        q = parse(query) if isinstance(query, str) else query
        self.ensure_built()
        with self._lock:
            return _Evaluator(self, q).run()

    def candidates(self, term: Term) -> list[tuple[str, float]]:
        """Vocabulary tokens that a word term matches, with their match strength."""
        word = term.words[0]
        found: dict[str, float] = {}
        if word in self.postings.token_ids:
            found[word] = EXACT
        if term.prefix:
            i = bisect_left(self._sorted_vocab, word)
            vocab = self._sorted_vocab
            while i < len(vocab) and vocab[i].startswith(word):
                found.setdefault(vocab[i], PREFIX)
                i += 1
        for tok, dist in self._fuzzy(word):
            found.setdefault(tok, FUZZY - 0.1 * (dist - 1))
        return list(found.items())

    @lru_cache(maxsize=4096)  # noqa: B019 - cleared whenever the vocabulary grows
    def _fuzzy(self, word: str) -> tuple[tuple[str, int], ...]:
        k = max_edits(word)
        if k == 0 or not word.isalpha():
            return ()
        out: list[tuple[str, int]] = []
        for n in range(len(word) - k, len(word) + k + 1):
            bucket = self._by_len.get(n)
            if bucket:
                out.extend(
                    (tok, int(d))
                    for tok, d, _ in process.extract(
                        word, bucket, scorer=Levenshtein.distance, score_cutoff=k, limit=None
                    )
                    if d > 0
                )
        return tuple(out)

    def posting(self, token: str, fidx: int) -> IntArray | None:
        code = self.postings.code(token, fidx)
        return None if code is None else self.postings.get(code)

    def docs(self, ids: Sequence[int] | None) -> list[Doc]:
        """The documents of these papers (None: of every paper), as the index reads them."""
        return list(self._docs(ids))

    def memory_bytes(self) -> int:
        return int(self.postings.nbytes() + self._year.nbytes * 3)


class _Evaluator:
    """One query's evaluation over numpy vectors indexed by paper id."""

    def __init__(self, index: SearchIndex, query: Query) -> None:
        self.ix = index
        self.q = query
        self.n = len(index._alive)
        self.result = SearchResult(query, [])

    def run(self) -> SearchResult:
        mask = self.ix._alive.copy()
        total = np.zeros(self.n, dtype=np.float32)
        per_field = np.zeros((len(FIELDS), self.n), dtype=np.int8)
        for term in self.q.terms:
            if term.kind in ("word", "phrase"):
                score, fields_hit = self._score(term)
                if term.negated:
                    mask &= score == 0
                else:
                    mask &= score > 0
                    total += score
                    per_field += fields_hit
            else:
                hit = self._filter(term)
                mask &= ~hit if term.negated else hit
        bonus = (np.maximum(per_field.astype(np.float32) - 1, 0) * WEIGHTS[:, None]).max(axis=0)
        total += 0.5 * bonus
        ids = np.nonzero(mask)[0]
        scores = total[ids]
        order = np.lexsort((-ids, -scores))
        self.result.ids = ids[order].tolist()
        self.result.score_array = scores[order]
        return self.result

    def _fields(self, term: Term) -> list[int]:
        return [FIELDS.index(term.field)] if term.field else list(range(len(FIELDS)))

    def _score(self, term: Term) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
        # A one-letter word being typed expands to a large slice of the vocabulary; its
        # vectors (about 1 MB per 100k papers) are cached until the postings change.
        key = (term.kind, term.words, term.prefix, term.field, term.negated)
        short = term.kind == "word" and term.prefix and len(term.words[0]) == 1
        if short and len(self.ix._short_cache) >= 64:
            self.ix._short_cache.clear()
        if short and key in self.ix._short_cache:
            vectors: tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]
            vectors, tokens = self.ix._short_cache[key]
            for name, toks in tokens.items():
                self.result.hit_tokens.setdefault(name, set()).update(toks)
            return vectors
        before = {k: set(v) for k, v in self.result.hit_tokens.items()}
        vectors = self._score_uncached(term)
        if short:
            tokens = {k: v - before.get(k, set()) for k, v in self.result.hit_tokens.items()}
            self.ix._short_cache[key] = (vectors, tokens)
        return vectors

    def _score_uncached(self, term: Term) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
        score = np.zeros(self.n, dtype=np.float32)
        hit = np.zeros((len(FIELDS), self.n), dtype=np.int8)
        fields = self._fields(term)
        if term.kind == "phrase":
            return self._phrase(term, fields, score, hit)
        # Candidate tokens by match strength; each (field, strength) group's postings are
        # gathered at once (a one-letter prefix has thousands of tokens).
        by_strength: dict[float, list[str]] = {}
        for tok, strength in self.ix.candidates(term):
            by_strength.setdefault(strength, []).append(tok)
        ids = self.ix.postings.token_ids
        groups: list[tuple[int, float, IntArray]] = []
        for strength, toks in by_strength.items():
            tids = np.fromiter(map(ids.__getitem__, toks), dtype=np.int64, count=len(toks))
            for f in fields:
                post, found = self.ix.postings.gather(tids << FIELD_BITS | f)
                if found.any():
                    groups.append((f, strength, post))
                    if not term.negated:
                        hits = self.result.hit_tokens.setdefault(FIELDS[f], set())
                        hits.update(compress(toks, found.tolist()))
        # Weakest first, so that a paper keeps its strongest hit's score.
        for f, strength, idx in sorted(groups, key=lambda g: WEIGHTS[g[0]] * g[1]):
            score[idx] = WEIGHTS[f] * strength
            hit[f, idx] = 1
        return score, hit

    def _phrase(
        self, term: Term, fields: list[int], score: np.ndarray[Any, Any], hit: np.ndarray[Any, Any]
    ) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
        if not term.negated:
            self.result.phrases.append((term.field, term.words))
        for f in sorted(fields, key=lambda f: WEIGHTS[f]):
            cand: np.ndarray[Any, Any] | None = None
            for w in term.words:
                post = self.ix.posting(w, f)
                if post is None:
                    cand = None
                    break
                cand = post if cand is None else np.intersect1d(cand, post)
            if cand is None or not len(cand):
                continue
            ok = [d.id for d in self.ix.docs(cand.tolist()) if _contains(d.texts[f], term.words)]
            idx = np.array(ok, dtype=np.int64)
            score[idx] = WEIGHTS[f] * 1.2
            hit[f, idx] = 1
        return score, hit

    def _filter(self, term: Term) -> np.ndarray[Any, Any]:
        if term.kind == "status":
            same: np.ndarray[Any, Any] = self.ix._status == STATUS_CODES[Status(term.value)]
            return same
        if term.kind == "year":
            y = self.ix._year
            ok: np.ndarray[Any, Any] = y > 0
            if term.lo is not None:
                ok &= y >= term.lo
            if term.hi is not None:
                ok &= y <= term.hi
            return ok
        key = term.value.casefold()
        out = np.zeros(self.n, dtype=bool)
        for tag, members in self.ix._tag_members.items():
            if members and (tag == key or tag.startswith(key + " > ")):
                out[list(members)] = True
        return out


def _contains(text: str, words: tuple[str, ...]) -> bool:
    toks = WORD_RE.findall(fold(text))
    n = len(words)
    return any(tuple(toks[i : i + n]) == words for i in range(len(toks) - n + 1))
