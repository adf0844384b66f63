"""The search box's language, parsed once for the CLI and the GUI.

Bare words must all match (the last one also as a prefix, since it is being typed);
`"a phrase"` matches exactly; `title:` `author:`/`au:` `abstract:` `venue:` `key:` limit a
word to a field; `tag:` matches a tag and its subtree; `year:2020`, `year:2018..2021`,
`year:>=2020`; `status:unread|reading|read`; a leading `-` negates. Inside quotes a backslash
keeps a quote or a backslash (`tag:"say \\"hi\\""` is the tag `say "hi"`); any other
backslash is itself. A malformed query is never an error: the bad part is read as plain words
and `notes` says so, for the GUI to hint.
"""

import re
from dataclasses import dataclass, field

from litman.core.records import Status
from litman.core.text import fold

FIELD_ALIASES = {
    "title": "title",
    "author": "authors",
    "au": "authors",
    "authors": "authors",
    "abstract": "abstract",
    "venue": "venue",
    "key": "citekey",
    "citekey": "citekey",
}
FILTERS = ("tag", "year", "status")
_TERM = re.compile(r'(-?)(?:([A-Za-z]+):)?("((?:[^"\\]|\\.)*)"|(\S+))')
_ESCAPED = re.compile(r'\\(["\\])')  # inside quotes: \" is a quote, \\ a backslash
_QUOTE = re.compile(r'(\\.)|"')  # a quote not escaped (an escape is group 1)
_YEAR = re.compile(r"^(?:(\d{4})|(\d{4})\s*(?:\.\.|-)\s*(\d{4})|(>=|<=|>|<)(\d{4}))$")
_WORD = re.compile(r"\w+")


@dataclass(frozen=True)
class Term:
    kind: str  # "word", "phrase", "tag", "year" or "status"
    value: str = ""
    words: tuple[str, ...] = ()  # folded words of a word or phrase term
    field: str | None = None  # None: any field
    negated: bool = False
    prefix: bool = False  # the word being typed: also matches as a prefix
    lo: int | None = None
    hi: int | None = None


@dataclass(frozen=True)
class Query:
    text: str
    terms: tuple[Term, ...] = ()
    notes: tuple[str, ...] = field(default=())

    @property
    def empty(self) -> bool:
        return not self.terms

    @property
    def ranked(self) -> bool:
        """Whether any term scores papers (filters alone leave the current sort)."""
        return any(t.kind in ("word", "phrase") and not t.negated for t in self.terms)


def parse(text: str) -> Query:
    notes: list[str] = []
    if sum(1 for m in _QUOTE.finditer(text) if not m.group(1)) % 2:
        notes.append("unclosed quote: searched those words as plain words")
        text_for_terms = _QUOTE.sub(lambda m: m.group(1) or " ", text)
    else:
        text_for_terms = text
    terms: list[Term] = []
    for m in _TERM.finditer(text_for_terms):
        neg, name, _whole, inner, bare = m.groups()
        quoted = inner is not None
        value = _ESCAPED.sub(r"\1", inner) if quoted else bare
        terms.extend(_term(bool(neg), (name or "").lower(), value, quoted, notes))
    typing = bool(text) and not text[-1].isspace() and not text.endswith('"')
    if typing and terms and terms[-1].kind == "word" and not terms[-1].negated:
        terms[-1] = _replace(terms[-1], prefix=True)
    return Query(text=text, terms=tuple(terms), notes=tuple(notes))


def _term(neg: bool, name: str, value: str, quoted: bool, notes: list[str]) -> list[Term]:
    if name in FILTERS:
        term = _filter(name, value, neg)
        if term:
            return [term]
        notes.append(f"'{name}:{value}' is not a valid {name}: searched it as plain words")
        return _words(f"{name} {value}", None, neg)
    fld = FIELD_ALIASES.get(name)
    if name and fld is None:
        value = f"{name} {value}"  # `arXiv:2101` or `foo:bar` are words, not fields
    words = tuple(fold(w) for w in _WORD.findall(value))
    if quoted and len(words) > 1:
        return [Term("phrase", value, words, fld, neg)]
    return _words(value, fld, neg)


def _words(value: str, fld: str | None, neg: bool) -> list[Term]:
    words = [fold(w) for w in _WORD.findall(value)]
    if neg and len(words) > 1:  # -"two words" or -post-training: negate the whole phrase
        return [Term("phrase", value, tuple(words), fld, True)]
    return [Term("word", w, (w,), fld, neg) for w in words]


def _filter(name: str, value: str, neg: bool) -> Term | None:
    if name == "tag":
        levels = [" ".join(p.split()) for p in value.split(">")]
        return Term("tag", " > ".join(levels), negated=neg) if all(levels) else None
    if name == "status":
        try:
            return Term("status", Status(value.lower()).value, negated=neg)
        except ValueError:
            return None
    m = _YEAR.match(value.strip())
    if not m:
        return None
    exact, lo, hi, op, bound = m.groups()
    if exact:
        return Term("year", value, lo=int(exact), hi=int(exact), negated=neg)
    if lo:
        return Term("year", value, lo=min(int(lo), int(hi)), hi=max(int(lo), int(hi)), negated=neg)
    b = int(bound)
    ranges = {">=": (b, None), ">": (b + 1, None), "<=": (None, b), "<": (None, b - 1)}
    lo_b, hi_b = ranges[op]
    return Term("year", value, lo=lo_b, hi=hi_b, negated=neg)


def _replace(term: Term, **changes: object) -> Term:
    from dataclasses import replace

    return replace(term, **changes)  # type: ignore[arg-type]
