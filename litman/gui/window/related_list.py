"""The detail pane's Related tab: the ten papers sharing the most rare words with the paper
shown (`Library.related`), each a click away.

The list is read from the search index (a few milliseconds at 100k papers), so it waits for
the index the window builds on a worker: until then it says so rather than build it on the
GUI thread. Activating a paper selects it in the table, or, when the table's search or
filter hides it, searches for its citekey so that it shows.
"""

from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QListWidget, QListWidgetItem

from litman.core.errors import LitmanError
from litman.display.text import plain_text
from litman.gui.i18n import QT_TRANSLATE_NOOP, translate
from litman.gui.safe_text import clip
from litman.gui.window.window_api import Window

if TYPE_CHECKING:
    from litman.gui.table.selection import IdSelection

WAITING = QT_TRANSLATE_NOOP("RelatedList", "Related papers show once the search index is ready.")
NONE = QT_TRANSLATE_NOOP("RelatedList", "No paper shares rare words with this one.")


class RelatedWindow(Window, Protocol):
    selection: "IdSelection"

    def apply_filter(self, wait: bool = False) -> None: ...


class RelatedList(QListWidget):
    """The papers like the one the detail pane shows."""

    def __init__(self, win: RelatedWindow) -> None:
        super().__init__()
        self.win, self.shown = win, list[int]()
        self.setAccessibleName(self.tr("Related papers"))
        self.itemActivated.connect(lambda item: self.go_to(self.row(item)))

    def refresh(self) -> None:
        ids = self.win.selected_ids()
        lib = self.win.library
        self.clear()
        self.shown = []
        if len(ids) != 1:
            return
        if not lib.index_free():
            self._note(WAITING)
            return
        try:
            papers = lib.get_many(lib.related(ids[0]))
        except LitmanError:  # a shared library's server gone: the window says so itself
            return
        for p in papers:
            year = f" ({p.year})" if p.year else ""
            item = QListWidgetItem(clip(plain_text(p.title)) + year)
            item.setToolTip(p.citekey)  # a tooltip is plain text here: no markup read
            self.addItem(item)
            self.shown.append(p.id)
        if not papers:
            self._note(NONE)

    def _note(self, text: str) -> None:
        item = QListWidgetItem(self.tr(text))
        item.setFlags(Qt.ItemFlag.NoItemFlags)
        self.addItem(item)

    def go_to(self, row: int) -> None:
        """Show the paper of this row in the table, selected."""
        if not 0 <= row < len(self.shown):
            return
        pid = self.shown[row]
        if self.win.model.row_of(pid) is None:
            key = self.win.library.get(pid).citekey
            self.win.search.setText(f'key:"{key}"')
            self.win.apply_filter(wait=True)
        table_row = self.win.model.row_of(pid)
        if table_row is not None:
            self.win.selection.restore([pid])
            self.win.table.scrollTo(self.win.model.index(table_row, 0))


def install(win: RelatedWindow) -> RelatedList:
    """The Related tab beside the abstract, refreshed with the selection and after undo."""
    listed = RelatedList(win)
    win.detail.tabs.addTab(listed, translate("RelatedList", "Related"))
    win.selection.changed.connect(listed.refresh)
    win.undo.indexChanged.connect(lambda _i: listed.refresh())
    listed.refresh()
    return listed
