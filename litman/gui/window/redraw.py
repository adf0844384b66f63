"""What a change makes the window redraw, carried out: the plan (`writes/refresh.py`) done
on the sidebar's counts, the tag names, the columns, the table's rows and the detail pane.

Sidebar counts a running write changed (statuses, tags) wait for its end: a bulk write
commits chunk by chunk, and each recount reads the whole library, so they are recounted
once. Typed against `Host`, the parts it redraws, read from the window when a change comes.
"""

from typing import TYPE_CHECKING, Protocol

from litman.core.records import Changes, TagRename, TagRenamed
from litman.gui.writes import refresh

if TYPE_CHECKING:
    from litman.core.library.facade import Library
    from litman.gui.detail.pane import DetailPane
    from litman.gui.detail.pane_feed import PaneFeed
    from litman.gui.sidebar.tree import Sidebar
    from litman.gui.table.models.papers import PaperTableModel
    from litman.gui.table.results import Results
    from litman.gui.table.table_header import TableHeader
    from litman.gui.writes.status_line import StatusLine
    from litman.gui.writes.write_worker import WriteWorker


class Host(Protocol):
    library: "Library"
    writes: "WriteWorker"
    sidebar: "Sidebar"
    detail: "DetailPane"
    model: "PaperTableModel"
    columns: "TableHeader"
    results: "Results"
    pane: "PaneFeed"
    status_line: "StatusLine"

    def apply_filter(self, wait: bool = False) -> None: ...
    @property
    def sort_key(self) -> str | None: ...


class Redraw:
    def __init__(self, win: Host) -> None:
        self.win = win
        self._counts_due = (False, False)  # statuses, tags: recounted when writes pause

    def everything(self) -> None:
        """Redraw everything from the library (after a restore or an outside write)."""
        self.win.sidebar.refresh()
        self.tags_changed()
        self.win.columns.update_empty()
        self.win.apply_filter()
        self.pane()

    def pane(self) -> None:
        """The papers shown changed (a write, here or elsewhere), not the selection: what is
        being typed in the pane is neither saved half-typed nor overwritten."""
        self.win.pane.refresh(save=False)
        self.win.status_line.show_counts()

    def tags_changed(self) -> None:
        tags = self.win.library.tags()
        self.win.detail.set_tag_names([t.name for t in tags])
        self.win.model.set_tag_colours({t.name: t.colour for t in tags if t.colour})

    def recount_due(self) -> None:
        statuses, tags = self._counts_due
        self._counts_due = (False, False)
        if statuses or tags:
            self.win.sidebar.update_counts(statuses=statuses, tags=tags)

    def on_changes(self, changes: Changes) -> None:
        win = self.win
        if isinstance(changes.inverse, TagRenamed):  # the tag shown keeps being shown
            win.sidebar.follow_rename(changes.inverse.old, changes.inverse.new)
        elif isinstance(changes.inverse, TagRename):  # a rename undone
            win.sidebar.follow_rename(changes.inverse.new, changes.inverse.old)
        if changes.saved_changed:
            win.sidebar.refresh_saved()
        win.sidebar.duplicates.changed(changes)
        shown = win.detail.shown_ids()
        narrowed = win.results.narrowed()
        todo = refresh.plan(changes, narrowed, win.sort_key, shown, win.detail.shows_part())
        if win.writes.busy():
            statuses, tags = self._counts_due
            self._counts_due = (statuses or todo.status_counts, tags or todo.tag_counts)
        elif todo.status_counts or todo.tag_counts:
            win.sidebar.update_counts(statuses=todo.status_counts, tags=todo.tag_counts)
        if todo.tag_names:
            self.tags_changed()
        if win.columns.may_fill(changes):
            win.columns.update_empty(changes)
        if todo.refilter:
            win.apply_filter()
        else:
            win.model.refresh(todo.rows)
            win.status_line.show_counts()
        if todo.detail:
            self.pane()
