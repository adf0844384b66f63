"""`litman add ID...` and `litman enrich [QUERY]`: metadata from the public indexes.

`add` looks up DOIs, arXiv ids and ISBNs and stores what it finds (a paper already stored
under the same DOI or arXiv id is merged). `enrich` searches for the published record of each paper
whose title is derived or whose authors are empty (or of what QUERY finds), prints the
candidates with their scores, and with `--accept-above X` writes each best candidate that
scores X or more into its paper; `--dry-run` shows what it would write and writes nothing,
and `--json` prints each paper's candidates, outcome and changes as one JSON array (`add
--json`: where each record went, and what failed).
Without the network each says so in one line and exits 1.
"""

import argparse
from typing import Any

from litman.cli.output import cell, emit_json, say
from litman.core.library.facade import Library
from litman.core.messages import N_, _
from litman.core.records import Changes, Paper, counted
from litman.display.text import plain_text
from litman.metadata.actions import (
    AddResult,
    Proposal,
    accept,
    add_identifiers,
    find_candidates,
    proposed,
)
from litman.metadata.config import LookupConfig
from litman.metadata.lookup import Lookup
from litman.metadata.matching import Candidate, describe, needs_metadata


def _lookup(args: argparse.Namespace) -> Lookup:
    overrides = {"contact_email": args.mailto} if args.mailto else {}
    return Lookup(LookupConfig.from_env(**overrides))


def cmd_add(args: argparse.Namespace, lib: Library) -> int:
    result = add_identifiers(lib, args.ids, _lookup(args))
    report = result.report
    added = set(report.added) if report else set()
    rows = []
    for (ident, found), paper_id in zip(result.found, _placed(result), strict=True):
        action = "added" if paper_id in added else "merged"
        p = lib.get(paper_id)
        rows.append(
            {
                "identifier": str(ident),
                "source": found.source,
                "action": action,
                "id": p.id,
                "citekey": p.citekey,
                "title": p.title,
            }
        )
        if not args.json:
            said = _("added {key}: {title} ({ident}, from {source})")
            if action != "added":
                said = _("merged into {key}: {title} ({ident}, from {source})")
            title = plain_text(p.title)
            say(said.format(key=p.citekey, title=title, ident=ident, source=found.source))
    if args.json:
        failed = [{"input": text, "error": why} for text, why in result.failed]
        emit_json({"papers": rows, "failed": failed})
    for text, why in result.failed:
        say(_("litman: error: {0}").format(f"{text}: {why}"), err=True)
    return 1 if result.failed else 0


def _placed(result: AddResult) -> list[int]:
    """The paper each found record went to, in order: a new one, or the one merged into."""
    report = result.report
    if report is None:
        return []
    merged = {m.line: m.into_id for m in report.merged}
    new = iter(report.added)
    return [
        merged[line] if line in merged else next(new) for line in range(1, len(result.found) + 1)
    ]


def cmd_enrich(args: argparse.Namespace, lib: Library) -> int:
    query = " ".join(args.query or [])
    papers = list(lib.iter_papers(lib.search_ids(query, sort="id")))
    if not query:
        papers = [p for p in papers if needs_metadata(p)]
    if not papers:
        if args.json:
            emit_json([])
        say(_("no papers to look up (enrich looks at derived titles and empty authors)"), err=True)
        return 0
    accepted, rows = 0, []
    lookup = _lookup(args)
    for n, paper in enumerate(papers, 1):
        (proposal,) = find_candidates([paper], lookup)
        outcome, shown, wrote = _decide(args, lib, proposal)
        accepted += bool(wrote.updated)
        if args.json:
            rows.append(_enrich_json(lib, proposal, outcome, shown))
        else:
            say(f"[{n}/{len(papers)}] {_paper_head(paper)}")
            _print_candidates(proposal)
            _print_outcome(proposal, outcome, shown, wrote)
    if args.json:
        emit_json(rows)
    _summary(args, len(papers), accepted)
    return 0


Shown = list[tuple[str, str, str]]  # (field, stored, new), as `describe` gives them


def _decide(
    args: argparse.Namespace, lib: Library, proposal: Proposal
) -> tuple[str, Shown, Changes]:
    """What becomes of a paper's best candidate: its outcome, what accepting it changes
    (or would), and what was written."""
    best, threshold = proposal.best, args.accept_above
    if best is None:
        return "no candidates", [], Changes()
    if threshold is None:
        return "not asked", [], Changes()
    if best.score < threshold:
        return "below threshold", [], Changes()
    shown = describe(proposal.paper, proposed(lib, proposal.paper, best.paper))
    if args.dry_run:
        return "would accept", shown, Changes()
    return "accepted", shown, accept(lib, proposal.paper.id, best.paper)


# What enrich did or would do with a paper's best candidate, as it prints it.
OUTCOMES = {"would accept": N_("would accept"), "accepted": N_("accepted")}


def _print_outcome(proposal: Proposal, outcome: str, shown: Shown, wrote: Changes) -> None:
    best = proposal.best
    if best is None or outcome not in ("would accept", "accepted"):
        return
    head = f"    {_(OUTCOMES[outcome])} {best.score:.2f} {best.found.source}:"
    if outcome == "accepted":
        say(f"{head} {', '.join(sorted(wrote.fields))}")
        return
    say(head)
    for name, old, new in shown:
        was = _(" (was: {0})").format(old[:40]) if old else ""
        say(f"      {name}: {new[:80]}{was}")


def _enrich_json(lib: Library, proposal: Proposal, outcome: str, shown: Shown) -> dict[str, Any]:
    """One looked-up paper for `enrich --json`: its key now, its candidates, the outcome."""
    paper = proposal.paper
    return {
        "id": paper.id,
        "citekey": lib.get(paper.id).citekey if outcome == "accepted" else paper.citekey,
        "title": paper.title,
        "title_derived": paper.title_derived,
        "outcome": outcome,
        "candidates": [_candidate_json(c) for c in proposal.candidates],
        "problems": list(proposal.problems),
        "changes": [{"field": f, "old": old, "new": new} for f, old, new in shown],
    }


def _candidate_json(c: Candidate) -> dict[str, Any]:
    p = c.paper
    return {
        "score": round(c.score, 3),
        "source": c.found.source,
        "title": p.title,
        "authors": list(p.authors),
        "year": p.year,
        "venue": p.venue,
        "doi": p.doi,
        "url": p.url,
    }


def _summary(args: argparse.Namespace, looked: int, accepted: int) -> None:
    papers = counted(looked, "paper")
    if args.dry_run:
        said = _("looked up {papers}; nothing was written (--dry-run)")
    elif args.accept_above is None:
        said = _(
            "looked up {papers}; nothing was written "
            "(--accept-above X writes each best candidate scoring X or more)"
        )
    else:
        said = _("looked up {papers}; filled {n} from candidates scoring {score} or more")
    say(said.format(papers=papers, n=accepted, score=f"{args.accept_above or 0:g}"), err=True)


def _paper_head(p: Paper) -> str:
    title = plain_text(p.title) + (_(" (derived title)") if p.title_derived else "")
    return f"{p.citekey}: {title}"


def _print_candidates(proposal: Proposal) -> None:
    for problem in proposal.problems:
        say("    " + _("note: {0}").format(problem))
    if not proposal.candidates:
        say("    " + _("no candidates found"))
        return
    score, source, year = (
        cell(_("score"), 5, right=True),
        cell(_("source"), 17),
        cell(_("year"), 4),
    )
    say(f"    {score}  {source} {year}  {cell(_('doi'), 28)} {_('title')}")
    for c in proposal.candidates:
        p = c.paper
        year = str(p.year or "----")
        source = c.found.source[:17]
        say(f"    {c.score:>5.2f}  {source:<17} {year:<4}  {p.doi[:28]:<28} {p.title[:70]}")
