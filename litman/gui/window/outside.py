"""The window and writes from outside it: another process's (the CLI, a restore), seen by a
look every few seconds, and a shared library's clients', heard at once (`live.py`); the
server going away (edits refused, what is shown kept, asked again each second) and coming
back (caught up, redrawn, what was left unsaved saved).

Typed against `Host`, what it uses of the window, read from the window when news comes.
"""

from contextlib import suppress
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QStatusBar, QWidget

from litman.core.errors import LitmanError, ServerUnreachableError
from litman.core.records import Changes
from litman.gui.i18n import fill, translate
from litman.gui.window.error_report import ReportOnce
from litman.gui.window.live import LiveLink

if TYPE_CHECKING:
    from litman.core.library.facade import Library
    from litman.gui.detail.pane import DetailPane
    from litman.gui.table.models.papers import PaperTableModel
    from litman.gui.table.results import Results
    from litman.gui.window.autoexport import AutoExporter
    from litman.gui.window.redraw import Redraw
    from litman.gui.writes.write_desk import WriteDesk
    from litman.gui.writes.write_worker import WriteWorker

WATCH_MS = 2000
RETRY_MS = 1000  # a shared library's server gone away is asked again this often


class Host(Protocol):
    library: "Library"
    writes: "WriteWorker"
    desk: "WriteDesk"
    model: "PaperTableModel"
    results: "Results"
    detail: "DetailPane"
    redraw: "Redraw"
    autoexporter: "AutoExporter"

    def window(self) -> QWidget: ...  # the window itself, the timers' parent
    def statusBar(self) -> QStatusBar: ...
    def refresh_all(self) -> None: ...
    def start_background_work(self) -> None: ...
    def apply_read_only(self) -> None: ...


class Outside:
    def __init__(self, win: Host) -> None:
        self.win = win
        self.offline = ""  # a shared library's server cannot be reached: why, one line
        # Writes by another process (the CLI, or a restore) show up within a few seconds; a
        # shared library's server says at once (gui/window/live.py).
        self._watch = QTimer(win.window(), interval=WATCH_MS)
        self._watch.timeout.connect(self.poll_changes)
        self._poll_failures = ReportOnce()
        self._retry = QTimer(win.window(), interval=RETRY_MS)

    def start(self) -> LiveLink:
        """Once the window is built: listen to a shared library's server, or look every few
        seconds."""
        win = self.win
        self.live = LiveLink(win.library, win.writes.busy, win.window())
        win.writes.idle.connect(self.live.idle)
        self.live.changed.connect(self.changed_outside)
        self.live.lost.connect(self.server_lost)
        self.live.back.connect(self.server_back)
        self._retry.timeout.connect(self.live.probe)
        win.desk.lost.connect(self.server_lost)
        # Queued: heard while Qt asks the model for a cell, redrawn after.
        win.model.lost.connect(self.server_lost, Qt.ConnectionType.QueuedConnection)
        if self.live.active:
            self.live.start()
        else:
            self._watch.start()
        return self.live

    def stop(self) -> None:
        self._watch.stop()
        self._retry.stop()
        self.live.stop()

    def poll_changes(self) -> None:
        if self.win.writes.busy():
            # Our own write is under way: a look between a commit of it and its own
            # bookkeeping took it for an outside write, and the search index for stale
            # (reconciled on every later action at 100k papers). The next poll looks.
            return
        try:
            told = self.win.library.changes_elsewhere()
        except (LitmanError, OSError):  # the server gone, the file gone: the next poll looks
            return
        except Exception as exc:  # a bug: in the log and a dialog once, not every 2 s
            self._poll_failures.failed((type(exc), exc, exc.__traceback__))
            return
        if told is None or told:
            self.changed_outside(told)

    def merged(self, _pid: int) -> None:
        """An edit was refused because another client changed the paper: what was typed is
        dropped (the merge dialog saves what the user chose) and the window catches up."""
        self.win.detail.forget_edits()
        self.poll_changes()

    def changed_outside(self, told: list[Changes] | None = None) -> None:
        """Another process wrote, and the library has caught up with it: redraw what the
        change journal `told` of, or everything when it could not tell. (Not while the
        server is away: its return redraws everything.)"""
        if self.offline:
            return
        try:
            self._redraw_outside(told)
        except ServerUnreachableError as exc:  # gone since the news came
            self.server_lost(str(exc))

    def _redraw_outside(self, told: list[Changes] | None) -> None:
        win = self.win
        win.autoexporter.soon()  # bound files follow others' changes too
        if told is not None:
            for changes in told:
                win.redraw.on_changes(changes)
            win.statusBar().showMessage(
                translate("Outside", "Updated with changes made outside this window."), 5000
            )
            return
        if not win.library.index_built():
            # The change journal could not tell what changed (a write by another tool,
            # a journal compacted past): compare every paper off the GUI thread, and
            # let searches wait for it meanwhile. Otherwise the index is current now.
            win.start_background_work()
        win.refresh_all()
        win.statusBar().showMessage(
            translate("Outside", "Updated with changes made outside this window."), 5000
        )

    def server_lost(self, why: str) -> None:
        """A shared library's server cannot be reached: say so in one line, keep what is
        shown (the table reads only rows it holds), refuse edits, and ask again each second."""
        win = self.win
        line = " ".join(why.split())[:200]
        self.offline = fill(translate("Outside", "Server unreachable, retrying: %1"), line)
        win.desk.offline = translate(
            "Outside", "the server cannot be reached; edits wait until it is back."
        )
        win.model.offline = win.results.offline = True
        win.apply_read_only()
        self._retry.start()

    def server_back(self) -> None:
        """The server answers again: catch up, redraw, save what was left unsaved."""
        win = self.win
        if not self.offline:
            return
        self._retry.stop()
        self.offline = win.desk.offline = ""
        win.model.offline = win.results.offline = False
        win.apply_read_only()
        with suppress(LitmanError):  # gone again: the watch says so
            win.library.changed_elsewhere()  # what the server missed telling: caught up
            win.refresh_all()
        saving = win.desk.save_unsaved()
        said = translate("Outside", "The server is back.")
        if saving:
            said = fill(
                translate("Outside", "The server is back; saving %1 unsaved edits."), saving
            )
        win.statusBar().showMessage(said, 8000)
