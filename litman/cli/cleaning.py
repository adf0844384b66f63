"""`litman duplicates`, `litman merge`, `litman distinct` and `litman saved`: keeping a library
clean (`Library.duplicates`, `Library.merging`, `Library.saved`).

`duplicates` lists the groups of papers that are probably one work, each with why; `merge
KEEP OTHER...` merges them into KEEP (`--prefer OTHER:FIELD,...` takes those fields from
OTHER), whose citekey stays while the others' become its aliases; `distinct A B...` says
they are not duplicates, so they are never proposed together again. `saved` lists, adds and
removes saved searches, and `export saved:NAME` (or `search saved:NAME`) runs one; `related
PAPER` lists the papers most like one (`Library.related`).
"""

import argparse
from collections.abc import Sequence
from typing import Any

from litman.cli.output import emit_json, list_actions, paper_line, say
from litman.core.errors import LitmanError
from litman.core.library.facade import Library
from litman.core.messages import _, n_
from litman.core.records import SavedSearch, Status, counted
from litman.core.search.filters import (
    ALL,
    TRASH,
    Filter,
    Narrowing,
    StatusFilter,
    TagFilter,
    Trash,
    filter_from_text,
    filter_text,
)

SAVED_PREFIX = "saved:"


def cmd_duplicates(args: argparse.Namespace, lib: Library) -> int:
    groups = lib.duplicates.find()
    papers = {p.id: p for p in lib.get_many([i for g in groups for i in g.ids])}
    if args.json:
        emit_json(
            [
                {
                    "ids": list(g.ids),
                    "citekeys": [papers[i].citekey for i in g.ids],
                    "reasons": list(g.reasons),
                }
                for g in groups
            ]
        )
        return 0
    if not groups:
        say(_("no duplicates found"))
    for n, g in enumerate(groups, 1):
        say(_("group {n}: {reasons}").format(n=n, reasons=_("; ").join(g.reasons)))
        for pid in g.ids:
            say("  " + paper_line(papers[pid]))
    if groups:
        said = _(
            "{groups}; `litman merge KEEP OTHER...` merges one, "
            "`litman distinct A B...` says they are not duplicates"
        )
        say(said.format(groups=counted(len(groups), "group")))
    return 0


def cmd_merge(args: argparse.Namespace, lib: Library) -> int:
    keep, *others = lib.resolve_many([args.keep, *args.others])
    choose = _preferred(lib, args.prefer or [], [keep, *others])
    before = lib.get_many(others)
    done = lib.merging.merge(keep, others, choose)
    kept = lib.get(keep)
    keys = ", ".join(p.citekey for p in before)
    said = n_(
        "merged {papers} into {key}; {keys} now finds it, and the merged copy is in the trash",
        "merged {papers} into {key}; {keys} now find it, and the merged copies are in the trash",
        len(before),
    )
    papers = counted(len(done.deleted), "paper")
    say(said.format(papers=papers, key=kept.citekey, keys=keys))
    return 0


def _preferred(lib: Library, prefer: Sequence[str], ids: Sequence[int]) -> dict[str, int]:
    """`--prefer REF:FIELD,FIELD...` (any number) as the field -> paper map `merge` takes."""
    choose: dict[str, int] = {}
    for item in prefer:
        ref, _colon, names = item.rpartition(":")
        if not ref or not names.strip():
            raise LitmanError(_("--prefer takes PAPER:FIELD,..., not '{0}'.").format(item))
        pid = lib.resolve(ref)
        if pid not in ids:
            said = _("--prefer names {0}, which is not one of the papers merged.")
            raise LitmanError(said.format(ref))
        for name in names.split(","):
            if name.strip():
                choose[name.strip().lower()] = pid
    return choose


def cmd_distinct(args: argparse.Namespace, lib: Library) -> int:
    ids = lib.resolve_many(args.papers)
    if len(set(ids)) < 2:
        raise LitmanError(_("Name at least two different papers."))
    lib.duplicates.dismiss(ids)
    said = _("{papers} will not be proposed as duplicates of each other")
    say(said.format(papers=counted(len(set(ids)), "paper")))
    return 0


def cmd_saved(args: argparse.Namespace, lib: Library) -> int:
    action = args.action or "list"
    if action == "add":
        query, within = " ".join(args.query), _within(args)
        if not query.strip() and within == ALL:
            raise LitmanError(_("Give the search to save: litman saved add NAME QUERY."))
        lib.saved.add(args.name, query, within)
        shown = _shown(SavedSearch(args.name, query, filter_text(within)))
        say(_("saved '{name}': {query}").format(name=" ".join(args.name.split()), query=shown))
        return 0
    if action == "remove":
        lib.saved.remove(args.name)
        say(_("removed the saved search '{0}'").format(args.name))
        return 0
    found = [(s, len(lib.saved_ids(s))) for s in lib.saved.listed()]
    if getattr(args, "json", False):
        emit_json(
            [{"name": s.name, "query": s.query, "within": s.within, "count": n} for s, n in found]
        )
        return 0
    if not found:
        say(_("no saved searches; `litman saved add NAME QUERY` saves one"))
    for s, n in found:
        say(
            _("{name}: {query} ({papers})").format(
                name=s.name, query=_shown(s), papers=counted(n, "paper")
            )
        )
    return 0


def _within(args: argparse.Namespace) -> Filter:
    """The sidebar filter `saved add` was given: --tag, --status or --trash."""
    if getattr(args, "tag", None):
        return TagFilter(args.tag)
    if getattr(args, "status", None):
        return StatusFilter(Status(args.status))
    return TRASH if getattr(args, "trash", False) else ALL


def _shown(s: SavedSearch) -> str:
    """A saved search's query, and the filter it narrows: `walrus (in tag/Zoo)`."""
    return (
        _("{query} (in {within})").format(query=s.query, within=s.within) if s.within else s.query
    )


def saved_named(lib: Library, words: Sequence[str]) -> SavedSearch | None:
    """The saved search a query names (`saved:NAME`), or None for a query as typed."""
    query = " ".join(words)
    if query.startswith(SAVED_PREFIX):
        return lib.saved.get(query[len(SAVED_PREFIX) :].strip().strip('"'))
    return None


def cmd_related(args: argparse.Namespace, lib: Library) -> int:
    pid = lib.resolve(args.paper)
    papers = lib.get_many(lib.related(pid, args.limit))
    if args.json:
        emit_json([p.to_json() for p in papers])
    elif not papers:
        say(_("no paper shares rare words with it"))
    for p in papers if not args.json else ():
        say(paper_line(p))
    return 0


def searched(lib: Library, words: Sequence[str]) -> tuple[str, Narrowing]:
    """What `litman search` searches: a query as typed, or, when it is `saved:NAME`, the
    query saved under NAME within its sidebar filter."""
    saved = saved_named(lib, words)
    if saved is None:
        return " ".join(words), ALL
    within = filter_from_text(saved.within)
    if isinstance(within, Trash):
        raise LitmanError(
            f"'{saved.name}' lists the trash, which is not searched: "
            f'`litman export saved:"{saved.name}"` writes its papers.'
        )
    return saved.query, within


def add_parsers(add: Any, commands: Any) -> None:
    """The subcommands of this module (parser.build_parser's `add`)."""
    add(
        "duplicates",
        commands["duplicates"],
        "groups of papers that are probably one work, with why",
        True,
        json_flag=True,
    )
    p = add("merge", commands["merge"], "merge duplicates into KEEP (the others' keys: aliases)")
    p.add_argument("keep", metavar="KEEP")
    p.add_argument("others", nargs="+", metavar="OTHER")
    p.add_argument(
        "--prefer",
        action="append",
        metavar="OTHER:FIELD,...",
        help="take these fields (title, authors, year, venue, doi, abstract, volume, ...) "
        "from OTHER rather than by the defaults; may be given again",
    )
    p = add(
        "related",
        commands["related"],
        "the papers sharing the most rare words with one (title and abstract)",
        True,
        json_flag=True,
    )
    p.add_argument("paper", metavar="ID|CITEKEY")
    p.add_argument("--limit", type=int, default=10, help="at most N papers (default 10)")
    p = add("distinct", commands["distinct"], "say papers are not duplicates of each other")
    p.add_argument("papers", nargs="+", metavar="ID|CITEKEY")
    p = add("saved", commands["saved"], "list, add or remove saved searches", True, json_flag=True)
    actions = list_actions(p, "the saved searches with their counts (the default)")
    a = actions.add_parser("add", help="save QUERY under NAME")
    which = a.add_mutually_exclusive_group()
    which.add_argument("--tag", metavar="PATH", help="within this tag and the tags below it")
    which.add_argument("--status", choices=[s.value for s in Status], help="within this status")
    which.add_argument("--trash", action="store_true", help="the trash's papers")
    a.add_argument("name", metavar="NAME")
    a.add_argument("query", nargs="*", metavar="QUERY")  # filled by split_query
    a.set_defaults(read_only_cmd=False)
    a = actions.add_parser("remove", help="forget a saved search")
    a.add_argument("name", metavar="NAME")
    a.set_defaults(read_only_cmd=False)
