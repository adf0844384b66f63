"""Citation key patterns in JabRef's notation: `[auth][year]`, `[auth:lower][year][shorttitle]`,
`[authEtAl]`, `[veryshorttitle]`, text between the brackets kept as typed.

Fields (JabRef's names): `auth` the first author's family name, `authN` its first N letters,
`authors` every family name, `authorsN` the first N then `EtAl`, `authEtAl` one name, two
names, or the first and `EtAl`, `auth.etal` the same with `.` between, `authorIni` the first
author's family name then the others' initials; `year`, `shortyear` (two digits); `title`
its significant words capitalised, `shorttitle` the first three significant words,
`veryshorttitle` the first, `camel` every word capitalised with the function words too.
Modifiers after a colon: `lower`, `upper`, `capitalize`, `abbr` (first letters). A family
name is the one litman's citekeys always used (`citekeys._auth`), in ASCII with its case.

An unknown field or an unclosed bracket is refused in one line (`PatternError`), so that a
pattern is checked when it is set, not when a paper is added.
"""

import re
import unicodedata
from collections.abc import Callable, Sequence

from litman.core.errors import LitmanError
from litman.core.library import citekeys
from litman.core.messages import _

_PIECE = re.compile(r"\[([^\[\]]*)\]|([^\[\]]+)|([\[\]])")
_FIELD = re.compile(r"^([A-Za-z.]+?)(\d*)$")
_KEEP = re.compile(r"[^A-Za-z0-9_\-:.]")
DEFAULT_PATTERN = (
    ""  # litman's own rule (citekeys.base_key), about [auth:lower][year][veryshorttitle:lower]
)
EXAMPLES = ("[auth][year]", "[auth:lower][year][shorttitle]", "[authEtAl][year]")


class PatternError(LitmanError):
    """A key pattern litman cannot read."""


Fields = tuple[Sequence[str], int | None, str]  # authors, year, title
Maker = Callable[[Fields, int | None], str]


def check(pattern: str) -> None:
    """Raise PatternError for a pattern `key` could not follow."""
    for piece in _PIECE.finditer(pattern):
        if piece.group(3):
            raise PatternError(
                _("unmatched '{0}' in the key pattern {1!r}").format(piece.group(3), pattern)
            )
        if piece.group(1) is not None:
            _field(piece.group(1), pattern)


def key(pattern: str, authors: Sequence[str], year: int | None, title: str) -> str:
    """The base key `pattern` makes of a paper's fields (before a clash suffix): litman's
    own rule for an empty pattern, `paper` when the pattern makes nothing."""
    if not pattern.strip():
        return citekeys.base_key(authors, year, title)
    check(pattern)
    fields: Fields = (authors, year, title)
    out = []
    for piece in _PIECE.finditer(pattern):
        if piece.group(1) is not None:
            out.append(_expand(piece.group(1), fields, pattern))
        else:
            out.append(piece.group(2))
    made = _KEEP.sub("", "".join(out))
    return made or "paper"


def _ascii_word(word: str) -> str:
    """`word` in ASCII with its case kept (`Müller` gives `Muller`); a word in another script
    as `citekeys.slug` reads it (pinyin, anyascii), capitalised (`Иванов` gives `Ivanov`)."""
    if word.isascii():
        return word
    bare = unicodedata.normalize("NFKD", word).encode("ascii", "ignore").decode()
    if len(bare) == len(word):
        return bare
    made = citekeys.slug(word)
    return made[:1].upper() + made[1:] if word[:1].isupper() or not word[:1].islower() else made


def _field(spec: str, pattern: str) -> tuple[Maker, list[str]]:
    name, *mods = spec.split(":")
    m = _FIELD.match(name)
    if not m or m.group(1) not in _MAKERS:
        raise PatternError(_("unknown field [{0}] in the key pattern {1!r}").format(spec, pattern))
    for mod in mods:
        if mod not in _MODIFIERS:
            raise PatternError(
                _("unknown modifier :{0} in the key pattern {1!r}").format(mod, pattern)
            )
    return _MAKERS[m.group(1)], mods


def _expand(spec: str, fields: Fields, pattern: str) -> str:
    maker, mods = _field(spec, pattern)
    digits = _FIELD.match(spec.split(":")[0])
    n = int(digits.group(2)) if digits and digits.group(2) else None
    text = maker(fields, n)
    for mod in mods:
        text = _MODIFIERS[mod](text)
    return text


def _family(author: str) -> str:
    return "".join(_ascii_word(w) for w in citekeys._auth(author).split())


def _families(fields: Fields) -> list[str]:
    return [_family(a) for a in fields[0]]


def _auth(fields: Fields, n: int | None) -> str:
    names = _families(fields)
    first = names[0] if names else ""
    return first[:n] if n else first


def _authors(fields: Fields, n: int | None) -> str:
    names = _families(fields)
    if n and len(names) > n:
        return "".join(names[:n]) + "EtAl"
    return "".join(names)


def _auth_et_al(fields: Fields, _n: int | None, join: str = "", etal: str = "EtAl") -> str:
    names = _families(fields)
    if len(names) > 2:
        return names[0] + join + etal
    return join.join(names)


def _auth_ini(fields: Fields, _n: int | None) -> str:
    names = _families(fields)
    return (names[0] + "".join(n[:1] for n in names[1:])) if names else ""


def _year(fields: Fields, _n: int | None) -> str:
    return str(fields[1]) if fields[1] else ""


def _shortyear(fields: Fields, _n: int | None) -> str:
    return _year(fields, None)[-2:]


def _words(title: str, significant: bool) -> list[str]:
    words = [w for w in re.split(r"[^\w]+", re.sub(r"\\[A-Za-z]+", " ", title)) if w]
    if significant:
        words = [w for w in words if citekeys.slug(w) not in citekeys.STOPWORDS]
    return words


def _title_words(fields: Fields, count: int | None, significant: bool = True) -> str:
    """Title words capitalised: the significant ones (the first `count`), or all."""
    words = _words(fields[2], significant)
    words = [_ascii_word(w) for w in (words[:count] if count else words)]
    return "".join(w[:1].upper() + w[1:] for w in words)


_MAKERS: dict[str, Maker] = {
    "auth": _auth,
    "authors": _authors,
    "authEtAl": _auth_et_al,
    "auth.etal": lambda f, n: _auth_et_al(f, n, ".", "etal"),
    "authorIni": _auth_ini,
    "year": _year,
    "shortyear": _shortyear,
    "title": lambda f, n: _title_words(f, None),
    "shorttitle": lambda f, n: _title_words(f, 3),
    "veryshorttitle": lambda f, n: _title_words(f, 1),
    "camel": lambda f, n: _title_words(f, None, significant=False),
}
_MODIFIERS: dict[str, Callable[[str], str]] = {
    "lower": str.lower,
    "upper": str.upper,
    "capitalize": lambda s: s[:1].upper() + s[1:],
    "abbr": lambda s: "".join(c for c in s if c.isupper()) or s[:1],
}
