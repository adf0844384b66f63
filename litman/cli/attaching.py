"""`litman attach PAPER FILE...`, `litman attachments PAPER`, `litman open PAPER` and
`litman files-folder [PATH]`.

`attach` copies files into the library's files folder (or with `--link` links them where
they are; a URL is always a link), `attachments` lists a paper's with where each is now and
whether it is missing, `open` opens the first PDF (else the first file, else the first link;
`--online` the DOI, else the URL) in the system's viewer (`litman.viewer`) or with `--print`
prints its path, and `files-folder` shows or sets the base folder that stored files go in and
relative paths resolve against (`litman.core.library.attachments`).
"""

import argparse
from pathlib import Path
from typing import Any

from litman import app
from litman.cli.output import emit_json, say
from litman.cli.trash import refuse_trashed
from litman.core.attached import Attachment, relinked
from litman.core.errors import LitmanError
from litman.core.library.facade import Library
from litman.core.messages import _
from litman.core.records import Paper, counted
from litman.viewer import open_in_viewer


def cmd_attach(args: argparse.Namespace, lib: Library) -> int:
    pid = lib.resolve(args.paper)
    refuse_trashed(lib, [pid])
    said = app.attach_files(lib, pid, args.files, link=args.link, title=args.title)
    done = _("linked {files} to {key}") if args.link else _("attached {files} to {key}")
    say(done.format(files=counted(len(args.files), "file"), key=lib.get(pid).citekey))
    for line in said:
        say(f"litman: {line}", err=True)
    return 0


def cmd_attachments(args: argparse.Namespace, lib: Library) -> int:
    pid = lib.resolve(args.paper)
    found = lib.attachments.of(pid)
    if args.json:
        emit_json([a.to_json() for a in found])
        return 0
    if not found:
        said = _("{key} has no attachments (`litman attach {ref} FILE`)")
        say(said.format(key=lib.get(pid).citekey, ref=args.paper))
    for a in found:
        say(_line(a))
    return 0


def _line(a: Attachment) -> str:
    where = a.location or _("{0} (no base folder set: `litman files-folder PATH`)").format(a.path)
    notes = [n for n in (a.kind, _size(a.size), _("MISSING") if a.missing else "") if n]
    return f"{a.id:>5}  {where}  [{', '.join(notes)}]" + (f"  {a.title}" if a.title else "")


def _size(size: int | None) -> str:
    if size is None:
        return ""
    if size < 1024:
        return f"{size} B"
    return f"{size / 1024:.1f} KB" if size < 1024**2 else f"{size / 1024**2:.1f} MB"


def cmd_open(args: argparse.Namespace, lib: Library) -> int:
    pid = lib.resolve(args.paper)
    paper = lib.get(pid)
    target = _online(paper) if args.online else _attached(lib, paper, args.paper)
    if args.print:
        say(target)
    else:
        open_in_viewer(target)
    return 0


def _attached(lib: Library, paper: Paper, ref: str) -> str:
    found = lib.attachments.to_open(paper.id)
    if found is None:
        said = _("{key} has no attachment: `litman attach {ref} FILE` adds one.")
        if paper.doi:
            said = _(
                "{key} has no attachment: `litman attach {ref} FILE` adds one, "
                "or `--online` opens its DOI."
            )
        raise LitmanError(said.format(key=paper.citekey, ref=ref))
    if not found.location:
        raise LitmanError(
            _(
                "{key}'s file {path} is relative and no base folder is set "
                "(`litman files-folder PATH`)."
            ).format(key=paper.citekey, path=found.path)
        )
    if found.missing:
        raise LitmanError(_("{0}'s file is missing: {1}").format(paper.citekey, found.location))
    return found.location


def _online(paper: Paper) -> str:
    if paper.doi:
        return f"https://doi.org/{paper.doi}"
    if paper.url:
        return paper.url
    raise LitmanError(_("{0} has neither a DOI nor a URL to open.").format(paper.citekey))


def cmd_detach(args: argparse.Namespace, lib: Library) -> int:
    ids = [int(i) for i in args.attachments]
    gone = lib.attachments.detach(ids)
    if not gone.updated:
        named = " ".join(args.attachments)
        raise LitmanError(_("No attachment with id {0}; nothing removed.").format(named))
    said = _("removed {attachments} (the files stay where they are)")
    say(said.format(attachments=counted(len(ids), "attachment")))
    return 0


def cmd_find_missing(args: argparse.Namespace, lib: Library) -> int:
    ids = lib.resolve_many(args.papers) if args.papers else lib.list_ids("id")
    found = relinked(lib.attachments.find_missing(ids, Path(args.folder)).inverse)
    say(
        _("found {files} under {folder}").format(
            files=counted(found, "missing file"), folder=args.folder
        )
    )
    return 0


def cmd_read_texts(args: argparse.Namespace, lib: Library) -> int:
    ids = lib.resolve_many(args.papers) if args.papers else None
    done = app.read_missing_texts(lib, ids)
    for line in done.refused:
        say(f"litman: {line}", err=True)
    if not done.looked_at:
        say(_("every PDF's text is kept already"))
        return 0
    said = _("read the text of {pdfs} of {n}")
    say(said.format(pdfs=counted(done.read, "PDF"), n=f"{done.looked_at:,}"))
    return 0


def cmd_files_folder(args: argparse.Namespace, lib: Library) -> int:
    if args.rename is not None:
        lib.attachments.set_rename_rule(args.rename)
        rule = args.rename
        said = (
            _("stored files are named {0!r} on attach")
            if rule
            else _("stored files keep their names")
        )
        say(said.format(rule))
        if not (args.reset or args.folder):
            return 0
    if args.reset or args.folder:
        folder = lib.attachments.set_folder(None if args.reset else args.folder)
    else:
        folder = lib.attachments.folder()
    say(str(folder) if folder else _("no files folder is set (`litman files-folder PATH`)"))
    return 0


def add_parsers(add: Any, commands: Any) -> None:
    """The `attach`, `attachments`, `open` and `files-folder` subcommands."""
    p = add("attach", commands["attach"], "attach files (copied into the files folder) or URLs")
    p.add_argument("paper", metavar="ID|CITEKEY")
    p.add_argument("files", nargs="+", metavar="FILE|URL")
    p.add_argument("--link", action="store_true", help="link the files where they are")
    p.add_argument("--title", default="", help="a title for the attachments")
    p = add(
        "attachments",
        commands["attachments"],
        "list a paper's attachments",
        read_only=True,
        json_flag=True,
    )
    p.add_argument("paper", metavar="ID|CITEKEY")
    p = add("open", commands["open"], "open a paper's PDF in the system viewer", read_only=True)
    p.add_argument("paper", metavar="ID|CITEKEY")
    p.add_argument("--print", action="store_true", help="print the path instead")
    p.add_argument("--online", action="store_true", help="its DOI, else its URL, instead")
    p = add("detach", commands["detach"], "take attachments off their papers (files stay)")
    p.add_argument("attachments", nargs="+", metavar="ATTACHMENT_ID", help="from `attachments`")
    p = add(
        "find-missing",
        commands["find-missing"],
        "relink missing files to files of the same name under FOLDER",
    )
    p.add_argument("folder", metavar="FOLDER")
    p.add_argument("papers", nargs="*", metavar="ID|CITEKEY", help="default: every paper")
    p = add(
        "extract-text",
        commands["extract-text"],
        "read the text of PDFs attached before full-text search (or not read then)",
    )
    p.add_argument("papers", nargs="*", metavar="ID|CITEKEY", help="default: every paper")
    p = add(
        "files-folder",
        commands["files-folder"],
        "show or set the folder attachments are kept in (on a shared library, your own)",
    )
    p.add_argument("folder", nargs="?", metavar="PATH")
    p.add_argument("--reset", action="store_true", help="back to the default folder")
    p.add_argument(
        "--rename",
        metavar="RULE",
        help="name stored files by RULE on attach: {citekey}, {author}, {year}, {title} "
        "(`{author}{year} - {title}`); '' keeps their own names (the default)",
    )
