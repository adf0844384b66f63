"""What the dialogs use of the window, as a protocol: the window's parts they read or drive
and the few window methods they call. `MainWindow` satisfies it.

A protocol of this room's own, so that the dialogs do not import the window, which imports
them (that made an import cycle): each room that is handed the window says what it uses.
"""

from typing import TYPE_CHECKING, Protocol

from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QStatusBar, QWidget

if TYPE_CHECKING:
    from litman.core.library.facade import Library
    from litman.core.store.interface import WriterClaim
    from litman.gui.detail.pane import DetailPane
    from litman.gui.table.models.papers import PaperTableModel
    from litman.gui.workers import Runner
    from litman.gui.writes.commands import LibraryCommand
    from litman.gui.writes.write_worker import WriteWorker


class Host(Protocol):
    library: "Library"
    writer_lock: "WriterClaim | None"
    writes: "WriteWorker"
    runner: "Runner"
    undo: QUndoStack
    model: "PaperTableModel"
    detail: "DetailPane"

    def push(self, command: "LibraryCommand", said: str = "") -> None: ...
    def selected_ids(self) -> list[int]: ...
    def refresh_all(self) -> None: ...
    def window(self) -> QWidget: ...  # the window itself, as the parent of a dialog
    def statusBar(self) -> QStatusBar: ...
