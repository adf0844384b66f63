"""BibTeX: export that compiles and round-trips, import that says what it skipped.

Export writes each paper through bibtexparser v2 with every value escaped by
`litman.formats.latex`: braces always balance, `& % $ # _` print literally, inline math stays
math, tags go to JabRef-style `keywords` and reading status and rating to JabRef's
`readstatus` and `ranking`. Fields litman does not model come back from `extra` untouched,
and a field that was not edited since import is written back exactly as it was read.

Import resolves `@string` macros, `#` concatenation and month macros itself (bibtexparser's
string middleware handles neither concatenation nor months), decodes LaTeX only where there
is some, and skips malformed entries with their line numbers.
"""

import hashlib
import logging
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import count
from pathlib import Path
from typing import TextIO

import bibtexparser
from bibtexparser import model

from litman.core.errors import ImportFailed
from litman.core.records import ImportBatch, NewPaper, Paper, Skipped, Status
from litman.formats import latex, markup
from litman.formats.decoding import decode, read_bytes

RAW = "litman-raw-"  # extra keys holding a field's value as read, for byte-exact export
MODELLED = {
    "title",
    "author",
    "year",
    "journal",
    "booktitle",
    "howpublished",
    "publisher",
    "doi",
    "url",
    "abstract",
    "keywords",
    "readstatus",
    "ranking",
}
VENUE_FIELD = {
    "article": "journal",
    "inproceedings": "booktitle",
    "incollection": "booktitle",
    "inbook": "booktitle",
    "conference": "booktitle",
    "book": "publisher",
}
READ_OUT = {Status.READ: "read", Status.READING: "skimmed"}
READ_IN = {"read": Status.READ, "skimmed": Status.READING}
MONTHS = {
    m: str(i) for i, m in enumerate("jan feb mar apr may jun jul aug sep oct nov dec".split(), 1)
}
_ENCODING_HEADER = re.compile(r"%\s*Encoding:\s*([\w-]+)", re.I)
_KEYWORD_SPLIT = re.compile(r"(?<!\\)[,;]")

logging.getLogger("bibtexparser").setLevel(logging.CRITICAL)


# -- export ------------------------------------------------------------------------------


def dumps(papers: Iterable[Paper], ascii_only: bool = False) -> str:
    """BibTeX text for papers, UTF-8 by default, LaTeX escapes for classic BibTeX on request.

    The layout is bibtexparser's default writer's, byte for byte (a test holds them equal);
    writing it directly skips building its model objects, a third of export time at 100k.
    """
    return "\n\n".join(_entry(p, fields_of(p, ascii_only)) for p in papers)


def _entry(p: Paper, fields: list[tuple[str, str]]) -> str:
    body = "".join(f"\t{_name_safe(k)} = {{{v}}},\n" for k, v in fields)[:-2] + "\n"
    kind = _name_safe(p.entry_type) or "misc"
    return f"@{kind}{{{_UNSAFE_KEY.sub('_', p.citekey)},\n{body if fields else ''}}}\n"


# Characters that would end a key, a field name or an entry type early (set through the API,
# a key or an unmodelled field's name can hold anything).
_UNSAFE_KEY = re.compile(r'[\s,{}()"#%=\\@\']')
_UNSAFE_NAME = re.compile(r"[^\w:.+-]")


def _name_safe(name: str) -> str:
    return _UNSAFE_NAME.sub("_", name)


def write(papers: Iterable[Paper], out: TextIO, ascii_only: bool = False) -> int:
    """Write `dumps(papers)` to `out` an entry at a time (papers may be a generator, so a
    100k export never holds them all); returns how many were written."""
    written = 0
    for p in papers:
        if written:
            out.write("\n\n")
        out.write(_entry(p, fields_of(p, ascii_only)))
        written += 1
    return written


def export(papers: Iterable[Paper], path: Path, ascii_only: bool = False) -> int:
    tmp = path.with_name(path.name + ".tmp")
    try:
        with tmp.open("w", encoding="utf-8") as out:
            written = write(papers, out, ascii_only)
        tmp.replace(path)  # never leave a half-written file under the user's name
    except BaseException:
        tmp.unlink(missing_ok=True)  # a full disk or a cancel leaves nothing behind
        raise
    return written


def fields_of(p: Paper, ascii_only: bool = False) -> list[tuple[str, str]]:
    def enc(name: str, text: str) -> str:
        raw = p.extra.get(RAW + name)
        if raw is not None and latex.decode(raw) == text and not ascii_only:
            return raw  # unedited since import: write it back byte for byte
        return latex.encode(text, ascii_only)

    out: list[tuple[str, str]] = []
    if p.title:
        out.append(("title", enc("title", p.title)))
    if p.authors:
        out.append(("author", " and ".join(_name(a, ascii_only) for a in p.authors)))
    if p.year:
        out.append(("year", str(p.year)))
    if p.venue:
        out.append((VENUE_FIELD.get(p.entry_type, "howpublished"), enc("venue", p.venue)))
    for name in ("doi", "url", "abstract"):
        value = getattr(p, name)
        if value:
            out.append((name, enc(name, value)))
    if p.tags:
        out.append(("keywords", ", ".join(_keyword(t, ascii_only) for t in p.tags)))
    if p.status in READ_OUT:
        out.append(("readstatus", READ_OUT[p.status]))
    if p.rating:
        out.append(("ranking", f"rank{p.rating}"))
    out.extend((k, v) for k, v in p.extra.items() if not k.startswith(RAW))
    # A value written between braces must stay inside them, for BibTeX and for parsers:
    # raw text kept from an import, or an unmodelled field, that would not is re-encoded.
    return [(k, v if stays_inside(v) else _reencode(v, ascii_only)) for k, v in out]


def stays_inside(value: str) -> bool:
    """Whether `{value}` is read as one field by BibTeX and by bibtexparser.

    BibTeX counts every brace, `\\{` and `\\}` included; bibtexparser skips a brace right
    after a backslash. Under both counts the braces must nest and close. A value may not end
    in a backslash (bibtexparser would skip the closing brace), nor hold a line starting
    with `@` (bibtexparser takes it for a new entry)."""
    if "{" not in value and "}" not in value and "@" not in value:
        return not value.endswith("\\")  # the common case, at C speed
    if value.endswith("\\") or _LINE_AT.search(value):
        return False
    return _nests(_BRACES.findall(value)) and _nests(_UNESCAPED_BRACES.findall(value))


def _nests(braces: list[str]) -> bool:
    depth = 0
    for brace in braces:
        depth += 1 if brace == "{" else -1
        if depth < 0:
            return False
    return depth == 0


def _reencode(value: str, ascii_only: bool) -> str:
    """The value's text written afresh: specials escaped, inline math kept only where
    it is safe, and `@` starting a line put in braces (it still prints as `@`)."""
    text = latex.encode(latex.decode(value), ascii_only)
    return _LINE_AT.sub(lambda m: m.group(1) + "{@}", text)


_LINE_AT = re.compile(r"(\n\s*)@")
_BRACES = re.compile(r"[{}]")
_UNESCAPED_BRACES = re.compile(r"(?<!\\)[{}]")


def _name(author: str, ascii_only: bool) -> str:
    text = latex.encode(author, ascii_only)
    needs_group = re.search(r"(?i)\sand\s", author) or author != author.strip() or not author
    return "{" + text + "}" if needs_group else text


def _keyword(tag: str, ascii_only: bool) -> str:
    # `>` is JabRef's hierarchy separator in keywords, so it stays as it is.
    text = latex.encode(tag, ascii_only).replace(r"\textgreater{}", ">")
    return text.replace(",", r"\,").replace(";", r"\;")


# -- import ------------------------------------------------------------------------------


# `@article{` followed at once by `author = ...` (EndNote) or by a comma (Mendeley): an entry
# written without a key. It gets a placeholder key for the parser, then a real one from the
# library.
NO_KEY = "litman-no-key-"
_KEYLESS = re.compile(
    r"(@\s*(?!string\b|preamble\b|comment\b)[A-Za-z][\w-]*\s*[{(]\s*)"
    r"(?:(?=[A-Za-z][\w-]*\s*=)|(?P<comma>,))",
    re.I,
)

# A whole book's abstract fits in a tenth of this; beyond it a field is debris or an attack.
MAX_FIELD_CHARS = 100_000


def read(path: Path) -> ImportBatch:
    data = read_bytes(path)  # type and size checked first, read once
    declared = _ENCODING_HEADER.search(data[:512].decode("ascii", "ignore"))
    decoded = decode(data, path.name, declared.group(1) if declared else None)
    if not decoded.text.strip():
        raise ImportFailed(f"{path.name}: the file is empty; there is nothing to import.")
    papers, lines, skipped, warnings = parse(decoded.text)
    if not papers and not skipped:
        raise ImportFailed(f"{path.name}: holds no BibTeX entries; nothing was imported.")
    return ImportBatch(
        path.name,
        tuple(papers),
        tuple(lines),
        tuple(skipped),
        (*decoded.warnings, *warnings),
        digest=hashlib.sha256(decoded.text.encode()).hexdigest(),
    )


def parse(text: str) -> tuple[list[NewPaper], list[int], list[Skipped], list[str]]:
    numbers = count(1)
    text = _KEYLESS.sub(lambda m: f"{m.group(1)}{NO_KEY}{next(numbers)},", text)
    try:
        lib = bibtexparser.parse_string(text, parse_stack=[])  # type: ignore[attr-defined]
    except (RecursionError, ValueError, IndexError) as exc:
        raise ImportFailed(
            f"the file cannot be parsed as BibTeX ({type(exc).__name__}); nothing was imported."
        ) from exc
    macros = Macros(dict(MONTHS))
    unknown: set[str] = set()
    warnings_: list[str] = []
    for s in lib.strings:
        try:
            macros.known[s.key.lower()] = _resolve(s.value, macros, unknown)
        except _TooLong as exc:
            macros.capped.add(s.key.lower())
            warnings_.append(f"line {(s.start_line or 0) + 1}: @string '{s.key}' {exc}; left out")
    papers, lines, skipped = [], [], []
    entries = list(lib.entries)
    for block in lib.failed_blocks:
        dup = block.ignore_error_block if isinstance(block, model.DuplicateBlockKeyBlock) else None
        if isinstance(dup, model.Entry) and dup.key.strip():
            entries.append(dup)  # imported under a suffixed key, and reported
        else:
            skipped.append(Skipped((block.start_line or 0) + 1, _failure(block)))
    for entry in entries:
        line = (entry.start_line or 0) + 1
        if not entry.key or not entry.key.strip():
            skipped.append(Skipped(line, "entry without a citation key"))
            continue
        if entry.key.startswith(NO_KEY):  # EndNote and others write `@article{` + fields
            entry.key = ""  # the library makes one, as for a new paper
            warnings_.append(f"line {line}: entry without a citation key; litman made one")
        huge = next((f for f in entry.fields if len(f.value) > MAX_FIELD_CHARS), None)
        if huge is not None:
            skipped.append(
                Skipped(
                    line,
                    f"field '{huge.key}' holds {len(huge.value):,} characters; no real "
                    f"entry does (the limit is {MAX_FIELD_CHARS:,})",
                )
            )
            continue
        try:
            papers.append(to_paper(entry, macros, line, unknown, warnings_))
        except _TooLong as exc:
            skipped.append(Skipped(line, f"a field {exc}"))
            continue
        lines.append(line)
    order = sorted(range(len(papers)), key=lines.__getitem__)
    warnings = warnings_ + [
        f"@string macro '{m}' is not defined in this file; kept its name as text"
        for m in sorted(unknown)
    ]
    if macros.spent > MAX_EXPANDED_CHARS:
        warnings.append(
            f"@string macros expanded to more than {MAX_EXPANDED_CHARS:,} characters in all; "
            "later uses kept their names as text"
        )
    return [papers[i] for i in order], [lines[i] for i in order], skipped, warnings


def _failure(block: model.Block) -> str:
    if isinstance(block, model.DuplicateFieldKeyBlock):
        return f"entry with a duplicate field ({', '.join(sorted(block.duplicate_keys))})"
    if isinstance(block, model.DuplicateBlockKeyBlock):
        return f"duplicate citation key '{block.key}' in the file"
    return "malformed entry (unbalanced braces or quotes, or a missing comma)"


# A doubling chain of @string macros grows exponentially (987 bytes reached 4.2 GB): each
# value's expansion is capped like a field, and the file's expansions in total.
MAX_EXPANDED_CHARS = 20_000_000


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


class _TooLong(Exception):
    def __init__(self) -> None:
        super().__init__(f"would expand to more than {MAX_FIELD_CHARS:,} characters")


_SYNTAX = re.compile(r'\\.|[{}"#]', re.DOTALL)


def _resolve(value: str, macros: Macros, unknown: set[str]) -> str:
    """A raw field value with `#` concatenation, macros and enclosing removed."""
    parts, quote, start, depth = [], False, 0, 0
    # Only braces, quotes and `#` matter, and an escaped character (`\{`) is none of them:
    # visiting just those, not every character of a 200-word abstract, was a third of the
    # time to read a 10k-entry file.
    for m in _SYNTAX.finditer(value) if "#" in value else ():
        ch = m.group()
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif ch == '"' and depth == 0:
            quote = not quote
        elif ch == "#" and depth == 0 and not quote:
            parts.append(value[start : m.start()])
            start = m.end()
    parts.append(value[start:])
    out, size = [], 0
    for part in (p.strip() for p in parts):
        if len(part) >= 2 and part[0] + part[-1] in ("{}", '""'):
            text = part[1:-1]
        elif part.isdigit():
            text = part
        else:
            expanded = macros.expand(part)
            if expanded is None and not macros.defines(part):
                unknown.add(part)  # defined in another file, as BibTeX allows: say so
            text = part if expanded is None else expanded
        size += len(text)
        if size > MAX_FIELD_CHARS:
            raise _TooLong
        out.append(text)
    return "".join(out)


def to_paper(
    entry: model.Entry,
    macros: Macros,
    line: int,
    unknown: set[str],
    warnings: list[str] | None = None,
) -> NewPaper:
    raw = {f.key.lower(): _resolve(f.value, macros, unknown) for f in entry.fields}
    dropped: list[str] = []
    tags = tuple(split_keywords(raw.get("keywords", ""), dropped))
    if warnings is not None:
        warnings += [
            f"line {line}: keyword '{k}' has an empty level; not imported as a tag" for k in dropped
        ]
    etype = entry.entry_type.lower()
    venue_key = next(
        (
            k
            for k in (VENUE_FIELD.get(etype), "journal", "booktitle", "howpublished")
            if k and k in raw
        ),
        None,
    )
    extra = {k: v for k, v in raw.items() if k not in MODELLED and k not in ("priority",)}
    if "priority" in raw:
        extra["priority"] = raw["priority"]
    if venue_key and venue_key != VENUE_FIELD.get(etype, "howpublished"):
        extra.pop(venue_key, None)
    for name in ("title", "abstract", "doi", "url"):
        if name in raw and latex.encode(latex.decode(raw[name])) != raw[name]:
            extra[RAW + name] = raw[name]
    if venue_key and latex.encode(latex.decode(raw[venue_key])) != raw[venue_key]:
        extra[RAW + "venue"] = raw[venue_key]
    if "publisher" in raw and etype != "book":
        extra["publisher"] = raw["publisher"]
    return NewPaper(
        title=_clean(latex.decode(_plain(raw.get("title", "")))),
        abstract=latex.decode(_plain(raw.get("abstract", ""))),
        authors=tuple(split_names(raw.get("author", raw.get("editor", "")))),
        year=_year(raw.get("year", raw.get("date", ""))),
        venue=_clean(latex.decode(raw[venue_key])) if venue_key else "",
        doi=latex.decode(raw.get("doi", "")).strip(),
        url=latex.decode(raw.get("url", "")),
        entry_type=etype,
        citekey=entry.key.strip(),
        tags=tags,
        status=READ_IN.get(raw.get("readstatus", "").strip().lower(), Status.UNREAD),
        rating=_rank(raw.get("ranking", "")),
        source=f"line {line}",
        extra=extra,
    )


def _clean(text: str) -> str:
    return " ".join(text.split())


_HTML_TAG = re.compile(r"</?[A-Za-z][\w:-]*(?:\s[^<>]*)?/?>")


def _plain(text: str) -> str:
    """HTML tags from publishers' exports (<i>, <sub>, even <script>) as plain text; a
    field with no tag is left exactly as it was."""
    return " ".join(markup.to_plain(text).split()) if _HTML_TAG.search(text) else text


def _year(text: str) -> int | None:
    m = re.search(r"\b(\d{4})\b", text)
    return int(m.group(1)) if m else None


def _rank(text: str) -> int:
    m = re.fullmatch(r"\s*rank([0-5])\s*", text)
    return int(m.group(1)) if m else 0


def split_names(value: str) -> list[str]:
    """`A and B and {C and D}` into names; `and others` stays as `others`."""
    names, start = [], 0
    for i in _top_level_ands(value):
        names.append(value[start:i])
        start = i + 5
    names.append(value[start:])
    out = []
    for name in names:
        name = name.strip()
        if len(name) >= 2 and name[0] == "{" and name[-1] == "}" and _balanced(name[1:-1]):
            out.append(latex.decode(name[1:-1]))
        elif name:
            out.append(_clean(latex.decode(name)))
    return out


def _depths(value: str) -> list[int]:
    """Brace depth before each character; escaped braces (`\\{`) do not count."""
    depths, depth, escaped = [], 0, False
    for ch in value:
        depths.append(depth)
        if escaped:
            escaped = False
        elif ch == "\\":
            escaped = True
        elif ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
    depths.append(depth)
    return depths


def _top_level_ands(value: str) -> list[int]:
    depths = _depths(value)
    return [m.start() for m in re.finditer(r"(?i) and ", value) if depths[m.start()] == 0]


def _balanced(text: str) -> bool:
    depths = _depths(text)
    return min(depths) >= 0 and depths[-1] == 0


def split_keywords(value: str, dropped: list[str] | None = None) -> list[str]:
    """JabRef keywords as tag paths; one with an empty level (`A > `) goes to `dropped`."""
    tags = []
    for part in _KEYWORD_SPLIT.split(value):
        tag = latex.decode(part.replace(r"\,", ",").replace(r"\;", ";")).strip()
        tag = " ".join(tag.split())
        levels = [" ".join(level.split()) for level in tag.split(">")]
        if tag and all(levels):
            tags.append(" > ".join(levels))
        elif tag and dropped is not None:
            dropped.append(tag)
    return tags
