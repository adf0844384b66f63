"""The search box's language, parsed once for the CLI and the GUI.

Bare words must all match (the last one also as a prefix, since it is being typed);
`"a phrase"` matches exactly; `title:` `author:`/`au:` `abstract:` `venue:` `key:` limit a
word to a field; `tag:` matches a tag and its subtree; `year:2020`, `year:2018..2021`,
`year:>=2020`; `status:unread|reading|read`; a leading `-` negates. A run of Han, kana
or hangul characters is a `cjk` term: its bigrams (`litman.core.cjk`), found together.
Inside quotes a backslash keeps a quote or a backslash (`tag:"say \\"hi\\""` is the tag
`say "hi"`); any other backslash is itself. A malformed query is never an error: the bad part
is read as plain words and `notes` says so, for the GUI to hint.
"""

import re
from dataclasses import dataclass, field

from litman.core import cjk
from litman.core.messages import _
from litman.core.records import Status
from litman.core.text import fold, search_words

FIELD_ALIASES = {
    "title": "title",
    "author": "authors",
    "au": "authors",
    "authors": "authors",
    "abstract": "abstract",
    "fulltext": "fulltext",
    "text": "fulltext",
    "venue": "venue",
    "key": "citekey",
    "citekey": "citekey",
}
FILTERS = ("tag", "year", "status")
SCORED = ("word", "phrase", "cjk")  # the kinds of terms that score papers (the rest filter)
_TERM = re.compile(r'(-?)(?:([A-Za-z]+):)?("((?:[^"\\]|\\.)*)"|(\S+))')
_ESCAPED = re.compile(r'\\(["\\])')  # inside quotes: \" is a quote, \\ a backslash
_QUOTE = re.compile(r'(\\.)|"')  # a quote not escaped (an escape is group 1)
_YEAR = re.compile(r"^(?:(\d{4})|(\d{4})\s*(?:\.\.|-)\s*(\d{4})|(>=|<=|>|<)(\d{4}))$")
_WORD = re.compile(r"\w+")


@dataclass(frozen=True)
class Term:
    kind: str  # "word", "phrase", "cjk", "tag", "year" or "status"
    value: str = ""
    words: tuple[str, ...] = ()  # folded words of a word or phrase term
    field: str | None = None  # None: any field
    negated: bool = False
    prefix: bool = False  # the word being typed: also matches as a prefix
    lo: int | None = None
    hi: int | None = None
    # A CJK run's other bigram sequences that match it too (`_joined`).
    alts: tuple[tuple[str, ...], ...] = ()


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
        return any(t.kind in SCORED and not t.negated for t in self.terms)


def parse(text: str) -> Query:
    notes: list[str] = []
    if sum(1 for m in _QUOTE.finditer(text) if not m.group(1)) % 2:
        notes.append(_("unclosed quote: searched those words as plain words"))
        text_for_terms = _QUOTE.sub(lambda m: m.group(1) or " ", text)
    else:
        text_for_terms = text
    terms: list[Term] = []
    for m in _TERM.finditer(text_for_terms):
        neg, name, _whole, inner, bare = m.groups()
        quoted = inner is not None
        value = _ESCAPED.sub(r"\1", inner) if quoted else bare
        terms.extend(_term(bool(neg), (name or "").lower(), value, quoted, notes))
    terms = _joined(terms)
    typing = bool(text) and not text[-1].isspace() and not text.endswith('"')
    if typing and terms and terms[-1].kind == "word" and not terms[-1].negated:
        terms[-1] = _replace(terms[-1], prefix=True)
    return Query(text=text, terms=tuple(terms), notes=tuple(notes))


def _term(neg: bool, name: str, value: str, quoted: bool, notes: list[str]) -> list[Term]:
    if name in FILTERS:
        term = _filter(name, value, neg)
        if term:
            return [term]
        said = _("'{0}:{1}' is not a valid {0}: searched it as plain words")
        notes.append(said.format(name, value))
        return _words(f"{name} {value}", None, neg)
    fld = FIELD_ALIASES.get(name)
    if name and fld is None:
        value = f"{name} {value}"  # `arXiv:2101` or `foo:bar` are words, not fields
    words = tuple(search_words(value))
    if quoted and len(words) > 1:
        return [Term("phrase", value, words, fld, neg)]
    return _words(value, fld, neg)


def _words(value: str, fld: str | None, neg: bool) -> list[Term]:
    if neg:
        words = search_words(value)
        if len(words) > 1:  # -"two words", -post-training, -深度: negate the whole phrase
            return [Term("phrase", value, tuple(words), fld, True)]
    terms = []
    for w in _WORD.findall(value):
        if w.isascii() or not cjk.has_cjk(w):
            terms.append(Term("word", fold(w), (fold(w),), fld, neg))
            continue
        for is_run, piece, _at in cjk.pieces(w):
            if is_run:
                terms.append(_cjk_term(piece, fld, neg))
            else:
                terms.append(Term("word", fold(piece), (fold(piece),), fld, neg))
    return terms


def _cjk_term(run: str, fld: str | None, neg: bool) -> Term:
    """A run of CJK characters: its bigrams found together in one field; one character
    alone, as the beginning of any bigram."""
    folded = cjk.fold_run(run)
    return Term("cjk", folded, tuple(cjk.grams(folded)), fld, neg, prefix=len(folded) == 1)


def _joined(terms: list[Term]) -> list[Term]:
    """Two CJK runs one after the other (`图像识 别`: a stray space, as Chinese has none):
    the second also matches as the two joined, which ranks the text holding them together
    first."""
    out = list(terms)
    for i in range(1, len(out)):
        prev, cur = out[i - 1], out[i]
        together = prev.kind == cur.kind == "cjk" and prev.field == cur.field
        if together and not (prev.negated or cur.negated):
            out[i] = _replace(cur, alts=(tuple(cjk.grams(prev.value + cur.value)),))
    return out


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
