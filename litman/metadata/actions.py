"""What `litman add`, `litman enrich` and the window do with lookups, over the Library.

`add_identifiers` looks each identifier up and imports what was found as one batch, so a
record whose DOI (or arXiv DOI) is already stored is merged into that paper, not added
twice. `find_candidates` searches for the papers of a selection, one at a time, reporting
progress and hearing a cancel between requests. `accept` writes one candidate into one
paper as a single `update_paper`, whose Changes record holds the old values for undo;
`proposed` is what it would write, shown first.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from litman.core.library.facade import Library
from litman.core.records import Changes, ImportBatch, ImportReport, NewPaper, Paper
from litman.metadata.base import Found
from litman.metadata.errors import LookupFailed, Offline
from litman.metadata.identifiers import Identifier, parse
from litman.metadata.lookup import Lookup, never
from litman.metadata.matching import Candidate, candidates_for, changes_for
from litman.metadata.net import CancelCheck

Progress = Callable[[int, int], None]
SOURCE_NAME = "Add by Identifier"


@dataclass(frozen=True)
class AddResult:
    report: ImportReport | None  # None when nothing was found to import
    found: tuple[tuple[Identifier, Found], ...]
    failed: tuple[tuple[str, str], ...]  # (what was typed, why it gave nothing)


@dataclass(frozen=True)
class Proposal:
    """The candidates found for one stored paper, best first."""

    paper: Paper
    candidates: tuple[Candidate, ...]
    problems: tuple[str, ...] = ()

    @property
    def best(self) -> Candidate | None:
        return self.candidates[0] if self.candidates else None


def _no_progress(_done: int, _total: int) -> None:
    pass


def resolve_all(
    texts: Sequence[str],
    lookup: Lookup,
    progress: Progress = _no_progress,
    cancelled: CancelCheck = never,
) -> tuple[list[tuple[Identifier, Found]], list[tuple[str, str]]]:
    """Each text's record, or why there is none; Offline stops at once."""
    found: list[tuple[Identifier, Found]] = []
    failed: list[tuple[str, str]] = []
    for done, text in enumerate(texts):
        progress(done, len(texts))
        try:
            ident = parse(text)
            found.append((ident, lookup.resolve(ident, cancelled)))
        except Offline:
            raise
        except LookupFailed as exc:
            failed.append((text, str(exc)))
    progress(len(texts), len(texts))
    return found, failed


def import_found(lib: Library, found: Sequence[tuple[Identifier, Found]]) -> ImportReport:
    """Store what was found as one import, duplicates merged (same DOI, or the same
    abstract as a stored seed); a paper merged into also gets the record's fields it lacks
    and loses its derived title, as accepting the record in `enrich` would do."""
    papers = tuple(_new(ident, f) for ident, f in found)
    batch = ImportBatch(SOURCE_NAME, papers, tuple(range(1, len(papers) + 1)))
    report = lib.import_batch(batch)
    for merged in report.merged:
        accept(lib, merged.into_id, papers[merged.line - 1])
    return report


def add_identifiers(
    lib: Library,
    texts: Sequence[str],
    lookup: Lookup,
    progress: Progress = _no_progress,
    cancelled: CancelCheck = never,
) -> AddResult:
    found, failed = resolve_all(texts, lookup, progress, cancelled)
    report = import_found(lib, found) if found else None
    return AddResult(report, tuple(found), tuple(failed))


def _new(ident: Identifier, found: Found) -> NewPaper:
    return replace(found.paper, source=f"{found.source}: {ident}")


def find_candidates(
    papers: Sequence[Paper],
    lookup: Lookup,
    progress: Progress = _no_progress,
    cancelled: CancelCheck = never,
) -> list[Proposal]:
    """Candidates for each paper, in order; Offline stops at once."""
    proposals = []
    for done, paper in enumerate(papers):
        progress(done, len(papers))
        cands, problems = candidates_for(paper, lookup, cancelled)
        proposals.append(Proposal(paper, tuple(cands), problems))
    progress(len(papers), len(papers))
    return proposals


def proposed(lib: Library, paper: Paper, found: NewPaper) -> dict[str, Any]:
    """What accepting `found` would write to `paper`, with the citekey it would get."""
    free = lambda base: lib.papers.free_citekey(base, paper.id)  # noqa: E731
    return changes_for(paper, found, free, lib.citekey_rule.pattern())


def accept(lib: Library, paper_id: int, found: NewPaper) -> Changes:
    """Write a candidate into the paper as it is stored now (one edit, undoable)."""
    changes = proposed(lib, lib.get(paper_id), found)
    return lib.papers.update_paper(paper_id, **changes) if changes else Changes()
