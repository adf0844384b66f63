"""What the window keeps between sessions, per library: its size and place, the splitter,
the columns, the sort, the last search and the sidebar filter (in `ViewSettings`).

`Layout` names the parts that hold that state; `restore` puts it back when the window is
built, `save` keeps it when the window closes.
"""

from dataclasses import dataclass

from PySide6.QtWidgets import QLineEdit, QMainWindow, QSplitter

from litman.gui import settings
from litman.gui.sidebar.tree import Sidebar, filter_of, setting_of
from litman.gui.table.table_header import TableHeader
from litman.gui.window import screens


@dataclass(frozen=True)
class Layout:
    window: QMainWindow
    splitter: QSplitter
    columns: TableHeader
    search: QLineEdit
    sidebar: Sidebar


def restore(view: settings.ViewSettings, parts: Layout, sort: str | None, desc: bool) -> None:
    """Put back what `save` kept; the search text is set without searching (the window
    searches once, when it is built)."""
    geometry = view.get(settings.GEOMETRY)
    screens.fit(parts.window, bool(geometry) and parts.window.restoreGeometry(geometry))
    splitter = view.get(settings.SPLITTER)
    if splitter:
        parts.splitter.restoreState(splitter)
    parts.columns.restore(view)
    parts.columns.show_sort(sort, desc)
    parts.search.blockSignals(True)
    parts.search.setText(view.get(settings.LAST_QUERY))
    parts.search.blockSignals(False)
    parts.sidebar.select_filter(filter_of(view.get(settings.SIDEBAR)))


def save(view: settings.ViewSettings, parts: Layout, sort: str | None, desc: bool) -> None:
    view.set(settings.GEOMETRY, parts.window.saveGeometry())
    view.set(settings.SPLITTER, parts.splitter.saveState())
    parts.columns.save(view)
    view.set(settings.SORT, sort or "")
    view.set(settings.SORT_DESC, desc)
    view.set(settings.LAST_QUERY, parts.search.text())
    view.set(settings.SIDEBAR, setting_of(parts.sidebar.current_filter()))
    view.sync()
