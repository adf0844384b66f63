"""Real .bib files written by people and tools: every entry is read or reported as skipped.

A small set ships in tests/data/bib-real (sources and licences in its SOURCES.md), so these
run in every clone; the large run over ../shared/corpora/bib/real runs where that exists.
"""

import re
from pathlib import Path

import pytest

from litman import app
from litman.core.library.facade import Library
from litman.formats import bibtex
from tests.conftest import ROOT, corpora_dir

SHIPPED = sorted((ROOT / "tests" / "data" / "bib-real").glob("*.bib"))


def _entries_by_regex(path: Path, commented: bool = False) -> int:
    raw = path.read_bytes().decode("utf-8", "replace")
    # `%@article{...}` is a commented-out entry for biber and JabRef: left out, and reported
    lead = r"[ \t]*%[% \t]*" if commented else r"\s*"
    return len(re.findall(rf"(?im)^{lead}@(?!string|comment|preamble)\w+\s*[{{(]", raw))


def test_the_shipped_set_is_there() -> None:
    assert len(SHIPPED) >= 10


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_each_shipped_bibliography_reads_every_entry_or_says_why(path: Path) -> None:
    batch = bibtex.read(path)
    assert len(batch.papers) + len(batch.skipped) == _entries_by_regex(path)
    assert batch.papers, "a real bibliography yields papers"
    assert all(skip.reason for skip in batch.skipped)


def test_the_shipped_bibliographies_import_into_one_library(library: Library) -> None:
    reports = app.import_files(library, SHIPPED)
    read = sum(len(bibtex.read(path).papers) for path in SHIPPED)
    landed = sum(len(r.added) + len(r.merged) for r in reports)
    assert landed == read
    assert len(library.list_papers()) == sum(len(r.added) for r in reports)


@pytest.mark.slow
def test_real_bibliographies_import_without_crashing() -> None:
    root = corpora_dir("bib", "real")
    checked = 0
    for path in sorted(root.rglob("*.bib")):
        expected = _entries_by_regex(path)
        if expected == 0:
            continue
        batch = bibtex.read(path)
        assert len(batch.papers) + len(batch.skipped) == expected, path.name
        left_out = [w for w in batch.warnings if "commented-out entry" in w]
        assert len(left_out) == _entries_by_regex(path, commented=True), path.name
        checked += 1
    assert checked >= 30
