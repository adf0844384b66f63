"""The `litman` command's subcommands, and `main`, which runs one.

Each subcommand is a small `cmd_*` function taking the parsed arguments and an open library.
Expected errors print one line on stderr and exit 1 (2 for usage errors); no traceback.
With no subcommand, `litman` opens the desktop window.
"""

import argparse
import logging
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from litman import app, diagnostics
from litman.cli import attaching, citing, cleaning, trash
from litman.cli.output import (
    emit_json,
    emit_json_rows,
    paper_line,
    print_papers,
    print_report,
    say,
)
from litman.cli.parser import Command, PathCommand, UsageError, build_parser, split_query
from litman.core.errors import CorruptLibraryError, LitmanError
from litman.core.library.facade import Library
from litman.core.messages import N_, _, n_
from litman.core.records import ImportReport, Status, counted
from litman.core.search.filters import Narrowing, StatusFilter, TagFilter
from litman.formats import registry
from litman.formats.exchange import WriteOptions, visible_extra

if TYPE_CHECKING:
    from litman.core.search.passages import Passage
    from litman.formats.bibtex_fields import Mode

log = logging.getLogger(__name__)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser(COMMANDS, FILE_COMMANDS)
    rest, words = split_query(sys.argv[1:] if argv is None else argv)
    args = parser.parse_args(rest)
    if words is not None:
        args.query = words
    if args.command is None and not args.self_test:
        # The window logs for itself (gui/window/launch.py): a second handle on the file, here,
        # would stop its rotation on Windows, which refuses to rename an open file.
        return run(parser, args)
    # Warnings and errors go to the log file; what the user needs is printed, one line.
    with diagnostics.logging_to_file(logging.WARNING, to_stderr=args.debug, faults=True):
        return run(parser, args)


def run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """Run the command `args` names; an expected error is one line on stderr."""
    try:
        if args.self_test:
            from litman.gui.window import selftest

            return selftest.run()
        if args.command is None:
            return open_window(args)
        if args.standalone is not None:
            return int(args.standalone(args, Path()))
        if args.path_func is not None and _shared(args.library):
            return shared_file_command(args)
        if args.path_func is not None:
            return int(args.path_func(args, app.choose_library(args.library).path))
        with app.open_library(args.library, read_only=args.read_only_cmd) as library:
            return int(args.func(args, library))
    except UsageError as exc:
        parser.print_usage(sys.stderr)
        say(_("litman: error: {0}").format(exc), err=True)
        return 2
    except CorruptLibraryError as exc:
        say(_("litman: error: {0}").format(exc), err=True)
        if exc.backup is not None:
            say(_("litman: run `litman restore` to put that backup back."), err=True)
        return 1
    except LitmanError as exc:
        say(_("litman: error: {0}").format(exc), err=True)
        return 1
    except KeyboardInterrupt:
        say(_("litman: interrupted"), err=True)
        return 130
    except BrokenPipeError:
        return 0
    except OSError as exc:  # a read-only disk, a full one, a folder where a file should be
        say(_("litman: error: {0}").format(os_error_line(exc)), err=True)
        return 1
    except Exception:  # a bug: its traceback is printed, and kept in the log for a report
        log.exception("litman %s failed", args.command or "")
        raise


def open_window(args: argparse.Namespace) -> int:
    try:
        from litman.gui.window import launch
    except ImportError as exc:  # Qt without a system library it loads (libGL, say)
        from litman.gui.window.system_libs import missing_library

        line = missing_library(exc)
        if line is None:
            raise
        raise LitmanError(line) from None
    return launch.run(args.library, quit_after_show=args.quit_after_show, debug=args.debug)


# -- commands --------------------------------------------------------------

# A reading status as `stats` shows it, and what `status` says it did: a whole sentence
# for each, so that a translation need not fit a status word into an English one.
STATUS_WORDS = {"unread": N_("unread"), "reading": N_("reading"), "read": N_("read")}
MARKED = {
    "unread": N_("marked {papers} unread"),
    "reading": N_("marked {papers} reading"),
    "read": N_("marked {papers} read"),
}


def cmd_list(args: argparse.Namespace, lib: Library) -> int:
    ids = lib.list_ids(args.sort, args.desc)
    for within in _filters(args):  # each read from SQL: a list needs no search index
        keep = set(lib.list_ids(args.sort, args.desc, within))
        ids = [i for i in ids if i in keep]
    if args.json:
        emit_json_rows(lib.iter_json(ids))
    else:
        print_papers(lib.iter_papers(ids))
    return 0


def _filters(args: argparse.Namespace) -> list[Narrowing]:
    """What `list --tag` and `--status` narrow to, as typed: a tag's name is never parsed."""
    out: list[Narrowing] = []
    if args.tag is not None:
        out.append(TagFilter(args.tag))
    if args.status is not None:
        out.append(StatusFilter(Status(args.status)))
    return out


def cmd_show(args: argparse.Namespace, lib: Library) -> int:
    p = lib.get(lib.resolve(args.paper))
    if args.json:
        emit_json({**p.to_json(), "version": p.version})
        return 0
    fields = {**p.to_json(), "version": p.version}
    # The other BibTeX fields one a line, as `edit` names them; litman's own keys stay out.
    fields.pop("extra", None)
    fields |= {k: v for k, v in visible_extra(p.extra) if k not in fields}
    for key, value in fields.items():
        if value not in ("", [], {}, None):
            say(
                f"{key:>18}: {', '.join(value) if isinstance(value, list) else value}",
                multiline=True,
            )
    if lib.in_trash([p.id]):
        said = _("in the trash: `litman trash restore {id}` takes it out").format(id=p.id)
        say(f"{'':>18}  {said}")
    return 0


def cmd_init(args: argparse.Namespace, lib: Library) -> int:
    """Opening for writing made the library (a shared database's tables, as the role that
    will own them) or upgraded an older one: say what is there now."""
    said = _("{where} is a litman library with {papers}")
    if lib.read_only:
        said = _("{where} is a litman library with {papers} (read-only: {reason})")
    papers = counted(lib.count(), "paper")
    say(said.format(where=lib.site.where, papers=papers, reason=lib.read_only_reason))
    return 0


def cmd_tags(args: argparse.Namespace, lib: Library) -> int:
    tags = lib.tags()
    if args.json:
        emit_json([{"name": t.name, "count": t.count, "colour": t.colour} for t in tags])
    for t in [] if args.json else tags:
        say(f"{t.count:>6}  {t.name}")
    return 0


def cmd_tag(args: argparse.Namespace, lib: Library) -> int:
    if args.action in ("add", "remove"):
        ids = lib.resolve_many(args.papers)
        trash.refuse_trashed(lib, ids)
        changes = (lib.tags.add_tag if args.action == "add" else lib.tags.remove_tag)(args.tag, ids)
        said = _("tagged {n} of {papers} '{tag}'")
        if args.action == "remove":
            said = _("untagged {n} of {papers} '{tag}'")
        n, papers = len(changes.updated), counted(len(ids), "paper")
        say(said.format(n=f"{n:,}", papers=papers, tag=args.tag))
    elif args.action == "rename":
        changes = lib.tags.rename_tag(args.old, args.new)
        papers = counted(len(changes.updated), "paper")
        say(
            _("renamed '{old}' to '{new}' on {papers}").format(
                old=args.old, new=args.new, papers=papers
            )
        )
    else:
        changes = lib.tags.delete_tag(args.tag)
        papers = counted(len(changes.updated), "paper")
        say(_("deleted tag '{tag}' from {papers}").format(tag=args.tag, papers=papers))
    return 0


def cmd_status(args: argparse.Namespace, lib: Library) -> int:
    ids = lib.resolve_many(args.papers)
    trash.refuse_trashed(lib, ids)
    lib.papers.set_status(ids, args.status)
    say(_(MARKED[args.status]).format(papers=counted(len(ids), "paper")))
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
    say(counted(data["papers"], "paper"))
    for s, n in data["status"].items():
        say(f"{n:>6}  {_(STATUS_WORDS[s])}")
    if data["tags"]:
        say(_("tags:"))
    for name, n in data["tags"].items():
        say(f"{n:>6}  {name}")
    return 0


def cmd_import(args: argparse.Namespace, lib: Library) -> int:
    if not args.files and not args.seeds:
        raise UsageError(_("name files to import, or --seeds"))
    reports = app.import_seeds(lib) if args.seeds else []
    if args.files:
        files = [Path(f) for f in args.files]
        reports += app.import_files(
            lib, files, keyword_separator=args.keyword_separator, link_pdfs=args.link
        )
    if args.json:
        emit_json([_report_json(r) for r in reports])
    for r in [] if args.json else reports:
        print_report(r)
    failed = [r for r in reports if r.skipped and not (r.added or r.merged)]
    for r in failed:  # a file that gave nothing: the report above says why, line by line
        say(_("litman: error: nothing was imported from {0}").format(r.source_name), err=True)
    return 1 if failed else 0


def cmd_search(args: argparse.Namespace, lib: Library) -> int:
    if not args.query:
        raise UsageError(_("search needs a QUERY"))
    query, within = cleaning.searched(lib, args.query)
    result = lib.search(query, within=within)
    for note in result.query.notes:
        say(_("litman: note: {0}").format(note), err=True)
    papers = lib.get_many(result.ids[: args.limit] if args.limit else result.ids)
    passages = {p.id: lib.attachments.passage(p.id, result.query) for p in papers}
    if args.json:
        emit_json(
            [
                {
                    **p.to_json(),
                    "score": round(result.scores.get(p.id, 0.0), 3),
                    "matched": {
                        f: [list(s) for s in spans] for f, spans in result.spans(p).items()
                    },
                    **_passage_json(passages[p.id]),
                }
                for p in papers
            ]
        )
        return 0
    for p in papers:
        say(f"{result.scores.get(p.id, 0):>7.1f} {paper_line(p)}")
        if (found := passages[p.id]) is not None:
            say("        " + _("p. {page}: {text}").format(page=found.page, text=found.text))
    n = len(result.ids)
    said = n_("({papers} matches '{query}')", "({papers} match '{query}')", n)
    if len(papers) < n:
        said = n_(
            "({shown} of {papers} matches '{query}')", "({shown} of {papers} match '{query}')", n
        )
    say(said.format(shown=f"{len(papers):,}", papers=counted(n, "paper"), query=query), err=True)
    return 0


def _passage_json(found: "Passage | None") -> dict[str, Any]:
    """The full text's matching sentence and its page, when there is one."""
    return {} if found is None else {"passage": {"page": found.page, "text": found.text}}


def cmd_export(args: argparse.Namespace, lib: Library) -> int:
    target = None if args.output == "-" else citing.export_target(args.output)
    if target is not None:
        lib.refuse_own_file(target, "export to")
    saved = cleaning.saved_named(lib, args.query)
    query = saved.query if saved else " ".join(args.query)
    ids = lib.saved_ids(saved, "citekey") if saved else lib.search_ids(query, sort="citekey")
    papers = app.papers_to_export(lib, ids)
    fmt = registry.format_for(target, args.format)
    mode: Mode = "ascii" if args.ascii else "utf8" if args.utf8 else "pdflatex"
    # every file's blocks in a whole export; else those of the files the papers came from
    options = WriteOptions(mode, lib.kept_blocks(ids if query.strip() or saved else None))
    if target is None:
        report = registry.write(papers, sys.stdout, fmt, options)
    else:
        try:
            report = registry.export(papers, target, fmt, options)
        except OSError as exc:
            raise LitmanError(
                _("Could not write {0}: {1}. Nothing was written.").format(target, _reason(exc))
            ) from exc
    for line in report.describe(registry.label(fmt)):
        say(line, err=True)
    if target is not None:
        n = report.written
        said = n_("exported {n} paper to {target}", "exported {n} papers to {target}", n)
        say(said.format(n=f"{n:,}", target=target), err=True)
    return 0


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc)


def os_error_line(exc: OSError) -> str:
    """An operating-system error in one line: which file, and what went wrong."""
    where = f"{exc.filename}: " if exc.filename else ""
    return f"{where}{_reason(exc)}"


def cmd_backup(args: argparse.Namespace, path: Path) -> int:
    if args.list:
        site = app.site(path)
        found = site.backups()
        rows = [(b, site.papers_in(b)) for b in found]
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
            papers = _("unreadable") if n is None else counted(n, "paper")
            say(f"{b.describe()}  {b.size / 1e6:.1f} MB  {papers}")
        backups = counted(len(found), "backup")
        say(
            _("({backups} in {where})").format(backups=backups, where=site.backups_where()),
            err=True,
        )
        return 0
    backup = app.backup_now(path)
    say(_("backed up {0} to {1}").format(path, backup.path))
    return 0


def cmd_restore(args: argparse.Namespace, path: Path) -> int:
    done = app.restore_backup(path, args.backup)
    when = f"{done.backup.taken_at:%Y-%m-%d %H:%M}"
    say(_("restored {0} from {1} ({2})").format(path, done.backup.path.name, when))
    if done.kept is not None:
        say(_("the file it replaced is kept as {0}").format(done.kept))
    return 0


def cmd_add(args: argparse.Namespace, lib: Library) -> int:
    from litman.cli import lookup  # the network code loads only for the commands that use it

    return lookup.cmd_add(args, lib)


def cmd_enrich(args: argparse.Namespace, lib: Library) -> int:
    from litman.cli import lookup

    return lookup.cmd_enrich(args, lib)


def cmd_edit(args: argparse.Namespace, lib: Library) -> int:
    from litman.cli import editing

    return editing.cmd_edit(args, lib)


def cmd_conflicts(args: argparse.Namespace, lib: Library) -> int:
    from litman.cli import editing

    return editing.cmd_conflicts(args, lib)


def _report_json(r: ImportReport) -> dict[str, Any]:
    return {
        "source": r.source_name,
        "label": r.label,
        "read": r.read,
        "added": list(r.added),
        "merged": [vars(m) for m in r.merged],
        "proposed": [{**vars(p), "differs": list(p.differs)} for p in r.proposed],
        "renamed": [vars(k) for k in r.renamed],
        "skipped": [vars(s) for s in r.skipped],
        "warnings": list(r.warnings),
    }


COMMANDS: dict[str, Command] = {
    "init": cmd_init,
    "list": cmd_list,
    "show": cmd_show,
    "tags": cmd_tags,
    "tag": cmd_tag,
    "status": cmd_status,
    "stats": cmd_stats,
    "import": cmd_import,
    "search": cmd_search,
    "export": cmd_export,
    "add": cmd_add,
    "enrich": cmd_enrich,
    "edit": cmd_edit,
    "conflicts": cmd_conflicts,
    "delete": trash.cmd_delete,
    "trash": trash.cmd_trash,
    "attach": attaching.cmd_attach,
    "attachments": attaching.cmd_attachments,
    "open": attaching.cmd_open,
    "files-folder": attaching.cmd_files_folder,
    "detach": attaching.cmd_detach,
    "find-missing": attaching.cmd_find_missing,
    "extract-text": attaching.cmd_read_texts,
    "cite": citing.cmd_cite,
    "duplicates": cleaning.cmd_duplicates,
    "merge": cleaning.cmd_merge,
    "distinct": cleaning.cmd_distinct,
    "saved": cleaning.cmd_saved,
    "citekeys": citing.cmd_citekeys,
    "related": cleaning.cmd_related,
    "autoexport": citing.cmd_autoexport,
}


def cmd_check(args: argparse.Namespace, path: Path) -> int:
    app.check_library(path)
    say(_("{0}: no damage found (SQLite integrity_check)").format(path))
    return 0


def cmd_copy(args: argparse.Namespace, _path: Path) -> int:
    """`litman copy SRC DST`: SRC opened read-only, DST made when missing."""
    with (
        Library.open(_where(args.source), read_only=True, daily=False) as source,
        Library.open(_where(args.target), backup=False, daily=False) as target,
    ):
        copied = source.copy_to(target)
        tags = len(target.tags())
        said = _("Copied {papers} and {tags} from {source} to {target}.")
        papers, tags_ = counted(copied, "paper"), counted(tags, "tag")
        say(
            said.format(
                papers=papers, tags=tags_, source=source.site.where, target=target.site.where
            )
        )
    return 0


def _shared(explicit: str | None) -> bool:
    where = explicit or os.environ.get(app.ENV_VAR)
    return bool(where) and Library.is_shared(str(where))


def shared_file_command(args: argparse.Namespace) -> int:
    """`backup`, `restore` and `check` on a shared library: the server keeps its pages and
    its backups (pg_dump), which litman says instead of copying a file."""
    with Library.open(args.library or os.environ[app.ENV_VAR], read_only=True) as lib:
        if args.command == "check":
            lib.site.check_whole()
            say(_("{0}: the server answers (it checks its own pages)").format(lib.site.where))
            return 0
        if args.command == "restore":
            lib.site.restore(args.backup)
        elif args.list:
            say(
                _("Backups of {0} are kept by {1}.").format(
                    lib.site.where, lib.site.backups_where()
                )
            )
            return 0
        lib.site.backup_now()
    return 0


def _where(given: str) -> str | Path:
    return given if Library.is_shared(given) else app.library_file(given)


FILE_COMMANDS: dict[str, PathCommand] = {
    "copy": cmd_copy,
    "backup": cmd_backup,
    "restore": cmd_restore,
    "check": cmd_check,
}
