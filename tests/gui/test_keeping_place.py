"""After an action the table keeps the user's place: the selection and the current row (the
one the arrow keys move from) stay on the papers the user left them on, in a search, the
whole library and the Trash, whether the action's refill kept the paper, moved it or took it
out of the view."""

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from litman.core.records import Status
from litman.core.search.filters import TRASH
from litman.gui.window.main_window import MainWindow

pytestmark = pytest.mark.gui
CTRL = Qt.KeyboardModifier.ControlModifier


def search(win: MainWindow, qtbot: QtBot, text: str) -> list[int]:
    qtbot.keyClicks(win.search, text)
    qtbot.waitUntil(lambda: not win.results.timer.isActive())
    win.activateWindow()
    win.focus_results()  # row 0 current and selected, the table focused
    return win.model.ids()


def down(win: MainWindow, qtbot: QtBot, times: int = 1) -> None:
    for _ in range(times):
        qtbot.keyClick(win.table, Qt.Key.Key_Down)
    win.selection.flush()


def current_id(win: MainWindow) -> int:
    row = win.table.currentIndex().row()
    assert row >= 0, "no current row"
    return win.model.paper_id(row)


def test_marking_in_a_search_then_down_goes_to_the_next_row(
    window: MainWindow, qtbot: QtBot
) -> None:
    ids = search(window, qtbot, "neural")
    assert len(ids) > 3
    qtbot.keyClick(window.table, Qt.Key.Key_3, CTRL)
    down(window, qtbot)
    assert window.selected_ids() == [ids[1]] and current_id(window) == ids[1]


@pytest.mark.slow
def test_mark_down_mark_changes_each_paper_once(window: MainWindow, qtbot: QtBot) -> None:
    ids = search(window, qtbot, "neural")
    qtbot.keyClick(window.table, Qt.Key.Key_3, CTRL)
    down(window, qtbot)
    qtbot.keyClick(window.table, Qt.Key.Key_2, CTRL)
    first, second = window.library.get_many(ids[:2])
    assert (first.status, second.status) == (Status.READ, Status.READING)


@pytest.mark.slow
def test_a_paper_leaving_the_view_hands_its_place_to_the_next(
    window: MainWindow, qtbot: QtBot
) -> None:
    ids = search(window, qtbot, "status:unread")
    down(window, qtbot, 2)
    qtbot.keyClick(window.table, Qt.Key.Key_3, CTRL)
    window.selection.flush()
    assert window.model.row_of(ids[2]) is None  # read: no longer in the view
    assert window.selected_ids() == [ids[3]] and current_id(window) == ids[3]
    down(window, qtbot)
    assert current_id(window) == ids[4]


def test_a_paper_moved_by_the_sort_keeps_selection_and_current(
    window: MainWindow, qtbot: QtBot
) -> None:
    window.results.sort_by("status", False)
    window.activateWindow()
    window.focus_results()
    down(window, qtbot, 5)
    pid = current_id(window)
    qtbot.keyClick(window.table, Qt.Key.Key_3, CTRL)  # read sorts after unread
    window.selection.flush()
    assert window.model.row_of(pid) != 5
    assert window.selected_ids() == [pid] and current_id(window) == pid


@pytest.mark.slow
def test_undo_in_a_search_keeps_the_place(window: MainWindow, qtbot: QtBot) -> None:
    ids = search(window, qtbot, "neural")
    down(window, qtbot, 2)
    qtbot.keyClick(window.table, Qt.Key.Key_3, CTRL)
    window.undo.undo()
    window.selection.flush()
    assert window.selected_ids() == [ids[2]] and current_id(window) == ids[2]
    down(window, qtbot)
    assert current_id(window) == ids[3]


@pytest.mark.slow
def test_a_new_search_does_not_select_a_paper_by_its_old_row(
    window: MainWindow, qtbot: QtBot
) -> None:
    search(window, qtbot, "neural")
    down(window, qtbot, 2)
    window.search.clear()
    qtbot.keyClicks(window.search, "zzzz-nothing-like-it")
    qtbot.waitUntil(lambda: window.model.rowCount() == 0)
    window.search.clear()
    qtbot.waitUntil(lambda: window.model.rowCount() == 89)
    assert window.selected_ids() == []


@pytest.mark.slow
def test_restoring_from_the_trash_keeps_the_place(window: MainWindow, qtbot: QtBot) -> None:
    window.table.selectAll()
    window.selection.flush()
    window.acts.delete.trigger()
    window.sidebar.select_filter(TRASH)
    qtbot.waitUntil(lambda: window.model.rowCount() == 89)
    ids = window.model.ids()
    window.activateWindow()
    window.focus_results()
    down(window, qtbot, 3)
    window.acts.restore_trash.trigger()
    window.selection.flush()
    assert window.selected_ids() == [ids[4]] and current_id(window) == ids[4]
