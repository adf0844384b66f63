"""Citation keys: generated once, stored, stable.

The default pattern is JabRef's `[auth][year]` followed by the first significant word of the
title, in lower-case ASCII (`Müller 2020 "On Neural Collapse"` gives `muller2020neural`). A
paper with neither author nor year, like the seed abstracts, gets its first two significant
title words (`softsignum-optimization`). Clashes get a, b, c ... suffixes. `[auth]` is
the first author's family name as `litman.core.names` reads it and the Authors column shows
it, von part and all, however the name is written (`Jean de la Fontaine` and `de la
Fontaine, Jean` give `delafontaine`, `John Smith Jr.` gives `smith`).

Names and titles in other scripts are transliterated as Better BibTeX does, by anyascii
(`Иванов 2020 "Нейронные сети"` gives `ivanov2020neyronnye`); Chinese by its pinyin, the
reading of a polyphonic character taken from pypinyin's phrase data (重庆: chongqing), a
family name read as a name is (曾: zeng), and a title's first words being its first four
characters, about two words (`张三 2020 基于深度学习的…` gives `zhang2020jiyushendu`).
"""

import re
from collections.abc import Iterable, Iterator
from functools import lru_cache
from itertools import islice
from string import ascii_lowercase

from litman.core import cjk, pinyin
from litman.core.names import Person, stored
from litman.core.text import fold

_STOP = (
    "a an the of on in for and or to with from by at as is are be we our this that via into "
    "towards toward using based new novel its it how what when why do does can beyond between"
)
STOPWORDS = frozenset(_STOP.split())
# A Chinese title's first words, as a key takes them: its first characters (most words are
# two), as there is no word segmenter in the bundle.
CJK_TITLE_CHARACTERS = 4


_LATEX_COMMAND = re.compile(r"\\[A-Za-z]+")
_NOT_KEY = re.compile(r"[^a-z0-9]")


@lru_cache(maxsize=100_000)
def slug(text: str) -> str:
    """Lower-case ASCII letters and digits only: `Müller` gives `muller`, `Иванов` gives
    `ivanov`. `fold` takes the accents off Latin letters, as keys always were; text it
    cannot make ASCII (Cyrillic, Greek, CJK, Arabic ...) is transliterated whole by
    anyascii, imported only then (40 ms). Not after fold: its NFKD turns `й` into `и`."""
    folded = fold(text)
    if not folded.isascii():
        from anyascii import anyascii

        if cjk.has_cjk(text):
            text = "".join(pinyin.phrase_pinyin(text))
        folded = anyascii(text).lower()
    return _NOT_KEY.sub("", folded)


def significant_words(title: str) -> Iterator[str]:
    if "\\" in title:
        title = _LATEX_COMMAND.sub(" ", title)
    for word in title.split():
        for is_run, piece, _ in cjk.pieces(word) if cjk.has_cjk(word) else [(False, word, 0)]:
            word_slug = slug(piece[:CJK_TITLE_CHARACTERS] if is_run else piece)
            if word_slug and word_slug not in STOPWORDS and not word_slug.isdigit():
                yield word_slug


def base_key(authors: Iterable[str], year: int | None, title: str) -> str:
    authors = list(authors)
    auth = slug(_auth(authors[0])) if authors else ""
    words = list(islice(significant_words(title), 2))
    if auth or year:
        return f"{auth}{year or ''}{words[0] if words else ''}"
    if words:
        return "-".join(words[:2])
    return "paper"


def _auth(author: str) -> str:
    """A person's family name, as the Authors column shows it; an organisation's last
    word, as keys always had it (`GTEx Consortium` gives `consortium`)."""
    name = stored(author)
    if isinstance(name, Person) and name.chinese:
        return pinyin.surname(name.last)
    return name.family if isinstance(name, Person) else (name.name.split() or [""])[-1]


def suffix(n: int) -> str:
    """The n-th clash suffix, counting from 0: a ... z, aa ... az, ba ..."""
    letters = ""
    n += 1
    while n:
        n, rem = divmod(n - 1, 26)
        letters = ascii_lowercase[rem] + letters
    return letters


class KeyAllocator:
    """Hands out unique keys against the keys already taken (compared case-insensitively).

    `reserved` holds the keys the papers about to be added ask for: a renamed or generated
    key never takes one of them, so `chen_2019`, `Chen_2019`, `Chen_2019a` in one file can
    never hand the second paper the third one's key (a `\\cite` would cite the wrong paper).
    It remembers how far each base's suffixes have been used, so that ten thousand papers
    with the same base key cost ten thousand steps, not fifty million.
    """

    def __init__(self, taken: Iterable[str], reserved: Iterable[str] = ()) -> None:
        self.taken = {k.casefold() for k in taken}
        self.reserved = {k.casefold() for k in reserved if k}
        self._next: dict[str, int] = {}

    def key(self, base: str, wanted: bool = False) -> str:
        """`base` itself if free; a wanted key may be one of the reserved ones (its own)."""
        folded = base.casefold()
        key = base
        if folded in self.taken or (not wanted and folded in self.reserved):
            n = self._next.get(folded, 0)
            while self._unavailable(base + suffix(n)):
                n += 1
            key = base + suffix(n)
            self._next[folded] = n + 1
        self.taken.add(key.casefold())
        return key

    def _unavailable(self, key: str) -> bool:
        folded = key.casefold()
        return folded in self.taken or folded in self.reserved
