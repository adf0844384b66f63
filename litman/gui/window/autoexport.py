"""Auto-export in the window: every bound file (`library.autoexports`) is brought up to date
a moment after each change (from this window, or another member of a shared library), and
once when the window opens (catching up changes made with the `litman` command); File →
Auto-Export… lists, adds and removes bindings.

`litman.app.run_autoexports` does the writing (atomic, untouched when the bytes would not
change) on the window's write worker, off the window's thread (a 1,000-paper export of a
100k library reads and formats for a while, and it records a failure in the library); here a
file that cannot be written is said once on the status bar, again only when its reason
changes. A change while a run is under way runs it again once that one is done.
"""

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QInputDialog,
    QLabel,
    QListWidget,
    QMenu,
    QPushButton,
    QVBoxLayout,
)

from litman import app
from litman.core.errors import LitmanError
from litman.core.records import Changes
from litman.formats import registry
from litman.gui.dialogs import file_dialogs
from litman.gui.i18n import fill, translate
from litman.gui.workers import Worker

if TYPE_CHECKING:
    from litman.gui.window.window_api import Window
    from litman.gui.writes.background import BackgroundWork

    class Host(Window, Protocol):
        """What auto-export uses of the window: its parts and the background index build."""

        background: BackgroundWork


DELAY_MS = 300  # a burst of changes (typing, a bulk tag) is one rewrite
WAIT_FOR_INDEX_MS = 1000


class AutoExporter(QObject):
    """Runs the library's auto-exports after changes, on the window's write worker, telling
    each failure once; `done` gives each run's outcomes once the window has said them."""

    done = Signal(object)  # list[app.AutoExported]

    def __init__(self, win: "Host") -> None:
        super().__init__(win.window())
        self.win = win
        self.told: dict[str, str] = {}
        self.running: Worker | None = None
        self.again = False  # a change came while a run was under way
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.timeout.connect(self.run)

    def changed(self, changes: Changes) -> None:
        if not changes.empty:
            self.soon()

    def soon(self) -> None:
        """Run a moment from now (a later change moves it on), if any file is bound."""
        try:
            bound = self.win.library.autoexports.list()
        except LitmanError:  # a shared library's server away: the next change runs them
            return
        if bound:
            self.timer.start(DELAY_MS)

    def run(self) -> Worker | None:
        """Start a run on the write worker; the worker, or None when none was started."""
        if self.win.background.running and not self.win.library.index_built():
            # A query before the index is built would build it on the write worker (a
            # minute at 100k papers, every write waiting): wait for the background build.
            self.timer.start(WAIT_FOR_INDEX_MS)
            return None
        if self.running is not None:
            self.again = True
            return None
        library = self.win.library
        worker = self.running = Worker(lambda _progress: app.run_autoexports(library))
        worker.signals.finished.connect(self._ran)
        # The library cannot be read now (a shared library's server away, said by the
        # window already): the files stay as they were until the next change.
        worker.signals.failed.connect(lambda _exc: self._ran([]))
        self.win.runner(worker)
        return worker

    def _ran(self, done: list[app.AutoExported]) -> None:
        self.running = None
        self._tell(done)
        self.done.emit(done)
        if self.again:
            self.again = False
            self.run()

    def _tell(self, done: list[app.AutoExported]) -> None:
        for d in done:
            said = self.told.get(d.binding.path, "")
            if d.error and d.error != said:
                name = Path(d.binding.path).name
                self.win.statusBar().showMessage(
                    fill(translate("AutoExport", "Auto-export to %1 failed: %2"), name, d.error)
                )
            self.told[d.binding.path] = d.error


def install(win: "Host", file_menu: QMenu) -> AutoExporter:
    exporter = AutoExporter(win)
    action = file_menu.addAction(translate("AutoExport", "Auto-Export…"))
    action.triggered.connect(lambda _checked=False: AutoExportDialog(win, exporter).exec())
    win.acts.autoexport = action
    QTimer.singleShot(0, exporter.run)  # catch up what the command line changed
    return exporter


class AutoExportDialog(QDialog):
    """The bound files, with their queries and failures; Add…, Remove."""

    def __init__(self, win: "Host", exporter: AutoExporter) -> None:
        super().__init__(win.window())
        self.win, self.exporter = win, exporter
        self.setWindowTitle(self.tr("Auto-Export"))
        self.list = QListWidget(self)
        add, remove = QPushButton(self.tr("Add…"), self), QPushButton(self.tr("Remove"), self)
        add.clicked.connect(self.add)
        remove.clicked.connect(self.remove)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        buttons.addButton(add, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(remove, QDialogButtonBox.ButtonRole.ActionRole)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(self.tr("Files kept current with what their query finds:"), self))
        layout.addWidget(self.list)
        layout.addWidget(buttons)
        self.fill()
        exporter.done.connect(self.fill)  # a run's failures, once it has run

    def fill(self, *_ran: object) -> None:
        self.list.clear()
        for b in self.win.library.autoexports.list():
            failed = fill(self.tr("  — FAILED: %1"), b.error) if b.error else ""
            query = b.query or self.tr("everything")
            self.list.addItem(f"{b.path}  ({registry.label(b.fmt)}: {query}){failed}")

    def add(self) -> None:
        chosen: list[str] = []
        path = file_dialogs.save_file(
            self.win,
            self.tr("Auto-Export To"),
            Path.home() / "refs.bib",
            registry.save_filters(),
            chosen,
        )
        if path is None:
            return
        query, ok = QInputDialog.getText(
            self,
            self.tr("Auto-Export"),
            self.tr("Query (tag:thesis, saved:NAME; empty: everything):"),
        )
        if ok:
            fmt = registry.format_for(
                path, registry.format_for_filter(chosen[0]) if chosen else None
            )
            self.win.library.autoexports.add(path, query, fmt)
            self.exporter.run()
            self.fill()

    def remove(self) -> None:
        row = self.list.currentRow()
        found = self.win.library.autoexports.list()
        if 0 <= row < len(found):
            self.win.library.autoexports.remove(found[row].path)
            self.fill()
