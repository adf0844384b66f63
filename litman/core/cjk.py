"""Han, kana and hangul text as search tokens: overlapping character bigrams.

Chinese and Japanese are written without spaces, so a run of their characters is not a word.
As Lucene's CJK analyser does, the search index keeps every pair of neighbouring characters
of a run (`深度学习`: 深度 度学 学习), so that any substring of two or more characters finds
its text; and the run's last character alone, so that every character begins some token and
one character typed finds it as a prefix. A run is folded character by character before
that: compatibility forms to their plain forms (NFKC: half-width katakana, compatibility
ideographs) and Traditional Chinese to Simplified by OpenCC's character table
(`TSCharacters.txt`, read from the `opencc-python-reimplemented` package when a text first
holds Han characters), so that 機器學習 and 机器学习 are the same tokens. One character
folds to one character (a few that OpenCC maps to two keep their first), so that a folded run
lines up with the text it came from, for highlighting.

Latin text never reaches this module's tables: every caller asks `has_cjk` first.
"""

import re
import unicodedata
from collections.abc import Iterator
from functools import cached_property, lru_cache
from operator import add

# Han (with extension A, the compatibility ideographs and the supplementary planes'
# extensions), the iteration marks 々 and 〆 and the ideographic zero 〇, kana (and half-width
# katakana), hangul syllables and jamo (a text of jamo alone is read as words: `has_cjk`).
# CJK punctuation and full-width ASCII stay outside: they separate tokens.
_CJK_CLASS = (
    "\u3005-\u3007\u3040-\u309f\u30a1-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff"
    "\uf900-\ufaff\uff66-\uff9f\u1100-\u11ff\u3130-\u318f\uac00-\ud7af"
    "\U00020000-\U0003134f"
)


class _Patterns:
    """The module's expressions, compiled when first used: their character classes take
    15 ms to compile, which `litman --version` and every Latin-only start would pay."""

    @cached_property
    def cjk(self) -> re.Pattern[str]:
        return re.compile(f"[{_CJK_CLASS}]")

    @cached_property
    def run(self) -> re.Pattern[str]:
        return re.compile(f"[{_CJK_CLASS}]+")

    @cached_property
    def pieces(self) -> re.Pattern[str]:
        """A word (as `text.WORD_RE` finds it) cut into its CJK runs and what lies between."""
        return re.compile(f"([{_CJK_CLASS}]+)")

    @cached_property
    def high(self) -> re.Pattern[str]:
        """One range holding every CJK character (but jamo): a first look twice as fast as
        the full class over Latin text with typographic quotes and dashes (8.8 against 14.6
        us for 1k characters), which is most non-ASCII text the index reads."""
        return re.compile("[\u3005-\U0003134f]")


_RE = _Patterns()


def has_cjk(text: str) -> bool:
    return _RE.high.search(text) is not None and _RE.cjk.search(text) is not None


def is_cjk_token(token: str) -> bool:
    """Whether a search token is a CJK bigram or character (its first character tells)."""
    return bool(token) and _RE.cjk.match(token) is not None


@lru_cache(maxsize=1)
def _table() -> dict[int, str]:
    """What each character folds to, where it changes: NFKC (one character out, else the
    character kept), then OpenCC's Traditional-to-Simplified character table."""
    from importlib import resources  # 12 ms of imports, paid with the first Han text

    simplified: dict[int, str] = {}
    data = resources.files("opencc") / "dictionary" / "TSCharacters.txt"
    for line in data.read_text("utf-8").splitlines():
        trad, _, simp = line.partition("\t")
        if len(trad) == 1 and simp:
            simplified[ord(trad)] = simp.split()[0][0]
    table: dict[int, str] = {}
    ranges = ((0xF900, 0xFB00), (0xFF66, 0xFFA0), (0x2F800, 0x2FA20))
    for lo, hi in ranges:
        for cp in range(lo, hi):
            nfkc = unicodedata.normalize("NFKC", chr(cp))
            if len(nfkc) == 1 and nfkc != chr(cp):
                table[cp] = nfkc
    for cp, folded in list(table.items()):
        table[cp] = simplified.get(ord(folded), folded)
    for cp, simp in simplified.items():
        table.setdefault(cp, simp)
    return table


def fold_run(run: str) -> str:
    """A run of CJK characters folded (same length): 機器學習 -> 机器学习."""
    return run.translate(_table())


def grams(folded: str) -> list[str]:
    """A folded run as a sequence of tokens: its bigrams, or the one character of a run of
    one. What queries and phrases are made of, and what highlighting lines up."""
    if len(folded) < 2:
        return [folded] if folded else []
    return list(map(add, folded, folded[1:]))  # each character with the next, at C speed


def index_grams(folded: str) -> list[str]:
    """The tokens a run is indexed under: its bigrams, and its last character alone (so that
    every character of the run begins a token)."""
    out = grams(folded)
    if len(folded) > 1:
        out.append(folded[-1])
    return out


def split_words(words: list[str]) -> list[str]:
    """Words (as `text.WORD_RE` finds them) with each CJK run in them replaced by its index
    tokens, already folded; what lies between runs (`CNN` in `基于CNN的`) stays a word."""
    out: list[str] = []
    for word in words:
        if not has_cjk(word):
            out.append(word)
            continue
        for i, piece in enumerate(_RE.pieces.split(word)):
            if i % 2:
                out.extend(index_grams(fold_run(piece)))
            elif piece:
                out.append(piece)
    return out


def pieces(word: str) -> Iterator[tuple[bool, str, int]]:
    """A word's pieces in order: (is a CJK run, the piece, its offset in the word)."""
    at = 0
    for i, piece in enumerate(_RE.pieces.split(word)):
        if piece:
            yield bool(i % 2), piece, at
        at += len(piece)


def folded_runs(text: str) -> Iterator[tuple[str, int]]:
    """Each CJK run of a text, folded, with its offset (for highlighting)."""
    for m in _RE.run.finditer(text):
        yield fold_run(m.group()), m.start()
