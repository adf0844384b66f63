"""BibTeX export: files that compile, and that give back what was read.

Each paper's fields come from `litman.formats.bibtex_fields`: a field not edited since
import is written back as it was read, litman's own values are escaped for LaTeX (inline math
stays math, characters pdflatex cannot set are written in their LaTeX form unless `utf8` is
asked for), tags go to JabRef-style `keywords`, reading status and rating to JabRef's
`readstatus` and `ranking`, and fields litman does not model come back from `extra`, in the
entry's own order. Entries that others `crossref` come after them, as BibTeX requires, and
`@preamble`/`@comment` blocks kept from imports are written back. biblatex's entry types
and fields are written as BibTeX's (`litman.formats.bibtex_plain`); the BibLaTeX export
writes them as read. Reading is in `litman.formats.bibtex_read`.
"""

import codecs
import io
import os
import re
import tempfile
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import BinaryIO, TextIO, TypedDict, Unpack, cast

from litman.core.records import Paper
from litman.formats import bibtex_plain, jabref, latex
from litman.formats.bibtex_comments import COMMENTED, placed
from litman.formats.bibtex_fields import (
    MONTH_NAMES,
    ORDER,
    RAW,
    VERBATIM,
    Mode,
    modelled_fields,
    split_keywords,
    split_names,
)
from litman.formats.bibtex_macros import (
    MAX_EXPANDED_CHARS,
    MAX_FIELD_CHARS,
    REFERENCE,
    UNDEFINED,
    resolved,
)
from litman.formats.bibtex_read import (
    parse,
    read,
    read_group,
)
from litman.formats.exchange import ExportReport, WriteOptions, export_file

__all__ = [
    "MAX_EXPANDED_CHARS",
    "MAX_FIELD_CHARS",
    "RAW",
    "dumps",
    "export",
    "fields_of",
    "parse",
    "read",
    "read_group",
    "split_keywords",
    "split_names",
    "stays_inside",
    "write_report",
]

Blocks = Sequence[tuple[str, str]]
# An entry's type and fields in another dialect's names (`litman.formats.biblatex.entry`).
Convert = Callable[[str, list[tuple[str, str]]], tuple[str, list[tuple[str, str]]]]


class Options(TypedDict, total=False):
    """`write`'s keyword options, which `dumps` and `export` pass on."""

    mode: Mode | None
    blocks: Blocks


def dumps(papers: Iterable[Paper], ascii_only: bool = False, **options: Unpack[Options]) -> str:
    """BibTeX text for papers: `pdflatex` (the default) writes what pdflatex cannot set in
    its LaTeX form, `utf8` keeps every character (biber, XeLaTeX), `ascii` escapes all.

    The layout is bibtexparser's default writer's, byte for byte (a test holds them equal);
    writing it directly skips building its model objects, a third of export time at 100k.
    """
    out = io.StringIO()
    write(papers, out, ascii_only, **options)
    return out.getvalue()


def _entry(
    p: Paper, fields: list[tuple[str, str]], convert: Convert, unsafe_key: re.Pattern[str]
) -> str:
    kind, fields = convert(p.entry_type, fields)
    lines = [_field_line(k, v) for k, v in fields]
    if COMMENTED in p.extra:
        # BibTeX reads a commented-out line (`%eprint = {…}`) as a field with no name: every
        # field keeps its comma, as in the source (a last comma is legal BibTeX and biber).
        lines = placed(lines, [k for k, _ in fields], p.extra[COMMENTED])
    elif lines:
        lines[-1] = lines[-1][:-2] + "\n"  # no comma after the last field
    body = "".join(lines)
    kind = _name_safe(kind) or "misc"
    key = unsafe_key.sub("_", p.citekey)
    return f"@{kind}{{{key},\n{body}}}\n"


def _field_line(name: str, value: str) -> str:
    if isinstance(value, Bare):
        return f"\t{_name_safe(name)} = {value},\n"
    if name == "month" and value.strip("{}").lower() in MONTH_NAMES:
        # `month = mar`: a macro the style prints its way; `{Mar}`, text read as such, is
        # written so (not `{{Mar}}`, which biber does not read as a month)
        return f"\t{name} = {value},\n"
    return f"\t{_name_safe(name)} = {{{value}}},\n"


# Characters that would end a key, a field name or an entry type early (set through the API,
# a key or an unmodelled field's name can hold anything). A key BibTeX reads is written as
# read, since every `\cite` names it: `O'Barr19975458` (Scopus) and `k@x` too. BibTeX reads
# `(`, `)`, `#`, `%`, `=` and `"` in a key, but biber 2.18 then reads no entry of the file
# and bibtexparser misreads `=` and `"`.
_UNSAFE_KEY = re.compile(r'[\s,{}()"#%=\\]')
# biber also stops at an apostrophe in a key, and then reads no entry of the file.
_BIBER_UNSAFE_KEY = re.compile(r'[\s,{}()"#%=\\\']')
_UNSAFE_NAME = re.compile(r"[^\w:.+-]")


@lru_cache(maxsize=4096)  # an export writes the same few field names over and over
def _name_safe(name: str) -> str:
    return _UNSAFE_NAME.sub("_", name)


def _order(keys: list[tuple[str, str]]) -> list[int]:
    """Indexes of (citekey, crossref) pairs in their order, except that an entry another one
    `crossref`s comes after all that refer to it (BibTeX: "A bad cross reference")."""
    parents = {k.casefold(): c.strip().casefold() for k, c in keys}
    if not any(parent in parents for parent in parents.values() if parent):
        return list(range(len(keys)))
    level: dict[str, int] = {}
    for key in parents:
        seen, parent, depth = {key}, parents[key], 1
        while parent in parents and parent not in seen:
            level[parent] = max(level.get(parent, 0), depth)
            seen.add(parent)
            parent, depth = parents.get(parent, ""), depth + 1
    return sorted(range(len(keys)), key=lambda i: level.get(keys[i][0].casefold(), 0))


def write(
    papers: Iterable[Paper],
    out: TextIO,
    ascii_only: bool = False,
    *,
    mode: Mode | None = None,
    blocks: Blocks = (),
    convert: Convert | None = None,
) -> int:
    """Write `dumps(papers)` to `out` without holding the papers (they may be a generator:
    a 100k export never holds them all); returns how many were written. Each entry's type
    and fields go through `convert`: by default biblatex's become BibTeX's
    (`litman.formats.bibtex_plain`).

    Entries are spooled, UTF-8 encoded, to a temporary file and copied out in `_order`,
    which needs only their keys and byte offsets (a text file's `tell` costs as much as
    writing an entry)."""
    mode = mode or ("ascii" if ascii_only else "pdflatex")
    papers = jabref.restore(papers, blocks)  # static groups' tags back to `groups`
    with tempfile.TemporaryFile() as spool:
        # a `convert` of another dialect's (biblatex's) is for biber, stricter about keys
        unsafe_key = _UNSAFE_KEY if convert is None else _BIBER_UNSAFE_KEY
        links, spans = _spool(papers, mode, spool, convert or bibtex_plain.entry, unsafe_key)
        preambles, comments = _blocks(blocks)
        sink = _byte_sink(out)
        sink(preambles)
        if spans:
            sink(_SEPARATOR if preambles else b"")
            spool.seek(0)
            _copy_entries(spool, spans, _order(links), sink)
        sink(comments if not comments or preambles or spans else comments[2:])
    return len(spans)


_SEPARATOR = b"\n\n"
_BEFORE = ("string", "preamble")
SPOOL_PIECES = 512
Links = list[tuple[str, str]]  # citekey, crossref
Spans = list[tuple[int, int]]  # byte offset and length


def _spool(
    papers: Iterable[Paper],
    mode: Mode,
    spool: BinaryIO,
    convert: Convert,
    unsafe_key: re.Pattern[str] = _UNSAFE_KEY,
) -> tuple[Links, Spans]:
    """Each paper's entry, UTF-8 encoded, written to `spool` from where it stands, a blank
    line between; their keys and crossrefs, and where each lies (from that start)."""
    links: Links = []
    spans: Spans = []
    offset = 0
    pending: list[bytes] = []  # written a few hundred entries at a time
    for p in papers:
        data = _entry(p, fields_of(p, mode=mode), convert, unsafe_key).encode("utf-8")
        if spans:
            pending.append(_SEPARATOR)
            offset += len(_SEPARATOR)
        links.append((p.citekey, p.extra.get("crossref", "")))
        spans.append((offset, len(data)))
        pending.append(data)
        offset += len(data)
        if len(pending) >= SPOOL_PIECES:
            spool.write(b"".join(pending))
            pending = []
    spool.write(b"".join(pending))
    return links, spans


def _blocks(blocks: Blocks) -> tuple[bytes, bytes]:
    """The `@preamble` blocks and the `@string`s they name, which go before the entries, and
    the others (`@comment`), which go after them, each a blank line before it."""
    preambles = [t + "\n" for kind, t in blocks if kind in _BEFORE]
    comments = [t + "\n" for kind, t in blocks if kind not in _BEFORE]
    return "\n\n".join(preambles).encode(), "".join("\n\n" + c for c in comments).encode()


def _byte_sink(out: TextIO) -> Callable[[bytes], object]:
    """Where UTF-8 bytes for `out` go: its byte buffer when it has one that takes the same
    bytes (UTF-8, and line ends not translated, as they are on Windows): decoding 170 MB to
    hand it to the text layer cost a second of five at 100k papers. Else decoded, in pieces
    that never split a character."""
    buffer = getattr(out, "buffer", None)
    encoding = getattr(out, "encoding", None) or "ascii"
    if buffer is not None and os.linesep == "\n" and codecs.lookup(encoding).name == "utf-8":
        out.flush()
        return cast(Callable[[bytes], object], buffer.write)
    decoder = codecs.getincrementaldecoder("utf-8")()
    return lambda data: out.write(decoder.decode(data))


def _copy_entries(
    spool: BinaryIO, spans: Spans, order: list[int], sink: Callable[[bytes], object]
) -> None:
    """The spooled entries (from where `spool` stands) in `order`, a blank line between: in
    the common case (no crossref moves an entry) copied as they are, in large pieces."""
    base = spool.tell()
    if order == list(range(len(spans))):
        while chunk := spool.read(1 << 20):
            sink(chunk)
        return
    for n, i in enumerate(order):
        spool.seek(base + spans[i][0])
        data = spool.read(spans[i][1])
        sink(_SEPARATOR + data if n else data)


def write_report(
    papers: Iterable[Paper], out: TextIO, options: WriteOptions = WriteOptions(), /
) -> ExportReport:
    """`write` as the registry calls every writer: BibTeX carries every field."""
    return ExportReport(write(papers, out, mode=options.mode, blocks=options.blocks))


def export(
    papers: Iterable[Paper], path: Path, ascii_only: bool = False, **options: Unpack[Options]
) -> int:
    """Write a new .bib file at `path`, never half-written under its name."""

    def written(out: TextIO) -> ExportReport:
        return ExportReport(write(papers, out, ascii_only, **options))

    return export_file(path, written, newline=None).written


def fields_of(
    p: Paper, ascii_only: bool = False, *, mode: Mode | None = None
) -> list[tuple[str, str]]:
    """The fields of `p`'s entry, in the order it was read in (new ones after)."""
    mode = mode or ("ascii" if ascii_only else "pdflatex")
    fields = modelled_fields(p, mode)
    items: Iterable[tuple[str, str]] = fields.items()  # no extra: litman's own order
    if p.extra:
        for k, v in p.extra.items():
            if not k.startswith("litman-") and k not in fields:
                fields[k] = v
        read = [k for k in p.extra.get(ORDER, "").split(",") if k in fields]
        items = _ordered(fields, [*dict.fromkeys([*read, *fields])])
    # A value written between braces must stay inside them, for BibTeX and for parsers:
    # raw text kept from an import, or an unmodelled field, that would not is re-encoded.
    ascii_only = mode == "ascii"
    out = [(k, _percents(k, v) if stays_inside(v) else _reencode(v, ascii_only)) for k, v in items]
    return _references(out, p.extra) if UNDEFINED in p.extra else out


def _percents(name: str, value: str) -> str:
    """A value with its raw `%`, `&` and `#` escaped, but for fields read verbatim (`url`,
    `doi`). `&` and `#` stay in the sets JabRef matches by their words (`groups`,
    `keywords`), which no style sets: `C#` is a keyword as written."""
    if ("%" not in value and "&" not in value and "#" not in value) or (
        name in VERBATIM or "url" in name
    ):
        return value
    if name in _MATCHED_AS_WRITTEN:
        return latex.escape_percents(value)
    return latex.escape_specials(value)


_MATCHED_AS_WRITTEN = frozenset({"groups", "keywords", "mendeley-tags"})


class Bare(str):
    """A field value written as it is, not between braces: `Cordon #and# Herrera_F`."""


def _references(fields: list[tuple[str, str]], extra: Mapping[str, str]) -> list[tuple[str, str]]:
    """Fields that named macros no imported file defined, as read while they say what they
    said then: written with the names, for the file that defines them."""
    out = []
    for name, value in fields:
        ref = extra.get(REFERENCE + name)
        out.append((name, Bare(ref) if ref is not None and value == resolved(ref) else value))
    return out


def _ordered(fields: dict[str, str], names: list[str]) -> list[tuple[str, str]]:
    return [(k, fields[k]) for k in names]


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
    if not _nests(_braces(value)):
        return False
    return "\\" not in value or _nests(_braces(_ESCAPED_BRACE.sub("", value)))


def _braces(value: str) -> str:
    """The braces of `value`, in order. Its UTF-8 bytes with every other byte deleted
    (no byte of a character outside ASCII is a brace): 5-10x faster than a regex
    substitution over an abstract, which an export made of every value with a brace."""
    return value.encode("utf-8", "surrogatepass").translate(None, _NOT_BRACE_BYTES).decode()


def _nests(braces: str) -> bool:
    """`latex.braces_nest` for a string of braces: the innermost pairs are taken away at C
    speed a few times (that settles the usual shallow nesting), and what is left counted."""
    for _ in range(8):
        if "{}" not in braces:
            break
        braces = braces.replace("{}", "")
    return not braces or latex.braces_nest(list(braces))


def _reencode(value: str, ascii_only: bool) -> str:
    """The value's text written afresh: specials escaped, inline math kept only where
    it is safe, and `@` starting a line put in braces (it still prints as `@`)."""
    text = latex.encode(latex.decode(value), ascii_only)
    return _LINE_AT.sub(lambda m: m.group(1) + "{@}", text)


_LINE_AT = re.compile(r"(\n\s*)@")
_NOT_BRACE_BYTES = bytes(b for b in range(256) if b not in b"{}")
_ESCAPED_BRACE = re.compile(r"\\[{}]")  # bibtexparser does not count these
