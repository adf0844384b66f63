"""File → Add by Identifier… (Ctrl+Shift+N) and the Paper menu (Find Metadata…, Refresh
from DOI/arXiv…, Contact E-mail for Lookups…). The dialogs and the network code load on
first use, not at start-up."""

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu

from litman.gui.i18n import translate

if TYPE_CHECKING:
    from litman.gui.lookup.host import Host


def _add(win: "Host") -> None:
    from litman.gui.lookup import actions as lookup_actions

    lookup_actions.AddDialog(win).open()


def _find(win: "Host") -> None:
    from litman.gui.lookup import actions as lookup_actions

    lookup_actions.find_metadata(win)


def _refresh(win: "Host") -> None:
    from litman.gui.lookup import actions as lookup_actions

    lookup_actions.refresh_papers(win)


def _email(win: "Host") -> None:
    from litman.gui.lookup import actions as lookup_actions

    lookup_actions.set_contact_email(win)


def install(win: "Host", file_menu: QMenu) -> dict[str, QAction]:
    """Put the lookup actions in the File menu and a Paper menu; returns them by name."""
    parent = win.window()
    add = QAction(translate("Lookup", "Add by Identifier…"), parent)
    add.setShortcut(QKeySequence("Ctrl+Shift+N"))
    add.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
    add.triggered.connect(lambda _c=False: _add(win))
    find = QAction(translate("Lookup", "Find Metadata…"), parent)
    find.triggered.connect(lambda _c=False: _find(win))
    refresh = QAction(translate("Lookup", "Refresh from DOI/arXiv…"), parent)
    refresh.triggered.connect(lambda _c=False: _refresh(win))
    email = QAction(translate("Lookup", "Contact E-mail for Lookups…"), parent)
    email.triggered.connect(lambda _c=False: _email(win))
    parent.addActions([add, find, refresh])
    actions = file_menu.actions()
    if actions:
        file_menu.insertAction(actions[0], add)
    else:
        file_menu.addAction(add)
    # The window's Paper menu when it has one (two menus of one name showed, side by side).
    paper = win.menuBar().findChild(QMenu, "paper-menu") or win.menuBar().addMenu(
        translate("Menus", "&Paper")
    )
    paper.addSeparator()
    paper.addActions([find, refresh])
    paper.addSeparator()
    paper.addAction(email)
    return {"add": add, "find": find, "refresh": refresh, "email": email}
