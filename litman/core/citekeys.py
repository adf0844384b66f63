"""Citation keys: generated once, stored, stable.

The default pattern is JabRef's `[auth][year]` followed by the first significant word of the
title, in lower-case ASCII (`Müller 2020 "On Neural Collapse"` gives `muller2020neural`). A
paper with neither author nor year, like the seed abstracts, gets its first two significant
title words (`softsignum-optimization`). Clashes get a, b, c ... suffixes.
"""

import re
from collections.abc import Iterable, Iterator
from itertools import count, islice, product
from string import ascii_lowercase

from litman.core.text import ascii_slug

_STOP = (
    "a an the of on in for and or to with from by at as is are be we our this that via into "
    "towards toward using based new novel its it how what when why do does can beyond between"
)
STOPWORDS = frozenset(_STOP.split())


def last_name(author: str) -> str:
    """The family name of `Last, First`, `First Last` or `{Corporate Name}`."""
    author = author.strip()
    if author.startswith("{") and author.endswith("}"):
        return author[1:-1]
    if "," in author:
        return author.split(",", 1)[0]
    parts = author.split()
    return parts[-1] if parts else ""


def significant_words(title: str) -> Iterator[str]:
    for word in re.sub(r"\\[A-Za-z]+", " ", title).split():
        slug = ascii_slug(word)
        if slug and slug not in STOPWORDS and not slug.isdigit():
            yield slug


def base_key(authors: Iterable[str], year: int | None, title: str) -> str:
    authors = list(authors)
    auth = ascii_slug(last_name(authors[0])) if authors else ""
    words = list(islice(significant_words(title), 2))
    if auth or year:
        return f"{auth}{year or ''}{words[0] if words else ''}"
    if words:
        return "-".join(words[:2])
    return "paper"


def _suffixes() -> Iterator[str]:
    for width in count(1):
        for letters in product(ascii_lowercase, repeat=width):
            yield "".join(letters)


def unique_key(base: str, taken: set[str]) -> str:
    """`base`, or `base` with the first free a/b/c suffix; the result is added to `taken`."""
    key = base
    if key.casefold() in taken:
        key = next(base + s for s in _suffixes() if (base + s).casefold() not in taken)
    taken.add(key.casefold())
    return key
