"""What the sidebar's requests and the Trash's actions use of the window, as a protocol: the
dialogs' (they open the tag dialogs) and the actions, the table and the sidebar.
`MainWindow` satisfies it; a protocol of this room's own, so that it does not import the
window, which imports it.
"""

from typing import TYPE_CHECKING, Protocol

from PySide6.QtWidgets import QTableView

from litman.gui.dialogs.host import Host as DialogHost

if TYPE_CHECKING:
    from litman.gui.actions import Actions
    from litman.gui.sidebar.tree import Sidebar


class Host(DialogHost, Protocol):
    acts: "Actions"
    table: QTableView
    sidebar: "Sidebar"
