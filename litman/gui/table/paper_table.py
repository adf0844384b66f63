"""The paper table as a widget, and what it says when it has no rows.

`make_table` sets up the view over the id-based model: whole rows selected, several at once,
fixed row heights (a 100k-row table never measures its rows), header sorting that the model
turns into a new query, rows dragged onto sidebar tags. `EmptyNotice` lies over the table
when no row is shown and says why: an empty library (and how to fill it), or a search that
matched nothing.
"""

from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QLabel, QTableView

from litman.gui.i18n import fill, translate
from litman.gui.table.cell_painter import CellPainter
from litman.gui.table.models.papers import PaperTableModel

ROW_HEIGHT = 24


def make_table(model: PaperTableModel) -> QTableView:
    table = QTableView()
    table.setAccessibleName(translate("PaperTable", "Papers"))
    table.setModel(model)
    table.setItemDelegate(CellPainter(model, table))
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
    table.setSortingEnabled(True)
    table.setDragEnabled(True)
    table.setWordWrap(False)
    table.verticalHeader().hide()
    table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    table.verticalHeader().setDefaultSectionSize(ROW_HEIGHT)
    table.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
    return table


class EmptyNotice(QLabel):
    """The text over a table with no rows."""

    def __init__(self, table: QTableView) -> None:
        super().__init__(table.viewport())
        self.table = table
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setWordWrap(True)
        self.setStyleSheet("font-size: 14px; padding: 40px")
        self.setForegroundRole(QPalette.ColorRole.PlaceholderText)  # 4.5:1 (theme.py)

    def update_for(
        self,
        rows: int,
        library_empty: bool,
        query: str,
        formats: str,
        why: str = "",
        *,
        within: str = "",
    ) -> None:
        """Hidden while rows show; else why there are none (`formats`: what Import takes;
        `within`: the sidebar item the rows are narrowed to; `why`, when given, says it
        instead)."""
        if rows:
            self.hide()
            return
        if why:
            self.setText(why)
        elif library_empty:
            said = self.tr(
                "Your library is empty.\n\nFile → Import… (Ctrl+I), or drop %1 files on this "
                "window."
            )
            self.setText(fill(said, formats))
        elif within and not query:
            self.setText(fill(self.tr("No papers in %1."), within))
        elif within:
            self.setText(fill(self.tr("No papers match “%1” in %2."), query, within))
        else:
            self.setText(fill(self.tr("No papers match “%1”."), query))
        self.resize(self.table.viewport().size())
        self.show()
