"""The passage of a paper's full text a query matched: the sentence holding most of the
query's words (a misspelt one as the search forgives it), with its page, for the window's
detail pane and `litman search`.

The search index says which papers match, not where in their text: that would cost a
position per word of every PDF. A paper's text is read again instead (a 10-page paper's is
30-60 kB), only for the paper shown.
"""

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from litman.core.search.query import Query, parse
from litman.core.text import search_words

_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n\s*\n")
SENTENCE_CHARS = 300
# A word of the text matches a query word that is this close (rapidfuzz ratio, 0-100) and at
# least 4 letters long: one letter wrong in five, as the search's typo tolerance.
CLOSE = 80


@dataclass(frozen=True)
class Passage:
    page: int  # 1-based, in its attachment
    text: str  # the sentence, whitespace folded, cut at SENTENCE_CHARS
    matched: int = 0  # how many of the query's words it holds


def words_of(query: str | Query) -> list[str]:
    """The folded words a query searches the full text for (not negated, in any field or
    in `fulltext:`)."""
    q = parse(query) if isinstance(query, str) else query
    return [
        w
        for t in q.terms
        if t.kind in ("word", "phrase") and not t.negated and t.field in (None, "fulltext")
        for w in t.words
    ]


def best(pages: Sequence[str], words: Sequence[str]) -> Passage | None:
    """The sentence that holds most of `words` (ties: the first), or None when none does."""
    if not words:
        return None
    found, score = None, 0
    for page, sentence in _sentences(pages):
        got = _matched(search_words(sentence), words)
        if got > score:
            found, score = (page, sentence), got
            if got == len(set(words)):
                break
    if found is None:
        return None
    text = " ".join(found[1].split())
    cut = text if len(text) <= SENTENCE_CHARS else text[: SENTENCE_CHARS - 1] + "…"
    return Passage(found[0], cut, score)


def _sentences(pages: Sequence[str]) -> Iterable[tuple[int, str]]:
    for number, page in enumerate(pages, 1):
        for sentence in _SENTENCE.split(page):
            if sentence.strip():
                yield number, sentence


def _matched(tokens: list[str], words: Sequence[str]) -> int:
    have = set(tokens)
    return sum(1 for w in set(words) if w in have or _close(w, have))


def _close(word: str, tokens: set[str]) -> bool:
    if len(word) < 4:
        return False
    # Here, not at the top: every command imports this module (through the Library's
    # attachments), and rapidfuzz costs those that never show a passage its import time.
    from rapidfuzz import fuzz

    return any(
        fuzz.ratio(word, t) >= CLOSE or (t.startswith(word) and len(word) >= 3)
        for t in tokens
        if abs(len(t) - len(word)) <= 3
    )
