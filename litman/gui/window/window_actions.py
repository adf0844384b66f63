"""The window's actions, menus and toolbar: what each menu item and shortcut does.

`install` makes every action on the window it is handed (typed against `ActionWindow`, the
parts and slots it needs, so that this module does not import the window), puts them in the
File, Edit and Status menus, the table's context menu and the toolbar. The slots themselves
are the window's and its parts' (dialogs, background work, undo stack).
"""

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, NamedTuple, Protocol

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QToolBar

from litman.core.records import Status
from litman.formats import registry
from litman.gui.dialogs import dialogs, duplicates_actions
from litman.gui.i18n import fill, read_help, status_word, translate
from litman.gui.lookup import menu as lookup_menu
from litman.gui.sidebar import saved_actions, trash_actions
from litman.gui.window import (
    autoexport,
    citekey_actions,
    error_report,
    language_menu,
    paper_files,
    references,
)
from litman.gui.window.window_api import Window

if TYPE_CHECKING:
    from litman.gui.table.selection import IdSelection
    from litman.gui.writes.background import BackgroundWork


class ActionWindow(Window, Protocol):
    """What the actions need of the window."""

    background: "BackgroundWork"
    selection: "IdSelection"

    def close(self) -> bool: ...
    def poll_changes(self) -> None: ...
    def open_shared_library(self) -> object: ...
    def focus_search(self) -> None: ...
    def apply_filter(self, wait: bool = False) -> None: ...
    def set_status(self, status: Status) -> None: ...
    def set_rating(self, rating: int) -> None: ...
    def copy_as(self, fmt: str) -> None: ...
    def addAction(self, action: QAction, /) -> None: ...
    def addActions(self, actions: list[QAction], /) -> None: ...
    def addToolBar(self, toolbar: QToolBar, /) -> None: ...


def _act(
    win: "ActionWindow",
    text: str,
    slot: Callable[[], object],
    shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
    tip: str = "",
) -> QAction:
    a = QAction(text, win.window())
    a.triggered.connect(lambda _checked=False: slot())
    if shortcut:
        a.setShortcut(QKeySequence(shortcut))
        a.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
    a.setToolTip(tip or text)
    win.addAction(a)
    return a


class MenuParts(NamedTuple):
    """What the menus made that the window keeps."""

    autoexporter: "autoexport.AutoExporter"  # the File menu's Auto-Export, told of changes
    attachment_list: "paper_files.AttachmentList"  # the detail pane's, beside the Paper menu


def install(win: "ActionWindow") -> MenuParts:
    """Make the window's actions (into `win.acts`, which the window made empty), then its
    menus, the table's context menu and the toolbar."""
    _file_actions(win)
    _edit_actions(win)
    _status_actions(win)
    copies = list(win.acts.copy_as.values())
    for a in (*win.acts.status.values(), *copies, win.acts.delete):
        win.table.addAction(a)
    parts = _menus(win, copies)
    _toolbar(win)
    return parts


def _file_actions(win: "ActionWindow") -> None:
    acts = win.acts
    acts.import_files = _act(
        win,
        translate("Actions", "Import…"),
        lambda: dialogs.import_files(win),
        "Ctrl+I",
        fill(translate("Actions", "Import %1 files"), read_help()),
    )
    acts.export = _act(
        win, translate("Actions", "Export BibTeX…"), lambda: dialogs.export(win, "view"), "Ctrl+E"
    )
    acts.export_sel = _act(
        win, translate("Actions", "Export selection…"), lambda: dialogs.export(win, "selection")
    )
    acts.export_all = _act(
        win, translate("Actions", "Export everything…"), lambda: dialogs.export(win, "all")
    )
    acts.open_shared = _act(
        win, translate("Actions", "Open Shared Library…"), win.open_shared_library
    )
    acts.backup = _act(win, translate("Actions", "Back Up Now"), lambda: dialogs.backup_now(win))
    acts.restore_backup = _act(
        win, translate("Actions", "Restore from Backup…"), lambda: dialogs.restore_from_backup(win)
    )
    acts.check = _act(
        win, translate("Actions", "Check Library for Damage"), win.background.check_now
    )
    acts.refresh = _act(
        win, translate("Actions", "Refresh"), win.poll_changes, QKeySequence.StandardKey.Refresh
    )
    acts.close = _act(win, translate("Actions", "Close"), win.close, QKeySequence.StandardKey.Quit)


def _edit_actions(win: "ActionWindow") -> None:
    acts = win.acts
    acts.copy_as = {  # one per registered writer
        name: _act(
            win,
            fill(translate("Actions", "Copy as %1"), registry.label(name)),
            partial(win.copy_as, name),
        )
        for name in registry.writer_names()
    }
    acts.copy = acts.copy_as["bibtex"]
    acts.copy.setShortcut(QKeySequence("Ctrl+Alt+C"))  # Ctrl+Shift+C: Copy Reference
    acts.copy.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
    acts.copy_ris, acts.copy_csl = acts.copy_as["ris"], acts.copy_as["csljson"]
    acts.find = _act(
        win, translate("Actions", "Find"), win.focus_search, QKeySequence.StandardKey.Find
    )
    acts.delete = _act(
        win,
        translate("Actions", "Move to Trash"),
        lambda: trash_actions.delete(win),
        QKeySequence.StandardKey.Delete,
    )
    acts.delete.setShortcuts(
        [QKeySequence(QKeySequence.StandardKey.Delete), QKeySequence("Backspace")]
    )
    acts.delete.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
    acts.undo = win.undo.createUndoAction(win.window(), translate("Actions", "Undo"))
    acts.undo.setShortcut(QKeySequence.StandardKey.Undo)
    acts.redo = win.undo.createRedoAction(win.window(), translate("Actions", "Redo"))
    acts.redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
    win.addActions([acts.undo, acts.redo])


def _status_actions(win: "ActionWindow") -> None:
    acts = win.acts
    acts.status = {
        s: _act(
            win,
            fill(translate("Actions", "Mark %1"), status_word(s)),
            partial(win.set_status, s),
            f"Ctrl+{i + 1}",
        )
        for i, s in enumerate(Status)
    }
    acts.rating = [
        _act(win, fill(translate("Actions", "Rate %1 ★"), n), partial(win.set_rating, n))
        for n in range(6)
    ]


def _menus(win: "ActionWindow", copies: list[QAction]) -> MenuParts:
    acts = win.acts
    bar = win.menuBar()
    file_menu = bar.addMenu(translate("Menus", "&File"))
    file_menu.addAction(acts.open_shared)
    file_menu.addSeparator()
    file_menu.addActions([acts.import_files, acts.export, acts.export_sel, acts.export_all])
    file_menu.addSeparator()
    autoexporter = autoexport.install(win, file_menu)
    file_menu.addSeparator()
    file_menu.addActions([acts.backup, acts.restore_backup, acts.check])
    file_menu.addSeparator()
    file_menu.addAction(acts.close)
    edit = bar.addMenu(translate("Menus", "&Edit"))
    edit.setObjectName("edit-menu")
    edit.addActions([acts.undo, acts.redo, *copies, acts.find, acts.delete])
    edit.addActions(trash_actions.install(win, _act))
    edit.addAction(saved_actions.install(win, _act))
    edit.addAction(duplicates_actions.install(win, _act))
    win.sidebar.duplicatesRequested.connect(lambda: duplicates_actions.open_dialog(win))
    edit.addSeparator()
    references.install(win, edit)
    status = bar.addMenu(translate("Menus", "&Status"))
    status.addActions(list(acts.status.values()))
    status.addSeparator()
    status.addActions(acts.rating)
    paper = bar.addMenu(translate("Menus", "&Paper"))
    paper.setObjectName("paper-menu")  # the lookup actions join it (gui/lookup/menu.py)
    paper_actions, attachment_list = paper_files.install(win, _act)
    paper.addActions(paper_actions)
    paper.addSeparator()
    citekey_actions.install(win, paper)
    acts.lookup = lookup_menu.install(win, file_menu)
    language_menu.install(win, bar)
    acts.open_log_folder = _act(
        win, translate("Actions", "Open Log Folder"), error_report.open_log_folder
    )
    bar.addMenu(translate("Menus", "&Help")).addAction(acts.open_log_folder)
    return MenuParts(autoexporter, attachment_list)


def _toolbar(win: "ActionWindow") -> None:
    acts = win.acts
    tools = QToolBar(translate("Actions", "Main"))
    tools.setObjectName("main-toolbar")
    tools.setMovable(False)
    tools.addWidget(win.search)
    tools.addSeparator()
    tools.addActions([acts.import_files, acts.export])
    tools.addSeparator()
    tools.addActions(list(acts.status.values()))
    win.addToolBar(tools)
