"""`%` lines in a .bib file: comments to biber and JabRef, kept where they belong.

A line starting with `%` between entries or between an entry's fields is blanked before
parsing (line numbers stay), as biber and JabRef read it: a comment, not an entry or a field.
A commented-out entry is named in the report. A commented-out line inside an entry
(`%note = …`, as hand-kept bibliographies such as bibliotex's have) stays with its entry:
remembered with the field it follows and written back in its place. BibTeX itself knows no
comments inside an entry and stops reading the entry there, with the source as with the
export.
"""

import json
import re
from bisect import bisect_right
from collections.abc import Mapping, Sequence

from bibtexparser import model

from litman.formats.bibtex_fields import unescaped

COMMENTED = "litman-commented"  # extra key: JSON list of [the field before, the line]
_COMMENT_BLOCK = re.compile(r"@\s*comment\s*[{(]", re.I)
_ENTRY_COMMENT = re.compile(r"%+\s*@\s*([A-Za-z]+)\s*[{(]\s*([^,\s]*)")


def strip_comment_lines(text: str, inside: dict[int, str] | None = None) -> tuple[str, list[str]]:
    """`text` with its `%` lines between entries or fields blanked, and notes on the
    commented-out entries; the lines inside an entry go to `inside` (0-based line -> text).
    Brace depth counts only the lines kept, so a commented-out field may span lines."""
    if "%" not in text:
        return text, []
    lines = text.split("\n")
    notes, depth, quote, block = [], 0, False, False
    for i, line in enumerate(lines):
        stripped = line.lstrip()
        if not depth:  # an `@comment{...}` block is kept whole, its `%` lines too
            block = bool(_COMMENT_BLOCK.match(stripped))
        if stripped.startswith("%") and depth <= 1 and not quote and not block:
            m = _ENTRY_COMMENT.match(stripped)
            if m and m.group(1).lower() not in ("comment", "string", "preamble") and not depth:
                notes.append(f"line {i + 1}: commented-out entry '{m.group(2)}' left out")
            if depth and inside is not None:
                inside[i] = stripped.rstrip()
            lines[i] = ""
            continue
        depth, quote = _scan(line, depth, quote)
    return "\n".join(lines), notes


def _scan(line: str, depth: int, quote: bool) -> tuple[int, bool]:
    """Brace depth and whether a `"..."` value is open, after `line`."""
    for _, ch in unescaped(line, '{}"@'):
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth = max(depth - 1, 0)
        elif ch == '"' and depth == 1:
            quote = not quote
        elif ch == "@" and depth == 0:
            quote = False
    return depth, quote


def owners(
    entries: Sequence[model.Entry], blocks: Sequence[model.Block], inside: Mapping[int, str]
) -> dict[int, str]:
    """Each entry's (by its start line) commented-out lines, as `COMMENTED` holds them: a line
    belongs to the last block that starts before it, if that is one of `entries`."""
    if not inside:
        return {}
    ordered = sorted([*blocks, *entries], key=lambda b: b.start_line or 0)
    starts = [b.start_line or 0 for b in ordered]
    found: dict[int, list[list[str]]] = {}
    for line, text in sorted(inside.items()):
        at = bisect_right(starts, line) - 1
        entry = ordered[at] if at >= 0 else None
        if not isinstance(entry, model.Entry) or entry not in entries:
            continue
        before = [f.key for f in entry.fields if (f.start_line or 0) < line]
        found.setdefault(entry.start_line or 0, []).append([before[-1] if before else "", text])
    return {k: json.dumps(v, ensure_ascii=False) for k, v in found.items()}


def placed(lines: list[str], names: Sequence[str], commented: str) -> list[str]:
    """An entry's field lines (`names`, in order) with its commented-out lines back after
    the fields they followed: before the first field, or at the end when that field is no
    longer written."""
    try:
        kept = [(str(a), str(t)) for a, t in json.loads(commented)]
    except (ValueError, TypeError):
        return lines  # not what litman wrote there: nothing to place
    after: dict[str, list[str]] = {}
    for name, text in kept:
        after.setdefault(name.lower(), []).append(f"\t{text}\n")
    out = after.pop("", [])
    for name, line in zip(names, lines, strict=True):
        out += [line, *after.pop(name.lower(), [])]
    return out + [t for rest in after.values() for t in rest]
