"""BibTeX fields to a paper and back, one field at a time.

Reading keeps what litman cannot model as it was read: every unmodelled field goes to
`extra`, the order of the entry's fields is remembered, and a modelled field whose value
litman would write differently is kept as read under `litman-raw-<field>`. Writing prefers
that copy while the paper's value still says the same, so an unedited entry comes back as
it was read (JabRef's rule). Values litman writes itself are escaped for LaTeX, titles
protect acronyms and math from BibTeX's case changes, and URLs and DOIs are verbatim.
"""

import re
from collections.abc import Callable
from functools import lru_cache
from itertools import repeat
from typing import Literal

from litman.core.fields import BIBTEX_ORDER, RAW_PREFIX, VENUE_AT, venue_field, venue_read_from
from litman.core.fields import MODELLED as COLUMNS
from litman.core.names import split_list
from litman.core.records import NewPaper, Paper, Status
from litman.formats import latex, markup
from litman.formats.names import looks_personal

Mode = Literal["pdflatex", "utf8", "ascii"]
AnyPaper = NewPaper | Paper
RAW = RAW_PREFIX  # extra keys holding a field's value as read, for byte-exact export
ORDER = BIBTEX_ORDER  # extra key: the entry's field names as read, comma-separated
TRUNCATED = "litman-abstract-truncated"  # BibTeX field: the abstract is a cut copy
DERIVED = "litman-title-derived"  # BibTeX field: litman made the title from the abstract
READ_OUT = {Status.READ: "read", Status.READING: "skimmed"}
READ_IN = {"read": Status.READ, "skimmed": Status.READING}
MONTH_NAMES = "jan feb mar apr may jun jul aug sep oct nov dec".split()
VERBATIM = frozenset({"doi", "url", "eprint", "file", "pdf"})
KEYWORD_SEPARATOR = ","  # as JabRef writes them
SEPARATOR = "litman-keyword-separator"  # extra key: the separator keywords were read with
# The fields read as text (the venue's too): LaTeX in them is decoded.
DECODED = ("title", "abstract", "author", "editor", "keywords", "comment")


# -- reading -----------------------------------------------------------------------------


def to_paper(
    key: str, etype: str, raw: dict[str, str], line: int, warnings: list[str], sep: str = ","
) -> NewPaper:
    """A paper from an entry's resolved field values (names lower-cased, in file order)."""
    etype = etype.lower()
    venue_key = venue_read_from(etype, raw)
    modelled = {*COLUMNS, TRUNCATED, DERIVED, venue_key or "title"}
    extra = {k: v for k, v in raw.items() if k not in modelled}
    extra[ORDER] = ",".join(raw)
    if venue_key and venue_key != venue_field(etype):
        extra[VENUE_AT] = venue_key
    dropped: list[str] = []
    tags = tuple(split_keywords(raw.get("keywords", ""), dropped, sep))
    if sep != KEYWORD_SEPARATOR and "keywords" in raw:
        extra[SEPARATOR] = sep
    warnings += [
        f"line {line}: keyword '{k}' has an empty level; not kept as a tag" for k in dropped
    ]
    warnings += [
        f"line {line}: field '{name}' of '{key}' holds LaTeX litman cannot read; kept as written"
        for name in (*DECODED, venue_key or "title")
        if name in raw and not latex.readable(raw[name])
    ]
    paper = NewPaper(
        title=clean(latex.decode(_plain(raw.get("title", "")))),
        abstract=latex.decode(_plain(raw.get("abstract", ""))),
        notes=notes_of(raw.get("comment", "")),
        authors=tuple(split_names(raw.get("author", raw.get("editor", "")))),
        year=year_of(raw.get("year", raw.get("date", ""))),
        venue=clean(latex.decode(raw[venue_key])) if venue_key else "",
        doi=raw.get("doi", "").strip(),
        url=raw.get("url", "").strip(),
        entry_type=etype,
        citekey=key,
        tags=tags,
        status=READ_IN.get(raw.get("readstatus", "").strip().lower(), Status.UNREAD),
        rating=_rank(raw.get("ranking", "")),
        abstract_truncated=raw.get(TRUNCATED, "").strip() == "true",
        title_derived=raw.get(DERIVED, "").strip() == "true",
        extra=extra,
    )
    for name in MODELLED:
        field = venue_key if name == "venue" else name
        # keywords always: the library may file them under a tag spelt in another case
        if field in raw and (name == "keywords" or _write(paper, name, "utf8") != raw[field]):
            extra[RAW + name] = raw[field]
    return paper


def clean(text: str) -> str:
    return " ".join(text.split())


def notes_of(comment: str) -> str:
    """A `comment` field (JabRef's Comments) as notes: decoded, its lines' indentation
    and the blank lines around it taken off, the blank lines between paragraphs kept."""
    return "\n".join(line.strip() for line in latex.decode(comment).strip().splitlines())


_HTML_TAG = re.compile(r"</?[A-Za-z][\w:-]*(?:\s[^<>]*)?/?>")


def _plain(text: str) -> str:
    """HTML tags from publishers' exports (<i>, <sub>, even <script>) as plain text; a
    field with no tag is left exactly as it was."""
    return " ".join(markup.to_plain(text).split()) if _HTML_TAG.search(text) else text


def year_of(text: str) -> int | None:
    if len(text) == 4 and text.isdecimal():  # `2020`, most years: no regex
        return int(text)
    m = _YEAR.search(text)
    return int(m.group(1)) if m else None


_YEAR = re.compile(r"(?<!\d)(\d{4})(?!\d)")


def _rank(text: str) -> int:
    m = re.fullmatch(r"\s*rank([0-5])\s*", text)
    return int(m.group(1)) if m else 0


def split_names(value: str) -> list[str]:
    """`A and B and {C and D}` into names (an `and` next to any white space splits);
    `and others` stays as `others`. A name braced whole (`{World Health Organization}`)
    is read without its braces; the field as read is kept to be written back."""
    return [name for name, _braced in _names(value)]


def people_written_whole(p: AnyPaper) -> frozenset[str]:
    """The authors of a paper read from a .bib file that BibTeX reads as `First von Last`:
    written whole and not braced (elsewhere, a name written whole is kept whole)."""
    if ORDER not in p.extra:
        return frozenset()
    braced = corporate_names(p.extra.get(RAW + "author", ""))
    return frozenset(a for a in p.authors if "," not in a and a not in braced)


def names_kept_whole(p: AnyPaper) -> set[str]:
    """The authors BibTeX must read whole, written braced: those read braced from a .bib
    file; of a paper from elsewhere, each name written whole that is not a person's by its
    shape (`World Health Organization`; `Jane Doe` is a person's, `Plato` needs no braces)."""
    if ORDER in p.extra:
        return corporate_names(p.extra.get(RAW + "author", ""))
    return {a for a in p.authors if "," not in a and " " in a and not looks_personal(a)}


def corporate_names(value: str) -> set[str]:
    """The names of an author field as read that were braced whole (`{World Health
    Organization}`): an edited author list writes them braced again, not as people."""
    return {name for name, braced in _names(value) if braced} if "{" in value else set()


def _names(value: str) -> list[tuple[str, bool]]:
    """Each name of a name list, as stored (folded, as every name), and whether it was
    braced whole."""
    out = []
    for name in split_list(value):
        if len(name) >= 2 and name[0] == "{" and name[-1] == "}" and _balanced(name[1:-1]):
            out.append((clean(latex.decode(name[1:-1])), True))
        elif name:
            out.append((clean(latex.decode(name)), False))
    return out


def unescaped(text: str, chars: str) -> list[tuple[int, str]]:
    """Where `text` holds one of `chars` (braces, quotes, `@`) that no backslash escapes, as
    BibTeX counts them: a backslash escapes the character after it, a backslash too."""
    return [(m.start(), c) for m in _marks(chars).finditer(text) if len(c := m.group()) == 1]


@lru_cache(maxsize=8)
def _marks(chars: str) -> re.Pattern[str]:
    return re.compile(r"\\.|[" + re.escape(chars) + "]", re.S)


def depths(value: str) -> list[int]:
    """Brace depth before each character, and after the last; escaped braces (`\\{`) do
    not count."""
    out: list[int] = []
    depth = 0
    for i, brace in unescaped(value, "{}"):
        out += [depth] * (i + 1 - len(out))
        depth += 1 if brace == "{" else -1
    return out + [depth] * (len(value) + 1 - len(out))


def _balanced(text: str) -> bool:
    d = depths(text)
    return min(d) >= 0 and d[-1] == 0


@lru_cache(maxsize=8)
def _separator(sep: str) -> re.Pattern[str]:
    return re.compile(r"(?<!\\)" + re.escape(sep))


def split_keywords(
    value: str, dropped: list[str] | None = None, sep: str = KEYWORD_SEPARATOR
) -> list[str]:
    """JabRef keywords as tag paths, split on `,` (`;` belongs to the keyword, as in MeSH
    lists); one with an empty level (`A > `) goes to `dropped`."""
    tags = []
    for part in _separator(sep).split(value):
        tag = clean(latex.decode(part.replace("\\" + sep, sep)))
        levels = [clean(level) for level in tag.split(">")]
        if tag and all(levels):
            tags.append(" > ".join(levels))
        elif tag and dropped is not None:
            dropped.append(tag)
    return tags


# -- writing -----------------------------------------------------------------------------


MODELLED = ("title", "author", "year", "venue", "doi", "url", "abstract", "keywords", "comment")


def _write(p: AnyPaper, name: str, mode: Mode) -> str | None:
    """A modelled field as litman writes it from the paper's own value; None if empty."""
    return _WRITERS[name](p, mode)


def _title(p: AnyPaper, mode: Mode) -> str | None:
    return protect_case(p.title, mode) if p.title else None


def _author(p: AnyPaper, mode: Mode) -> str | None:
    if not p.authors:
        return None
    braced = names_kept_whole(p)
    names = [f"{{{a}}}" if a in braced else a for a in p.authors] if braced else p.authors
    return " and ".join(map(write_name, names, repeat(mode)))


def _year(p: AnyPaper, mode: Mode) -> str | None:
    return str(p.year) if p.year else None


def _venue(p: AnyPaper, mode: Mode) -> str | None:
    return _encode_short(p.venue, mode) if p.venue else None


def _doi(p: AnyPaper, mode: Mode) -> str | None:
    return verbatim(p.doi) if p.doi else None


def _url(p: AnyPaper, mode: Mode) -> str | None:
    return verbatim(p.url) if p.url else None


def _abstract(p: AnyPaper, mode: Mode) -> str | None:
    return encode(p.abstract, mode) if p.abstract else None


def _keywords(p: AnyPaper, mode: Mode) -> str | None:
    return _keywords_written(tuple(p.tags), mode) or None if p.tags else None


@lru_cache(maxsize=1 << 12)  # a library's papers share a few sets of tags
def _keywords_written(tags: tuple[str, ...], mode: Mode) -> str:
    return (KEYWORD_SEPARATOR + " ").join([write_keyword(t, mode) for t in tags])


def _comment(p: AnyPaper, mode: Mode) -> str | None:
    """Notes as `comment`, after the `comment` field an import made before notes were read
    from it (kept as written), so neither is lost."""
    written = [p.extra["comment"]] if "comment" in p.extra and p.notes else []
    return "\n\n".join([*written, encode(p.notes, mode)]) if p.notes else None


_WRITERS: dict[str, Callable[[AnyPaper, Mode], str | None]] = {
    "title": _title,
    "author": _author,
    "year": _year,
    "venue": _venue,
    "doi": _doi,
    "url": _url,
    "abstract": _abstract,
    "keywords": _keywords,
    "comment": _comment,
}
# Each modelled field: its name, the extra key of its value as read, and its writer.
_FIELDS = tuple((name, RAW + name, _WRITERS[name]) for name in MODELLED)


def modelled_fields(p: AnyPaper, mode: Mode) -> dict[str, str]:
    """Field name -> value for what litman models: a value read from a file and not
    edited since is written back as it was read."""
    out: dict[str, str] = {}
    extra = p.extra
    as_read = ORDER in extra  # else no field can be `_derived`
    for name, raw_key, write in _FIELDS:
        raw = extra.get(raw_key) if extra else None
        if raw is not None and _unedited(name, raw, p):
            value: str | None = encode_chars(raw, mode) if mode == "ascii" else raw
        else:
            value = write(p, mode)
        if value is None or (as_read and _derived(name, p)):
            continue
        out[venue_field(p.entry_type, extra) if name == "venue" else name] = value
    if p.status in READ_OUT:
        out["readstatus"] = READ_OUT[p.status]
    if p.rating:
        out["ranking"] = f"rank{p.rating}"
    if p.abstract_truncated:
        out[TRUNCATED] = "true"
    if p.title_derived:
        out[DERIVED] = "true"
    return out


def _unedited(name: str, raw: str, p: AnyPaper) -> bool:
    if name == "author":
        return tuple(split_names(raw)) == p.authors
    if name == "year":
        return year_of(raw) == p.year
    if name == "keywords":
        sep = p.extra.get(SEPARATOR, KEYWORD_SEPARATOR)
        return {t.casefold() for t in split_keywords(raw, None, sep)} == {
            t.casefold() for t in p.tags
        }
    if name == "comment":
        return notes_of(raw) == p.notes
    now = {"title": p.title, "venue": p.venue, "abstract": p.abstract}.get(name)
    if now is None:
        return clean(raw) == clean(getattr(p, name))
    return clean(latex.decode(_plain(raw))) == clean(now)


def _derived(name: str, p: AnyPaper) -> bool:
    """A modelled field the entry did not have, filled from another (`date`, `editor`)
    and still equal to it: writing it would add a field (and `author` beside `editor`
    makes BibTeX complain)."""
    read = p.extra.get(ORDER)
    if read is None or name in read.split(","):
        return False
    if name == "year":
        return "date" in p.extra and year_of(p.extra["date"]) == p.year
    if name == "author":
        return "editor" in p.extra and tuple(split_names(p.extra["editor"])) == p.authors
    return False


def verbatim(value: str) -> str:
    """A URL or DOI as it is: biblatex reads these verbatim, so escapes would print."""
    if "{" not in value and "}" not in value:
        return value  # the common case, without counting depths character by character
    return value.replace("{", "%7B").replace("}", "%7D") if not _balanced(value) else value


def encode(text: str, mode: Mode) -> str:
    return encode_chars(latex.encode(text, mode == "ascii"), mode)


# Venues: a library's papers share a few hundred.
_encode_short = lru_cache(maxsize=1 << 12)(encode)


# Characters pdflatex sets with its default input and font encodings (utf8, OT1, TS1, OMS),
# read from the .dfu files of TeX Live 2022. Anything else is written in its LaTeX form.
_PDFLATEX_SAFE = re.compile(
    "[\x00-\x7f\u00a1-\u00ac\u00ae-\u0125\u0128-\u0137\u0139-\u013e\u0141-\u0148"
    "\u014a-\u0165\u0168-\u017e\u0192\u01c4-\u01d4\u02c6\u02c7\u02d8\u02d9\u02db-\u02dd"
    "\u2010-\u2016\u2018-\u201a\u201c-\u201e\u2020-\u2022\u2026\u2030\u2031\u2039\u203a"
    "\u2044\u20ac\u2122\u2190-\u2193]*"
)


def encode_chars(text: str, mode: Mode) -> str:
    """Characters pdflatex cannot set written as LaTeX (all non-ASCII under `ascii`)."""
    if mode == "utf8" or text.isascii():
        return text
    if mode == "ascii":
        return latex.encode_non_ascii(text)
    out, pos = [], 0
    while pos < len(text):
        safe = _PDFLATEX_SAFE.match(text, pos)
        end = safe.end() if safe else pos
        out.append(text[pos:end])
        if end < len(text):
            out.append(latex.encode_non_ascii(text[end]))
        pos = end + 1
    return "".join(out)


def protect_case(title: str, mode: Mode) -> str:
    """A title for BibTeX styles that change case: acronyms and mixed case (`LLMs`,
    `ReLU`) and inline math go in braces, as BibTeX users write them."""
    if "$" not in title:  # no math (`latex.math_spans`): most titles
        return _protect_words(title, mode)
    pieces, pos = [], 0
    for start, end in latex.math_spans(title):
        pieces += [_protect_words(title[pos:start], mode), "{" + title[start:end] + "}"]
        pos = end
    pieces.append(_protect_words(title[pos:], mode))
    return "".join(pieces)


def _protect_words(text: str, mode: Mode) -> str:
    if not _INNER_CAPITAL.search(text) or not _CASED.search(text):
        return encode(text, mode)  # the common case: nothing for BibTeX to lower-case
    out, pos = [], 0
    for m in _CASED_WORD.finditer(text):
        out += [encode(text[pos : m.start()], mode), "{" + encode(m.group(), mode) + "}"]
        pos = m.end()
    out.append(encode(text[pos:], mode))
    return "".join(out)


# A word with a capital after its first letter (`LLMs`, `ReLU`, `GPT-4`): BibTeX styles
# would lower-case it.
_CASED = re.compile(r"[^\W\d_][^\s]*?[A-Z]")
# What `_CASED` needs and is cheaper to look for (its search is quadratic in a word's length).
_INNER_CAPITAL = re.compile(r"\S[A-Z]")
_CASED_WORD = re.compile(r"(?<!\S)(?=\S*?[^\W\d_]\S*?[A-Z])\S+")


@lru_cache(maxsize=1 << 16)  # a library names the same people again and again
def write_name(author: str, mode: Mode) -> str:
    """A name as BibTeX must read it back: a corporate name `{...}` keeps its braces,
    and a name holding, starting or ending with the word `and` is braced whole."""
    if len(author) > 2 and author[0] == "{" and author[-1] == "}" and _balanced(author[1:-1]):
        return "{" + encode(author[1:-1], mode) + "}"
    text = encode(author, mode)
    needs_group = _AND_WORD.search(author) or author != author.strip()
    return "{" + text + "}" if needs_group or not author else text


_AND_WORD = re.compile(r"(?i)(?:^|\s)and(?:\s|$)")


@lru_cache(maxsize=1 << 12)  # and tags
def write_keyword(tag: str, mode: Mode) -> str:
    # `>` is JabRef's hierarchy separator in keywords, so it stays as it is.
    text = encode(tag, mode).replace(r"\textgreater{}", ">")
    return text.replace(KEYWORD_SEPARATOR, "\\" + KEYWORD_SEPARATOR)
