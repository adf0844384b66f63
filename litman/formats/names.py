"""People's names written whole (`G. Agosta`, `Ludwig van Beethoven`) split into family and
given names, for formats that keep the parts apart (RIS's `Last, First`, CSL's `family` and
`given`).

litman stores a name as BibTeX writes it: `Last, First`, or whole. A name written whole is a
person's in BibTeX's sense (`First von Last`) when it came from a .bib file and was not in
braces; from other formats a name written whole may be an organisation's, so it is split
only when it looks like a person's: two to four words, each an initial (`G.`, `J.-P.`), a
capitalised word or a particle (`van`, `de`; not the first word), the last a capitalised
word, and no word that names an organisation (`University`, `of`).
"""

import re

PARTICLES = frozenset(
    "van von der den de del della di da dos das du la le ten ter bin al y zu".split()
)
ORGANISATION = frozenset(
    """of for and the on at in und et
    organization organisation institute institut university universität université college
    school academy committee commission council board group consortium association society
    federation union alliance agency authority department ministry office bureau service
    services center centre foundation trust team project collaboration network program
    programme initiative laboratory lab labs library press panel party force unit hospital
    clinic company corporation corp inc ltd llc gmbh research working""".split()
)
_INITIAL = re.compile(r"(?:[^\W\d_]\.?)(?:-[^\W\d_]\.?)*\.?|(?:[^\W\d_]\.){2,}")


def split_whole(name: str) -> tuple[str, str] | None:
    """(family, given) of a name written `First von Last` by BibTeX's rule; None for one
    word. The von part (lower-case words before the last) goes with the family name."""
    words = name.split()
    if len(words) < 2:
        return None
    lower = [i for i, w in enumerate(words[:-1]) if w[:1].islower()]
    if not lower:
        return words[-1], " ".join(words[:-1])
    return " ".join(words[lower[0] :]), " ".join(words[: lower[0]])


def looks_personal(name: str) -> bool:
    """Whether a name written whole is, by its shape, a person's (see the module's text)."""
    words = name.split()
    if not 2 <= len(words) <= 4 or any(w.casefold().strip(".") in ORGANISATION for w in words):
        return False
    if not _capitalised(words[-1]) or words[0].casefold() in PARTICLES:
        return False  # `De Vlinderstichting`: no given name starts with a particle
    return all(_capitalised(w) or _initial(w) or w in PARTICLES for w in words[:-1])


def _capitalised(word: str) -> bool:
    bare = word.replace("-", "").replace("'", "").replace("\u2019", "")
    return len(bare) >= 2 and bare.isalpha() and word[0].isupper() and not word.isupper()


def _initial(word: str) -> bool:
    return word[0].isupper() and bool(_INITIAL.fullmatch(word)) and len(word) <= 6


def as_last_first(name: str) -> str:
    """`Last, First` for a person's name written whole; any other name as it is."""
    if "," in name or not looks_personal(name):
        return name
    parts = split_whole(name)
    return f"{parts[0]}, {parts[1]}" if parts else name
