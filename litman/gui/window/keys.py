"""Keys and focus: copying citation keys, Escape in the search box, shortcuts that beat a
line edit's own bindings, and a Tab order that follows the screen.

- Ctrl+K copies the selected papers' citation keys (`a, b`), Ctrl+Shift+K `\\cite{a,b}`, as
  JabRef does; both are in the table's context menu and the Edit menu.
- A line edit takes Ctrl+E as "end of line", so Export did nothing while typing a search.
  The window's own Ctrl shortcuts now win in every line edit of the window; the editing keys
  (Ctrl+A, C, V, X, Z, Y, Backspace, Delete, arrows) stay the line edit's.
- Escape in the search box clears it; a second Escape moves to the table.
- Tab goes search, sidebar, table, detail fields, tags, status, rating, notes, and leaves the
  table and the notes box (the table no longer moves between cells, notes take no tab).
"""

from itertools import pairwise
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
from PySide6.QtWidgets import QApplication, QLineEdit, QMenu, QWidget

from litman.gui.i18n import fill, papers, translate

if TYPE_CHECKING:
    from litman.gui.window.window_api import Window

# Keys a line edit keeps for itself even where the window has a shortcut on them.
EDITING = {
    QKeySequence(k).toString()
    for k in ("Ctrl+A", "Ctrl+C", "Ctrl+V", "Ctrl+X", "Ctrl+Z", "Ctrl+Y", "Ctrl+Shift+Z")
}


def cite_keys(keys: list[str]) -> str:
    return ", ".join(keys)


def cite_command(keys: list[str]) -> str:
    return "\\cite{" + ",".join(keys) + "}"


class ShortcutsWin(QObject):
    """Gives the window's Ctrl shortcuts priority over a line edit's own key bindings."""

    def __init__(self, win: "Window") -> None:
        super().__init__(win.window())
        self.win = win

    def _window_keys(self) -> set[str]:
        keys: set[str] = set()
        for action in self.win.window().findChildren(QAction):
            if action.isEnabled():
                keys.update(s.toString() for s in action.shortcuts())
        return {k for k in keys if k.startswith("Ctrl+") and k not in EDITING}

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and event.modifiers() & Qt.KeyboardModifier.ControlModifier  # typing: no lookup
        ):
            combo = QKeySequence(event.keyCombination()).toString()
            if combo in self._window_keys():
                event.ignore()  # not overridden: the window's shortcut runs
                return True
        return False


def install(win: "Window") -> "ShortcutsWin":
    """The copy actions, Escape and the tab order; the key filter every line edit of the
    window is given (returned: the window keeps it)."""
    _copy_actions(win)
    _escape(win)
    shortcuts = ShortcutsWin(win)
    for edit in win.window().findChildren(QLineEdit):
        edit.installEventFilter(shortcuts)
    win.detail.entry.edit_filter = shortcuts
    _tab_order(win)
    return shortcuts


def _copy_actions(win: "Window") -> None:
    win.acts.copy_key = QAction(translate("Keys", "Copy Citation Key"), win.window())
    win.acts.copy_key.setShortcut(QKeySequence("Ctrl+K"))
    win.acts.copy_key.triggered.connect(lambda: copy_keys(win, cite=False))
    win.acts.copy_cite = QAction(translate("Keys", "Copy \\cite{Key}"), win.window())
    win.acts.copy_cite.setShortcut(QKeySequence("Ctrl+Shift+K"))
    win.acts.copy_cite.triggered.connect(lambda: copy_keys(win, cite=True))
    for action in (win.acts.copy_key, win.acts.copy_cite):
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        win.window().addAction(action)
        win.table.addAction(action)
    edit_menu = win.menuBar().findChild(QMenu, "edit-menu")
    if isinstance(edit_menu, QMenu):
        edit_menu.insertActions(win.acts.copy, [win.acts.copy_key, win.acts.copy_cite])


def copy_keys(win: "Window", cite: bool) -> None:
    keys = [p.citekey for p in win.library.get_many(win.selected_ids())]
    if not keys:
        return
    QApplication.clipboard().setText(cite_command(keys) if cite else cite_keys(keys))
    if cite:
        said = translate("Keys", "Copied the \\cite command of %1")
    elif len(keys) == 1:
        said = translate("Keys", "Copied the citation key of %1")
    else:
        said = translate("Keys", "Copied the citation keys of %1")
    win.statusBar().showMessage(fill(said, papers(len(keys))), 3000)


def _escape(win: "Window") -> None:
    action = QAction(win.search)
    action.setShortcut(QKeySequence(Qt.Key.Key_Escape))
    action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)

    def escape() -> None:
        if win.search.text():
            win.search.clear()
        else:
            win.focus_results()

    action.triggered.connect(escape)
    win.search.addAction(action)


def _tab_order(win: "Window") -> None:
    win.table.setTabKeyNavigation(False)
    win.detail.notes.setTabChangesFocus(True)
    d = win.detail
    chain: list[QWidget] = [win.search, win.sidebar, win.table, *d.edits.values(), d.tabs]
    chain += [d.tag_edit, d.status, d.rating, d.notes]
    for first, second in pairwise(chain):
        QWidget.setTabOrder(first, second)
