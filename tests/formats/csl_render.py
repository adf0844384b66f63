"""CSL-JSON rendered by the processors that read it: pandoc's citeproc (the program) and
citeproc-py, each as plain text, one bibliography entry per item."""

import json
import subprocess
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from tests.conftest import ROOT, require_tool

Items = Sequence[dict[str, Any]]
FIELDS_STYLE = ROOT / "tests" / "data" / "csl" / "fields.csl"


def chicago(work: Path) -> Path:
    """pandoc's own default style (Chicago author-date), as a file both processors read."""
    require_tool("pandoc")
    path = work / "chicago.csl"
    if not path.exists():
        style = subprocess.run(
            ["pandoc", "--print-default-data-file", "default.csl"],
            capture_output=True,
            check=True,
            timeout=60,
        ).stdout
        path.write_bytes(style)
    return path


def pandoc(items: Items, style: Path, work: Path) -> list[str]:
    """The bibliography pandoc's citeproc makes of `items`, an entry per item."""
    require_tool("pandoc")
    data, doc = work / "items.json", work / "doc.md"
    data.write_text(json.dumps(list(items), ensure_ascii=False), encoding="utf-8")
    doc.write_text('---\nnocite: "@*"\n---\n', encoding="utf-8")
    done = subprocess.run(
        [
            "pandoc",
            str(doc),
            "--citeproc",
            "--csl",
            str(style),
            "--bibliography",
            str(data),
            "-t",
            "plain",
            "--wrap=none",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return [e.strip() for e in done.stdout.split("\n\n") if e.strip()]


def citeproc_py(items: Items, style: Path, work: Path) -> list[str]:
    """The bibliography citeproc-py makes of `items`, an entry per item."""
    from citeproc import (
        Citation,
        CitationItem,
        CitationStylesBibliography,
        CitationStylesStyle,
        formatter,
    )
    from citeproc.source.json import CiteProcJSON

    with warnings.catch_warnings():  # it warns of each variable it has no use for
        warnings.simplefilter("ignore")
        source = CiteProcJSON([dict(i) for i in items])
        bib = CitationStylesBibliography(
            CitationStylesStyle(str(style), validate=False), source, formatter.plain
        )
        for item in items:
            bib.register(Citation([CitationItem(item["id"])]))
        return [str(entry) for entry in bib.bibliography()]


RENDERERS: dict[str, Callable[[Items, Path, Path], list[str]]] = {
    "pandoc": pandoc,
    "citeproc-py": citeproc_py,
}


def papers_of(source: str, seeded: Any, library: Any) -> list[Any]:
    """The seed library's papers (`seeds`), or those of a real .bib in tests/data/bib-real
    imported into `library`."""
    if source == "seeds":
        return list(seeded.list_papers())
    from litman import app

    app.import_files(library, [ROOT / "tests" / "data" / "bib-real" / source])
    return list(library.list_papers())
