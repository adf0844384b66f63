"""What finding records online uses of the window, as a protocol: the library, the selection,
the runner for the lookups, the view settings (the contact e-mail), `push` for what a person
accepts, and the menu and status bars. `MainWindow` satisfies it; a protocol of this room's
own, so that it does not import the window, which imports it.
"""

from typing import TYPE_CHECKING, Protocol

from PySide6.QtWidgets import QMenuBar, QStatusBar, QWidget

if TYPE_CHECKING:
    from litman.core.library.facade import Library
    from litman.gui.settings import ViewSettings
    from litman.gui.workers import Runner
    from litman.gui.writes.commands import LibraryCommand


class Host(Protocol):
    library: "Library"
    runner: "Runner"
    view: "ViewSettings"

    def push(self, command: "LibraryCommand", said: str = "") -> None: ...
    def selected_ids(self) -> list[int]: ...
    def window(self) -> QWidget: ...  # the window itself, as the parent of a dialog
    def statusBar(self) -> QStatusBar: ...
    def menuBar(self) -> QMenuBar: ...
