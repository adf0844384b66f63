"""Person names as sources give them ("Ada M. Lovelace") in the form litman stores
("Lovelace, Ada M."), with lower-case particles kept with the family name. A name with a word
that names an organisation ("The ATLAS Collaboration", "GTEx Consortium") is kept whole, as
the formats keep it (`litman.formats.names`)."""

from litman.formats.names import ORGANISATION


def family_first(display: str) -> str:
    words = display.split()
    if len(words) < 2 or "," in display or is_organisation(words):
        return " ".join(words)
    start = len(words) - 1
    while start > 1 and words[start - 1][:1].islower():  # "Ludwig van Beethoven"
        start -= 1
    return f"{' '.join(words[start:])}, {' '.join(words[:start])}"


def is_organisation(words: list[str]) -> bool:
    return any(w.casefold().strip(".") in ORGANISATION for w in words)
