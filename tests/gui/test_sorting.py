"""Every column header sorts the table, the Tags column included."""

import pytest
from PySide6.QtCore import QPoint, Qt

from litman.core.records import SORT_FIELDS
from litman.gui.models.papers import COLUMNS, display

pytestmark = pytest.mark.gui


def click_header(win, qtbot, column: int) -> None:
    """A mouse click on the middle of the column's header section."""
    header = win.table.horizontalHeader()
    header.setSectionResizeMode(column, header.ResizeMode.Interactive)
    win.table.scrollTo(win.model.index(0, column))
    x = header.sectionViewportPosition(column) + header.sectionSize(column) // 2
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(x, 5))


def shown(win, key: str) -> list[str]:
    return [display(p, key) for p in win.library.get_many(win.model.ids())]


def test_every_column_names_a_library_sort() -> None:
    assert {key for key, _ in COLUMNS} <= set(SORT_FIELDS)


def test_clicking_the_tags_header_sorts_by_tags_empty_last(window, qtbot) -> None:
    column = [key for key, _ in COLUMNS].index("tags")
    click_header(window, qtbot, column)
    tags = shown(window, "tags")
    filled = [t for t in tags if t]
    assert filled and tags == filled + [""] * (len(tags) - len(filled))
    assert [t.casefold() for t in filled] == sorted(t.casefold() for t in filled)
    click_header(window, qtbot, column)
    tags = shown(window, "tags")
    filled = [t for t in tags if t]
    assert [t.casefold() for t in filled] == sorted((t.casefold() for t in filled), reverse=True)


@pytest.mark.parametrize("key", [key for key, _ in COLUMNS])
def test_every_header_sorts_both_ways(window, qtbot, key) -> None:
    column = [k for k, _ in COLUMNS].index(key)
    click_header(window, qtbot, column)
    first = window.model.ids()
    click_header(window, qtbot, column)
    assert window.sort_key == key and sorted(window.model.ids()) == sorted(first)
    assert window.model.rowCount() == 89
