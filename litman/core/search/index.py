"""The in-memory search index: typo-tolerant, incremental, reconciled with outside writes.

Each field's postings map a folded token to the ids of the papers holding it
(`litman.core.search.postings`). A query word finds its candidate tokens here (exact; prefix for the
word being typed, by bisecting the sorted vocabulary; typos, by optimal string alignment
distance, so that a swap of two letters is one typo, over the vocabulary words of near length
whose letters could be that close: `litman.core.search.typos`). Citekeys stay out of that
vocabulary: they are found whole, or by prefix after `key:`. `litman.core.search.ranking` then
scores papers over those postings only: no query ever scores every paper's text. Edits and
deletes touch only their papers' postings, and a per-paper digest finds what another
process changed.
"""

import json
import threading
import zlib
from array import array
from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import chain
from typing import Any, TypeVar

import numpy as np

from litman.core import cjk
from litman.core.batch import gc_paused
from litman.core.records import Doc
from litman.core.search.filters import ALL, Narrowing
from litman.core.search.postings import TAGS, IntArray, Postings, array_text, raw_words, text_array
from litman.core.search.query import Query, Term, parse
from litman.core.search.ranking import EXACT, FUZZY, PREFIX, Evaluator, SearchResult, Stages
from litman.core.search.typos import Typos, query_forms, with_number_forms

# The index asks for documents by id (None: all of them).
Docs = Callable[[Sequence[int] | None], Iterable[Doc]]
R = TypeVar("R")
# Whole query words whose ranking vectors are kept (`SearchIndex.memo`): a query of this
# many words, typed on, scores only the word being typed.
WORDS_KEPT = 6
# Up to this many tags, one paper's are looked up in each tag's members (`_tags_of`).
FEW_TAGS = 64


def digest(d: Doc) -> int:
    """A checksum of what the index keeps of a paper's texts and year: what `reconcile`
    compares (with the status and the tags, which change alone, compared directly)."""
    parts = (*d.texts[:TAGS], *d.texts[TAGS + 1 :], str(d.year))
    return zlib.crc32("\x1f".join(parts).encode("utf-8", "surrogatepass"))


def folded_tags(names: Iterable[str]) -> tuple[str, ...]:
    """A paper's tag names as the index keeps them: folded, in one order whatever order
    they came in (so that `reconcile` sees no change where there is none)."""
    return tuple(sorted({t.casefold() for t in names}))


def papers_tags(members: Mapping[str, set[int]]) -> dict[int, tuple[str, ...]]:
    """Each paper's tags (as `folded_tags` gives them) from each tag's members."""
    lists: dict[int, list[str]] = {}
    for tag in sorted(members):
        for pid in members[tag]:
            lists.setdefault(pid, []).append(tag)
    return {pid: tuple(names) for pid, names in lists.items()}


def _with_prefix(vocab: list[str], word: str) -> list[str]:
    """The words of a sorted vocabulary that start with `word`."""
    i = j = bisect_left(vocab, word)
    while j < len(vocab) and vocab[j].startswith(word):
        j += 1
    return vocab[i:j]


def _prefix_range(vocab: list[str], word: str) -> tuple[int, int]:
    """Where the words starting with `word` lie in a sorted vocabulary (no word holds
    U+10FFFF, a noncharacter that `\\w` never matches)."""
    return bisect_left(vocab, word), bisect_left(vocab, word + "\U0010ffff")


def _swaps(word: str) -> list[str]:
    """`word` with each pair of neighbouring letters swapped."""
    return [word[:i] + word[i + 1] + word[i] + word[i + 2 :] for i in range(len(word) - 1)]


def max_edits(word: str) -> int:
    n = len(word)
    return 0 if n <= 3 else 1 if n <= 7 else 2


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
        # Each paper's tags; None until first needed after a load (see `_tags`).
        self._papers_tags: dict[int, tuple[str, ...]] | None = {}
        self.tag_members: dict[str, set[int]] = {}
        # Tags whose members changed since the tags field's postings were last made.
        self._retagged: set[str] = set()
        # Deleted papers whose postings are still in place (see `_bury`).
        self._buried: set[int] = set()
        # Buried papers' tags, kept for `unbury` (a tag change meanwhile drops the paper from
        # the buried: `_unkeep`).
        self._kept: dict[int, tuple[str, ...]] = {}
        # The vocabulary's (tokens, words) counts when its lookups were last made.
        self._vocab: tuple[int, int] | None = None
        self._key_vocab: list[str] | None = None
        self.has_pinyin = False  # whether titles or authors hold Han characters
        # Per index, cleared whenever the vocabulary grows: a cache on the class would hold
        # every index a process ever searched (and its Library) for good.
        self._fuzzy = lru_cache(maxsize=4096)(self._fuzzy_words)

    @property
    def lock(self) -> threading.RLock:
        """Held while the index is built or changed: a reader that must change it together
        with something of its own (the journal number it holds) takes it too."""
        return self._lock

    @property
    def _tags(self) -> dict[int, tuple[str, ...]]:
        """Each paper's tags: the inverse of `tag_members`, which is what a saved index
        keeps. A loaded index makes it only when a change or a reconcile needs it (at 100k
        papers, reading 76k papers' tag lists back took 0.18 s of a warm search's 0.9 s)."""
        if self._papers_tags is None:
            self._papers_tags = papers_tags(self.tag_members)
        return self._papers_tags

    @property
    def built(self) -> bool:
        """Built and not known to be behind another process's writes."""
        return self._built and not self._stale

    # -- building and updating ------------------------------------------------------------

    def build(self) -> None:
        with self._lock, gc_paused():
            self._build_from(self._docs(None))

    def _build_from(self, docs: Iterable[Doc]) -> None:
        """Index every document; read as they stream by, so that a build holds only a
        chunk of texts at a time (`Postings.build`)."""
        self.postings = Postings()
        self._vocab = None  # a new vocabulary, whatever its size
        ids, years, statuses, digests = array("q"), array("i"), array("b"), array("I")
        tagged: list[tuple[int, tuple[str, ...]]] = []

        def noted(docs: Iterable[Doc]) -> Iterator[Doc]:
            for d in docs:
                ids.append(d.id)
                years.append(d.year)
                statuses.append(d.status)
                digests.append(digest(d))
                if d.tags:
                    tagged.append((d.id, d.tags))
                yield d

        self.postings.build(noted(docs))
        self._reset_attrs(max(ids, default=0) + 1)
        where = np.frombuffer(ids, dtype=np.int64)
        self.years[where] = np.frombuffer(years, dtype=np.int32)
        self.statuses[where] = np.frombuffer(statuses, dtype=np.int8)
        self._digest[where] = np.frombuffer(digests, dtype=np.uint32)
        self.alive[where] = True
        for pid, tags in tagged:
            self._set_tags(pid, tags)
        self._tag_postings()
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

    def busy(self) -> bool:
        """Whether another thread holds the index (building or updating it): a search now
        would wait for it."""
        if not self._lock.acquire(blocking=False):
            return True
        self._lock.release()
        return False

    def mark_stale(self) -> None:
        """Another process wrote: the next use compares every paper with what the index
        holds and updates only the papers that differ (`reconcile`)."""
        self._stale = True

    def reconcile(self) -> tuple[int, int, int]:
        """Re-read every document and apply the ones added, changed (by digest) or gone since
        the index last saw them; (added, updated, deleted) counts. At 100k papers this costs
        the reading and hashing (about 1 s), not a build. Many changes rebuild instead.

        The documents stream by a page at a time and only the ids that differ are kept;
        those papers are read again to be indexed. Holding every paper's texts to compare
        them took a search after 20k statuses were set from 124 to 396 MB at 100k papers."""
        with self._lock, gc_paused():
            if not self._built:
                self.ensure_built()
                return (0, 0, 0)
            seen = self._compare(self._docs(None))
            present = np.zeros(len(self.alive), dtype=bool)
            present[seen.kept] = True
            deleted = np.flatnonzero(self.alive & ~present).tolist()
            reread = [*seen.added, *seen.updated]
            if len(reread) + len(deleted) > max(1000, seen.total // 4):
                self._build_from(self._docs(None))
            else:
                self.set_statuses(seen.restated)
                self._replace([*deleted, *seen.updated], list(self._docs(reread)) if reread else [])
            self._stale = False
            restated = set(seen.restated).union(seen.updated)
            return (len(seen.added), len(restated), len(deleted))

    def _compare(self, docs: Iterable[Doc]) -> "_Compared":
        """What differs between these documents and the index, keeping ids only."""
        n = len(self.alive)
        seen = _Compared()
        for d in docs:
            seen.total += 1
            if d.id >= n or not self.alive[d.id]:
                seen.added.append(d.id)
                continue
            seen.kept.append(d.id)
            if self._digest[d.id] != digest(d) or self._tags.get(d.id, ()) != folded_tags(d.tags):
                seen.updated.append(d.id)
            # A status alone is an attribute: its papers' texts are not indexed again
            # (20k statuses changed elsewhere were re-indexed into the appendable postings).
            if self.statuses[d.id] != d.status:
                seen.restated[d.id] = d.status
        return seen

    # -- saving and loading (litman.core.search.index_cache) ----------------------------------

    def to_arrays(self) -> dict[str, Any]:
        with self._lock:
            arrays = self.postings.to_arrays()
            arrays.update(
                year=self.years,
                status=self.statuses,
                alive=self.alive,
                digest=self._digest,
            )
            arrays.update(_members_arrays(self.tag_members))
            return arrays

    def from_arrays(self, arrays: dict[str, Any]) -> None:
        """Take a saved state whole (it raises before changing anything if a part is bad)."""
        postings = Postings.from_arrays(arrays)
        members = _members_from(arrays)
        year, status, alive = arrays["year"], arrays["status"], arrays["alive"]
        digests = arrays["digest"]
        if not (len(year) == len(status) == len(alive) == len(digests)):
            raise ValueError("saved index arrays disagree in length")
        with self._lock:
            self.postings = postings
            self.years, self.statuses, self.alive = year.copy(), status.copy(), alive.copy()
            self._digest = digests.astype(np.uint32)
            self._buried, self._kept = set(), {}
            self._papers_tags = None  # made from the members when first needed
            self.tag_members = members
            self._retagged.update(members)
            self._vocab = None  # a new vocabulary, whatever its size
            self._tag_postings()
            self._vocab_changed()
            self._built = True
            self._stale = False

    def invalidate(self) -> None:
        """Forget everything; the next use builds in full (outside writes only mark the index
        stale, for `reconcile`)."""
        with self._lock:
            self._built = False

    def apply(
        self,
        added: Sequence[int],
        updated: Sequence[int],
        deleted: Sequence[int],
        text_changed: bool = True,
        docs: Sequence[Doc] = (),
    ) -> None:
        """Bring the index up to date with changed papers, touching only their postings.

        With `text_changed` false (a status change), only the per-paper attributes reload.
        `docs` are documents of added papers already at hand (they are not read again).
        """
        if not self._built:
            return
        with self._lock, gc_paused():
            if not text_changed:
                for d in self._docs(list(updated)):
                    self._set_attrs(d)
                self._tag_postings()
                return
            self._bury(deleted)
            added = self._revive(added, docs)
            if len(added) + len(updated) > max(1000, len(self.alive) // 4):
                # Changing most of the library: one build costs a fraction of re-indexing
                # paper by paper (5 s against 50 s at 100k, on a loaded machine).
                self._build_from(self._docs(None))
                return
            if added or updated:
                self._replace([*added, *updated], list(self._docs([*added, *updated])))

    def _bury(self, ids: Sequence[int]) -> None:
        """Deleted papers: no longer alive, but their postings stay (a search only ever
        returns live papers), so that an undone delete revives them without re-indexing
        a word (`_revive`)."""
        if not ids:
            return
        # At once, not paper by paper (`_clear_attrs`): 100k papers trashed took 0.27 s.
        self.alive[np.fromiter((i for i in ids if i < len(self.alive)), np.int64)] = False
        by_tag: dict[str, list[int]] = {}
        tags = self._tags
        for pid in ids:
            held = tags.pop(pid, None)
            if held:
                self._kept[pid] = held
                for tag in held:
                    by_tag.setdefault(tag, []).append(pid)
        for tag, pids in by_tag.items():
            self.tag_members[tag].difference_update(pids)
            self._retagged.add(tag)
        self._buried.update(ids)
        self._tag_postings()
        self._vocab_changed()

    def _unkeep(self, ids: Iterable[int]) -> None:
        """These papers are no longer as they were buried: not to be unburied."""
        for pid in ids:
            if pid in self._buried:
                self._buried.discard(pid)
                self._kept.pop(pid, None)

    def _revive(self, ids: Sequence[int], docs: Sequence[Doc] = ()) -> list[int]:
        """Bring back buried papers whose texts are what the index holds (their digests
        agree); the ids that still need indexing. Papers among `docs` are not read."""
        back = [pid for pid in ids if pid in self._buried]
        if not back:
            return list(ids)
        given = {d.id: d for d in docs if d.id in self._buried}
        unread = [pid for pid in back if pid not in given]
        revived = set()
        for d in chain(given.values(), self._docs(unread) if unread else ()):
            checksum = digest(d)
            if self._digest[d.id] == checksum:
                self._set_attrs(d, checksum)
                revived.add(d.id)
        self._unkeep(back)
        self._tag_postings()
        self._vocab_changed()
        return [pid for pid in ids if pid not in revived]

    def unbury(self, ids: Sequence[int], statuses: Mapping[int, int]) -> list[int]:
        """Papers back from the trash, with each one's status as now. The buried ones live
        again with their postings, year, digest and tags as the index kept them (a paper
        edited or retagged meanwhile was dropped from the buried: `_unkeep`), without a word
        re-indexed or a text read: 100k papers in a tenth of a second. The ids that still
        need indexing, in order."""
        if not self._built:
            return []  # a build reads them
        with self._lock:
            back = [pid for pid in ids if pid in self._buried]
            where = np.array(back, dtype=np.int64)
            self.alive[where] = True
            self.statuses[where] = np.fromiter((statuses.get(p, 0) for p in back), np.int8)
            by_tag: dict[str, list[int]] = {}
            for pid in back:
                held = self._kept.pop(pid, None)
                if held:
                    self._tags[pid] = held
                    for tag in held:
                        by_tag.setdefault(tag, []).append(pid)
            for tag, pids in by_tag.items():
                self.tag_members.setdefault(tag, set()).update(pids)
                self._retagged.add(tag)
            self._buried.difference_update(back)
            self._tag_postings()
            self._vocab_changed()
            revived = set(back)
            return [pid for pid in ids if pid not in revived]

    def retag(self, tags: Mapping[int, Sequence[str]]) -> None:
        """New tag names for papers whose tags alone changed: only the postings of the
        tags' words are remade, never a paper's texts (tagging 100k papers rebuilt the
        whole index, 5-6 s)."""
        if not self._built or not tags:
            return
        with self._lock:
            self._unkeep(tags)
            for pid, names in tags.items():
                if pid < len(self.alive) and self.alive[pid]:
                    self._clear_tags(pid)
                    self._set_tags(pid, names)
            self._tag_postings()
            self._vocab_changed()

    def link(self, tag: str, ids: Sequence[int], added: bool) -> None:
        """One tag put on (or taken off) these papers: `retag` without reading any tags."""
        if not self._built or not ids:
            return
        name = tag.casefold()
        with self._lock:
            self._unkeep(ids)
            for pid in ids:
                had = self._tags.get(pid, ())
                if added and name not in had and pid < len(self.alive) and self.alive[pid]:
                    self._tags[pid] = folded_tags((*had, name))
                elif not added and name in had:
                    self._tags[pid] = tuple(t for t in had if t != name)
            members = self.tag_members.setdefault(name, set())
            if added:
                members.update(pid for pid in ids if name in self._tags.get(pid, ()))
            else:
                members.difference_update(ids)
            self._retagged.add(name)
            self._tag_postings()
            self._vocab_changed()

    def set_statuses(self, statuses: Mapping[int, int]) -> None:
        """New status codes for papers whose status alone changed: no texts are re-read."""
        if not self._built or not statuses:
            return
        with self._lock:
            ids = np.fromiter(statuses.keys(), np.int64, len(statuses))
            known = ids < len(self.statuses)
            codes = np.fromiter(statuses.values(), np.int8, len(statuses))
            self.statuses[ids[known]] = codes[known]

    def _replace(self, gone: Sequence[int], fresh: Sequence[Doc]) -> None:
        """Drop the postings of `gone` papers, then index the `fresh` documents."""
        self.postings.remove(gone)
        self._unkeep(gone)  # their postings are gone: nothing to revive
        staying = {d.id for d in fresh}
        for pid in gone:
            if pid not in staying:  # a paper re-read keeps its tags unless they changed
                self._clear_attrs(pid)  # (`_set_attrs`): its tags' postings stay as made
        self.postings.add(fresh)
        for d in fresh:
            self._set_attrs(d)
        self._tag_postings()
        self._vocab_changed()

    def _vocab_changed(self) -> None:
        self._memo: dict[Any, Any] = {}
        self._words_memo: dict[Any, Any] = {}
        p = self.postings
        signature = (len(p.tokens), p.word_count)
        if signature != self._vocab:
            # The words that prefixes and typos expand to: not the citekeys, one per paper,
            # which made one-letter prefixes expand to thousands of tokens.
            words = p.word_tokens()
            self._sorted_vocab = sorted(words)
            vocab = self._sorted_vocab
            # Pinyin tokens sort first (their marks), CJK ones last: a library without either
            # pays two comparisons here.
            self.has_pinyin = bool(vocab) and vocab[0] < "0"
            if self.has_pinyin or (vocab and vocab[-1] >= "\u3005"):
                # No CJK character is below U+1100 (Hangul Jamo): a Latin word is not asked.
                words = [w for w in words if w >= "0" and (w < "\u1100" or not cjk.is_cjk_token(w))]
            ids = p.token_ids
            self._vocab_tids = np.fromiter(
                map(ids.__getitem__, self._sorted_vocab), np.int64, len(self._sorted_vocab)
            )
            self._typos = Typos(words)
            self._key_vocab = None  # sorted when a `key:` prefix needs it
            self._vocab = signature
            self._fuzzy.cache_clear()

    def _reset_attrs(self, size: int) -> None:
        """Per-paper attributes, as vectors indexed by paper id (the ranking filters on
        them): alive, years, statuses, digests; and each tag's member ids."""
        self.years = np.zeros(size, dtype=np.int32)
        self.statuses = np.zeros(size, dtype=np.int8)
        self.alive = np.zeros(size, dtype=bool)
        self._digest = np.zeros(size, dtype=np.uint32)
        self._papers_tags = {}
        self.tag_members = {}
        self._buried, self._kept = set(), {}

    def _set_attrs(self, d: Doc, checksum: int | None = None) -> None:
        if d.id >= len(self.alive):
            size = max(d.id + 1, 2 * len(self.alive))
            grow = size - len(self.alive)
            self.years = np.concatenate([self.years, np.zeros(grow, np.int32)])
            self.statuses = np.concatenate([self.statuses, np.zeros(grow, np.int8)])
            self.alive = np.concatenate([self.alive, np.zeros(grow, bool)])
            self._digest = np.concatenate([self._digest, np.zeros(grow, np.uint32)])
        self._digest[d.id] = digest(d) if checksum is None else checksum
        self.years[d.id] = d.year
        self.statuses[d.id] = d.status
        self.alive[d.id] = True
        old, new = self._tags_of(d.id), folded_tags(d.tags)
        if old != new:
            # Only the tags that came or went: the paper's other tags keep their postings
            # (each remade is a union over its members: 20 ms for 10 papers at 100k).
            for tag in set(old) - set(new):
                self.tag_members[tag].discard(d.id)
                self._retagged.add(tag)
            for tag in set(new) - set(old):
                self.tag_members.setdefault(tag, set()).add(d.id)
                self._retagged.add(tag)
            self._tags[d.id] = new

    def _tags_of(self, pid: int) -> tuple[str, ...]:
        """One paper's tags, without making every paper's from a loaded index's members (a
        search after a one-paper write replayed it: 0.1-0.17 s at 100k papers)."""
        if self._papers_tags is None and len(self.tag_members) <= FEW_TAGS:
            return tuple(sorted(tag for tag, ids in self.tag_members.items() if pid in ids))
        return self._tags.get(pid, ())

    def _set_tags(self, pid: int, names: Sequence[str]) -> None:
        self._tags[pid] = tags = folded_tags(names)
        for tag in tags:
            self.tag_members.setdefault(tag, set()).add(pid)
        self._retagged.update(tags)

    def _clear_attrs(self, pid: int) -> None:
        if pid < len(self.alive):
            self.alive[pid] = False
        self._clear_tags(pid)

    def _clear_tags(self, pid: int) -> None:
        for tag in self._tags.pop(pid, ()):
            self.tag_members[tag].discard(pid)
            self._retagged.add(tag)

    def _tag_postings(self) -> None:
        """Remake the tags-field postings of the words of the tags whose members changed:
        a word's papers are those of every tag whose name holds it."""
        if not self._retagged:
            return
        words = {w for tag in self._retagged for w in raw_words(tag)}
        self._retagged = set()
        holders: dict[str, list[str]] = {w: [] for w in words}
        for tag, members in self.tag_members.items():
            if members:
                for w in raw_words(tag):
                    if w in holders:
                        holders[w].append(tag)
        posts = {}
        for word, tags in holders.items():
            ids = set().union(*(self.tag_members[t] for t in tags)) if tags else set()
            arr = np.fromiter(ids, dtype=np.int32, count=len(ids))
            arr.sort()
            posts[word] = arr
        self.postings.set_tag_postings(posts)

    # -- searching ---------------------------------------------------------------------

    def search(
        self, query: Query | str, stages: Stages | None = None, within: Narrowing = ALL
    ) -> SearchResult:
        """Ranked matches among the papers `within` holds; `stages`, when given, adds up
        where the time went."""
        q = parse(query) if isinstance(query, str) else query
        self.ensure_built()
        with self._lock:
            if stages is not None:
                stages.start()
            return Evaluator(self, q, stages, within).run()

    def candidates(
        self, term: Term, lap: Callable[[str], None] = lambda stage: None
    ) -> tuple[list[tuple[str, float]], np.ndarray[Any, Any]]:
        """Vocabulary tokens that a word term matches, with their match strength; and the
        token ids (ascending) of the other words it begins, when it is being typed, which
        match as prefixes. `lap` is told when the prefix expansion and the typo lookup
        end."""
        word = term.words[0]
        found: dict[str, float] = {}
        if word in self.postings.token_ids:
            found[word] = EXACT
        begun = np.zeros(0, dtype=np.int64)
        if term.prefix:
            start, end = _prefix_range(self._sorted_vocab, word)
            if start < end and self._sorted_vocab[start] == word:
                start += 1  # the word itself matches exactly
            begun = np.sort(self._vocab_tids[start:end])
            if term.field == "citekey":
                for tok in _with_prefix(self._citekeys(), word):
                    found.setdefault(tok, PREFIX)
        lap("prefix expansion")
        for tok, dist in self._fuzzy(word):
            if not (term.prefix and tok.startswith(word)):  # else a prefix match
                found.setdefault(tok, FUZZY - 0.1 * (dist - 1))
        lap("typo candidates")
        return list(found.items()), begun

    def token_range(self, start: str) -> np.ndarray[Any, Any]:
        """The ids of the vocabulary words beginning with `start`, ascending."""
        lo, hi = _prefix_range(self._sorted_vocab, start)
        return np.sort(self._vocab_tids[lo:hi])

    def _citekeys(self) -> list[str]:
        if self._key_vocab is None:
            self._key_vocab = sorted(self.postings.key_tokens())
        return self._key_vocab

    def _fuzzy_words(self, word: str) -> tuple[tuple[str, int], ...]:
        """Vocabulary words within `max_edits` of `word`, a swap of two neighbouring letters
        counting as one edit (`shfit` finds shift); a three-letter word, allowed no other
        typo, still finds its swaps (`teh`, the)."""
        if not word.isalpha():
            return ()
        k = max_edits(word)
        if k == 0:
            found = [(tok, 1) for tok in _swaps(word) if self.postings.is_word(tok)]
        else:
            found = self._typos.near(word, k)
            for form in query_forms(word):  # a typo in a number the library lacks
                found += self._typos.near(form, k)  # the word's own reach, not the form's
        return with_number_forms(found, word, self.postings.is_word)

    def memo(self, key: Any, compute: Callable[[], R], short: bool) -> R:
        """What `compute` returns, kept under `key` until the postings change: the ranking's
        vectors of a one-letter prefix (`short`: at most 64 kept), and of the last few whole
        words typed (the words before the one being typed, met again at every keystroke).
        About 0.5 MB each per 100k papers."""
        kept = self._memo if short else self._words_memo
        if key in kept:
            found: R = kept.pop(key)
            kept[key] = found  # the most recently used last
            return found
        if len(kept) >= (64 if short else WORDS_KEPT):
            if short:
                kept.clear()
            else:
                del kept[next(iter(kept))]
        kept[key] = value = compute()
        return value

    def posting(self, token: str, fidx: int) -> IntArray | None:
        code = self.postings.code(token, fidx)
        return None if code is None else self.postings.get(code)

    def docs(self, ids: Sequence[int] | None) -> list[Doc]:
        """The documents of these papers (None: of every paper), as the index reads them."""
        return list(self._docs(ids))

    def memory_bytes(self) -> int:
        attrs = self.years, self.statuses, self.alive, self._digest
        return int(self.postings.nbytes() + sum(a.nbytes for a in attrs))


@dataclass
class _Compared:
    """A reconcile's reading of the library: ids added, updated (texts or tags) and kept,
    the new status of each paper whose status alone changed, and how many were read."""

    added: list[int] = field(default_factory=list)
    updated: list[int] = field(default_factory=list)
    kept: list[int] = field(default_factory=list)
    restated: dict[int, int] = field(default_factory=dict)
    total: int = 0


def _members_arrays(members: Mapping[str, set[int]]) -> dict[str, IntArray]:
    """Each tag's members as three arrays to save: the tags' names (JSON), how many
    members each has, and their ids one tag after another."""
    names = sorted(tag for tag, ids in members.items() if ids)
    lens = np.array([len(members[t]) for t in names], dtype=np.int64)
    ids = np.fromiter((pid for t in names for pid in sorted(members[t])), np.int64)
    return {"tag_names": text_array(json.dumps(names)), "tag_lens": lens, "tag_ids": ids}


def _members_from(arrays: Mapping[str, Any]) -> dict[str, set[int]]:
    names = json.loads(array_text(arrays["tag_names"]))
    lens, ids = arrays["tag_lens"].tolist(), arrays["tag_ids"]
    if not isinstance(names, list) or len(names) != len(lens) or sum(lens) != len(ids):
        raise ValueError("saved tag members disagree in length")
    ends = np.cumsum(lens).tolist()
    return {
        str(tag): set(ids[end - n : end].tolist())
        for tag, n, end in zip(names, lens, ends, strict=True)
    }
