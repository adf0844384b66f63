"""The window's actions, menus and toolbar: what each menu item and shortcut does.

`install` makes every action on the window it is handed (typed against `ActionWindow`, the
parts and slots it needs, so that this module does not import the window), puts them in the
File, Edit and Status menus, the table's context menu and the toolbar. The slots themselves
are the window's and its parts' (dialogs, background work, undo stack).
"""

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QToolBar

from litman.core.records import Status
from litman.formats import registry
from litman.gui import dialogs, lookup_menu
from litman.gui.window_api import Window

if TYPE_CHECKING:
    from litman.gui.background import BackgroundWork


class ActionWindow(Window, Protocol):
    """What the actions need of the window, and the actions it holds."""

    background: "BackgroundWork"
    a_import: QAction
    a_export: QAction
    a_export_sel: QAction
    a_export_all: QAction
    a_open_shared: QAction
    a_backup: QAction
    a_restore_backup: QAction
    a_check: QAction
    a_refresh: QAction
    a_close: QAction
    a_copy_as: dict[str, QAction]
    a_copy_ris: QAction
    a_copy_csl: QAction
    a_find: QAction
    a_delete: QAction
    a_undo: QAction
    a_redo: QAction
    a_status: dict[Status, QAction]
    a_rating: list[QAction]
    a_lookup: dict[str, QAction]

    def close(self) -> bool: ...
    def poll_changes(self) -> None: ...
    def open_shared_library(self) -> object: ...
    def focus_search(self) -> None: ...
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


def install(win: "ActionWindow") -> None:
    """Make the window's actions, then its menus, the table's context menu and the toolbar."""
    _file_actions(win)
    _edit_actions(win)
    _status_actions(win)
    copies = list(win.a_copy_as.values())
    for a in (*win.a_status.values(), *copies, win.a_delete):
        win.table.addAction(a)
    _menus(win, copies)
    _toolbar(win)


def _file_actions(win: "ActionWindow") -> None:
    win.a_import = _act(
        win,
        "Import…",
        lambda: dialogs.import_files(win),
        "Ctrl+I",
        f"Import {registry.read_help()} files",
    )
    win.a_export = _act(win, "Export BibTeX…", lambda: dialogs.export(win, "view"), "Ctrl+E")
    win.a_export_sel = _act(win, "Export selection…", lambda: dialogs.export(win, "selection"))
    win.a_export_all = _act(win, "Export everything…", lambda: dialogs.export(win, "all"))
    win.a_open_shared = _act(win, "Open Shared Library…", win.open_shared_library)
    win.a_backup = _act(win, "Back Up Now", lambda: dialogs.backup_now(win))
    win.a_restore_backup = _act(
        win, "Restore from Backup…", lambda: dialogs.restore_from_backup(win)
    )
    win.a_check = _act(win, "Check Library for Damage", win.background.check_now)
    win.a_refresh = _act(win, "Refresh", win.poll_changes, QKeySequence.StandardKey.Refresh)
    win.a_close = _act(win, "Close", win.close, QKeySequence.StandardKey.Quit)


def _edit_actions(win: "ActionWindow") -> None:
    win.a_copy_as = {  # one per registered writer
        name: _act(win, f"Copy as {registry.label(name)}", partial(win.copy_as, name))
        for name in registry.writer_names()
    }
    win.a_copy = win.a_copy_as["bibtex"]
    win.a_copy.setShortcut(QKeySequence("Ctrl+Shift+C"))
    win.a_copy.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
    win.a_copy_ris, win.a_copy_csl = win.a_copy_as["ris"], win.a_copy_as["csljson"]
    win.a_find = _act(win, "Find", win.focus_search, QKeySequence.StandardKey.Find)
    win.a_delete = _act(
        win, "Delete…", lambda: dialogs.delete_papers(win), QKeySequence.StandardKey.Delete
    )
    win.a_delete.setShortcuts(
        [QKeySequence(QKeySequence.StandardKey.Delete), QKeySequence("Backspace")]
    )
    win.a_delete.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
    win.a_undo = win.undo.createUndoAction(win.window(), "Undo")
    win.a_undo.setShortcut(QKeySequence.StandardKey.Undo)
    win.a_redo = win.undo.createRedoAction(win.window(), "Redo")
    win.a_redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
    win.addActions([win.a_undo, win.a_redo])


def _status_actions(win: "ActionWindow") -> None:
    win.a_status = {
        s: _act(win, f"Mark {s.value}", partial(win.set_status, s), f"Ctrl+{i + 1}")
        for i, s in enumerate(Status)
    }
    win.a_rating = [_act(win, f"Rate {n} ★", partial(win.set_rating, n)) for n in range(6)]


def _menus(win: "ActionWindow", copies: list[QAction]) -> None:
    bar = win.menuBar()
    file_menu = bar.addMenu("&File")
    file_menu.addAction(win.a_open_shared)
    file_menu.addSeparator()
    file_menu.addActions([win.a_import, win.a_export, win.a_export_sel, win.a_export_all])
    file_menu.addSeparator()
    file_menu.addActions([win.a_backup, win.a_restore_backup, win.a_check])
    file_menu.addSeparator()
    file_menu.addAction(win.a_close)
    edit = bar.addMenu("&Edit")
    edit.addActions([win.a_undo, win.a_redo, *copies, win.a_find, win.a_delete])
    status = bar.addMenu("&Status")
    status.addActions(list(win.a_status.values()))
    status.addSeparator()
    status.addActions(win.a_rating)
    win.a_lookup = lookup_menu.install(win, file_menu)


def _toolbar(win: "ActionWindow") -> None:
    tools = QToolBar("Main")
    tools.setObjectName("main-toolbar")
    tools.setMovable(False)
    tools.addWidget(win.search)
    tools.addSeparator()
    tools.addActions([win.a_import, win.a_export])
    tools.addSeparator()
    tools.addActions(list(win.a_status.values()))
    win.addToolBar(tools)
