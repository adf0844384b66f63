"""What the `litman` command prints: paper lines, import reports and JSON."""

import json
import sys
from collections.abc import Sequence
from typing import Any

from litman.core.records import ImportReport, Paper
from litman.formats.latex import plain_text


def emit_json(data: Any) -> None:
    json.dump(data, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


def paper_line(p: Paper) -> str:
    mark = {"unread": " ", "reading": "~", "read": "✓"}[p.status.value]
    title = plain_text(p.title) + (" *" if p.title_derived else "")
    year = str(p.year) if p.year else "----"
    return f"{p.id:>6} {mark} {year} {p.citekey[:28]:<28} {title}"


def print_papers(papers: Sequence[Paper], as_json: bool) -> None:
    if as_json:
        emit_json([p.to_json() for p in papers])
        return
    for p in papers:
        print(paper_line(p))
    if any(p.title_derived for p in papers):
        print("(* title derived from the abstract)")


def print_report(report: ImportReport) -> None:
    label = f" [{report.label}]" if report.label else ""
    print(report.summary() + label)
    for w in report.warnings:
        print(f"  warning: {w}")
    for note in report.renamed_keys:
        print(f"  {note}")
    for m in report.merged:
        print(f"  line {m.line}: merged into {m.into_citekey} ({m.how})")
    for s in report.skipped:
        print(f"  line {s.line}: skipped, {s.reason}")
