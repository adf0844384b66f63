"""Edit → Save Search…: the search box's query kept under a name in the library, shown under
Saved searches in the sidebar with its count; choosing one there puts its query back in the
search box; its context menu renames or removes it. Each is an undoable command
(`commands.SaveSearch`, `commands.RenameSaved`, `commands.RemoveSaved`).
"""

from collections.abc import Callable
from typing import Protocol

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QInputDialog, QLineEdit

from litman.gui.sidebar.host import Host
from litman.gui.writes import commands


class SavedHost(Host, Protocol):
    search: QLineEdit

    def apply_filter(self, wait: bool = False) -> None: ...


def save_search(win: SavedHost) -> None:
    query = win.search.text().strip()
    if not query:
        win.statusBar().showMessage("Type a search first: Save Search keeps the query typed.", 8000)
        return
    name, ok = QInputDialog.getText(win.window(), "Save Search", f"Name for “{query}”:")
    if ok and name.strip():
        win.push(commands.SaveSearch(win.library, name, query))


def rename(win: SavedHost, name: str) -> None:
    new, ok = QInputDialog.getText(win.window(), "Rename Saved Search", "New name:", text=name)
    if ok and new.strip() and new.strip() != name:
        win.push(commands.RenameSaved(win.library, name, new))


def choose(win: SavedHost, query: str) -> None:
    """A saved search chosen in the sidebar: its query in the search box, run."""
    win.search.setText(query)
    win.apply_filter()


def install(win: SavedHost, act: Callable[..., QAction]) -> QAction:
    win.sidebar.savedChosen.connect(lambda query: choose(win, query))
    win.sidebar.savedRenameRequested.connect(lambda name: rename(win, name))
    return act(win, "Save Search…", lambda: save_search(win))
