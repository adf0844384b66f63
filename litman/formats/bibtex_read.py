"""Reading BibTeX files: entries to papers, and a report line for everything else.

`@string` macros, `#` concatenation and month macros are resolved here (bibtexparser's
string middleware handles neither concatenation nor months); files imported together share
their macros, as `\\bibliography{abbrev,papers}` does. `%` lines between fields and
`%`-commented entries are comments, as in biber and JabRef. `@preamble` and `@comment`
blocks are kept to be written back. An entry with a repeated field keeps the first value,
as BibTeX and biber do, and says so; malformed entries are skipped with their line numbers.
"""

import logging
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from itertools import count
from pathlib import Path

import bibtexparser
from bibtexparser import model
from bibtexparser.library import Library

from litman.core.errors import ImportFailed
from litman.core.messages import _
from litman.core.records import ImportBatch, NewPaper, Skipped
from litman.formats import jabref
from litman.formats.bibtex_comments import COMMENTED, owners, strip_comment_lines
from litman.formats.bibtex_fields import MONTH_NAMES, to_paper
from litman.formats.bibtex_macros import (
    MAX_EXPANDED_CHARS,
    MAX_FIELD_CHARS,
    REFERENCE,
    UNDEFINED,
    Macros,
    TooLong,
    reference,
    resolve,
)
from litman.formats.decoding import Decoded, decode, read_bytes

# What BibTeX's plain styles print for the month macros, inside a concatenation.
MONTHS = dict(
    zip(
        MONTH_NAMES,
        "January February March April May June July August September October November "
        "December".split(),
        strict=True,
    )
)
_ENCODING_HEADER = re.compile(r"%\s*Encoding:\s*([\w-]+)", re.I)

logging.getLogger("bibtexparser").setLevel(logging.CRITICAL)

# `@article{` followed at once by `author = ...` (EndNote) or by a comma (Mendeley): an entry
# written without a key. It gets a placeholder key for the parser, then a real one from the
# library.
NO_KEY = "litman-no-key-"
_KEYLESS = re.compile(
    r"(@\s*(?!string\b|preamble\b|comment\b)[A-Za-z][\w-]*\s*[{(]\s*)"
    r"(?:(?=[A-Za-z][\w-]*\s*=)|(?P<comma>,))",
    re.I,
)

Parsed = tuple[list[NewPaper], list[int], list[Skipped], list[str]]


def read(path: Path) -> ImportBatch:
    return read_group([path])[0]


def read_group(paths: Sequence[Path], keyword_separator: str = ",") -> list[ImportBatch]:
    """Files imported together: each is a batch, and all share their @string macros.
    Keywords are split at `keyword_separator`."""
    texts = [_decoded(path) for path in paths]
    libs = [_parse_blocks(t.text) for t in texts]
    macros = Macros(dict(MONTHS))
    string_notes = [_define(lib, macros) for lib, _, _ in libs]
    batches = []
    for path, text, (lib, notes, inside), defs in zip(
        paths, texts, libs, string_notes, strict=True
    ):
        papers, lines, skipped, warnings = _entries(lib, macros, keyword_separator, inside)
        blocks = _kept_blocks(lib)
        papers = jabref.tag_members(papers, blocks, warnings)
        if not papers and not skipped and not lib.strings and not blocks:
            raise ImportFailed(f"{path.name}: holds no BibTeX entries; nothing was imported.")
        if not papers and not skipped and lib.strings:
            notes = [*notes, f"defines {len(lib.strings)} @string macros and no entries"]
        batches.append(
            ImportBatch(
                path.name,
                tuple(papers),
                tuple(lines),
                tuple(skipped),
                (*text.warnings, *notes, *defs, *warnings),
                digest=text.digest(),
                blocks=tuple(blocks),
                undefined=_undefined(papers),
                undefined_in=sum(UNDEFINED in p.extra for p in papers),
            )
        )
    return batches


def _undefined(papers: list[NewPaper]) -> tuple[str, ...]:
    """The undefined macros the papers name."""
    named = [p.extra[UNDEFINED] for p in papers if UNDEFINED in p.extra]
    return tuple(sorted({m for names in named for m in names.split(", ")}))


def _decoded(path: Path) -> Decoded:
    data = read_bytes(path)  # type and size checked first, read once
    declared = _ENCODING_HEADER.search(data[:512].decode("ascii", "ignore"))
    decoded = decode(data, path.name, declared.group(1) if declared else None)
    if not decoded.text.strip():
        raise ImportFailed(f"{path.name}: the file is empty; there is nothing to import.")
    return decoded


def parse(text: str) -> Parsed:
    """One file's text on its own: papers, their lines, what was skipped, warnings."""
    lib, notes, inside = _parse_blocks(text)
    macros = Macros(dict(MONTHS))
    defs = _define(lib, macros)
    papers, lines, skipped, warnings = _entries(lib, macros, inside=inside)
    return papers, lines, skipped, notes + defs + warnings


def _parse_blocks(text: str) -> tuple[Library, list[str], dict[int, str]]:
    """The file's blocks, notes on commented-out entries, and the commented-out lines
    inside entries (0-based line -> text)."""
    inside: dict[int, str] = {}
    text, notes = strip_comment_lines(text, inside)
    numbers = count(1)
    text = _KEYLESS.sub(lambda m: f"{m.group(1)}{NO_KEY}{next(numbers)},", text)
    try:
        lib = bibtexparser.parse_string(text, parse_stack=[])  # type: ignore[attr-defined]
    except (RecursionError, ValueError, IndexError) as exc:
        raise ImportFailed(
            f"the file cannot be parsed as BibTeX ({type(exc).__name__}); nothing was imported."
        ) from exc
    return lib, notes, inside


def _define(lib: Library, macros: Macros) -> list[str]:
    warnings = []
    again = [
        b.ignore_error_block
        for b in lib.failed_blocks
        if isinstance(b, model.DuplicateBlockKeyBlock)
        and isinstance(b.ignore_error_block, model.String)
    ]
    for s in again:
        line = (s.start_line or 0) + 1
        warnings.append(
            _("line {0}: @string '{1}' defined again; the later one is used").format(line, s.key)
        )
    for s in [*lib.strings, *again]:
        try:
            macros.known[s.key.lower()] = resolve(s.value, macros, set())
        except TooLong as exc:
            macros.capped.add(s.key.lower())
            warnings.append(
                _("line {0}: @string '{1}' {2}; left out").format(
                    (s.start_line or 0) + 1, s.key, exc
                )
            )
    return warnings


def _kept_blocks(lib: Library) -> list[tuple[str, str]]:
    out = []
    strings = {s.key.casefold(): s for s in lib.strings}
    named: set[str] = set()
    for block in lib.blocks:
        if isinstance(block, model.Preamble):
            # An export writes entries with their macros expanded, but a preamble as read:
            # the @string definitions it names come with it, else BibTeX finds them undefined.
            for s in _strings_named(block.value or "", strings, named):
                out.append(("string", s.raw or ""))
            out.append(("preamble", block.raw or ""))
        elif isinstance(block, model.ExplicitComment):
            out.append(("comment", block.raw or ""))
    return out


def _strings_named(
    value: str, strings: Mapping[str, model.String], named: set[str]
) -> list[model.String]:
    """The @string blocks a value (`"Maintained by " # maintainer`) names, and those they
    name in turn, each once (`named` holds those already given)."""
    out = []
    for name in _MACRO_NAME.findall(_QUOTED_OR_BRACED.sub(" ", value)):
        key = name.casefold()
        if key in strings and key not in named:
            named.add(key)
            out += _strings_named(strings[key].value or "", strings, named)
            out.append(strings[key])
    return out


# Quoted and braced parts of a value (one level of nested braces), and the names between.
_QUOTED_OR_BRACED = re.compile(r'"[^"]*"|\{(?:[^{}]|\{[^{}]*\})*\}')
_MACRO_NAME = re.compile(r"[^\s#\d][^\s#]*")


def _entries(
    lib: Library, macros: Macros, keyword_separator: str = ",", inside: Mapping[int, str] = {}
) -> Parsed:
    uses: Counter[str] = Counter()  # undefined macro -> the entries that name it
    warnings: list[str] = []
    papers, lines, skipped = [], [], []
    entries = list(lib.entries)
    for block in lib.failed_blocks:
        kept = block.ignore_error_block
        if isinstance(kept, model.String):
            continue  # a macro defined again: see _define
        if isinstance(block, model.DuplicateFieldKeyBlock) and isinstance(kept, model.Entry):
            entries.append(kept)  # the first value of each field is kept, and reported
        elif isinstance(kept, model.Entry) and kept.key.strip():
            entries.append(kept)  # a duplicate key: imported under a new key, and reported
        else:
            skipped.append(Skipped((block.start_line or 0) + 1, _failure(block)))
    commented = owners(entries, [*lib.blocks, *lib.failed_blocks], inside)
    for entry in entries:
        line = (entry.start_line or 0) + 1
        reason = _refused(entry)
        if reason:
            skipped.append(Skipped(line, reason))
            continue
        if entry.key.startswith(NO_KEY):  # EndNote and others write `@article{` + fields
            entry.key = ""  # the library makes one, as for a new paper
            warnings.append(
                _("line {0}: entry without a citation key; litman made one").format(line)
            )
        used: set[str] = set()
        refs: dict[str, str] = {}
        try:
            raw = _fields(entry, macros, used, line, warnings, refs)
        except TooLong as exc:
            skipped.append(Skipped(line, _("a field {0}").format(exc)))
            continue
        key, etype = entry.key.strip(), entry.entry_type
        paper = _referring(to_paper(key, etype, raw, line, warnings, keyword_separator), refs, used)
        if entry.start_line in commented:
            paper = replace(paper, extra={**paper.extra, COMMENTED: commented[entry.start_line]})
        papers.append(paper)
        lines.append(line)
        uses.update(used)
    order = sorted(range(len(papers)), key=lines.__getitem__)
    warnings += [
        f"@string macro '{m}' is not defined in the files imported ({n} "
        f"entr{'y' if n == 1 else 'ies'}); kept as a reference, written back as read"
        for m, n in sorted(uses.items())
    ]
    if macros.spent > MAX_EXPANDED_CHARS:
        warnings.append(
            f"@string macros expanded to more than {MAX_EXPANDED_CHARS:,} characters in all; "
            "later uses kept their names as text"
        )
    return [papers[i] for i in order], [lines[i] for i in order], skipped, warnings


def _referring(paper: NewPaper, refs: dict[str, str], used: set[str]) -> NewPaper:
    """`paper` with its fields that name undefined macros kept as references."""
    if not refs:
        return paper
    kept = {REFERENCE + name: value for name, value in refs.items()}
    return replace(paper, extra={**paper.extra, **kept, UNDEFINED: ", ".join(sorted(used))})


def _refused(entry: model.Entry) -> str:
    if not entry.key or not entry.key.strip():
        return _("entry without a citation key")
    huge = next((f for f in entry.fields if len(f.value) > MAX_FIELD_CHARS), None)
    if huge is not None:
        return (
            f"field '{huge.key}' holds {len(huge.value):,} characters; no real entry does "
            f"(the limit is {MAX_FIELD_CHARS:,})"
        )
    return ""


def _fields(
    entry: model.Entry,
    macros: Macros,
    unknown: set[str],
    line: int,
    warnings: list[str],
    refs: dict[str, str] | None = None,
) -> dict[str, str]:
    """Field name (lower-case) -> resolved value, in file order; a repeated field keeps its
    first value, as BibTeX and biber do. The undefined macros named go to `unknown`, and
    the fields naming them, as an export writes them, to `refs`."""
    raw: dict[str, str] = {}
    for f in entry.fields:
        name = f.key.lower()
        if name in raw:
            warnings.append(
                _(
                    "line {0}: field '{1}' appears twice in '{2}'; kept the first value, as "
                    "BibTeX does"
                ).format(line, name, entry.key)
            )
            continue
        names: set[str] = set()
        read = _month if name == "month" else resolve
        raw[name] = read(f.value, macros, names)
        if names:
            unknown |= names
            if refs is not None:
                refs[name] = reference(f.value, macros)
    return raw


def _month(value: str, macros: Macros, unknown: set[str]) -> str:
    """A month macro (`jul`) stays a macro, which BibTeX styles print their way (`July`);
    text that reads like one (`"Jul"`, `{aug}`) is kept braced, so that it is written back
    as text and prints as written."""
    bare = value.strip()
    if bare.lower() in MONTH_NAMES:
        return bare
    text = resolve(value, macros, unknown)
    return "{" + text + "}" if text.strip().lower() in MONTH_NAMES else text


def _failure(block: model.Block) -> str:
    if isinstance(block, model.DuplicateBlockKeyBlock):
        return _("duplicate citation key '{0}' in the file").format(block.key)
    return _("malformed entry (unbalanced braces or quotes, or a missing comma)")
