"""Edit → Save Search…: the search box's query, and the sidebar's filter (a tag, a reading
status, the trash), kept under a name in the library, shown under Saved searches in the
sidebar with its count; choosing one there puts its query back in the search box and narrows
the table by its filter again; its context menu renames or removes it. Each is an undoable command
(`commands.SaveSearch`, `commands.RenameSaved`, `commands.RemoveSaved`).
"""

from collections.abc import Callable
from typing import Protocol

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QInputDialog, QLineEdit

from litman.core.search.filters import ALL
from litman.gui.i18n import fill, translate
from litman.gui.sidebar.host import Host
from litman.gui.writes import commands


class SavedHost(Host, Protocol):
    search: QLineEdit

    def apply_filter(self, wait: bool = False) -> None: ...


def save_search(win: SavedHost) -> None:
    query, within = win.search.text().strip(), win.sidebar.current_filter()
    if not query and within == ALL:
        said = translate("SavedSearches", "Type a search first: Save Search keeps the query typed.")
        win.statusBar().showMessage(said, 8000)
        return
    asked = fill(translate("SavedSearches", "Name for “%1”:"), query)
    if within != ALL:
        where = win.sidebar.named(within)
        asked = fill(translate("SavedSearches", "Name for “%1” in %2:"), query, where)
    name, ok = QInputDialog.getText(win.window(), translate("SavedSearches", "Save Search"), asked)
    if ok and name.strip():
        win.push(commands.SaveSearch(win.library, name, query, within))


def rename(win: SavedHost, name: str) -> None:
    new, ok = QInputDialog.getText(
        win.window(),
        translate("SavedSearches", "Rename Saved Search"),
        translate("SavedSearches", "New name:"),
        text=name,
    )
    if ok and new.strip() and new.strip() != name:
        win.push(commands.RenameSaved(win.library, name, new))


def choose(win: SavedHost, query: str) -> None:
    """A saved search chosen in the sidebar: its query in the search box, run."""
    win.search.setText(query)
    win.apply_filter()


def install(win: SavedHost, act: Callable[..., QAction]) -> QAction:
    win.sidebar.savedChosen.connect(lambda query: choose(win, query))
    win.sidebar.savedRenameRequested.connect(lambda name: rename(win, name))
    return act(win, translate("SavedSearches", "Save Search…"), lambda: save_search(win))
