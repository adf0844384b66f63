"""The `litman` command: argparse over the `Library` API, nothing more.

Each subcommand is a small `cmd_*` function taking the parsed arguments and an open library.
Expected errors print one line on stderr and exit 1 (2 for usage errors); no traceback.
With no subcommand, `litman` opens the desktop window.
"""

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from litman import __version__, app
from litman.core import backups
from litman.core.errors import CorruptLibraryError, LitmanError
from litman.core.library import Library
from litman.core.records import SORT_FIELDS, ImportReport, Paper, Status
from litman.formats.latex import plain_text

Command = Callable[[argparse.Namespace, Library], int]
PathCommand = Callable[[argparse.Namespace, Path], int]


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.self_test:
            from litman.gui import selftest

            return selftest.run()
        if args.command is None:
            return open_window(args)
        if args.path_func is not None:
            return int(args.path_func(args, app.choose_library(args.library).path))
        with app.open_library(args.library, read_only=args.read_only_cmd) as library:
            return int(args.func(args, library))
    except UsageError as exc:
        parser.print_usage(sys.stderr)
        print(f"litman: error: {exc}", file=sys.stderr)
        return 2
    except CorruptLibraryError as exc:
        print(f"litman: error: {exc}", file=sys.stderr)
        if exc.backup is not None:
            print("litman: run `litman restore` to put that backup back.", file=sys.stderr)
        return 1
    except LitmanError as exc:
        print(f"litman: error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("litman: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


def open_window(args: argparse.Namespace) -> int:
    from litman.gui import launch

    return launch.run(args.library, quit_after_show=args.quit_after_show)


# -- output ----------------------------------------------------------------------------


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


# -- commands --------------------------------------------------------------------------


def cmd_list(args: argparse.Namespace, lib: Library) -> int:
    print_papers(lib.list_papers(args.sort, args.desc), args.json)
    return 0


def cmd_show(args: argparse.Namespace, lib: Library) -> int:
    p = lib.get(lib.resolve(args.paper))
    if args.json:
        emit_json(p.to_json())
        return 0
    for key, value in p.to_json().items():
        if value not in ("", [], {}, None):
            print(f"{key:>18}: {', '.join(value) if isinstance(value, list) else value}")
    return 0


def cmd_tags(args: argparse.Namespace, lib: Library) -> int:
    tags = lib.tags()
    if args.json:
        emit_json([{"name": t.name, "count": t.count, "colour": t.colour} for t in tags])
    for t in [] if args.json else tags:
        print(f"{t.count:>6}  {t.name}")
    return 0


def cmd_tag(args: argparse.Namespace, lib: Library) -> int:
    if args.action in ("add", "remove"):
        ids = [lib.resolve(ref) for ref in args.papers]
        changes = (lib.add_tag if args.action == "add" else lib.remove_tag)(args.tag, ids)
        verb = "tagged" if args.action == "add" else "untagged"
        print(f"{verb} {len(changes.updated)} of {len(ids)} papers '{args.tag}'")
    elif args.action == "rename":
        changes = lib.rename_tag(args.old, args.new)
        print(f"renamed '{args.old}' to '{args.new}' on {len(changes.updated)} papers")
    else:
        changes = lib.delete_tag(args.tag)
        print(f"deleted tag '{args.tag}' from {len(changes.updated)} papers")
    return 0


def cmd_status(args: argparse.Namespace, lib: Library) -> int:
    ids = [lib.resolve(ref) for ref in args.papers]
    lib.set_status(ids, args.status)
    print(f"marked {len(ids)} papers {args.status}")
    return 0


def cmd_stats(args: argparse.Namespace, lib: Library) -> int:
    counts = lib.status_counts()
    data: dict[str, Any] = {
        "papers": sum(counts.values()),
        "status": {s.value: n for s, n in counts.items()},
        "tags": {t.name: t.count for t in lib.tags()},
    }
    if args.json:
        emit_json(data)
        return 0
    print(f"{data['papers']} papers")
    for s, n in data["status"].items():
        print(f"{n:>6}  {s}")
    if data["tags"]:
        print("tags:")
    for name, n in data["tags"].items():
        print(f"{n:>6}  {name}")
    return 0


def cmd_import(args: argparse.Namespace, lib: Library) -> int:
    if not args.files and not args.seeds:
        raise UsageError("name files to import, or --seeds")
    reports = app.import_seeds(lib) if args.seeds else []
    if args.files:
        reports += app.import_files(lib, [Path(f) for f in args.files])
    if args.json:
        emit_json([_report_json(r) for r in reports])
    for r in [] if args.json else reports:
        print_report(r)
    return 0


def cmd_search(args: argparse.Namespace, lib: Library) -> int:
    query = " ".join(args.query)
    result = lib.search(query)
    for note in result.query.notes:
        print(f"litman: note: {note}", file=sys.stderr)
    papers = lib.get_many(result.ids[: args.limit] if args.limit else result.ids)
    if args.json:
        emit_json(
            [
                {
                    **p.to_json(),
                    "score": round(result.scores.get(p.id, 0.0), 3),
                    "matched": {
                        f: [list(s) for s in spans] for f, spans in result.spans(p).items()
                    },
                }
                for p in papers
            ]
        )
        return 0
    for p in papers:
        print(f"{result.scores.get(p.id, 0):>7.1f} {paper_line(p)}")
    shown = f"{len(papers)} of {len(result.ids)}" if len(papers) < len(result.ids) else len(papers)
    print(f"({shown} papers match '{query}')", file=sys.stderr)
    return 0


def cmd_export(args: argparse.Namespace, lib: Library) -> int:
    from litman.formats import bibtex

    query = " ".join(args.query)
    papers = lib.get_many(lib.search_ids(query, sort="citekey"))
    if args.output == "-":
        sys.stdout.write(bibtex.dumps(papers, ascii_only=args.ascii))
        return 0
    count = bibtex.export(papers, Path(args.output), ascii_only=args.ascii)
    print(f"exported {count} papers to {args.output}", file=sys.stderr)
    return 0


def cmd_backup(args: argparse.Namespace, path: Path) -> int:
    if args.list:
        found = backups.list_backups(path)
        rows = [(b, app.backup_papers(b)) for b in found]
        if args.json:
            emit_json(
                [
                    {
                        "path": str(b.path),
                        "taken_at": b.taken_at.isoformat(),
                        "reason": b.reason,
                        "bytes": b.size,
                        "papers": n,
                    }
                    for b, n in rows
                ]
            )
            return 0
        for b, n in rows:
            papers = "unreadable" if n is None else f"{n} papers"
            print(f"{b.describe()}  {b.size / 1e6:.1f} MB  {papers}")
        print(f"({len(found)} backups in {backups.backups_dir(path)})", file=sys.stderr)
        return 0
    backup = app.backup_now(path)
    print(f"backed up {path} to {backup.path}")
    return 0


def cmd_restore(args: argparse.Namespace, path: Path) -> int:
    done = app.restore_backup(path, args.backup)
    print(f"restored {path} from {done.backup.path.name} ({done.backup.taken_at:%Y-%m-%d %H:%M})")
    if done.kept is not None:
        print(f"the file it replaced is kept as {done.kept}")
    return 0


def _report_json(r: ImportReport) -> dict[str, Any]:
    return {
        "source": r.source_name,
        "label": r.label,
        "added": list(r.added),
        "merged": [vars(m) for m in r.merged],
        "skipped": [vars(s) for s in r.skipped],
        "warnings": list(r.warnings),
    }


class UsageError(LitmanError):
    pass


# -- parser ----------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument(
        "--library",
        metavar="PATH",
        default=argparse.SUPPRESS,
        help="library file (default: $LITMAN_LIBRARY, else the user data folder)",
    )
    parser = argparse.ArgumentParser(
        prog="litman", description="A literature manager. With no command, opens the window."
    )
    parser.add_argument(
        "--library",
        metavar="PATH",
        default=None,
        help="library file (default: $LITMAN_LIBRARY, else the user data folder)",
    )
    parser.add_argument("--version", action="version", version=f"litman {__version__}")
    parser.add_argument(
        "--self-test",
        action="store_true",
        help="check this installation offscreen (import, search, BibTeX, window) and exit",
    )
    parser.add_argument(
        "--quit-after-show",
        action="store_true",
        help=argparse.SUPPRESS,  # for start-up timing: print 'shown N' once rows are painted
    )
    parser.set_defaults(command=None, read_only_cmd=False, path_func=None)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    def add(
        name: str, func: Command, help_: str, read_only: bool = False, json_flag: bool = False
    ) -> argparse.ArgumentParser:
        p = sub.add_parser(name, parents=[common], help=help_, description=help_)
        p.set_defaults(func=func, read_only_cmd=False, path_func=None)
        if json_flag:
            p.add_argument("--json", action="store_true", help="print JSON")
        return p

    p = add("list", cmd_list, "list papers", json_flag=True)
    p.add_argument("--sort", choices=SORT_FIELDS, default="title")
    p.add_argument("--desc", action="store_true", help="descending order")
    p = add("show", cmd_show, "show one paper", json_flag=True)
    p.add_argument("paper", metavar="ID|CITEKEY")
    add("tags", cmd_tags, "tags with paper counts", json_flag=True)
    _add_tag_parser(add("tag", cmd_tag, "add, remove, rename or delete tags"))
    p = add("status", cmd_status, "set reading status")
    p.add_argument("status", choices=[s.value for s in Status])
    p.add_argument("papers", nargs="+", metavar="ID|CITEKEY")
    add("stats", cmd_stats, "totals by status and by tag", json_flag=True)
    p = add("import", cmd_import, "import files (.txt abstracts, .bib)", json_flag=True)
    p.add_argument("files", nargs="*", metavar="FILE")
    p.add_argument("--seeds", action="store_true", help="import the bundled seed abstracts")
    p = add(
        "search", cmd_search, "fuzzy search (see the README for the query syntax)", json_flag=True
    )
    p.add_argument("query", nargs="+", metavar="QUERY")
    p.add_argument("--limit", type=int, default=20, help="at most N results (0: all)")
    p = add("export", cmd_export, "export BibTeX: everything, or what QUERY finds (tag:X ...)")
    p.add_argument("query", nargs="*", metavar="QUERY")
    p.add_argument("-o", "--output", required=True, metavar="FILE", help="file, or - for stdout")
    p.add_argument(
        "--ascii",
        action="store_true",
        help='write LaTeX escapes ({\\"u}) instead of UTF-8, for classic BibTeX',
    )

    def add_file_command(
        name: str, func: PathCommand, help_: str, description: str
    ) -> argparse.ArgumentParser:
        """A command on the library file itself: it runs without opening the library."""
        p = sub.add_parser(name, parents=[common], help=help_, description=description)
        p.set_defaults(path_func=func)
        return p

    p = add_file_command(
        "backup",
        cmd_backup,
        "back up the library now (or --list the backups)",
        "Copy the library into the backups/ folder beside it.",
    )
    p.add_argument("--list", action="store_true", help="list the backups, newest first")
    p.add_argument("--json", action="store_true", help="print JSON (with --list)")
    p = add_file_command(
        "restore",
        cmd_restore,
        "restore the library from a backup (the newest good one by default)",
        "Put a backup in place of the library. The current file is kept first.",
    )
    p.add_argument("backup", nargs="?", metavar="BACKUP", help="file name from `backup --list`")
    return parser


def _add_tag_parser(p: argparse.ArgumentParser) -> None:
    actions = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    for name in ("add", "remove"):
        a = actions.add_parser(name, help=f"{name} a tag on papers")
        a.add_argument("tag")
        a.add_argument("papers", nargs="+", metavar="ID|CITEKEY")
    a = actions.add_parser("rename", help="rename a tag (onto an existing one: merge)")
    a.add_argument("old")
    a.add_argument("new")
    a = actions.add_parser("delete", help="delete a tag from every paper")
    a.add_argument("tag")
