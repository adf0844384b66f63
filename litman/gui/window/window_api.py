"""What the key handling and the window's actions are handed: the window's parts, as a
protocol.

`keys` and `window_actions` work on the main window without importing it (which made an
import cycle). The other rooms handed the window each say what they use of it in a protocol
of their own (`dialogs/host.py`, `sidebar/host.py`, `lookup/host.py`); this one is all of
theirs (the actions pass the window on to them) and what the keys use besides: the search
box, the key filter and moving focus to the results. `MainWindow` satisfies it.
"""

from typing import Protocol

from PySide6.QtWidgets import QLineEdit

from litman.gui.lookup.host import Host as LookupHost
from litman.gui.sidebar.host import Host as SidebarHost


class Window(SidebarHost, LookupHost, Protocol):
    search: QLineEdit

    def focus_results(self) -> None: ...
