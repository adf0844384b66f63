"""Person names as sources give them ("Ada M. Lovelace") in the form litman stores
("Lovelace, Ada M."), with lower-case particles kept with the family name."""


def family_first(display: str) -> str:
    words = display.split()
    if len(words) < 2 or "," in display:
        return " ".join(words)
    start = len(words) - 1
    while start > 1 and words[start - 1][:1].islower():  # "Ludwig van Beethoven"
        start -= 1
    return f"{' '.join(words[start:])}, {' '.join(words[:start])}"
