"""The search box and the rows it shows: text typed, within the sidebar's filter (a typed
record, never spliced into the text), becomes the table's ids in the sort the header asks
for, with the selection kept across the refill.

One search per keystroke, on the event loop's next turn. While the search index is being
built (or rebuilt by a write to most of the library) a search is answered at once from SQL,
exactly, and searched again in full when the index is ready. The empty-state notice and
the status line's counts follow each refill; Enter or Down go to the results.
"""

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QLineEdit, QTableView

from litman.core.library.facade import Library
from litman.core.search.filters import ALL, Filter, Narrowing, Trash
from litman.gui.i18n import QT_TRANSLATE_NOOP, fill, read_help, translate
from litman.gui.safe_text import rich
from litman.gui.table.models.papers import PaperTableModel
from litman.gui.table.paper_table import EmptyNotice
from litman.gui.table.search_controller import SearchController
from litman.gui.table.selection import IdSelection
from litman.gui.table.table_header import TableHeader
from litman.gui.writes.background import BackgroundWork
from litman.gui.writes.status_line import StatusLine
from litman.gui.writes.write_worker import WriteWorker

if TYPE_CHECKING:  # the ranking loads numpy: the window's first rows need neither
    from litman.core.search.ranking import SearchResult

# The search runs on the event loop's next turn: keys that arrive together make one search,
# and a lone key is not held back (a pause of 25 ms was a third of the 50 ms budget).
SEARCH_DELAY_MS = 0
HINTED = "QLineEdit { border: 1px solid #d97706; }"
PLACEHOLDER = QT_TRANSLATE_NOOP(
    "Search",
    'Search: words, "phrase", title:, author:, tag:, '
    "year:2020..2024, status:unread, -negation   (Ctrl+F)",
)


def search_box() -> QLineEdit:
    box = QLineEdit()
    box.setAccessibleName(translate("Search", "Search"))
    box.setClearButtonEnabled(True)
    box.setPlaceholderText(translate("Search", PLACEHOLDER))
    box.setMinimumWidth(420)
    # The amber border of a query with notes (a stylesheet) would make the box 4 px lower,
    # and the toolbar with it: the whole window laid out and painted again on that key.
    box.setMinimumHeight(box.sizeHint().height())
    return box


class Results(QObject):
    """Runs the search for the table; `paneStale` when a paper the detail pane shows has
    left the rows."""

    paneStale = Signal()

    def __init__(
        self,
        library: Library,
        *,
        model: PaperTableModel,
        table: QTableView,
        selection: IdSelection,
        columns: TableHeader,
        status_line: StatusLine,
        background: BackgroundWork,
        writes: WriteWorker,
        within: Callable[[], Filter],
        within_label: Callable[[], str],
        shown: Callable[[], Sequence[int]],
        sort: tuple[str | None, bool],
        parent: QObject,
    ) -> None:
        super().__init__(parent)
        self.library, self.model, self.table, self.selection = library, model, table, selection
        self.columns, self.status_line = columns, status_line
        self.background, self.writes = background, writes
        # The sidebar's filter and its label; the pane's papers.
        self.within, self.within_label, self.shown = within, within_label, shown
        self.searcher = SearchController(library)
        self.box = search_box()
        self.empty = EmptyNotice(table)
        self.sort_key, self.sort_desc = sort
        self.last_result: SearchResult | None = None
        self.waiting = False  # answered from SQL; the full search follows
        self.ready = False  # Qt asks the model to sort while the table is being built
        self.offline = False  # a shared library's server is gone: the rows shown stay
        self.typed = ""  # the search text as last edited, to see a new search begin
        self._shown_view: tuple[Filter, str, str | None, bool] | None = None  # of the rows shown
        self.timer = QTimer(self, singleShot=True, interval=SEARCH_DELAY_MS)
        self.timer.timeout.connect(self.apply_typed)
        self.box.textChanged.connect(lambda _t: self.timer.start())
        self.box.textEdited.connect(self._edited)
        # Enter or Down in the search box goes to the results, first row selected.
        self.box.returnPressed.connect(self.focus_results)
        down = QAction(self.box)
        down.setShortcut(QKeySequence(Qt.Key.Key_Down))
        down.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        down.triggered.connect(self.focus_results)
        self.box.addAction(down)
        model.sortRequested.connect(self.sort_by)
        columns.relevanceRequested.connect(lambda: self.sort_by("", False))
        background.done.connect(self._index_ready)
        writes.idle.connect(self._writes_done)

    def query_text(self) -> str:
        return self.box.text().strip()

    def narrowed(self) -> bool:
        """Whether the rows are narrowed (by a search or a sidebar filter): a change to
        what they match may change which rows there are."""
        return bool(self.query_text()) or self.within() != ALL

    def apply_typed(self) -> None:
        """The search text changed (and no paper with it): the papers read are kept."""
        self.apply(same_papers=True)

    def apply(self, wait: bool = False, *, same_papers: bool = False) -> None:
        """Show the papers matching the query. While the index builds in the background a
        search waits for it, unless `wait`: then it waits here, for Enter or Down, which go
        to the results and must land on them, not on the unfiltered rows still shown.
        `same_papers`: only the query or the sort changed, so the table keeps the papers it
        read (any other call may follow a write: they are read again)."""
        if not self.ready:
            return
        if self.offline:  # the rows shown stay; a new list would need the server
            self.status_line.say(
                translate("Search", "Searching waits until the server is back."), 5000
            )
            return
        within = self.within()
        if isinstance(within, Trash):
            self._show_trash()
            return
        text = self.query_text()
        query = self.searcher.parse(text)
        busy = self.background.running or (self.writes.busy() and not self.library.index_free())
        if (not query.empty or within != ALL) and busy and not wait:
            # Answered at once without the index, exactly; the full search follows when the
            # index is ready (_index_ready) or the write rebuilding it ends (_writes_done).
            self.waiting = True
            self._show_quick(text, within, same_papers)
            return
        self.waiting = False
        outcome = self.searcher.run(text, self.sort_key, self.sort_desc, within)
        self.last_result = outcome.result
        self._show(outcome.ids, same_papers)
        self._hint("; ".join(outcome.notes))
        self.update_empty()
        self.status_line.show_counts()

    def _hint(self, hint: str) -> None:
        """The parser's notes on the query as the box's tooltip, with an amber border;
        set only when they change (a new stylesheet re-polishes the box)."""
        tip = rich(hint) if hint else ""
        if tip != self.box.toolTip():
            self.box.setToolTip(tip)
            self.box.setStyleSheet(HINTED if hint else "")

    def _edited(self, text: str) -> None:
        """A search typed into an empty box is ranked: a header sort gives way to relevance
        (a header click during the search sorts it again)."""
        if text.strip() and not self.typed.strip() and self.sort_key:
            self.columns.sort_by_relevance()
        self.typed = text

    def _show_quick(self, text: str, within: Narrowing, same_papers: bool) -> None:
        outcome = self.searcher.quick(text, self.sort_key, self.sort_desc, within)
        self.last_result = None
        self._show(outcome.ids, same_papers)
        self.update_empty()
        said = translate("Search", "%1 shown while the search index is built: %2")
        self.status_line.say(fill(said, f"{len(outcome.ids):,}", "; ".join(outcome.notes)))

    def _show_trash(self) -> None:
        """The papers in the trash, the most recently trashed first (the search text and
        the header's sort apply to the library, not to the trash)."""
        self.waiting = False
        self.last_result = None
        self._show(self.library.trash_ids())
        self.update_empty()
        self.status_line.show_counts()

    def _view(self) -> tuple[Filter, str, str | None, bool]:
        return (self.within(), self.box.text(), self.sort_key, self.sort_desc)

    def _show(self, ids: list[int], same_papers: bool = False) -> None:
        """These rows, with the papers selected before that are still among them and the
        current row where it was (gui/table/selection.py)."""
        place = self.selection.place()
        view, self._shown_view = self._shown_view, self._view()
        self.model.set_ids(ids, same_papers=same_papers)
        # Laid out now: Qt would paint the new rows, lay them out on a zero-time timer and
        # paint every visible row again, two paints per keystroke (15-20 ms CPU each).
        self.table.doItemsLayout()
        self.selection.put_back(place, same_view=view == self._shown_view)
        if any(self.model.row_of(pid) is None for pid in self.shown()):
            self.paneStale.emit()  # a paper shown is hidden or gone: no stale pane

    def sort_by(self, key: str, desc: bool) -> None:
        """A header click: this column ("" for relevance), this way."""
        if not self.ready:
            return
        if (key or None, desc) == (self.sort_key, self.sort_desc):
            return
        self.sort_key, self.sort_desc = key or None, desc
        self.apply(same_papers=True)

    def update_empty(self) -> None:
        rows = self.model.rowCount()
        within = self.within()
        if isinstance(within, Trash):
            self.empty.update_for(rows, False, "", "", translate("Search", "The trash is empty."))
            return
        empty = not rows and self.library.count() == 0
        label = self.within_label() if within != ALL else ""
        self.empty.update_for(rows, empty, self.query_text(), read_help(), within=label)

    def _index_ready(self) -> None:
        if self.waiting:
            self.waiting = False
            self.apply()

    def _writes_done(self) -> None:
        if self.waiting and not self.background.running:  # answered from SQL meanwhile
            self.waiting = False
            self.apply()

    def focus_results(self) -> None:
        if self.timer.isActive() or self.waiting:
            # Typed faster than the pause, or the index is still building: search now, so
            # the row selected below is the first hit and not row 0 of the old list.
            self.timer.stop()
            self.waiting = False
            QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
            try:
                self.apply(wait=True)
            finally:
                QApplication.restoreOverrideCursor()
        self.table.setFocus()
        if self.model.rowCount() and not self.selection.count():
            self.table.selectRow(0)

    def focus_search(self) -> None:
        self.box.setFocus()
        self.box.selectAll()
