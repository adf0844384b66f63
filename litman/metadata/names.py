"""Person names as sources give them ("Ada M. Lovelace") in the form litman stores
("Lovelace, Ada M."), read by the one parser (`litman.core.names`): lower-case particles go
with the family name, a suffix after it ("Smith, Jr., John"). A name with a word that names
an organisation ("The ATLAS Collaboration", "GTEx Consortium") is kept whole, as the formats
keep it."""

from litman.core.names import Person, is_organisation, parse


def family_first(display: str) -> str:
    words = display.split()
    if len(words) < 2 or "," in display or is_organisation(words):
        return " ".join(words)
    person = parse(" ".join(words))
    return person.written() if isinstance(person, Person) else " ".join(words)
