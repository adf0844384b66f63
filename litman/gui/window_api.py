"""What the dialogs and the key handling are handed: the window's parts, as a protocol.

`dialogs` and `keys` work on the main window without importing it (which made an import
cycle): they are typed against this protocol, which `MainWindow` satisfies. Each name here is
a part with one job (the Library, the write worker, the undo stack, the table model, the
detail pane, the sidebar) or one of the few window methods they call.
"""

from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QLineEdit, QMenuBar, QMessageBox, QStatusBar, QTableView, QWidget

if TYPE_CHECKING:
    from litman.core.library.facade import Library
    from litman.core.store.interface import WriterClaim
    from litman.gui.actions import Actions
    from litman.gui.detail.pane import DetailPane
    from litman.gui.settings import ViewSettings
    from litman.gui.sidebar.tree import Sidebar
    from litman.gui.table.models.papers import PaperTableModel
    from litman.gui.workers import Runner
    from litman.gui.writes.commands import LibraryCommand
    from litman.gui.writes.write_worker import WriteWorker


class Window(Protocol):
    library: "Library"
    writer_lock: "WriterClaim | None"
    writes: "WriteWorker"
    runner: "Runner"
    undo: QUndoStack
    model: "PaperTableModel"
    table: QTableView
    search: QLineEdit
    detail: "DetailPane"
    sidebar: "Sidebar"
    view: "ViewSettings"
    acts: "Actions"
    # Set by the modules that make them (dialogs): declared here, and on the window.
    shortcuts_win: QObject
    last_import: object  # the last import's reports, or the exception that stopped it
    report_box: QMessageBox

    def push(self, command: "LibraryCommand", said: str = "") -> None: ...
    def selected_ids(self) -> list[int]: ...
    def refresh_all(self) -> None: ...
    def focus_results(self) -> None: ...
    def window(self) -> QWidget: ...  # the window itself, as the parent of a dialog
    def statusBar(self) -> QStatusBar: ...
    def menuBar(self) -> QMenuBar: ...
