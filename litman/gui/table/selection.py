"""The table's selection held as paper ids, read and restored as row ranges.

Qt keeps a selection as ranges (Ctrl+A at 100k papers is one range), so the ids are read
from the ranges and never from `selectedRows()`, which makes an index per row. After the
table is refilled, the previous ids are put back in one `select()` call over the runs of
consecutive rows they fall on, and the current row (where the arrow keys move from) goes back
to its paper: a refill resets the model, and Qt would otherwise move the next Down from row
0. When the refill follows a write in the same view and the current paper left it (marked
read in "status:unread", moved to the trash), its place goes to the paper now on its row,
as a mail client's does. Whatever listens to the selection (detail pane, status bar)
hears `changed` once per turn of the event loop, however many steps Qt took to get there.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import (
    QItemSelection,
    QItemSelectionModel,
    QItemSelectionRange,
    QObject,
    QTimer,
    Signal,
)
from PySide6.QtWidgets import QTableView

from litman.gui.table.models.papers import PaperTableModel

Flag = QItemSelectionModel.SelectionFlag


def ranges(selection: QItemSelection) -> list[QItemSelectionRange]:
    """The ranges of a selection (PySide6's stubs do not say it is a sequence)."""
    return [selection.at(i) for i in range(selection.count())]


def row_runs(rows: Iterable[int]) -> list[tuple[int, int]]:
    """Sorted rows as (first, last) runs of consecutive rows."""
    runs: list[tuple[int, int]] = []
    for row in sorted(set(rows)):
        if runs and row == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], row)
        else:
            runs.append((row, row))
    return runs


def merge_runs(runs: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """Overlapping or touching (first, last) runs merged, in row order."""
    merged: list[tuple[int, int]] = []
    for first, last in sorted(runs):
        if merged and first <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(last, merged[-1][1]))
        else:
            merged.append((first, last))
    return merged


@dataclass(frozen=True)
class Place:
    """Where the user is in the table: the selected papers and the current one, by id."""

    selected: tuple[int, ...]
    current: int | None  # the current row's paper
    row: int  # the current row (-1: none)
    column: int


class IdSelection(QObject):
    """The selected papers of a table, by id; `changed` fires once per event-loop turn."""

    changed = Signal()

    def __init__(self, table: QTableView, model: PaperTableModel) -> None:
        super().__init__(table)
        self.table = table
        self.model = model
        self._pending = False
        self.notifications = 0  # how often `changed` fired (tests count it)
        self.selection_model().selectionChanged.connect(self._schedule)
        # The column header asks, on every repaint, whether each column is wholly selected,
        # which costs a model.flags() call per row: 800k Python calls after Ctrl+A at 100k
        # papers, seconds of freeze. Rows are selected here, never columns: the header gets
        # a selection model of its own that stays empty.
        table.horizontalHeader().setSelectionModel(QItemSelectionModel(model, self))

    def selection_model(self) -> QItemSelectionModel:
        return self.table.selectionModel()

    def runs(self) -> list[tuple[int, int]]:
        """The selected rows as merged (first, last) runs."""
        rows = self.model.rowCount()
        found = (
            (max(r.top(), 0), min(r.bottom(), rows - 1))
            for r in ranges(self.selection_model().selection())
            if r.isValid()
        )
        return merge_runs((a, b) for a, b in found if a <= b)

    def count(self) -> int:
        return sum(last - first + 1 for first, last in self.runs())

    def ids(self) -> list[int]:
        """The selected ids in table order."""
        return [pid for first, last in self.runs() for pid in self.model.id_slice(first, last)]

    def place(self) -> Place:
        index = self.selection_model().currentIndex()
        row = index.row() if 0 <= index.row() < self.model.rowCount() else -1
        current = self.model.paper_id(row) if row >= 0 else None
        return Place(tuple(self.ids()), current, row, max(index.column(), 0))

    def put_back(self, place: Place, same_view: bool) -> None:
        """After a refill: the selection and the current row on their papers again. In the
        `same_view` (a write refilled it) a current paper that left hands its row to the
        paper now there, selected too when nothing selected is left."""
        self.restore(place.selected)
        row = self.model.row_of(place.current) if place.current is not None else None
        if row is None and same_view and place.row >= 0 and self.model.rowCount():
            row = min(place.row, self.model.rowCount() - 1)
            if not self.selection_model().hasSelection() and place.selected:
                self.restore([self.model.paper_id(row)])
        if row is not None:
            index = self.model.index(row, place.column)
            self.selection_model().setCurrentIndex(index, Flag.NoUpdate)

    def restore(self, ids: Sequence[int]) -> None:
        """Select exactly the rows holding these ids (those still shown), in one call."""
        row_of = self.model.row_of
        rows = (row_of(pid) for pid in ids)
        selection = QItemSelection()
        right = self.model.columnCount() - 1
        for first, last in row_runs(r for r in rows if r is not None):
            selection.select(self.model.index(first, 0), self.model.index(last, right))
        if selection.isEmpty() and not self.selection_model().hasSelection():
            return
        self.selection_model().select(selection, Flag.ClearAndSelect | Flag.Rows)

    def _schedule(self) -> None:
        if not self._pending:
            self._pending = True
            QTimer.singleShot(0, self, self.flush)

    def flush(self) -> None:
        """Tell listeners now (if a change is pending) rather than on the next turn."""
        if self._pending:
            self._pending = False
            self.notifications += 1
            self.changed.emit()
