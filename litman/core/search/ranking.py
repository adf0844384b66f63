"""Evaluating a parsed query over the search index: scores, ranking and highlights.

Ranking: title beats author and tag, which beat venue/key/year, which beat abstract; exact
beats prefix beats fuzzy; more query words in one field rank higher; ties go to the most
recently added paper (the highest id). Scores live in numpy vectors indexed by paper id, and
only the postings of a query's candidate tokens are touched.
"""

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import compress
from typing import Any, Protocol, TypeVar

import numpy as np

from litman.core import cjk, pinyin
from litman.core.records import Doc, Paper, SearchFields
from litman.core.search.filters import ALL, Narrowing, of_term
from litman.core.search.postings import (
    FIELD_BITS,
    FIELDS,
    LONG,
    PINYIN_FIELDS,
    IntArray,
    Postings,
)
from litman.core.search.query import SCORED, Query, Term
from litman.core.search.ranked import RADIX_FROM as RADIX_FROM  # for its callers
from litman.core.search.ranked import RankedIds, distinct
from litman.core.search.ranked import rank_order as rank_order
from litman.core.text import search_words, token_spans

WEIGHT = SearchFields(
    title=100.0,
    authors=10.0,
    tags=10.0,
    venue=5.0,
    citekey=5.0,
    year=5.0,
    abstract=1.0,
    fulltext=0.5,
)
WEIGHTS = np.array(WEIGHT, dtype=np.float32)
EXACT, PREFIX, FUZZY = 1.0, 0.8, 0.6
# A word being typed expands as a prefix into abstracts from this many letters on: `s` or
# `st` would gather the postings of thousands of abstract words, a large share of the index,
# to rank papers below every title, author and tag match anyway.
ABSTRACT_PREFIX = 3
# The fields a paper matched, bit f for field f (`litman.core.search.codes` caps the fields
# at 16); BEST[m]: the highest weight among the fields of bit mask m.
HIT = np.uint8 if len(FIELDS) <= 8 else np.uint16
BEST = np.array(
    [
        max((WEIGHTS[f] for f in range(len(FIELDS)) if m >> f & 1), default=0)
        for m in range(1 << len(FIELDS))
    ],
    dtype=np.float32,
)


class Stages:
    """This thread's CPU seconds spent in each stage of the searches it is given to
    (`SearchIndex.search(query, stages)`), for benchmarks/bench_search.py to explain a
    slow keystroke."""

    def __init__(self) -> None:
        self.spent: dict[str, float] = {}
        self._since = time.thread_time()

    def start(self) -> None:
        self._since = time.thread_time()

    def lap(self, stage: str) -> None:
        """The time since the last lap (or `start`) was spent in `stage`."""
        now = time.thread_time()
        self.spent[stage] = self.spent.get(stage, 0.0) + now - self._since
        self._since = now


def _no_lap(stage: str) -> None:
    pass


@dataclass
class Hits:
    """What a query matched, for highlighting: tokens by field, and by field the words
    being typed whose every continuation counts (a one-letter prefix has thousands)."""

    tokens: dict[str, set[str]] = field(default_factory=dict)
    prefixes: dict[str, set[str]] = field(default_factory=dict)
    runs: dict[str, set[str]] = field(default_factory=dict)  # CJK runs found, folded
    # Words found as pinyin, with whether each was being typed.
    pinyin: dict[str, set[tuple[str, bool]]] = field(default_factory=dict)

    def add_run(self, name: str, run: str) -> None:
        self.runs.setdefault(name, set()).add(run)

    def add_pinyin(self, name: str, word: str, typing: bool) -> None:
        self.pinyin.setdefault(name, set()).add((word, typing))

    def add(self, name: str, tokens: Sequence[str]) -> None:
        self.tokens.setdefault(name, set()).update(tokens)

    def add_prefix(self, name: str, word: str) -> None:
        self.prefixes.setdefault(name, set()).add(word)

    def update(self, other: "Hits") -> None:
        for name, toks in other.tokens.items():
            self.add(name, list(toks))
        for name, words in other.prefixes.items():
            self.prefixes.setdefault(name, set()).update(words)
        for name, runs in other.runs.items():
            self.runs.setdefault(name, set()).update(runs)
        for name, typed in other.pinyin.items():
            self.pinyin.setdefault(name, set()).update(typed)

    def hit(self, name: str, is_word: Callable[[str], bool]) -> Callable[[str], bool]:
        """Whether a folded token of field `name` counts as a hit: a prefix begins only
        words (`is_word`), not the citekeys, which match whole."""
        tokens = self.tokens.get(name, set())
        starts = tuple(self.prefixes.get(name, ()))
        if not starts:
            return tokens.__contains__
        return lambda tok: tok in tokens or (tok.startswith(starts) and is_word(tok))


@dataclass
class SearchResult:
    """Matching ids in rank order, and what matched, for highlighting."""

    query: Query
    # In rank order, sorted only as far as read (`litman.core.search.ranked`).
    ids: RankedIds = field(default_factory=RankedIds)
    # For each field, what counts as a hit (exact, prefix or typo matches).
    hits: Hits = field(default_factory=Hits)
    phrases: list[tuple[str | None, tuple[str, ...]]] = field(default_factory=list)
    is_word: Callable[[str], bool] = lambda tok: True  # the index's, for prefix hits

    @property
    def score_array(self) -> np.ndarray[Any, Any]:
        """The scores, in rank order."""
        return self.ids.ordered_scores()

    def spans(self, paper: Paper) -> dict[str, list[tuple[int, int]]]:
        """Character spans to highlight in each field's text of `paper`."""
        out: dict[str, list[tuple[int, int]]] = {}
        for name, text in field_texts(paper).items():
            found = self._spans_in(name, text)
            if found:
                out[name] = found
        return out

    def _spans_in(self, name: str, text: str) -> list[tuple[int, int]]:
        hit = self.hits.hit(name, self.is_word)
        toks = list(token_spans(text))
        spans = [(s, e) for t, s, e in toks if hit(t)]
        for fld, words in self.phrases:
            if fld not in (None, name):
                continue
            n = len(words)
            for i in range(len(toks) - n + 1):
                if tuple(t for t, _, _ in toks[i : i + n]) == words:
                    spans.append((toks[i][1], toks[i + n - 1][2]))
        spans.extend(_run_spans(text, self.hits.runs.get(name, ())))
        spans.extend(_pinyin_spans(text, self.hits.pinyin.get(name, ())))
        return sorted(set(spans))

    @property
    def scores(self) -> dict[int, float]:
        """Score by id; built on demand, since a one-letter query matches everything."""
        return self.ids.score_of()

    def matched_fields(self, paper: Paper) -> list[str]:
        return list(self.spans(paper))


def _run_spans(text: str, runs: Iterable[str]) -> list[tuple[int, int]]:
    """Where the CJK runs a query found lie in a text: only their own characters."""
    runs = tuple(runs)
    if not runs:
        return []
    spans = []
    for folded, at in cjk.folded_runs(text):
        for run in runs:
            i = folded.find(run)
            while i >= 0:
                spans.append((at + i, at + i + len(run)))
                i = folded.find(run, i + 1)
    return spans


def _pinyin_spans(text: str, words: Iterable[tuple[str, bool]]) -> list[tuple[int, int]]:
    """Where the words a query found as pinyin read in a text's Han characters."""
    words = tuple(words)
    if not words or text.isascii():
        return []
    return [
        (at + start, at + end)
        for run, at in cjk.folded_runs(text)
        for word, typing in words
        for start, end in pinyin.spans(run, word, typing)
    ]


def field_texts(p: Paper) -> dict[str, str]:
    """The texts of a paper's searched fields as shown, for highlighting."""
    return SearchFields(
        title=p.title,
        authors="; ".join(p.authors),
        tags=", ".join(p.tags),
        venue=p.venue,
        citekey=p.citekey,
        year=str(p.year or ""),
        abstract=p.abstract,
        fulltext="",  # not held by a Paper: shown where it matched by the window's pane
    )._asdict()


# A term's vectors: score and matched fields (bit f for field f) by paper id, and the ids
# it matches, ascending.
Vectors = tuple[np.ndarray[Any, Any], np.ndarray[Any, Any], np.ndarray[Any, Any]]
Found = tuple[Vectors, Hits]  # a term's vectors and the hits it added
Group = tuple[int, float, IntArray]  # a field, a match strength, the ids matched so
R = TypeVar("R")


class Index(Protocol):
    """What a query reads of the search index (`litman.core.search.index.SearchIndex`)."""

    alive: np.ndarray[Any, Any]
    years: np.ndarray[Any, Any]
    statuses: np.ndarray[Any, Any]
    tag_members: dict[str, set[int]]
    postings: Postings
    has_pinyin: bool

    def token_range(self, start: str) -> np.ndarray[Any, Any]: ...

    def candidates(
        self, term: Term, lap: Callable[[str], None] = _no_lap
    ) -> tuple[list[tuple[str, float]], np.ndarray[Any, Any]]: ...

    def posting(self, token: str, fidx: int) -> IntArray | None: ...

    def docs(self, ids: Sequence[int] | None) -> list[Doc]: ...

    def memo(self, key: Any, compute: Callable[[], R], short: bool) -> R: ...


class Evaluator:
    """One query's evaluation. Each word term scatters its postings into vectors indexed by
    paper id; the terms then narrow a list of candidate ids, starting from the term with
    the fewest matches, and only the candidates are scored and sorted: a query's cost
    follows its matches, not the library's size."""

    def __init__(
        self, index: Index, query: Query, stages: Stages | None = None, within: Narrowing = ALL
    ) -> None:
        self.ix = index
        self.q = query
        self.within = within  # the sidebar's filter, beside the query's own
        self.n = len(index.alive)
        self.result = SearchResult(query, is_word=index.postings.is_word)
        self.lap = _no_lap if stages is None else stages.lap
        # Which fields each paper matched matters only to the bonus for two query words in
        # one field: a one-word query skips them (a pass over each posting fewer).
        scoring = [t for t in query.terms if t.kind in SCORED and not t.negated]
        self.fields_needed = len(scoring) > 1

    def run(self) -> SearchResult:
        scored: list[Vectors] = []
        excluded: list[np.ndarray[Any, Any]] = []
        for term in self.q.terms:
            if term.kind in SCORED:
                vectors = self._score(term)
                if term.negated:
                    excluded.append(vectors[0])
                else:
                    scored.append(vectors)
        cand = self._candidates(scored)
        for score in excluded:
            cand = cand[score[cand] == 0]
        for term in self.q.terms:
            if term.kind not in SCORED:
                hit = of_term(term).among(self.ix, cand)
                cand = cand[~hit if term.negated else hit]
        if self.within != ALL:
            cand = cand[self.within.among(self.ix, cand)]
        self.lap("narrowing to papers matching every term")
        self.result.ids = RankedIds(cand, self._total(scored, cand))
        self.lap("scores and bonus")
        self.result.ids.head()
        self.lap("ranking the first page")
        return self.result

    def _candidates(self, scored: list[Vectors]) -> np.ndarray[Any, Any]:
        """Live ids that every positive term matches, ascending (every live id if none)."""
        if not scored:
            return np.flatnonzero(self.ix.alive)
        first = min(range(len(scored)), key=lambda i: len(scored[i][2]))
        cand: np.ndarray[Any, Any] = scored[first][2]
        cand = cand[self.ix.alive[cand]]
        for i, (score, _, _) in enumerate(scored):
            if i != first:
                cand = cand[score[cand] > 0]
        return cand

    def _total(self, scored: list[Vectors], cand: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
        """Each candidate's score: its terms' scores, plus half a bonus for the field that
        holds the most query words (more words in one field rank higher)."""
        if len(scored) == 1:  # one word: no field can hold two of them
            alone: np.ndarray[Any, Any] = scored[0][0][cand]
            return alone
        total = np.zeros(len(cand), dtype=np.float32)
        for score, _, _ in scored:
            total += score[cand]
        if len(scored) > 1:
            total += 0.5 * field_bonus([fields_hit[cand] for _, fields_hit, _ in scored])
        return total

    def _fields(self, term: Term) -> list[int]:
        return [FIELDS.index(term.field)] if term.field else list(range(len(FIELDS)))

    def _score(self, term: Term) -> Vectors:
        # A one-letter word being typed expands to a large slice of the vocabulary, and the
        # words typed before the one being typed come back at every keystroke: their
        # vectors (about 0.5 MB per 100k papers) are kept by the index until the postings
        # change, with the hit tokens the term adds.
        if term.kind != "word" or (term.prefix and len(term.words[0]) > 1):
            return self._score_uncached(term, self.fields_needed, self.result.hits)
        key = (term.words, term.prefix, term.field, term.negated)
        vectors, hits = self.ix.memo(key, lambda: self._score_kept(term), short=term.prefix)
        self.result.hits.update(hits)
        return vectors

    def _score_kept(self, term: Term) -> Found:
        hits = Hits()
        return self._score_uncached(term, True, hits), hits  # for queries of any length

    def _score_uncached(self, term: Term, fields_needed: bool, hits: Hits) -> Vectors:
        """The term's vectors; what it matched goes to `hits`."""
        score = np.zeros(self.n, dtype=np.float32)
        hit: np.ndarray[Any, Any] = np.zeros(self.n if fields_needed else 0, dtype=HIT)
        fields = self._fields(term)
        if term.kind == "phrase":
            return self._phrase(term, fields, score, hit)
        if term.kind == "cjk":
            return self._cjk(term, fields, hits, score, hit)
        # Candidate tokens by match strength; each (field, strength) group's postings are
        # gathered at once (a one-letter prefix has thousands of tokens).
        by_strength: dict[float, list[str]] = {}
        found_tokens, begun = self.ix.candidates(term, self.lap)
        for tok, strength in found_tokens:
            by_strength.setdefault(strength, []).append(tok)
        ids = self.ix.postings.token_ids
        groups: list[Group] = []
        word = term.words[0]
        short = len(word) < ABSTRACT_PREFIX and term.field is None
        for strength, toks in by_strength.items():
            tids = np.fromiter(map(ids.__getitem__, toks), dtype=np.int64, count=len(toks))
            for f in fields:
                if short and f in LONG and strength == PREFIX:  # `key:` alone has these
                    continue
                post, found = self.ix.postings.gather(tids << FIELD_BITS | f)
                if found.any():
                    groups.append((f, strength, post))
                    if not term.negated:
                        hits.add(FIELDS[f], list(compress(toks, found.tolist())))
        for f in fields if len(begun) else ():
            if short and f in LONG:
                continue
            post = self.ix.postings.prefix_postings(word, f, begun)
            if len(post):
                groups.append((f, PREFIX, post))
                if not term.negated:
                    hits.add_prefix(FIELDS[f], word)
        if self.ix.has_pinyin and not term.negated:
            groups.extend(self._pinyin(term, fields, hits))
        self.lap("union of postings")
        return self._scattered(groups, score, hit)

    def _scattered(
        self, groups: list[Group], score: np.ndarray[Any, Any], hit: np.ndarray[Any, Any]
    ) -> Vectors:
        """A term's vectors from its groups of postings: each paper scored by its strongest
        hit (the groups are written weakest first)."""
        for f, strength, idx in sorted(groups, key=lambda g: WEIGHTS[g[0]] * g[1]):
            score[idx] = WEIGHTS[f] * strength
            if len(hit):
                hit[idx] |= HIT(1 << f)
        matched = _matched([g[2] for g in groups], score)
        self.lap("scores of the term")
        return score, hit, matched

    def _cjk(
        self,
        term: Term,
        fields: list[int],
        hits: Hits,
        score: np.ndarray[Any, Any],
        hit: np.ndarray[Any, Any],
    ) -> Vectors:
        """A CJK run: the papers holding all its bigrams in one field, exactly; one character
        alone as the start of any bigram (a prefix); a joined reading (`Term.alts`) exactly."""
        strength = PREFIX if term.prefix else EXACT
        # One character alone skips the long texts, as a one-letter word does: it begins
        # thousands of their bigrams (的 is in every Chinese abstract).
        near = [f for f in fields if f not in LONG] if term.prefix and not term.field else fields
        found = [(term.value, self._grams(term.words, term.prefix, strength, near))]
        for alt in term.alts:
            found.append(
                (alt[0] + "".join(g[1:] for g in alt[1:]), self._grams(alt, False, EXACT, fields))
            )
        groups = []
        for run, run_groups in found:
            groups.extend(run_groups)
            if not term.negated:
                for f, _, _ in run_groups:
                    hits.add_run(FIELDS[f], run)
        self.lap("union of postings")
        return self._scattered(groups, score, hit)

    def _pinyin(self, term: Term, fields: list[int], hits: Hits) -> list[Group]:
        """A typed word read as pinyin (`jiqixuexi`, `jqxx`) in titles and authors: its
        syllables' pairs at a prefix's strength, its initials' at a typo's."""
        fields = [f for f in fields if f in PINYIN_FIELDS]
        groups: list[Group] = []
        word = term.words[0]
        for grams, begun in pinyin.query_grams(word, term.prefix):
            initials = grams[0].startswith(pinyin.INITIALS_MARK)
            found = self._grams(grams, begun, FUZZY if initials else PREFIX, fields)
            for f, _, _ in found:
                hits.add_pinyin(FIELDS[f], word, term.prefix)
            groups.extend(found)
        return groups

    def _grams(
        self, grams: Sequence[str], begun: bool, strength: float, fields: list[int]
    ) -> list[Group]:
        """Per field, the papers holding every one of these tokens (the last one, when
        `begun`, as the beginning of a token)."""
        p = self.ix.postings
        whole = grams[:-1] if begun else grams
        known = [p.token_ids.get(g) for g in whole]
        tids = [tid for tid in known if tid is not None]
        last = self.ix.token_range(grams[-1]) if begun else None
        if len(tids) < len(known) or (last is not None and not len(last)):
            return []
        groups = []
        for f in fields:
            posts = [p.get(tid << FIELD_BITS | f) for tid in tids]
            if any(post is None for post in posts):
                continue
            if last is not None:
                posts.append(p.gather(last << FIELD_BITS | f)[0])  # a paper once per token
            ids = self._all_of([post for post in posts if post is not None])
            if len(ids):
                groups.append((f, strength, ids))
        return groups

    def _all_of(self, posts: list[IntArray]) -> np.ndarray[Any, Any]:
        """The ids in every one of these postings, ascending: the shortest filtered by a
        mask of each other one. `np.intersect1d` sorted both sides every time: a common
        bigram's abstracts (33k papers) took a 4-character query to 70-90 ms at 100k."""
        posts = sorted(posts, key=len)
        ids: np.ndarray[Any, Any] = distinct(posts[0].astype(np.int64))
        for post in posts[1:]:
            if not len(ids):
                break
            mask = np.zeros(self.n, dtype=bool)
            mask[post] = True
            ids = ids[mask[ids]]
        return ids

    def _phrase(
        self, term: Term, fields: list[int], score: np.ndarray[Any, Any], hit: np.ndarray[Any, Any]
    ) -> Vectors:
        if not term.negated:
            self.result.phrases.append((term.field, term.words))
        found = []
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
            if len(hit):
                hit[idx] |= HIT(1 << f)
            found.append(idx)
        return score, hit, _matched(found, score)


def field_bonus(hits: list[np.ndarray[Any, Any]]) -> np.ndarray[Any, Any]:
    """Per paper, the largest (c - 1) * weight over the fields holding c >= 2 of the query's
    words, from two or more terms' fields (bit f for field f): counted with bit masks,
    least[k] holding the fields with more than k words, so that the bonus is the largest
    k * BEST[least[k]] (7 fields by 2 terms took 28 passes over 200k matches, now 3)."""
    least: list[np.ndarray[Any, Any]] = []
    for bits in hits:
        least.append(least[-1] & bits if least else bits.copy())
        for k in range(len(least) - 2, 0, -1):
            least[k] |= least[k - 1] & bits
        if len(least) > 1:
            least[0] |= bits
    bonus = np.zeros(len(hits[0]), dtype=np.float32)
    for k in range(1, len(least)):
        np.maximum(bonus, k * BEST[least[k]], out=bonus)
    return bonus


def _matched(
    posts: list[np.ndarray[Any, Any]], score: np.ndarray[Any, Any]
) -> np.ndarray[Any, Any]:
    """The distinct ids in a term's postings, ascending: by sorting them when they are few,
    by one pass over the score vector when they are many."""
    total = sum(len(p) for p in posts)
    if total * 16 < len(score):
        return distinct(np.concatenate(posts).astype(np.int64)) if posts else np.zeros(0, np.int64)
    return np.flatnonzero(score)


def _contains(text: str, words: tuple[str, ...]) -> bool:
    toks = search_words(text)
    n = len(words)
    return any(tuple(toks[i : i + n]) == words for i in range(len(toks) - n + 1))
