"""The library's attachments part (`library.attachments`): a paper's files and links.

A file is either copied into the library's files folder (the default, as Zotero's
`storage/`: a folder of its own per attachment, `files/K3X9QZ2A/paper.pdf`) or linked where it
is (as JabRef's file links). Paths are kept relative to the base folder where they lie in it,
so that a library moved with its folder, or a shared library each member points at their
own copy of the files, finds them: the base folder is the user's own setting where each user
has their own (a shared library), else the library's; by default the folder beside the
library file (`litman.core.store.interface.Store.files_folder`).

Attaching is one write transaction, undone by `Library.undo` (`Detach`, `Reattach`); the
files an attach copied stay in the folder until their paper is deleted for good, so that a
redo finds them. Moving a paper to the trash leaves its files where they are (they go to the
trash with it, and come back with it); emptying the trash deletes the stored ones
(`remove_stored`); a linked file is never deleted.
"""

import contextlib
import filecmp
import mimetypes
import os
import re
import secrets
import shutil
import string
from collections.abc import Mapping, Sequence
from datetime import datetime
from pathlib import Path, PurePosixPath
from typing import Any

from sqlalchemy import Connection, delete, select

from litman.core import names
from litman.core.attached import (
    FILES_ORDER,
    LINKED,
    PDF,
    STORED,
    Attachment,
    Detach,
    Files,
    NewAttachment,
    Reattach,
    files_of,
    is_url,
)
from litman.core.errors import LitmanError, NotFoundError
from litman.core.library.parts import Part
from litman.core.messages import _
from litman.core.records import Changes, Paper
from litman.core.search.passages import Passage, best, words_of
from litman.core.search.query import Query
from litman.core.store import attachments as table
from litman.core.store import models, reading_state, trash
from litman.core.store import rows as store

FOLDER_KEY = "files_folder"  # the library's base folder; FOLDER_KEY:role, a member's own
RENAME_KEY = "files_rename"  # the rename rule for stored files ("" or absent: keep names)
RULE_FIELDS = ("citekey", "author", "year", "title")
_KEY_CHARS = string.ascii_uppercase + string.digits
ATTACHED = frozenset({"attachments"})  # what a Changes record says an attach wrote


class Attachments(Part):
    """Attaching files and links to papers, listing them, and where they are."""

    # -- the base folder -------------------------------------------------------------------

    def folder(self) -> Path | None:
        """The base folder: stored files are kept in it and relative paths resolve against
        it. The user's own (shared library), else the library's, else the store's default
        (beside the library file; a shared library has none)."""
        with self._read() as conn:
            return self._folder(conn)

    def _folder(self, conn: Connection) -> Path | None:
        return files_folder(conn, self._host._default_files_folder())

    def set_folder(self, path: Path | str | None, *, mine: bool | None = None) -> Path | None:
        """Set the base folder (None: back to the default); `mine` (by default, on a library
        with per-user reading state) sets the calling user's own. The folder now in force."""
        value = "" if path is None else str(Path(path).expanduser().absolute())
        with self._write() as conn:
            me = reading_state.reader_name(conn)
            own = bool(me) if mine is None else mine and bool(me)
            key = f"{FOLDER_KEY}:{me}" if own else FOLDER_KEY
            conn.execute(delete(models.meta).where(models.meta.c.key == key))
            if value:
                store.bulk_insert(conn, models.meta, [{"key": key, "value": value}])
            self._publish(Changes())  # no paper changed: nothing for the journal
            return self._folder(conn)

    def rename_rule(self) -> str:
        """The rule stored files are named by on attach (`{citekey}`, `{author}{year} -
        {title}`); "" (the default) keeps each file's own name."""
        with self._read() as conn:
            return _rule(conn)

    def set_rename_rule(self, rule: str) -> None:
        """Set the rename rule ("" turns it off); a rule naming a field there is none of is
        refused."""
        unknown = [f for f in re.findall(r"{([^}]*)}", rule) if f not in RULE_FIELDS]
        if unknown:
            raise LitmanError(
                _("A rename rule names {0}; not {1}.").format(
                    ", ".join(RULE_FIELDS), ", ".join(unknown)
                )
            )
        with self._write() as conn:
            conn.execute(delete(models.meta).where(models.meta.c.key == RENAME_KEY))
            if rule:
                store.bulk_insert(conn, models.meta, [{"key": RENAME_KEY, "value": rule}])
            self._publish(Changes())

    # -- reading ---------------------------------------------------------------------------

    def of(self, paper_id: int) -> list[Attachment]:
        """A paper's attachments, in the order attached."""
        return self.of_papers([paper_id]).get(paper_id, [])

    def of_papers(self, paper_ids: Sequence[int]) -> dict[int, list[Attachment]]:
        """The attachments of these papers, by paper (those without are left out)."""
        with self._read() as conn:
            rows, base = table.rows_of(conn, paper_ids), self._folder(conn)
        out: dict[int, list[Attachment]] = {}
        for row in rows:
            out.setdefault(row["paper_id"], []).append(_record(row, base))
        return out

    def passage(self, paper_id: int, query: "str | Query") -> Passage | None:
        """The sentence of the paper's full text that best matches a query's words, with
        its page (`litman.core.search.passages`); None when none does."""
        words = words_of(query)
        with self._read() as conn:
            texts = table.texts_by_attachment(conn, paper_id)
        found = [(p, i) for i, t in texts if (p := best(t.split(table.PAGE_BREAK), words))]
        return max(found, key=lambda f: f[0].matched)[0] if found else None

    def without_text(self, paper_ids: Sequence[int] | None = None) -> list[Attachment]:
        """The PDFs (of these papers, else of the library's papers out of the trash) whose
        text is not kept for full-text search and whose file is there to read."""
        with self._read() as conn:
            rows, base = table.without_text(conn, paper_ids), self._folder(conn)
            gone = set(trash.among(conn, list({r["paper_id"] for r in rows})))
        found = [_record(r, base) for r in rows if r["paper_id"] not in gone]
        return [a for a in found if a.pdf and not a.url and not a.missing]

    def files(self, paper_ids: Sequence[int]) -> dict[int, Files]:
        """What each paper's attachments come to (`Files`: a file missing, files there,
        links only), as the table's Attachment column shows it; papers with none are left
        out. It looks at the disk: one `stat` per file."""
        found = self.of_papers(paper_ids).items()
        return {pid: state for pid, group in found if (state := files_of(group)) is not None}

    def with_attachments(self, paper_ids: Sequence[int]) -> set[int]:
        """Those of these papers that have an attachment (the table's icon)."""
        with self._read() as conn:
            return table.with_attachments(conn, paper_ids)

    def to_open(self, paper_id: int) -> Attachment | None:
        """What opening the paper opens: its first PDF, else its first file, else its first
        link (a file that is missing too: the caller says so); None when it has none."""
        found = self.of(paper_id)
        files = [a for a in found if not a.url]
        pdfs = [a for a in files if a.pdf]
        for group in (pdfs, files, found):
            present = [a for a in group if not a.missing]
            if present or group:
                return (present or group)[0]
        return None

    # -- writing ---------------------------------------------------------------------------

    def attach(
        self, paper_id: int, sources: Sequence[Path | str], *, link: bool = False, title: str = ""
    ) -> Changes:
        """Attach files (copied into the files folder, or with `link` linked where they are)
        or URLs to a paper, in one transaction; all or none. A file that is not there, not a
        regular file, or one of the library's own files is refused, naming it."""
        base = self.folder()
        planned = [_planned(s, link, base, title) for s in sources]
        if not link and any(p["kind"] == STORED for p in planned) and base is None:
            raise LitmanError(
                _(
                    "This library has no files folder: set one (`litman files-folder PATH`) or "
                    "attach with --link."
                )
            )
        names = self._names([paper_id])
        copied: list[Path] = []
        try:
            rows = [
                _copied(p, base, copied, names.get(paper_id)) if p["kind"] == STORED else p
                for p in planned
            ]
            return self._insert(paper_id, rows)
        except BaseException:
            for path in copied:  # nothing attached: no copy left behind
                shutil.rmtree(path.parent, ignore_errors=True)
            raise

    def _names(self, paper_ids: Sequence[int]) -> dict[int, str]:
        """The name (without suffix) the rename rule gives each paper's stored files; none
        when there is no rule."""
        with self._read() as conn:
            rule = _rule(conn)
            papers = store.load_papers(conn, list(paper_ids)) if rule else {}
        return {pid: _named(rule, p) for pid, p in papers.items()}

    def _insert(self, paper_id: int, rows: Sequence[Mapping[str, Any]]) -> Changes:
        with self._write() as conn:
            if not store.existing_ids(conn, [paper_id]):
                raise NotFoundError(_("No paper with id {0}.").format(paper_id))
            if trash.among(conn, [paper_id]):
                raise LitmanError(
                    _("Paper {0} is in the trash; nothing was attached.").format(paper_id)
                )
            stamp = store.now()
            ids = table.insert_rows(
                conn, [dict(r, paper_id=paper_id, added_at=stamp) for r in rows]
            )
            return self._publish(_changed([paper_id], Detach(tuple(ids))))

    def keep_copies(self, paper_ids: Sequence[int], files: Sequence[Path]) -> Changes:
        """Copy the files these papers link to (those of `files`) into the files folder,
        making them stored (an import of PDFs does it to the PDFs it read); undone by
        linking them again (the copies stay, for a redo)."""
        base = self.folder()
        if base is None:
            raise LitmanError(_("This library has no files folder: the files stay linked."))
        wanted = {str(Path(f).absolute()) for f in files}
        with self._read() as conn:
            every = table.rows_of(conn, paper_ids)
        rows = [
            r for r in every if r["kind"] == LINKED and locate(LINKED, r["path"], base) in wanted
        ]
        kept = [r for r in every if r["kind"] == STORED]
        twins = [r for r in rows if _has_twin(r, kept, base)]  # that file is stored already
        copied: list[Path] = []
        try:
            names = self._names(paper_ids)
            new = [
                _copied(
                    dict(r, path=locate(LINKED, r["path"], base)),
                    base,
                    copied,
                    names.get(r["paper_id"]),
                )
                | {"kind": STORED}
                for r in rows
                if r not in twins
            ]
            with self._write() as conn:
                before = table.rows_by_id(conn, [r["id"] for r in rows])
                table.delete_ids(conn, [r["id"] for r in twins])
                for row in new:  # in place: the row keeps its id and its text
                    table.update_row(conn, row["id"], {"kind": STORED, "path": row["path"]})
                papers = [r["paper_id"] for r in rows]
                return self._publish(_changed(papers, _reattach(before), bool(twins)))
        except BaseException:
            for path in copied:
                shutil.rmtree(path.parent, ignore_errors=True)
            raise

    def find_missing(self, paper_ids: Sequence[int], folder: Path) -> Changes:
        """Relink the missing files of these papers to files of the same names under
        `folder`, in one transaction: one undo puts every one back. How many were found:
        `litman.core.attached.relinked(changes.inverse)`."""
        found = self.missing_under(paper_ids, folder)
        return self.relink_many(found) if found else Changes()

    def missing_under(self, paper_ids: Sequence[int], folder: Path) -> dict[int, Path]:
        """Where under `folder` the missing files of these papers are: for each missing
        file, by attachment id, the first file of the same name in path order. Reads only
        (the window runs it on a worker, then relinks in one undo step)."""
        return missing_under(self, paper_ids, folder)

    def relink_many(self, found: Mapping[int, Path]) -> Changes:
        """Point each attachment of `found` at its file (each made a link to it), in one
        transaction; undo puts every row back as it was. A file no longer there is
        refused, and nothing is changed."""
        gone = [p for p in found.values() if not Path(p).is_file()]
        if gone:
            raise LitmanError(_("No file {0}; nothing was changed.").format(gone[0]))
        with self._write() as conn:
            rows = table.rows_by_id(conn, list(found))
            base = self._folder(conn)
            for row in rows:
                where = Path(found[row["id"]]).expanduser().absolute()
                table.update_row(conn, row["id"], {"kind": LINKED, "path": _kept_path(where, base)})
            papers = [r["paper_id"] for r in rows]
            return self._publish(_changed(papers, _reattach(rows), False))

    def set_text(self, attachment_id: int, pages: Sequence[str]) -> Changes:
        """Keep an attachment's text (a PDF's pages) for full-text search."""
        with self._write() as conn:
            rows = table.rows_by_id(conn, [attachment_id])
            if not rows:
                raise NotFoundError(_("No attachment with id {0}.").format(attachment_id))
            text = table.PAGE_BREAK.join(pages)
            table.set_text(conn, attachment_id, rows[0]["paper_id"], text)
            return self._publish(_changed([rows[0]["paper_id"]], _reattach(rows), True))

    def detach(self, ids: Sequence[int]) -> Changes:
        """Take attachments off their papers (the files stay where they are); undone by
        `Reattach`."""
        with self._write() as conn:
            rows = table.rows_by_id(conn, ids)
            table.delete_ids(conn, [r["id"] for r in rows])
            papers = [r["paper_id"] for r in rows]
            return self._publish(_changed(papers, _reattach(rows), _texts(rows)))

    def reattach(self, back: Reattach) -> Changes:
        """Put rows back as they were, in place of any with their ids (undo of `detach` and
        of `relink`); undone by detaching them, or putting back the rows they replaced."""
        plain = [dict(r) for r in back.rows]
        ids = [r["id"] for r in plain]
        with self._write() as conn:
            there = table.rows_by_id(conn, ids)
            table.delete_ids(conn, ids)
            table.insert_rows(conn, plain)
            papers = [r["paper_id"] for r in [*there, *plain]]
            inverse = _reattach(there) if there else Detach(tuple(ids))
            return self._publish(_changed(papers, inverse, _texts([*there, *plain])))

    def relink(self, attachment_id: int, path: Path | str) -> Changes:
        """Point an attachment at another file (a missing file found elsewhere): it becomes
        a link to that file. Undo puts the row back as it was."""
        changes = self.relink_many({attachment_id: Path(path)})
        if not changes.updated:
            raise NotFoundError(_("No attachment with id {0}.").format(attachment_id))
        return changes


def missing_under(part: Attachments, paper_ids: Sequence[int], folder: Path) -> dict[int, Path]:
    """For each missing file of these papers, the first file of the same name under
    `folder` (in path order), by attachment id."""
    if not folder.is_dir():
        raise LitmanError(_("No folder {0}; nothing was relinked.").format(folder))
    named: dict[str, list[int]] = {}
    for attachments in part.of_papers(paper_ids).values():
        for a in attachments:
            if a.missing and not a.url:
                named.setdefault(PurePosixPath(a.path.replace("\\", "/")).name, []).append(a.id)
    found: dict[int, Path] = {}
    for path in sorted(folder.rglob("*")):
        ids = named.pop(path.name, None)
        if ids and path.is_file():
            found.update(dict.fromkeys(ids, path.absolute()))
        elif ids:
            named[path.name] = ids
    return found


def files_order(conn: Connection, base: Path | None, every: Sequence[int], desc: bool) -> list[int]:
    """The papers `every` (ids ascending) in the order of what their attachments come to
    (`FILES_ORDER`: missing files first), ties by id; descending reverses both; papers with
    no attachment last either way, by id the same way. A `stat` per file of the library."""
    by_paper: dict[int, list[Attachment]] = {}
    for row in table.every_row(conn):
        by_paper.setdefault(row["paper_id"], []).append(_record(row, base))
    rank = {state: i for i, state in enumerate(FILES_ORDER)}
    ranked = {pid: rank[state] for pid, group in by_paper.items() if (state := files_of(group))}
    ids = sorted(every, reverse=desc)
    none = len(FILES_ORDER)
    sign = -1 if desc else 1
    return sorted(ids, key=lambda pid: sign * ranked[pid] if pid in ranked else none)


def files_folder(conn: Connection, default: Path | None) -> Path | None:
    """The base folder in force on this connection: its user's own, else the library's,
    else `default`."""
    M = models.meta
    me = reading_state.reader_name(conn)
    keys = [f"{FOLDER_KEY}:{me}", FOLDER_KEY] if me else [FOLDER_KEY]
    found = dict(conn.execute(select(M.c.key, M.c.value).where(M.c.key.in_(keys))).all())
    for key in keys:
        if found.get(key):
            return Path(found[key])
    return default


def _has_twin(row: Mapping[str, Any], stored: Sequence[Mapping[str, Any]], base: Path) -> bool:
    """Whether a paper already keeps a copy of the file this row links to (the same bytes)."""
    source = Path(locate(LINKED, row["path"], base))
    for other in stored:
        if other["paper_id"] != row["paper_id"] or other["size"] != row["size"]:
            continue
        copy = Path(locate(STORED, other["path"], base))
        with contextlib.suppress(OSError):
            if filecmp.cmp(source, copy, shallow=False):
                return True
    return False


def _reattach(rows: Sequence[Mapping[str, Any]]) -> Reattach:
    return Reattach(tuple(tuple(sorted(r.items())) for r in rows))


def _changed(papers: Sequence[int], inverse: Detach | Reattach, text: bool = False) -> Changes:
    """What an attachment change changed: `text`, when full text came or went (the search
    index then reads the papers again)."""
    fields = ATTACHED | {table.TEXT} if text else ATTACHED
    return Changes(
        updated=tuple(dict.fromkeys(papers)), text_changed=text, fields=fields, inverse=inverse
    )


def _texts(rows: Sequence[Mapping[str, Any]]) -> bool:
    return any(r.get(table.TEXT) for r in rows)


def _record(row: Mapping[str, Any], base: Path | None) -> Attachment:
    location = locate(row["kind"], row["path"], base)
    missing = bool(location) and not is_url(row["path"]) and not Path(location).is_file()
    return Attachment(
        id=row["id"],
        paper_id=row["paper_id"],
        kind=row["kind"],
        path=row["path"],
        title=row["title"],
        content_type=row["content_type"],
        size=row["size"],
        added_at=row["added_at"],
        location=location,
        missing=missing or not location,
    )


def locate(kind: str, path: str, base: Path | None) -> str:
    """Where an attachment is: its URL, its absolute path, or its relative path resolved
    against the base folder ("" when there is none to resolve it against)."""
    if is_url(path):
        return path
    given = Path(path).expanduser()
    if given.is_absolute():
        return str(given)
    if base is None:
        return ""
    return str(base / PurePosixPath(path))


def _planned(source: Path | str, link: bool, base: Path | None, title: str) -> dict[str, Any]:
    """A row for one source, before any file is copied (a URL is always a link)."""
    if isinstance(source, str) and is_url(source):
        return {"kind": LINKED, "path": source, "title": title, "content_type": "", "size": None}
    path = Path(source).expanduser().absolute()
    if not path.is_file():
        what = "not a file" if path.exists() else "no such file"
        raise LitmanError(_("Cannot attach {0}: {1}; nothing was attached.").format(path, what))
    return {
        "kind": LINKED if link else STORED,
        "path": _kept_path(path, base) if link else str(path),
        "title": title,
        "content_type": content_type(path),
        "size": path.stat().st_size,
    }


def _kept_path(path: Path, base: Path | None) -> str:
    """A linked file's path as kept: relative to the base folder when it lies in it."""
    if base is not None:
        try:
            return path.relative_to(base.absolute()).as_posix()
        except ValueError:
            pass
    return str(path)


def _rule(conn: Connection) -> str:
    M = models.meta
    return str(conn.execute(select(M.c.value).where(M.c.key == RENAME_KEY)).scalar() or "")


def _named(rule: str, p: Paper) -> str:
    """A paper's stored files' name by the rule (`{author}{year} - {title}`)."""
    author = names.stored(p.authors[0]).label if p.authors else ""
    values = {"citekey": p.citekey, "author": author, "year": str(p.year or ""), "title": p.title}
    named = re.sub(r"{(\w+)}", lambda m: values.get(m.group(1), ""), rule)
    return " ".join(named.split())[:150]


def _copied(
    row: Mapping[str, Any], base: Path | None, copied: list[Path], name: str | None = None
) -> dict[str, Any]:
    """Copy a file into a new folder of its own in the base folder, under its own name or
    `name` (its suffix kept); the row to insert."""
    assert base is not None
    source = Path(row["path"])
    while True:
        key = "".join(secrets.choice(_KEY_CHARS) for _ in range(8))
        home = base / key
        try:
            home.mkdir(parents=True)
            break
        except FileExistsError:
            continue
    wanted = source.name if not name else name + (source.suffix if not Path(name).suffix else "")
    target = home / _safe_name(wanted)
    part = home / (target.name + ".part")
    copied.append(target)
    shutil.copyfile(source, part)
    os.replace(part, target)  # never a half-copied file under the final name
    return dict(row, path=f"{key}/{target.name}")


def _safe_name(name: str) -> str:
    kept = "".join(c for c in name if c not in '<>:"/\\|?*' and ord(c) >= 32).strip(" .")
    return kept[:200] or "attachment"


def content_type(path: Path) -> str:
    """A file's type: PDF when it starts as one (whatever its name), else by its name."""
    try:
        with path.open("rb") as f:
            if f.read(5) == b"%PDF-":
                return PDF
    except OSError:
        pass
    guessed, _encoding = mimetypes.guess_type(path.name)
    return guessed or ""


def link_new(conn: Connection, found: Sequence[tuple[int, Sequence[NewAttachment]]]) -> None:
    """Link what readers found to papers (an import's new or merged papers), in the
    caller's transaction; a path a paper has already is not attached twice."""
    wanted = [(pid, list(new)) for pid, new in found if new]
    if not wanted:
        return
    had: dict[int, set[str]] = {}
    for row in table.rows_of(conn, [pid for pid, _kind in wanted]):
        had.setdefault(row["paper_id"], set()).add(row["path"])
    stamp, rows = store.now(), []
    for pid, new in wanted:
        seen = had.setdefault(pid, set())
        for a in new:
            if a.path not in seen:
                seen.add(a.path)
                rows.append(_linked_row(pid, a, stamp))
    table.insert_rows(conn, rows)


def _linked_row(pid: int, a: NewAttachment, stamp: datetime) -> dict[str, Any]:
    size = None
    if not is_url(a.path) and Path(a.path).is_absolute():
        with contextlib.suppress(OSError):  # not there (yet): shown as missing
            size = Path(a.path).stat().st_size
    kind = a.content_type or (PDF if a.path.lower().endswith(".pdf") else "")
    text = {table.TEXT: table.PAGE_BREAK.join(a.pages)} if a.pages else {}
    return text | {
        "paper_id": pid,
        "kind": LINKED,
        "path": a.path,
        "title": a.title,
        "content_type": kind or mimetypes.guess_type(a.path)[0] or "",
        "size": size,
        "added_at": stamp,
    }


def stored_paths(conn: Connection, paper_ids: Sequence[int]) -> list[str]:
    """The stored files (relative paths) of these papers, to delete after they are."""
    return [r["path"] for r in table.rows_of(conn, paper_ids) if r["kind"] == STORED]


def remove_stored(base: Path | None, paths: Sequence[str]) -> None:
    """Delete stored files (and their folders, when left empty) from the base folder. A
    path that would leave the folder is not followed."""
    if base is None:
        return
    root = base.resolve()
    for path in paths:
        target = (base / PurePosixPath(path)).resolve()
        if root not in target.parents:
            continue
        target.unlink(missing_ok=True)
        folder = target.parent
        if folder != root and not any(folder.iterdir()):
            folder.rmdir()
