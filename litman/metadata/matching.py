"""From a stored abstract to the published record: the query, the score, the change.

The query is the abstract's opening sentences (the part a truncated seed still has). Each
candidate is scored by how closely its abstract matches the stored one (the share of folded
words that line up, by rapidfuzz; a truncated stored abstract is compared with as many of
the candidate's words), so a candidate with another paper's abstract, or none, scores low.
Accepting a candidate fills the paper's empty fields, replaces a derived title, keeps the
stored abstract unless the found one is longer (which completes a truncated seed), and gives
a key litman made from the old fields (a seed's, from its guessed title) the key the new
ones make; `changes_for` says exactly what would be written, so the CLI and the window can
show it first and write it as one edit.
"""

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rapidfuzz.distance import Indel

from litman.core import fields as core_fields
from litman.core.library import key_patterns
from litman.core.records import NewPaper, Paper
from litman.core.text import fold
from litman.metadata.base import Found
from litman.metadata.lookup import Lookup, never
from litman.metadata.net import CancelCheck

QUERY_CHARS = 300  # about two sentences: enough words to be specific, few enough to match
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")
_WORDS = re.compile(r"[^\W_]+")
FILLED = ("authors", "year", "venue", "doi", "url")


@dataclass(frozen=True)
class Candidate:
    found: Found
    score: float  # 0..1: how well its abstract matches the stored one

    @property
    def paper(self) -> NewPaper:
        return self.found.paper


def needs_metadata(paper: Paper) -> bool:
    """Papers `enrich` looks at by default: a guessed title, or no authors."""
    return paper.title_derived or not paper.authors


def query_text(abstract: str) -> str:
    """The opening sentences of an abstract, about QUERY_CHARS long."""
    text = " ".join(abstract.split())
    out = ""
    for sentence in _SENTENCE_END.split(text):
        if out and len(out) + len(sentence) > QUERY_CHARS:
            break
        out = f"{out} {sentence}".strip()
    return out[: QUERY_CHARS * 2]


def folded_words(text: str) -> list[str]:
    """The words of `text`, folded (case and accents) and without punctuation."""
    return _WORDS.findall(fold(text))


def similarity(stored: str, truncated: bool, found: str) -> float:
    """How alike two abstracts are, 0..1: the share of their folded words that line up in
    order (rapidfuzz's Indel similarity over words), so each word that differs costs its
    share. A truncated stored abstract loses its last word (the cut may fall inside it) and
    is compared with as many words of the found one. Over letters, any two English
    abstracts share about half (seed against seed: 0.44 on average, 0.58 for the fixtures'
    wrong candidates, as much as 0.80 for two that share a first sentence); over words,
    0.09, 0.22 and 0.67, while a record with a tenth of its words changed still has 0.9."""
    a, b = folded_words(stored), folded_words(found)
    if truncated and len(a) > 1:
        a.pop()
    if not a or not b:
        return 0.0
    if truncated and len(b) > len(a):
        b = b[: len(a)]
    return Indel.normalized_similarity(a, b)


def candidates_for(
    paper: Paper, lookup: Lookup, cancelled: CancelCheck = never
) -> tuple[list[Candidate], tuple[str, ...]]:
    """Candidates for a paper, best first, and the problems sources reported."""
    text = query_text(paper.abstract) or paper.title
    if not text:
        return [], ()
    result = lookup.search(text, cancelled)
    scored = [
        Candidate(f, similarity(paper.abstract, paper.abstract_truncated, f.paper.abstract))
        for f in result.found
    ]
    return sorted(scored, key=lambda c: -c.score), result.problems


def changes_for(
    paper: Paper,
    found: NewPaper,
    free_key: Callable[[str], str] | None = None,
    pattern: str = "",
) -> dict[str, Any]:
    """The fields accepting `found` writes to `paper` (for `Library.papers.update_paper`).
    With `free_key` (a base key to a key no other paper has), a key the library's key `pattern`
    made from the old fields is made again from the new ones (`_new_key`), still unpinned."""
    changes = _filled(paper, found)
    key = _new_key(paper, changes, free_key, pattern) if free_key else None
    if not key:
        return changes
    extra = {**changes.get("extra", paper.extra), core_fields.KEY_PINNED: "no"}
    return {"citekey": key, **changes, "extra": extra}


def _new_key(
    paper: Paper, changes: dict[str, Any], free_key: Callable[[str], str], pattern: str
) -> str | None:
    """The key the filled paper gets, or None to keep its own: a pinned key (set by hand,
    or read from a .bib file, which documents may cite) stays; so does one the pattern did
    not make, and one the new fields make alike."""
    if core_fields.key_pinned(paper.extra):
        return None
    old = key_patterns.key(pattern, paper.authors, paper.year, paper.title)
    if not _made_from(paper.citekey, old):
        return None
    fields = {k: changes.get(k, getattr(paper, k)) for k in ("authors", "year", "title")}
    base = key_patterns.key(pattern, fields["authors"], fields["year"], fields["title"])
    return None if base == old else free_key(base)


def _made_from(key: str, base: str) -> bool:
    """Whether `key` is `base`, alone or with a clash suffix."""
    rest = key[len(base) :] if key.startswith(base) else "-"
    return rest == "" or (rest.isascii() and rest.isalpha() and rest.islower())


def _filled(paper: Paper, found: NewPaper) -> dict[str, Any]:
    changes: dict[str, Any] = {}
    if found.title and (paper.title_derived or not paper.title):
        changes.update(title=found.title, title_derived=False)
    for name in FILLED:
        if not getattr(paper, name) and getattr(found, name):
            changes[name] = getattr(found, name)
    if paper.entry_type == "misc" and found.entry_type != "misc":
        changes["entry_type"] = found.entry_type
    if len(found.abstract) > len(paper.abstract):  # completes a truncated seed, too
        changes.update(abstract=found.abstract, abstract_truncated=False)
    extra = {k: v for k, v in found.extra.items() if v and k not in paper.extra}
    if extra:
        changes["extra"] = {**paper.extra, **extra}
    return changes


def describe(paper: Paper, changes: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(field, stored, new) for each change, as text for a table or a dialog."""
    rows = []
    for name, new in changes.items():
        if name in ("title_derived", "abstract_truncated"):
            continue
        if name == "extra":
            for key in sorted(set(new) - set(paper.extra)):
                rows.append((key, "", str(new[key])))
            continue
        rows.append((name, _shown(getattr(paper, name)), _shown(new)))
    return rows


def _shown(value: Any) -> str:
    if isinstance(value, tuple | list):
        return "; ".join(str(v) for v in value)
    return "" if value is None else str(value)
