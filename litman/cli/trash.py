"""`litman delete PAPERS` and `litman trash [list|restore|empty]`.

`delete` moves papers to the trash (`litman.core.store.trash`) and says how to get them back;
`trash` lists what is in it (`--json` as `list --json` does), `trash restore PAPERS` takes
papers out, and `trash empty` deletes every paper in it for good, after a backup, once asked
(or with `--yes`). Tagging or marking a paper in the trash is refused, naming it: nothing
is changed (`refuse_trashed`).
"""

import argparse
import sys
from collections.abc import Sequence
from typing import Any

from litman.cli.output import emit_json_rows, list_actions, print_papers, say
from litman.core.errors import LitmanError
from litman.core.library.facade import Library
from litman.core.messages import _
from litman.core.records import counted


def _named(ids: Sequence[int]) -> str:
    shown = " ".join(map(str, ids[:5]))
    return shown + (" ..." if len(ids) > 5 else "")


def refuse_trashed(lib: Library, ids: Sequence[int]) -> None:
    """Refuse a change to papers of which some are in the trash, naming them."""
    trashed = lib.in_trash(ids)
    if trashed:
        raise LitmanError(
            _(
                "In the trash: {0}; nothing was changed "
                "(`litman trash restore {0}` takes them out first)."
            ).format(_named(sorted(trashed)))
        )


def cmd_delete(args: argparse.Namespace, lib: Library) -> int:
    ids = lib.resolve_many(args.papers)
    moved = lib.papers.delete_papers(ids).deleted
    already = len(set(ids)) - len(moved)
    said = _("moved {papers} to the trash").format(papers=counted(len(moved), "paper"))
    if already:
        said += _(" ({0} in it already)").format(already)
    if moved:
        said += _("; `litman trash restore {0}` brings them back").format(_named(moved))
    say(said)
    return 0


def cmd_trash(args: argparse.Namespace, lib: Library) -> int:
    action = args.action or "list"
    if action == "restore":
        return _restore(lib, lib.resolve_many(args.papers))
    if action == "empty":
        return _empty(lib, args.yes)
    ids = lib.trash_ids()
    if args.json:
        emit_json_rows(lib.iter_json(ids))
    elif ids:
        print_papers(lib.iter_papers(ids))
    else:
        say(_("the trash is empty"))
    return 0


def _restore(lib: Library, ids: Sequence[int]) -> int:
    outside = sorted(set(ids) - set(lib.in_trash(ids)))
    if outside:
        raise LitmanError(_("Not in the trash: {0}; nothing was restored.").format(_named(outside)))
    back = lib.papers.restore(ids).added
    say(_("restored {papers} from the trash").format(papers=counted(len(back), "paper")))
    return 0


def _empty(lib: Library, yes: bool) -> int:
    n = lib.trash_count()
    if not n:
        say(_("the trash is empty"))
        return 0
    question = _("Delete the {papers} in the trash permanently? [y/N] ")
    if not yes and not _asked(question.format(papers=counted(n, "paper"))):
        if not sys.stdin.isatty():
            raise LitmanError(
                _("`litman trash empty` deletes {papers} permanently: add --yes to do it.").format(
                    papers=counted(n, "paper")
                )
            )
        say(_("nothing deleted"))
        return 1
    emptied = lib.papers.empty_trash()
    said = _("deleted {papers} permanently")
    if emptied.backup:
        said = _("deleted {papers} permanently; a backup was taken first (`litman restore`)")
    say(said.format(papers=counted(len(emptied.deleted), "paper")))
    return 0


def _asked(question: str) -> bool:
    if not sys.stdin.isatty():
        return False
    return input(question).strip().lower() in ("y", "yes")


def add_parsers(add: Any, commands: Any) -> None:
    """The `delete` and `trash` subcommands (parser.build_parser's `add`)."""
    p = add("delete", commands["delete"], "move papers to the trash (litman trash restore)")
    p.add_argument("papers", nargs="+", metavar="ID|CITEKEY")
    # Listing only reads; restore and empty write (a subcommand's defaults win).
    p = add("trash", commands["trash"], "list, restore or empty the trash", True, json_flag=True)
    actions = list_actions(p, "the papers in the trash (the default)")
    a = actions.add_parser("restore", help="take papers out of the trash")
    a.add_argument("papers", nargs="+", metavar="ID|CITEKEY")
    a.set_defaults(read_only_cmd=False)
    a = actions.add_parser("empty", help="delete every paper in the trash permanently")
    a.add_argument("--yes", action="store_true", help="do not ask")
    a.set_defaults(read_only_cmd=False)
