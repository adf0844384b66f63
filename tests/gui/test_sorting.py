"""Every column header sorts the table, the Tags column included."""

import pytest
from PySide6.QtCore import QPoint, Qt
from pytestqt.qtbot import QtBot

from litman.core.records import SORT_FIELDS
from litman.gui.table.models.columns import BUILT_IN, Column
from litman.gui.window.main_window import MainWindow

pytestmark = pytest.mark.gui


def click_header(win: MainWindow, qtbot: QtBot, column: int) -> None:
    """A mouse click on the middle of the column's header section (shown first)."""
    win.columns.set_shown(win.model.columns[column].key, True)
    header = win.table.horizontalHeader()
    header.setSectionResizeMode(column, header.ResizeMode.Interactive)
    win.table.scrollTo(win.model.index(0, column))
    x = header.sectionViewportPosition(column) + header.sectionSize(column) // 2
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, 5))


def shown(win: MainWindow, key: str) -> list[str]:
    text = next(c.text for c in BUILT_IN if c.key == key)
    return [text(p) for p in win.library.get_many(win.model.ids())]


def test_every_column_names_a_library_sort() -> None:
    assert {c.sort for c in BUILT_IN} <= set(SORT_FIELDS)


def test_clicking_the_tags_header_sorts_by_tags_empty_last(
    window: MainWindow, qtbot: QtBot
) -> None:
    column = window.model.column_of("tags")
    assert column is not None
    click_header(window, qtbot, column)
    tags = shown(window, "tags")
    filled = [t for t in tags if t]
    assert filled and tags == filled + [""] * (len(tags) - len(filled))
    assert [t.casefold() for t in filled] == sorted(t.casefold() for t in filled)
    click_header(window, qtbot, column)
    tags = shown(window, "tags")
    filled = [t for t in tags if t]
    assert [t.casefold() for t in filled] == sorted((t.casefold() for t in filled), reverse=True)


@pytest.mark.parametrize("column", BUILT_IN, ids=lambda c: c.key)
def test_every_header_sorts_both_ways(window: MainWindow, qtbot: QtBot, column: Column) -> None:
    section = window.model.column_of(column.key)
    assert section is not None
    click_header(window, qtbot, section)
    first = window.model.ids()
    assert window.sort_key == column.sort and not window.sort_desc
    click_header(window, qtbot, section)
    assert window.sort_key == column.sort and window.sort_desc
    assert sorted(window.model.ids()) == sorted(first)
    assert window.model.rowCount() == 89
