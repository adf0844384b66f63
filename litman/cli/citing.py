"""`litman cite ID|KEY... [--style NAME|FILE.csl] [--format text|html] [--locale L]
[--citation]`: papers as formatted references (`litman.formats.references`); and
`litman citekeys pattern [PATTERN] [--reset]`, `litman citekeys regenerate ID|KEY...
[--pattern P] [--dry-run]`, `litman citekeys pin|unpin ID|KEY...`: the library's key rule,
keys made again by it, and keys pinned against it (`library.citekey_rule`).

Prints the bibliography, an entry a line in the style's order (or HTML in citeproc-js's
classes); `--citation` prints the in-text citation of them all instead (`(Doe, 2020; Roe,
2021)`, `[1], [2]`). A style is one of the names litman offers or a `.csl` file; a locale is
one citeproc-py has (`en-US`, `zh-CN`, ...), the style's own by default.
"""

import argparse
from pathlib import Path
from typing import Any

from litman import app
from litman.cli.output import cell, emit_json, list_actions, say
from litman.core.errors import LitmanError
from litman.core.library.facade import Library
from litman.core.messages import N_, _
from litman.core.records import counted
from litman.formats import references, registry


def cmd_cite(args: argparse.Namespace, lib: Library) -> int:
    papers = lib.get_many(lib.resolve_many(args.papers))
    refs = references.render(papers, args.style, args.format, args.locale)
    say(refs.citation if args.citation else refs.bibliography(), multiline=True)
    return 0


def cmd_citekeys(args: argparse.Namespace, lib: Library) -> int:
    if args.action == "pattern":
        if args.reset or args.pattern:
            lib.citekey_rule.set_pattern("" if args.reset else args.pattern)
        rule = lib.citekey_rule.pattern()
        say(rule or "litman's own rule ([auth:lower][year][veryshorttitle:lower])")
        return 0
    ids = lib.resolve_many(args.papers)
    if args.action in ("pin", "unpin"):
        changed = lib.citekey_rule.pin(ids, args.action == "pin")
        said = _("pinned {keys}") if args.action == "pin" else _("unpinned {keys}")
        say(said.format(keys=counted(len(changed.updated), "citation key")), err=True)
        return 0
    pinned = lib.citekey_rule.pinned(ids)
    if pinned:
        kept = counted(len(pinned), "pinned key")
        said = _("kept {keys} (typed or read from a .bib; `litman citekeys unpin` frees them)")
        say(said.format(keys=kept), err=True)
    planned = lib.citekey_rule.plan(ids, args.pattern)
    for r in planned:
        say(f"{r.old} -> {r.new}")
    if not args.dry_run and planned:
        lib.citekey_rule.regenerate(ids, args.pattern)
    said = _("would change {keys}") if args.dry_run else _("changed {keys}")
    say(said.format(keys=counted(len(planned), "citation key")), err=True)
    return 0


# What an auto-export run did with each file, as it says it.
AUTOEXPORT_OUTCOMES = {
    "written": N_("written"),
    "unchanged": N_("unchanged"),
    "failed": N_("failed"),
}


def cmd_autoexport(args: argparse.Namespace, lib: Library) -> int:
    if args.action == "add":
        target = export_target(args.path)
        lib.refuse_own_file(target, "export to")
        fmt = registry.format_for(target, args.format)
        made = lib.autoexports.add(target, " ".join(args.query), fmt)
        said = _("{path} now follows {query} ({format})")
        if not made.query:
            said = _("{path} now follows the whole library ({format})")
        say(said.format(path=made.path, query=made.query, format=fmt), err=True)
        args.action = "run"
    elif args.action == "remove":
        lib.autoexports.remove(args.path)
        say(_("{0}: no longer exported").format(args.path), err=True)
        return 0
    if args.action == "run":
        done = app.run_autoexports(lib)
        for d in done:
            error = f"  ({d.error})" if d.error else ""
            outcome = _(AUTOEXPORT_OUTCOMES.get(d.outcome, d.outcome))
            say(f"{cell(outcome, 9)}  {d.binding.path}{error}")
        return 1 if any(d.outcome == "failed" for d in done) else 0
    found = lib.autoexports.list()
    if args.json:
        emit_json([b.to_json() for b in found])
    for b in [] if args.json else found:
        problem = "  " + _("FAILED: {0}").format(b.error) if b.error else ""
        say(f"{b.path}  {b.fmt}  {b.query or _('(whole library)')}{problem}")
    if not found and not args.json:
        say(_("no auto-exports (litman autoexport add FILE QUERY)"), err=True)
    return 0


def export_target(name: str) -> Path:
    """The file `name` means to export to, refused early (one line, exit 1) when it cannot
    be one: `export -o NAME` and `autoexport add NAME` alike."""
    if not name.strip():
        raise LitmanError(_("Name a file to export to."))
    path = Path(name).expanduser()
    if path.is_dir():
        raise LitmanError(_("{0} is a folder; name a file to export to.").format(name))
    if not path.parent.is_dir():
        raise LitmanError(
            _("Cannot export to {0}: there is no folder {1}.").format(name, path.parent)
        )
    return path


def add_parsers(add: Any, commands: Any) -> None:
    """The `cite`, `citekeys` and `autoexport` subcommands."""
    _add_autoexport(
        add("autoexport", commands["autoexport"], "files kept current with a query", json_flag=True)
    )
    _add_citekeys(
        add("citekeys", commands["citekeys"], "the citation key pattern; make keys again")
    )
    p = add(
        "cite",
        commands["cite"],
        "print papers as formatted references in a citation style (CSL)",
        read_only=True,
    )
    p.add_argument("papers", nargs="+", metavar="ID|CITEKEY")
    names = ", ".join(references.style_names())
    p.add_argument(
        "--style",
        default=references.DEFAULT_STYLE,
        metavar="NAME|FILE.csl",
        help=_("{0}, or a .csl file (default: {1})").format(names, references.DEFAULT_STYLE),
    )
    p.add_argument("--format", choices=["text", "html"], default="text")
    p.add_argument(
        "--locale",
        default="",
        metavar="LOCALE",
        help="en-US, en-GB, zh-CN, ... (default: the style's)",
    )
    p.add_argument(
        "--citation", action="store_true", help="the in-text citation instead of the entries"
    )


def _add_citekeys(p: argparse.ArgumentParser) -> None:
    actions = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    a = actions.add_parser("pattern", help="show or set the key pattern for new papers")
    a.add_argument("pattern", nargs="?", help="JabRef's notation: [auth][year], [authEtAl] ...")
    a.add_argument("--reset", action="store_true", help="back to litman's own rule")
    a = actions.add_parser("regenerate", help="make these papers' keys again by the pattern")
    a.add_argument("papers", nargs="+", metavar="ID|CITEKEY")
    a.add_argument("--pattern", help="this pattern instead of the library's")
    a.add_argument("--dry-run", action="store_true", help="print old -> new; change nothing")
    a = actions.add_parser("pin", help="keep these papers' keys as they are (typed keys are)")
    a.add_argument("papers", nargs="+", metavar="ID|CITEKEY")
    a = actions.add_parser("unpin", help="let the pattern make these papers' keys again")
    a.add_argument("papers", nargs="+", metavar="ID|CITEKEY")


def _add_autoexport(p: argparse.ArgumentParser) -> None:
    p.set_defaults(action="list")
    actions = list_actions(p, "the bound files, their queries and any failure")
    a = actions.add_parser("add", help="keep FILE current with what QUERY finds")
    a.add_argument("path", metavar="FILE")
    a.add_argument(  # filled by split_query
        "query", nargs="*", metavar="QUERY", help="tag:thesis, saved:NAME; none: all"
    )
    a.add_argument("--format", choices=registry.writer_names(), help="default: from the suffix")
    a = actions.add_parser("remove", help="stop keeping FILE current (the file stays)")
    a.add_argument("path", metavar="FILE")
    actions.add_parser("run", help="write every bound file whose contents would change")
