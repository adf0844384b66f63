"""The Trash in the window (`litman.core.store.trash`).

Delete (the key, or Edit → Move to Trash) moves the selected papers to the trash: one
undoable step, said in the status bar. The sidebar's Trash lists the papers in it; there,
Restore takes the selected ones out (undoable too), and Delete, or Edit → Delete
Permanently…, deletes them for good. Edit → Empty Trash… deletes every paper in it.
Deleting for good asks first, is not undoable (the backup taken first is the way back) and
runs on the write worker, with its progress and Cancel in the status bar.
"""

from collections.abc import Callable

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMessageBox

from litman.core.library.facade import Library
from litman.core.records import Changes
from litman.core.search.filters import Trash
from litman.gui.i18n import fill, papers, translate
from litman.gui.sidebar.host import Host
from litman.gui.writes import commands

Step = Callable[[int, int], None]


def in_trash_view(win: Host) -> bool:
    return isinstance(win.sidebar.current_filter(), Trash)


def delete(win: Host) -> None:
    """The Delete key: to the trash, or out of the Trash view for good."""
    if in_trash_view(win):
        delete_permanently(win)
    else:
        move_to_trash(win)


def move_to_trash(win: Host) -> None:
    ids = win.selected_ids()
    if ids:
        said = translate(
            "Trash",
            "Moved %1 to the trash: Edit → Undo (Ctrl+Z), or Restore in the Trash, brings "
            "them back.",
        )
        said = fill(said, papers(len(ids)))
        win.push(commands.DeletePapers(win.library, ids), said=said)


def restore(win: Host) -> None:
    ids = win.selected_ids() if in_trash_view(win) else []
    if not ids:
        said = translate("Trash", "Select papers in the Trash (sidebar) to restore them.")
        win.statusBar().showMessage(said, 8000)
        return
    win.push(
        commands.RestorePapers(win.library, ids),
        said=fill(translate("Trash", "Restored %1."), papers(len(ids))),
    )


def delete_permanently(win: Host) -> None:
    ids = win.selected_ids() if in_trash_view(win) else []
    if not ids:
        said = translate("Trash", "Select papers in the Trash (sidebar) to delete them.")
        win.statusBar().showMessage(said, 8000)
        return
    what = papers(len(ids))
    question = fill(translate("Trash", "Delete %1 permanently?"), what)
    if _confirmed(win, translate("Trash", "Delete permanently"), question):
        lib = win.library
        label = fill(translate("Trash", "Delete %1 permanently"), what)
        _purge(win, label, lambda step: lib.papers.delete_permanently(ids, step))


def empty_trash(win: Host) -> None:
    n = win.library.trash_count()
    if not n:
        win.statusBar().showMessage(translate("Trash", "The trash is empty."), 5000)
        return
    question = fill(translate("Trash", "Delete the %1 in the trash permanently?"), papers(n))
    if _confirmed(win, translate("Trash", "Empty Trash"), question):
        lib = win.library
        _purge(
            win, fill(translate("Trash", "Empty the trash (%1)"), papers(n)), lib.papers.empty_trash
        )


def _confirmed(win: Host, title: str, question: str) -> bool:
    if Library.is_shared(win.library.site.where):
        way_back = translate(
            "Trash", "litman keeps no copies of a shared library (the server's pg_dump does)."
        )
    else:
        way_back = translate("Trash", "the library is backed up first.")
    said = fill(translate("Trash", "%1 This cannot be undone; %2"), question, way_back)
    answer = QMessageBox.question(win.window(), title, said)
    return answer == QMessageBox.StandardButton.Yes


def _purge(win: Host, label: str, work: Callable[[Step], Changes]) -> None:
    def done(changes: Changes) -> None:
        said = fill(translate("Trash", "Deleted %1 permanently."), papers(len(changes.deleted)))
        if changes.backup is not None:  # only what was done: a shared library keeps none
            said = translate(
                "Trash",
                "Deleted %1 permanently, backed up first to %2 (File → Restore from Backup…).",
            )
            said = fill(said, papers(len(changes.deleted)), changes.backup.name)
        win.statusBar().showMessage(said, 10000)

    win.writes.submit(label, work, done=done)


def follow_view(win: Host) -> None:
    """The Delete action says what it does in the view shown; Restore and Delete
    Permanently… work in the Trash (and a library that may be written). A paper in the
    trash is not marked, rated or edited (as the command line refuses): the status and
    rating actions and the detail pane wait until it is restored."""
    acts, trash = win.acts, in_trash_view(win)
    writable = acts.delete.isEnabled()  # set by the window for the library as a whole
    acts.delete.setText(
        translate("Actions", "Delete Permanently…")
        if trash
        else translate("Actions", "Move to Trash")
    )
    acts.restore_trash.setEnabled(trash and writable)
    acts.delete_forever.setEnabled(trash and writable)
    for a in (*acts.status.values(), *acts.rating):
        a.setEnabled(writable and not trash)
    # A server away refuses marks, but a value typed meanwhile is kept (gui/writes/write_desk.py).
    lib = win.library
    win.detail.read_only = lib.read_only or bool(lib.read_only_reason) or trash


def install(win: Host, act: Callable[..., QAction]) -> list[QAction]:
    """Make the Restore, Delete Permanently… and Empty Trash… actions (`act`: the window's
    action maker) and keep them and Delete in step with the view; the actions for the Edit
    menu."""
    acts = win.acts
    acts.restore_trash = act(win, translate("Actions", "Restore from Trash"), lambda: restore(win))
    acts.delete_forever = act(
        win, translate("Actions", "Delete Permanently…"), lambda: delete_permanently(win)
    )
    acts.empty_trash = act(win, translate("Actions", "Empty Trash…"), lambda: empty_trash(win))
    win.table.addAction(acts.restore_trash)
    win.sidebar.filterChanged.connect(lambda _within: follow_view(win))
    follow_view(win)
    return [acts.restore_trash, acts.delete_forever, acts.empty_trash]
