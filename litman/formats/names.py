"""People's names for formats that keep their parts apart (RIS's `Last, First, Suffix`, CSL's
`family`, `given` and `suffix`), read by the one parser, `litman.core.names`.

litman stores a name as BibTeX writes it: `Last, First`, or whole. A name written whole is a
person's in BibTeX's sense (`First von Last`) when it came from a .bib file and was not in
braces; from other formats a name written whole may be an organisation's, so it is split
only when it looks like a person's (`litman.core.names.looks_personal`: two to four words,
initials, capitalised words and particles, none naming an organisation).
"""

from litman.core.names import ORGANISATION, PARTICLES, Person, looks_personal, parse

__all__ = [
    "ORGANISATION",
    "PARTICLES",
    "as_last_first",
    "inverted",
    "looks_personal",
    "split_whole",
]


def split_whole(name: str) -> Person | None:
    """A name written `First von Last` (`John Smith Jr.` is Smith's) in its parts; None for
    one word. The von part goes with the family name (`Person.family`)."""
    if len(name.split()) < 2:
        return None
    person = parse(name)
    return person if isinstance(person, Person) else None


def inverted(person: Person) -> str:
    """`von Last, First` and a suffix after (`Smith, John, Jr.`), as RIS writes names."""
    return ", ".join(p for p in (person.family, person.first, person.jr) if p)


def as_last_first(name: str) -> str:
    """`Last, First` for a person's name written whole; any other name as it is."""
    if "," in name or not looks_personal(name):
        return name
    person = split_whole(name)
    return inverted(person) if person else name
