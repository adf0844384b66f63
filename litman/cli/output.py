"""What the `litman` command prints: paper lines, import reports and JSON, and the `list`
action that prints either.

Text from a library is data: a title holding ESC, BEL or BS must not drive the terminal,
so every line goes out through `say`, which shows control characters as `\x1b` escapes,
and JSON escapes them as `\u001b` (the encoder does C0 itself; DEL and C1, which it
leaves raw with ensure_ascii off, are escaped here).
"""

import argparse
import json
import re
import sys
import unicodedata
from collections.abc import Iterable
from typing import Any

from litman.core.messages import _
from litman.core.records import ImportReport, Paper
from litman.display.text import plain_text

# C0, DEL and C1 controls; a multi-line field (an abstract in `show`) keeps its newlines
# and tabs.
_CONTROLS = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_CONTROLS_BUT_LINES = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_JSON_RAW = re.compile(r"[\x7f-\x9f]")


def list_actions(command: argparse.ArgumentParser, listed: str) -> Any:
    """A command's actions (`litman trash list|restore|empty`), `list` first: it says what
    `listed` says, in JSON with `--json` as the command itself does."""
    actions = command.add_subparsers(dest="action", metavar="ACTION")
    a = actions.add_parser("list", help=listed)
    a.add_argument("--json", action="store_true", default=argparse.SUPPRESS, help="print JSON")
    return actions


def cell(text: str, width: int, *, right: bool = False) -> str:
    """`text` padded to `width` terminal columns, as a table's column: a Chinese character
    takes two."""
    wide = sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)
    pad = " " * max(0, width - wide)
    return pad + text if right else text + pad


def shown(text: str, *, multiline: bool = False) -> str:
    """`text` with each control character written as a visible `\\xNN` escape."""
    pattern = _CONTROLS_BUT_LINES if multiline else _CONTROLS
    return pattern.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


def say(text: str = "", *, err: bool = False, multiline: bool = False) -> None:
    """Print one line (to stderr with `err`), control characters escaped."""
    print(shown(text, multiline=multiline), file=sys.stderr if err else sys.stdout)


def json_text(data: Any, indent: int | None = 2) -> str:
    text = json.dumps(data, ensure_ascii=False, indent=indent)
    return _JSON_RAW.sub(_json_escape, text)


def emit_json(data: Any) -> None:
    sys.stdout.write(json_text(data))
    sys.stdout.write("\n")


def emit_json_rows(rows: Iterable[str]) -> None:
    """A JSON array of already-encoded objects, one per line, written as they come."""
    out, first = sys.stdout, True
    for row in rows:
        out.write("[\n" if first else ",\n")
        out.write(_JSON_RAW.sub(_json_escape, row) if _has_raw(row) else row)
        first = False
    out.write("[]\n" if first else "\n]\n")


_RAW_CHARS = tuple(chr(c) for c in range(0x7F, 0xA0))


def _has_raw(row: str) -> bool:
    """Whether encoded JSON holds DEL or a C1 control. 33 substring tests (memchr-fast)
    instead of the regex's character-class scan: 5 us against 27 us a paper, which was
    2.7 s of `list --json` at 100k."""
    if row.isascii():
        return "\x7f" in row
    return any(c in row for c in _RAW_CHARS)


def _json_escape(m: re.Match[str]) -> str:
    return f"\\u{ord(m.group()):04x}"


def paper_line(p: Paper) -> str:
    mark = {"unread": " ", "reading": "~", "read": "✓"}[p.status.value]
    title = plain_text(p.title) + (" *" if p.title_derived else "")
    year = str(p.year) if p.year else "----"
    return f"{p.id:>6} {mark} {year} {p.citekey[:28]:<28} {title}"


def print_papers(papers: Iterable[Paper]) -> None:
    """One line per paper, as they come, and a note if any title was derived."""
    derived = False
    for p in papers:
        say(paper_line(p))
        derived = derived or p.title_derived
    if derived:
        say(_("(* title derived from the abstract)"))


def print_report(report: ImportReport) -> None:
    label = f" [{report.label}]" if report.label else ""
    say(report.summary() + label)
    for line in report.details():
        say(f"  {line}")
