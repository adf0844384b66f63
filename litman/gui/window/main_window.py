"""The main window: toolbar with the search box, sidebar, paper table, detail pane.

It wires widgets to the Library through undoable commands and workers; what changed comes
back as Changes records (possibly from a worker thread, hence the queued bridge), and the
window refreshes only what they name (`redraw.py`). Writes from outside the window, and a
shared library's server going away and back, are `outside.py`'s.
"""

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import (
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QApplication,
    QMainWindow,
    QSplitter,
)

from litman import app
from litman.core.library.facade import Library
from litman.core.records import Status
from litman.core.search.filters import ALL
from litman.core.store.interface import WriterClaim
from litman.formats import registry
from litman.gui import i18n, settings
from litman.gui.actions import Actions
from litman.gui.detail.pane import DetailPane
from litman.gui.detail.pane_feed import PaneFeed
from litman.gui.dialogs import dialogs
from litman.gui.i18n import fill, translate
from litman.gui.sidebar import requests, trash_actions
from litman.gui.sidebar.tree import Sidebar
from litman.gui.table.models.papers import PaperTableModel
from litman.gui.table.paper_table import make_table
from litman.gui.table.results import Results
from litman.gui.table.selection import IdSelection
from litman.gui.table.table_header import TableHeader
from litman.gui.window import (
    keys,
    related_list,
    window_actions,
    window_state,
)
from litman.gui.window.outside import Outside
from litman.gui.window.redraw import Redraw
from litman.gui.workers import Runner, run_in_pool, wait_for_all
from litman.gui.writes import commands
from litman.gui.writes.background import BackgroundWork
from litman.gui.writes.status_line import Counts, StatusLine
from litman.gui.writes.write_desk import WriteDesk
from litman.gui.writes.write_worker import WriteWorker

if TYPE_CHECKING:
    from litman.core.search.ranking import SearchResult
_OPENED: set["MainWindow"] = set()  # windows opened from File → Open Shared Library…


class ChangeBridge(QObject):
    """Carries Changes from whichever thread wrote them to the GUI thread."""

    changed = Signal(object)


class MainWindow(QMainWindow):
    results: Results  # the search box and the rows it shows (made in _build)

    def __init__(
        self,
        library: Library,
        view: settings.ViewSettings | None = None,
        runner: Runner = run_in_pool,
        writer_lock: WriterClaim | None = None,
        index_in_background: bool = False,
    ) -> None:
        super().__init__()
        self.library = library
        self.writer_lock = writer_lock
        # Until start_background_work has built the search index, searches wait for it
        # instead of building it on the GUI thread (seconds at 100k papers).
        self.background = BackgroundWork(
            library, index_in_background and not library.index_built(), self
        )
        self.background.damaged.connect(lambda problem: dialogs.damaged_while_open(self, problem))
        self.background.failed.connect(
            lambda why: self.statusBar().showMessage(f"Background work stopped: {why}", 15000)
        )
        self.background.checked.connect(self._checked)
        self.owns_library = False  # close the library with the window
        self.outside = Outside(self)  # other processes' writes, a shared library's server
        self.view = view or settings.ViewSettings()
        self.view.use_library(library.site.where)
        self.runner = runner
        self.writes = WriteWorker(runner, self)  # every write of the window goes through it
        self.redraw = Redraw(self)  # what a change touched, redrawn
        self.writes.idle.connect(self.redraw.recount_due)
        self.undo = QUndoStack(self)
        self.desk = WriteDesk(self, library, self.writes, self.undo, self.statusBar())
        self.desk.merged.connect(self.outside.merged)
        self.bridge = ChangeBridge()
        # Direct when the GUI thread wrote, queued when a worker did.
        self.bridge.changed.connect(self.redraw.on_changes, Qt.ConnectionType.AutoConnection)
        library.subscribe(self.bridge.changed.emit)
        # Closed is gone: connections to the window's own methods would otherwise keep it,
        # its table cache and its Library alive for the life of the process.
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.setAcceptDrops(True)
        self.setMinimumSize(900, 560)
        self._build()
        self.redraw.tags_changed()  # the completer offers every tag from the start
        self._restore()
        self.results.ready = True
        self.apply_read_only()
        self.apply_filter()
        self.live = self.outside.start()

    @property
    def offline(self) -> str:
        """Why a shared library's server cannot be reached, in one line ('' while it can)."""
        return self.outside.offline

    def read_only_reason(self) -> str:
        if self.offline:
            return self.offline
        if self.library.read_only_reason:
            return self.library.read_only_reason
        if self.library.read_only:
            holder = self.writer_lock.holder() if self.writer_lock else None
            who = holder.describe() if holder else translate("Window", "another litman window")
            return fill(translate("Window", "Read-only: this library is open in %1."), who)
        return ""

    def apply_read_only(self) -> None:
        reason = self.read_only_reason()
        title = translate("Window", "litman — %1")
        if self.offline:
            title = translate("Window", "litman — %1 (server unreachable)")
        elif reason:
            title = translate("Window", "litman — %1 (read-only)")
        self.setWindowTitle(fill(title, self.library.site.name))
        writable = not reason
        for a in (
            self.acts.import_files,
            self.acts.delete,
            self.acts.empty_trash,
            self.acts.restore_backup,
            self.acts.backup,
            *self.acts.status.values(),
        ):
            a.setEnabled(writable)
        self.setAcceptDrops(writable)
        self.sidebar.read_only = not writable
        trash_actions.follow_view(self)  # the actions and the pane, in this view
        self.status_line.read_only(reason)

    def start_background_work(self) -> None:
        """After the window shows: check the file's integrity when it can matter, take the
        day's backup and build the search index, all off the GUI thread."""
        self.background.start()

    @property
    def integrity(self) -> str:
        """The last integrity check's answer ('' before any ran, 'ok' when none was due)."""
        integrity: str = self.background.integrity
        return integrity

    def _checked(self, problem: str) -> None:
        if problem == "ok":
            self.statusBar().showMessage(
                fill(translate("Window", "%1: no damage found."), self.library.site.name), 8000
            )

    def poll_changes(self) -> None:
        self.outside.poll_changes()

    def refresh_all(self) -> None:
        """Redraw everything from the library (after a restore or an outside write)."""
        self.redraw.everything()

    # -- building ----------------------------------------------------------------------------

    def _build(self) -> None:
        self.model = PaperTableModel(self.library)
        self.table = make_table(self.model)
        self.columns = TableHeader(self.table, self.model, self.library)
        self.selection = IdSelection(self.table, self.model)
        self.selection.changed.connect(self._selection_changed)

        self.sidebar = Sidebar(self.library)
        self.sidebar.setMinimumWidth(200)

        self.detail = DetailPane()

        self.splitter = QSplitter()
        self.splitter.addWidget(self.sidebar)
        self.splitter.addWidget(self.table)
        self.splitter.addWidget(self.detail)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([220, 760, 360])
        self.setCentralWidget(self.splitter)
        requests.wire_sidebar(self.sidebar, self, self.apply_filter)
        requests.wire_detail(self.detail, self, self.set_status)

        self.status_line = StatusLine(self.statusBar(), self.writes, self._counts)
        self.results = Results(
            self.library,
            model=self.model,
            table=self.table,
            selection=self.selection,
            columns=self.columns,
            status_line=self.status_line,
            background=self.background,
            writes=self.writes,
            within=self.sidebar.current_filter,
            within_label=lambda: self.sidebar.named(self.sidebar.current_filter()),
            shown=self.detail.shown_ids,
            sort=(self.view.get(settings.SORT) or None, self.view.get(settings.SORT_DESC)),
            parent=self,
        )
        self.results.paneStale.connect(self._selection_changed)
        self.pane = PaneFeed(
            self.library,
            detail=self.detail,
            results=self.results,
            offline=lambda: bool(self.offline),
            parent=self,
        )
        self.search, self.searcher, self.empty = (
            self.results.box,
            self.results.searcher,
            self.results.empty,
        )
        self.acts = Actions()
        self.autoexporter, self.attachment_list = window_actions.install(self)
        self.bridge.changed.connect(self.autoexporter.changed)
        self.shortcuts_win = keys.install(self)
        self.related_list = related_list.install(self)
        self.read_only_label = self.status_line.read_only_label
        self.write_progress = self.status_line.write_progress

    # -- state -------------------------------------------------------------------------------

    def _layout(self) -> window_state.Layout:
        return window_state.Layout(self, self.splitter, self.columns, self.search, self.sidebar)

    def _restore(self) -> None:
        window_state.restore(self.view, self._layout(), self.sort_key, self.sort_desc)
        self.results.typed = self.search.text()

    def save_state(self) -> None:
        self.detail.commit_edits()
        window_state.save(self.view, self._layout(), self.sort_key, self.sort_desc)

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.desk.may_close():  # edits the server never got: asked first
            event.ignore()
            return
        self.outside.stop()
        self.sidebar.duplicates.timer.stop()  # no count started once the window is going
        self.save_state()
        self.library.unsubscribe(self.bridge.changed.emit)
        super().closeEvent(event)
        if self.owns_library:  # opened from the File menu: nobody else closes it
            wait_for_all()
            self.library.close()

    def open_shared_library(self) -> "MainWindow | None":
        """File → Open Shared Library…: a new window on the library chosen."""
        from litman.gui.dialogs import shared_dialog  # loads the driver: a file's start need not

        return shared_dialog.open_shared(self, self.view, self._window_on)  # type: ignore[return-value]

    def _window_on(self, library: Library) -> "MainWindow":
        win = MainWindow(library, self.view.another(), self.runner, index_in_background=True)
        win.owns_library = True
        _OPENED.add(win)  # a window with no parent is kept by someone until it closes
        win.destroyed.connect(lambda _obj=None: _OPENED.discard(win))
        win.show()
        win.start_background_work()
        return win

    # -- searching and showing (gui/table/results.py) ----------------------------------------------

    def query_text(self) -> str:
        return self.results.query_text()

    def apply_filter(self, wait: bool = False) -> None:
        self.results.apply(wait)

    @property
    def sort_key(self) -> str | None:
        return self.results.sort_key

    @property
    def sort_desc(self) -> bool:
        return self.results.sort_desc

    @property
    def last_result(self) -> "SearchResult | None":
        return self.results.last_result

    def _counts(self) -> Counts:
        return Counts(
            self.sidebar.count_of(ALL),
            self.model.rowCount(),
            self.selection.count(),
            self.results.waiting,
        )

    def selected_ids(self) -> list[int]:
        if not hasattr(self, "selection"):
            return []
        return self.selection.ids()

    def _selection_changed(self) -> None:
        self.pane.refresh()
        self.status_line.show_counts()

    def focus_results(self) -> None:
        self.results.focus_results()

    def focus_search(self) -> None:
        self.results.focus_search()

    # -- actions -----------------------------------------------------------------------------

    def push(self, command: commands.LibraryCommand, said: str = "") -> None:
        """Queue a command; control comes back at once (see gui/writes/write_desk.py)."""
        self.desk.push(command, said)

    def tell_failure(self, message: str) -> None:
        self.desk.tell_failure(message)

    def set_status(self, status: Status) -> None:
        ids = self.selected_ids()
        if ids:
            self.push(commands.set_status(self.library, ids, status))

    def set_rating(self, rating: int) -> None:
        """Give every selected paper this rating (one undo step)."""
        ids = self.selected_ids()
        if ids:
            self.push(commands.set_rating(self.library, ids, rating))

    def copy_as(self, fmt: str) -> None:
        """Copy the selection in an export format, saying which fields the format left out."""
        papers = list(app.papers_to_export(self.library, self.selected_ids()))
        if papers:
            text, report = registry.dumps(papers, fmt)
            QApplication.clipboard().setText(text)
            name = registry.label(fmt)
            copied = fill(translate("Window", "Copied %1 as %2"), i18n.papers(len(papers)), name)
            said = [copied, *report.describe(name)]
            self.statusBar().showMessage("; ".join(said), 8000)

    # -- drag and drop files -------------------------------------------------------------------

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        files = [Path(u.toLocalFile()) for u in event.mimeData().urls() if u.isLocalFile()]
        if files:
            dialogs.run_import(self, files)
            event.acceptProposedAction()
