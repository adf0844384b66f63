"""What the detail pane shows for the table's selection.

One selected paper: the paper, with the search's hits in the part shown. Several: their
shared tags and status, read for the first 200 at once on the GUI thread, then for the
whole selection on a worker (`WholeSelection`), so that Ctrl+A at 100k papers shows at
once and then says "Mixed" and every tag when paper 201 or a later one differs. While a
shared library's server is away, the pane reads only the rows the table holds.
"""

from collections.abc import Callable

from PySide6.QtCore import QObject

from litman.core.library.facade import Library
from litman.gui import safe_text
from litman.gui.detail.pane import DetailPane
from litman.gui.i18n import translate
from litman.gui.table.results import Results
from litman.gui.table.whole_selection import WholeSelection

READ_AT_ONCE = 200  # papers of a selection read on the GUI thread for the pane


class PaneFeed(QObject):
    def __init__(
        self,
        library: Library,
        *,
        detail: DetailPane,
        results: Results,
        offline: Callable[[], bool],
        parent: QObject,
    ) -> None:
        super().__init__(parent)
        self.library, self.detail, self.offline = library, detail, offline
        # The rows and the selection are the results' own.
        self.results, self.model, self.selection = results, results.model, results.selection
        self.whole = WholeSelection(library, self)
        self.whole.answered.connect(lambda a: detail.show_whole(a.statuses, a.tags))
        self.whole.unanswered.connect(detail.show_whole_unread)

    def refresh(self, save: bool = True) -> None:
        """Show the selection as it is now; `save`: the selection changed, so what was typed
        for the paper shown is saved first (a redraw of the same paper keeps it typed)."""
        if save:
            self.detail.commit_edits()
        runs = self.selection.runs()
        count = sum(last - first + 1 for first, last in runs)
        ids = [
            pid for a, b in runs for pid in self.model.id_slice(a, min(b, a + READ_AT_ONCE - 1))
        ][:READ_AT_ONCE]
        offline = self.offline()
        papers = self.model.cached(ids) if offline else self.library.get_many(ids)
        spans = None
        result = self.results.last_result
        if result and len(papers) == 1:  # hits in what the pane shows, no further
            spans = result.spans(safe_text.shown_part(papers[0]))
        self.detail.show_papers(papers, spans, count)
        if count > len(papers) and not offline:  # the rest come from a worker
            self.whole.ask(self.selection.ids)
        else:
            self.whole.drop()
            if count > len(papers):
                self.detail.show_whole_unread(translate("Detail", "the server cannot be reached"))
