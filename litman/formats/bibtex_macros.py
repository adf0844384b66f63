"""BibTeX `@string` macros: a field's `#` concatenation of literals, numbers and macro names
resolved to its text, and what an export must write for a field that names a macro no file of
the import defines.

Files imported together share their macros, as `\\bibliography{abbrev,papers}` does. A macro
none of them defines (iridia's `articles.bib` uses the names its `authors.bib` defines) reads
as its name, set apart from its neighbours by a space (`Cordon #and# Herrera_F` reads
`Cordon and Herrera_F`, two names, not `CordonandHerrera_F`); the field is kept as a
reference too, so that an unedited export writes the names again and the file still compiles
beside the one that defines them. Expansion is capped, per value and per file.
"""

import re
from dataclasses import dataclass, field

from litman.core.messages import _

# A whole book's abstract fits in a tenth of this; beyond it a field is debris or an attack.
MAX_FIELD_CHARS = 100_000
# A doubling chain of @string macros grows exponentially (987 bytes reached 4.2 GB): each
# value's expansion is capped like a field, and the file's expansions in total.
MAX_EXPANDED_CHARS = 20_000_000
# Extra keys: a field's value as read where it names an undefined macro (`litman-macros-author`:
# `Cordon #and# Herrera_F`), and the names of a paper's undefined macros, comma-separated.
REFERENCE = "litman-macros-"
UNDEFINED = "litman-undefined-macros"


@dataclass
class Macros:
    """@string macros as resolved so far, those left out for their size, and the
    characters all expansions have produced."""

    known: dict[str, str]
    capped: set[str] = field(default_factory=set)
    spent: int = 0

    def defines(self, name: str) -> bool:
        return name.lower() in self.known or name.lower() in self.capped

    def expand(self, name: str) -> str | None:
        """A macro's text; None for an unknown one, and once the file's budget is spent."""
        text = self.known.get(name.lower())
        if text is None or self.spent > MAX_EXPANDED_CHARS:
            return None
        self.spent += len(text)
        return None if self.spent > MAX_EXPANDED_CHARS else text


class TooLong(Exception):
    def __init__(self) -> None:
        super().__init__(
            _("would expand to more than {0} characters").format(f"{MAX_FIELD_CHARS:,}")
        )


_SYNTAX = re.compile(r'\\.|[{}"#]', re.DOTALL)


def parts(value: str) -> list[str]:
    """A raw field value's `#`-separated parts, stripped."""
    pieces, quote, start, depth = [], False, 0, 0
    # Only braces, quotes and `#` matter, and an escaped character (`\{`) is none of them:
    # visiting just those, not every character of a 200-word abstract, was two thirds of
    # the time to read a 10k-entry file with abstracts (benchmarks/bench_bibtex.py).
    for m in _SYNTAX.finditer(value) if "#" in value else ():
        ch = m.group()
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif ch == '"' and depth == 0:
            quote = not quote
        elif ch == "#" and depth == 0 and not quote:
            pieces.append(value[start : m.start()])
            start = m.end()
    pieces.append(value[start:])
    return [p.strip() for p in pieces]


def _literal(part: str) -> str | None:
    """A part's text if it is a literal (`{...}`, `"..."`, a number), else None (a name)."""
    if len(part) >= 2 and part[0] + part[-1] in ("{}", '""'):
        return part[1:-1]
    return part if part.isdigit() else None


def resolve(value: str, macros: Macros, unknown: set[str]) -> str:
    """A raw field value with `#` concatenation, macros and enclosing removed; the names of
    undefined macros go to `unknown`."""
    out: list[str] = []
    size = 0
    for part in parts(value):
        text = _literal(part)
        if text is None:
            text = macros.expand(part)
            if text is None and not macros.defines(part):
                unknown.add(part)  # defined in no file of this import: say so
            text = part if text is None else text
            if part in unknown:
                text = _spaced(out, text)
        size += len(text)
        if size > MAX_FIELD_CHARS:
            raise TooLong
        out.append(text)
    text = "".join(out)
    return _unpad(text) if _PAD in text else text


_PAD = "\0"  # stands for a space put beside an undefined macro's name, until joined


def _spaced(out: list[str], name: str) -> str:
    """`name` with a space before it, unless the text so far ends in one."""
    before = "" if not out or out[-1][-1:].isspace() else _PAD
    return before + name + _PAD


def _unpad(text: str) -> str:
    """The padding as one space where no white space is already, none at either end."""
    text = _ENDS.sub("", text)
    return _PADDING.sub(lambda m: m.group().replace(_PAD, "") or " ", text)


_ENDS = re.compile(r"^\0+|\0+$")
_PADDING = re.compile(r"\s*\0+\s*")


def reference(value: str, macros: Macros) -> str:
    """A value naming an undefined macro as an export writes it: as read, except that a
    macro the import defined is written as its text (its `@string` is not exported)."""
    pieces = parts(value)
    if all(_literal(p) is not None or not macros.defines(p) for p in pieces):
        return value.strip()
    return " # ".join(_as_text(p, macros) for p in pieces)


def _as_text(part: str, macros: Macros) -> str:
    if _literal(part) is not None or not macros.defines(part):
        return part
    return "{" + macros.known.get(part.lower(), part) + "}"


def resolved(reference: str) -> str:
    """What `reference` reads as with no macro defined: the text its paper was read with."""
    return resolve(reference, Macros({}), set())
