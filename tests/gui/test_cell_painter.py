"""The paper table's own cell painter looks exactly as Qt's delegate would: the same pixels
for plain, selected, focused, italic, coloured-tag and cut-off rows, in another font too;
it elides a text once and draws it again from the copy; and a changed paper shows its new
text."""

from typing import Any

import pytest
from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtGui import QFont, QFontMetrics, QImage
from PySide6.QtWidgets import QAbstractItemDelegate, QStyledItemDelegate
from pytestqt.qtbot import QtBot

from litman.core.records import NewPaper
from litman.gui.table.cell_painter import CellPainter
from litman.gui.window.main_window import MainWindow
from tests.gui.cells import column_of, row_of

pytestmark = pytest.mark.gui

LONG = "A title long enough to be cut off at the end of its column " * 3


def varied(window: MainWindow) -> None:
    """Rows of every kind on screen: a long title, a derived (italic) one, a title with a
    tab and one in Chinese, a coloured tag, two rows selected, one current."""
    lib = window.library
    lib.papers.add_papers(
        [
            NewPaper(title=LONG, authors=("Ada Lovelace", "Alan Turing", "Grace Hopper")),
            NewPaper(title="Derived from the abstract", title_derived=True, tags=("red",)),
            NewPaper(title="A tab\there and a line\nbreak", year=2001, venue="Venue"),
            NewPaper(title="深度学习的图神经网络", authors=("张三",), tags=("red", "blue")),
        ]
    )
    lib.tags.set_tag_colour("red", "#dc2626")
    lib.tags.set_tag_colour("blue", "#2563eb")
    window.refresh_all()
    window.table.setFocus()
    window.table.selectRow(1)
    flags = QItemSelectionModel.SelectionFlag
    window.table.selectionModel().select(window.model.index(3, 0), flags.Select | flags.Rows)


def painted(window: MainWindow, delegate: QAbstractItemDelegate) -> QImage:
    window.table.setItemDelegate(delegate)
    window.table.viewport().repaint()
    return window.table.viewport().grab().toImage()


def same_as_qt(window: MainWindow, qtbot: QtBot) -> None:
    ours = window.table.itemDelegate()
    assert isinstance(ours, CellPainter)
    mine = painted(window, ours)
    qt = painted(window, QStyledItemDelegate(window.table))
    window.table.setItemDelegate(ours)
    assert mine.size() == qt.size()
    assert mine == qt


def test_the_table_paints_the_same_pixels_as_qts_delegate(window: MainWindow, qtbot: QtBot) -> None:
    varied(window)
    qtbot.waitUntil(lambda: window.model.rowCount() > 4)
    same_as_qt(window, qtbot)


def test_in_another_font_the_cells_still_match_qts_delegate(
    window: MainWindow, qtbot: QtBot
) -> None:
    varied(window)
    font = QFont(window.table.font())
    font.setPointSize(font.pointSize() + 3)
    window.table.setFont(font)
    same_as_qt(window, qtbot)


def test_an_inactive_window_paints_its_selection_as_qt_does(
    window: MainWindow, qtbot: QtBot
) -> None:
    varied(window)
    window.table.setEnabled(False)
    same_as_qt(window, qtbot)


class CountingMetrics(QFontMetrics):
    """A font's metrics that count the texts elided with them."""

    def __init__(self, real: QFontMetrics) -> None:
        super().__init__(real)
        self.real, self.elided = real, 0

    def elidedText(self, *args: Any) -> str:
        self.elided += 1
        return self.real.elidedText(*args)


def test_a_repaint_elides_no_text_again(window: MainWindow) -> None:
    painter = window.table.itemDelegate()
    assert isinstance(painter, CellPainter)
    window.table.viewport().repaint()
    plain, italic = painter._metrics
    counting = (CountingMetrics(plain), CountingMetrics(italic))
    painter._metrics = counting
    window.table.viewport().repaint()
    assert sum(m.elided for m in counting) == 0
    painter._elided.clear()  # nothing kept: every text is elided again
    window.table.viewport().repaint()
    assert sum(m.elided for m in counting) > 0


def test_a_changed_title_is_shown_at_once(window: MainWindow, qtbot: QtBot) -> None:
    column = column_of(window.model, "title")
    pid = window.model.paper_id(0)
    window.table.viewport().repaint()
    window.library.papers.update_paper(pid, title="A new title")
    qtbot.waitUntil(lambda: window.model.index(0, column).data() == "A new title")
    same_as_qt(window, qtbot)


def test_a_new_tag_colour_is_painted_on_rows_already_shown(
    window: MainWindow, qtbot: QtBot
) -> None:
    tag = window.library.tags()[0].name
    pid = window.library.tags.paper_ids_with_tag(tag)[0]
    row = row_of(window.model, pid)
    index = window.model.index(row, column_of(window.model, "title"))
    assert index.data(Qt.ItemDataRole.DecorationRole) is None
    window.table.viewport().repaint()
    window.library.tags.set_tag_colour(tag, "#dc2626")
    qtbot.waitUntil(lambda: index.data(Qt.ItemDataRole.DecorationRole) is not None)
    window.table.scrollTo(index)
    same_as_qt(window, qtbot)
