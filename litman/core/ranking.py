"""Evaluating a parsed query over the search index: scores, ranking and highlights.

Ranking: title beats author and tag, which beat venue/key/year, which beat abstract; exact
beats prefix beats fuzzy; more query words in one field rank higher; ties go to the most
recently added paper (the highest id). Scores live in numpy vectors indexed by paper id, and
only the postings of a query's candidate tokens are touched.
"""

from dataclasses import dataclass, field
from itertools import compress
from typing import TYPE_CHECKING, Any

import numpy as np

from litman.core import tag_match
from litman.core.postings import FIELD_BITS, FIELDS, IntArray
from litman.core.query import Query, Term
from litman.core.records import Paper, Status
from litman.core.text import WORD_RE, fold, token_spans

if TYPE_CHECKING:
    from litman.core.search import SearchIndex

WEIGHTS = np.array([100.0, 10.0, 10.0, 5.0, 5.0, 5.0, 1.0], dtype=np.float32)
EXACT, PREFIX, FUZZY = 1.0, 0.8, 0.6
STATUS_CODES = {s: i for i, s in enumerate(Status)}


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


class Evaluator:
    """One query's evaluation over numpy vectors indexed by paper id."""

    def __init__(self, index: "SearchIndex", query: Query) -> None:
        self.ix = index
        self.q = query
        self.n = len(index.alive)
        self.result = SearchResult(query, [])

    def run(self) -> SearchResult:
        mask = self.ix.alive.copy()
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
        if short and len(self.ix.short_cache) >= 64:
            self.ix.short_cache.clear()
        if short and key in self.ix.short_cache:
            vectors: tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]
            vectors, tokens = self.ix.short_cache[key]
            for name, toks in tokens.items():
                self.result.hit_tokens.setdefault(name, set()).update(toks)
            return vectors
        before = {k: set(v) for k, v in self.result.hit_tokens.items()}
        vectors = self._score_uncached(term)
        if short:
            tokens = {k: v - before.get(k, set()) for k, v in self.result.hit_tokens.items()}
            self.ix.short_cache[key] = (vectors, tokens)
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
            same: np.ndarray[Any, Any] = self.ix.statuses == STATUS_CODES[Status(term.value)]
            return same
        if term.kind == "year":
            y = self.ix.years
            ok: np.ndarray[Any, Any] = y > 0
            if term.lo is not None:
                ok &= y >= term.lo
            if term.hi is not None:
                ok &= y <= term.hi
            return ok
        # A path, a leaf name, a suffix or a misspelling (litman.core.tag_match).
        used = [tag for tag, members in self.ix.tag_members.items() if members]
        roots = tag_match.resolve(term.value, used)
        out = np.zeros(self.n, dtype=bool)
        for tag in used:
            if any(tag == r or tag.startswith(r + " > ") for r in roots):
                out[list(self.ix.tag_members[tag])] = True
        return out


def _contains(text: str, words: tuple[str, ...]) -> bool:
    toks = WORD_RE.findall(fold(text))
    n = len(words)
    return any(tuple(toks[i : i + n]) == words for i in range(len(toks) - n + 1))
