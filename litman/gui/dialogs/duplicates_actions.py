"""Edit → Duplicates… and the sidebar's Duplicates row: open the duplicates dialog
(`duplicates_dialog`) over the library's groups, its merges and dismissals pushed as undoable
commands on the window's write desk."""

from collections.abc import Callable

from PySide6.QtGui import QAction

from litman.gui.dialogs.duplicates_dialog import DuplicatesDialog
from litman.gui.dialogs.host import Host
from litman.gui.i18n import translate
from litman.gui.writes import commands


def dialog(win: Host) -> DuplicatesDialog:
    lib = win.library
    return DuplicatesDialog(
        win.window(),
        lib.duplicates.find(),
        lib.get_many,
        lambda keep, others, choose, seen: win.push(
            commands.MergePapers(lib, keep, others, choose, seen)
        ),
        lambda ids: win.push(commands.NotDuplicates(lib, ids)),
    )


def open_dialog(win: Host) -> None:
    shown = dialog(win)
    try:
        shown.exec()
    finally:
        shown.deleteLater()


def install(win: Host, act: Callable[..., QAction]) -> QAction:
    """Edit → Duplicates… (the window connects the sidebar's Duplicates row too)."""
    return act(win, translate("Duplicates", "Duplicates…"), lambda: open_dialog(win))
