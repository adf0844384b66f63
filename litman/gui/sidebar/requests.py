"""What the sidebar's and the detail pane's requests become: undoable commands on the
window's write desk, or the tag dialogs.

The panes only emit requests (a tag dropped on papers, a field edited, a status chosen);
`wire_sidebar` and `wire_detail` connect them, each to one command or dialog, through the
room's protocol (`host.Host`): the library, `push`, the selection, the status bar.
"""

from collections.abc import Callable

from litman.core.records import Status
from litman.gui.detail.pane import DetailPane
from litman.gui.dialogs import dialogs
from litman.gui.sidebar.host import Host
from litman.gui.sidebar.tree import Sidebar
from litman.gui.writes import commands


def wire_sidebar(sidebar: Sidebar, win: Host, refilter: Callable[[], None]) -> None:
    lib = win.library
    sidebar.filterChanged.connect(lambda _q: refilter())
    sidebar.tagsDropped.connect(lambda tag, ids: win.push(commands.TagPapers(lib, tag, ids)))
    sidebar.renameRequested.connect(lambda t: dialogs.rename_tag(win, t, merge=False))
    sidebar.mergeRequested.connect(lambda t: dialogs.rename_tag(win, t, merge=True))
    sidebar.deleteRequested.connect(lambda t: dialogs.delete_tag(win, t))
    sidebar.colourRequested.connect(lambda t: dialogs.tag_colour(win, t))
    sidebar.savedRemoveRequested.connect(lambda name: win.push(commands.RemoveSaved(lib, name)))


def wire_detail(detail: DetailPane, win: Host, set_status: Callable[[Status], None]) -> None:
    lib = win.library
    # Each edit carries the version of the paper the pane showed: a field someone else
    # changed since is refused and merged (gui/writes/merge_dialog.py), not overwritten.
    detail.editRequested.connect(
        lambda pid, fields: win.push(
            commands.EditFields(lib, pid, fields, seen=detail.version_of(pid))
        )
    )
    detail.tagAddRequested.connect(
        lambda tag: win.push(commands.TagPapers(lib, tag, win.selected_ids()))
    )
    detail.tagRemoveRequested.connect(
        lambda tag: win.push(commands.TagPapers(lib, tag, win.selected_ids(), add=False))
    )
    detail.statusRequested.connect(lambda s: set_status(Status(s)))
    detail.entry.fieldRequested.connect(
        lambda pid, name, value: win.push(
            commands.SetField(lib, pid, name, value, seen=detail.version_of(pid))
        )
    )
    detail.entry.columnsRequested.connect(
        lambda pid, values: win.push(
            commands.EditFields(lib, pid, values, seen=detail.version_of(pid))
        )
    )
    detail.problem.connect(lambda text: _problem(win, text))


def _problem(win: Host, text: str) -> None:
    """A refused value said in the status bar; "" takes back what was said last."""
    bar = win.statusBar()
    if text:
        bar.showMessage(text, 15000)
        bar.setProperty("problem", text)
    elif bar.currentMessage() == bar.property("problem"):
        bar.clearMessage()
