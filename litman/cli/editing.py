"""`litman edit PAPER FIELD=VALUE...` and `litman conflicts`.

`edit` sets a paper's own fields (`title=...`, `year=2021`, `authors="Doe, J. and Roe, R."`)
and stored BibTeX fields (`volume=12`; an empty value removes one) in one transaction.
With `--version N` (the version `litman show` printed) it is refused, with one line naming
each field changed since by someone else and exit status 3, instead of overwriting it
(`litman.core.store.versions`); an edit of fields nobody else changed lands. `conflicts` lists the
refused edits the library keeps.
"""

import argparse
from typing import Any

from litman.cli.output import emit_json, say
from litman.core import fields
from litman.core.errors import ConflictError, LitmanError
from litman.core.library.facade import Library
from litman.core.messages import N_, _
from litman.core.names import split_list
from litman.core.records import ConflictRecord

# What `edit` may set beyond the stored BibTeX fields.
COLUMNS = ("citekey", "entry_type", "title", "authors", "year", "venue", "doi", "url", "abstract")
# Fields `edit` leaves to their own commands.
OWN_COMMAND = {
    "status": N_("use `litman status`"),
    "tags": N_("use `litman tag add` or `tag remove`"),
    "rating": N_("set it in the window"),
    "notes": N_("write them in the window"),
}
# `edit`'s exit status when the edit was refused as stale: the caller may read and retry.
CONFLICT_EXIT = 3


def cmd_edit(args: argparse.Namespace, lib: Library) -> int:
    pid = lib.resolve(args.paper)
    values = dict(_assignment(a) for a in args.assignments)
    try:
        lib.papers.edit(pid, values, seen_version=args.seen)
    except ConflictError as exc:
        say(_("litman: conflict: {0}").format(exc), err=True)
        return CONFLICT_EXIT
    p = lib.get(pid)
    said = _("edited {key} ({fields}); it is now version {version}")
    say(said.format(key=p.citekey, fields=", ".join(values), version=p.version))
    return 0


def _assignment(text: str) -> tuple[str, Any]:
    name, sep, value = text.partition("=")
    name = name.strip()
    if not sep or not name:
        raise LitmanError(
            _("'{0}' is not FIELD=VALUE (e.g. title=\"A Better Title\").").format(text)
        )
    if name == "year":
        return name, fields.whole_number(value, "A year")
    if name == "authors":
        return name, split_list(value)
    if name in OWN_COMMAND:
        raise LitmanError(
            _("{0} is not set by `litman edit`: {1}.").format(name, _(OWN_COMMAND[name]))
        )
    return name, value


def cmd_conflicts(args: argparse.Namespace, lib: Library) -> int:
    pid = lib.resolve(args.paper) if args.paper else None
    kept = lib.papers.conflicts(pid)
    if args.json:
        emit_json([_json(c) for c in kept])
        return 0
    for c in kept:
        said = _(
            "{field}: kept {theirs!r}, refused {mine!r} (saw version {seen}, was {version}; {who})"
        )
        conflict = said.format(
            field=c.field, theirs=c.theirs, mine=c.mine, seen=c.seen, version=c.version, who=c.who
        )
        say(f"{c.at:%Y-%m-%d %H:%M}  {c.citekey}  {conflict}")
    if not kept:
        say(_("no refused edits"))
    return 0


def _json(c: ConflictRecord) -> dict[str, Any]:
    return {**vars(c), "at": c.at.isoformat()}


def add_parsers(add: Any, commands: Any) -> None:
    """The `edit` and `conflicts` subcommands (parser.build_parser's `add`)."""
    fields = ", ".join(COLUMNS)
    p = add("edit", commands["edit"], "change fields of one paper (refused if stale)")
    p.add_argument("paper", metavar="ID|CITEKEY")
    p.add_argument(
        "assignments",
        nargs="+",
        metavar="FIELD=VALUE",
        help=_("{0}, or any BibTeX field (volume=12; empty removes it)").format(fields),
    )
    p.add_argument(
        "--version",
        dest="seen",
        type=int,
        metavar="N",
        help="the version you read (`litman show`): refuse, exit 3, if a field you set "
        "was changed by someone else since",
    )
    p = add(
        "conflicts", commands["conflicts"], "list refused edits", json_flag=True, read_only=True
    )
    p.add_argument("paper", nargs="?", metavar="ID|CITEKEY")
