"""The Paper menu's files: open a paper's PDF, view it online, attach files, find missing
ones; and the detail pane's list of the paper's attachments.

- Enter on the table, a double-click or Paper → Open Attachment (Ctrl+Shift+O) opens the
  first selected paper's first PDF (else its first file, else its first link) in the system
  viewer (`litman.viewer`: xdg-open, open, the Windows association, or `LITMAN_OPENER`).
  Never Qt's own URL handling: a path from a library is data, and no library file of ours
  is ever handed to a viewer.
- Paper → View Online (Ctrl+Shift+L) opens its DOI, else its URL.
- Paper → Add Attachment… copies files into the files folder (one undo step; a PDF's text
  is read for full-text search); Find Missing Files… relinks each missing file of the
  selected papers (or of all papers) to a file of the same name under a folder you pick:
  the folder is searched on a worker, and every file found is relinked in one undo step.
  Extract Text from PDFs reads, on the write worker (progress and Cancel in the status
  bar), the text of the PDFs of the selected papers (or of all) that have none kept:
  attached before full-text search, or not there when attached; each kept as read.
- The detail pane lists the paper's attachments: a missing file has a warning icon and says
  so in its tooltip; a double-click opens one, Remove takes it off (undoable). Under them,
  the sentence of the full text the search matched, with its page.
"""

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject, Qt, QThreadPool
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from litman.core.attached import Attachment
from litman.core.errors import LitmanError
from litman.core.records import Changes
from litman.gui import workers
from litman.gui.i18n import fill, translate
from litman.gui.safe_text import clip
from litman.gui.window.window_api import Window
from litman.gui.workers import Worker
from litman.gui.writes.commands import Undoable
from litman.viewer import open_in_viewer

if TYPE_CHECKING:
    from litman.app import TextsRead
    from litman.core.library.facade import Library
    from litman.core.search.passages import Passage
    from litman.gui.table.selection import IdSelection
    from litman.gui.writes.write_worker import WriteWorker


class FilesWindow(Window, Protocol):
    """What these actions use of the window."""

    selection: "IdSelection"
    writes: "WriteWorker"


class FilesCounted(QObject):
    """The translation context of counted files and attachments (a plural form each)."""


class AttachFiles(Undoable):
    """Attach files to a paper (copied), reading each PDF's text; undo takes them off."""

    def __init__(self, lib: "Library", pid: int, files: Sequence[Path]) -> None:
        super().__init__(
            lib,
            FilesCounted.tr("Attach %Ln file(s)", "", len(files)),  # type: ignore[arg-type]
        )
        self.pid, self.files = pid, list(files)

    def call(self) -> Changes:
        from litman.formats.pdf_text import extract_many

        changes = self.lib.attachments.attach(self.pid, self.files)
        made = set(getattr(changes.inverse, "ids", ()))
        pdfs = [a for a in self.lib.attachments.of(self.pid) if a.id in made and a.pdf]
        for a, found in zip(pdfs, extract_many([Path(a.location) for a in pdfs]), strict=True):
            if not found.refused:
                self.lib.attachments.set_text(a.id, found.pages)
        return changes


class Detach(Undoable):
    """Take attachments off (their files stay); undo puts them back, text and all."""

    def __init__(self, lib: "Library", ids: Sequence[int]) -> None:
        super().__init__(
            lib,
            FilesCounted.tr("Remove %Ln attachment(s)", "", len(ids)),  # type: ignore[arg-type]
        )
        self.ids = list(ids)

    def call(self) -> Changes:
        return self.lib.attachments.detach(self.ids)


class AttachmentList(QWidget):
    """The attachments of the paper the detail pane shows."""

    def __init__(self, win: "FilesWindow") -> None:
        super().__init__()
        self.win, self.shown = win, list[Attachment]()
        self.list = QListWidget()
        self.list.setAccessibleName(self.tr("Attachments"))
        self.list.setMaximumHeight(4 * self.list.fontMetrics().lineSpacing() + 12)
        self.list.itemActivated.connect(lambda item: self.open(self.list.row(item)))
        self.passage = QLabel()  # the full text's sentence the search matched, and its page
        self.passage.setTextFormat(Qt.TextFormat.PlainText)  # a library's text is data
        self.passage.setWordWrap(True)
        self.passage.setAccessibleName(self.tr("Matching passage"))
        self.remove = QPushButton(self.tr("Remove"))
        self.remove.clicked.connect(self._remove)
        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("Attachments")))
        row.addStretch(1)
        row.addWidget(self.remove)
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        box.addLayout(row)
        box.addWidget(self.list)
        box.addWidget(self.passage)

    def refresh(self) -> None:
        ids = self.win.selected_ids()
        try:
            self.shown = self.win.library.attachments.of(ids[0]) if len(ids) == 1 else []
            query = self.win.search.text().strip()
            lib = self.win.library
            found = lib.attachments.passage(ids[0], query) if self.shown and query else None
        except LitmanError:  # a shared library's server gone: the window says so itself
            self.shown, found = [], None
        self._show(found)

    def _show(self, found: "Passage | None") -> None:
        self.list.clear()
        warn = self.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning)
        for a in self.shown:
            item = QListWidgetItem(clip(a.title or Path(a.path).name or a.path, 80))
            where = a.location or a.path
            item.setToolTip(fill(self.tr("Missing: %1"), where) if a.missing else where)
            if a.missing:
                item.setIcon(warn)
            self.list.addItem(item)
        self.passage.setText(fill(self.tr("p. %1: %2"), found.page, found.text) if found else "")
        self.passage.setVisible(found is not None)
        self.setVisible(bool(self.shown))

    def open(self, row: int) -> None:
        if 0 <= row < len(self.shown):
            _open(self.win, self.shown[row])

    def _remove(self) -> None:
        rows = sorted({self.list.row(i) for i in self.list.selectedItems()})
        ids = [self.shown[r].id for r in rows if r < len(self.shown)]
        if ids:
            self.win.push(Detach(self.win.library, ids))


def install(
    win: "FilesWindow", act: Callable[..., QAction]
) -> tuple[list[QAction], AttachmentList]:
    """The Paper menu's file actions (made with window_actions' `_act`: window, text, slot,
    shortcut), the table's Enter and double-click, and the detail pane's attachment list:
    the actions for the menu, and the list for the window to keep."""
    acts = win.acts
    listed = AttachmentList(win)
    acts.open_attachment = act(
        win, translate("PaperFiles", "Open Attachment"), lambda: open_first(win), "Ctrl+Shift+O"
    )
    acts.view_online = act(
        win, translate("PaperFiles", "View Online"), lambda: view_online(win), "Ctrl+Shift+L"
    )
    acts.add_attachment = act(
        win, translate("PaperFiles", "Add Attachment…"), lambda: add_attachment(win)
    )
    acts.find_missing = act(
        win, translate("PaperFiles", "Find Missing Files…"), lambda: find_missing(win)
    )
    acts.read_texts = act(
        win, translate("PaperFiles", "Extract Text from PDFs"), lambda: read_texts(win)
    )
    enter = QAction(translate("PaperFiles", "Open Attachment"), win.table)
    enter.setShortcuts([QKeySequence(Qt.Key.Key_Return), QKeySequence(Qt.Key.Key_Enter)])
    enter.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
    enter.triggered.connect(lambda _checked=False: open_first(win))
    win.table.addAction(enter)
    win.table.doubleClicked.connect(lambda _index: open_first(win))
    for a in (acts.open_attachment, acts.view_online):
        win.table.addAction(a)
    win.detail.add_part(listed)
    win.selection.changed.connect(listed.refresh)
    win.undo.indexChanged.connect(lambda _i: listed.refresh())
    listed.refresh()
    return [
        acts.open_attachment,
        acts.view_online,
        acts.add_attachment,
        acts.find_missing,
        acts.read_texts,
    ], listed


def _say(win: "FilesWindow", text: str) -> None:
    win.statusBar().showMessage(text, 8000)


def _first(win: "FilesWindow") -> int | None:
    ids = win.selected_ids()
    return ids[0] if ids else None


def open_first(win: "FilesWindow") -> None:
    pid = _first(win)
    if pid is None:
        return
    found = win.library.attachments.to_open(pid)
    if found is None:
        _say(
            win,
            translate(
                "PaperFiles", "This paper has no attachment: Paper → Add Attachment… adds one."
            ),
        )
        return
    _open(win, found)


def _open(win: "FilesWindow", a: Attachment) -> None:
    if a.missing or not a.location:
        said = translate("PaperFiles", "The file is missing: %1 (Paper → Find Missing Files…)")
        _say(win, fill(said, a.location or a.path))
        return
    try:
        open_in_viewer(a.location)
    except LitmanError as exc:
        _say(win, str(exc))
        return
    _say(win, fill(translate("PaperFiles", "Opened %1"), clip(Path(a.path).name or a.path, 80)))


def view_online(win: "FilesWindow") -> None:
    pid = _first(win)
    if pid is None:
        return
    p = win.library.get(pid)
    target = f"https://doi.org/{p.doi}" if p.doi else p.url
    if not target:
        _say(win, translate("PaperFiles", "This paper has neither a DOI nor a URL."))
        return
    try:
        open_in_viewer(target)
    except LitmanError as exc:
        _say(win, str(exc))


def add_attachment(win: "FilesWindow") -> None:
    pid = _first(win)
    if pid is None:
        return
    names, _ = QFileDialog.getOpenFileNames(
        win.window(), translate("PaperFiles", "Add Attachment"), str(Path.home())
    )
    if names:
        win.push(AttachFiles(win.library, pid, [Path(n) for n in names]))


def find_missing(win: "FilesWindow") -> Worker | None:
    """Ask for a folder, look under it for the missing files of the selected papers (of
    every paper when none is selected) on a worker, then relink what was found as one undo
    step. The worker, while it looks (None when no folder was picked)."""
    folder = QFileDialog.getExistingDirectory(
        win.window(), translate("PaperFiles", "Find Missing Files Under")
    )
    if not folder:
        return None
    lib, ids = win.library, win.selected_ids()
    worker = Worker(
        lambda _p: lib.attachments.missing_under(ids or lib.list_ids("id"), Path(folder))
    )
    worker.signals.finished.connect(lambda found: _relink(win, folder, found))
    worker.signals.failed.connect(lambda exc: _say(win, str(exc)))
    _say(win, fill(translate("PaperFiles", "Looking for missing files under %1…"), folder))
    workers.start(worker, QThreadPool.globalInstance())
    return worker


class RelinkFiles(Undoable):
    """Point missing files at the files of the same names found elsewhere; undo puts every
    one back (one transaction each way)."""

    def __init__(self, lib: "Library", found: Mapping[int, Path]) -> None:
        super().__init__(
            lib,
            FilesCounted.tr("Relink %Ln missing file(s)", "", len(found)),  # type: ignore[arg-type]
        )
        self.found = dict(found)

    def call(self) -> Changes:
        return self.lib.attachments.relink_many(self.found)


def _relink(win: "FilesWindow", folder: str, found: Mapping[int, Path]) -> None:
    said = FilesCounted.tr("Found %Ln missing file(s) under %1", "", len(found))  # type: ignore[arg-type]
    if found:
        win.push(RelinkFiles(win.library, found), fill(said, folder))
    else:
        _say(win, fill(said, folder))


def read_texts(win: "FilesWindow") -> None:
    """Read the text of the PDFs that have none kept (of the selected papers, else of all)
    on the write worker; what was read is searched at once, and the status bar says how
    many."""
    from litman import app

    lib, ids = win.library, win.selected_ids() or None

    def work(step: Callable[[int, int], None]) -> "app.TextsRead":
        return app.read_missing_texts(lib, ids, progress=step)

    win.writes.submit(
        translate("PaperFiles", "Reading the text of PDFs"),
        work,
        done=lambda done: _said_read(win, done),
    )


def _said_read(win: "FilesWindow", done: "TextsRead") -> None:
    if not done.looked_at:
        _say(win, translate("PaperFiles", "Every PDF's text is kept already."))
        return
    said = FilesCounted.tr("Read the text of %Ln PDF(s)", "", done.read)  # type: ignore[arg-type]
    refused = translate("PaperFiles", "; %1 could not be read: %2")
    extra = fill(refused, len(done.refused), done.refused[0]) if done.refused else ""
    _say(win, said + extra)
