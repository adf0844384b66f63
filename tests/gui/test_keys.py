"""Keys and focus as a JabRef or Zotero user reaches for them: copy keys, Ctrl+E while
typing a search, Escape to clear and leave the search box, Tab in screen order."""

from collections.abc import Iterable

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMenu, QWidget
from pytestqt.qtbot import QtBot

from litman.gui.dialogs import file_dialogs
from litman.gui.window import keys
from litman.gui.window.main_window import MainWindow

pytestmark = pytest.mark.gui


def focus(window: MainWindow, qtbot: QtBot, widget: QWidget) -> None:
    window.activateWindow()
    widget.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is widget)


def select_rows(win: MainWindow, rows: Iterable[int]) -> None:
    win.table.clearSelection()
    sel = win.table.selectionModel()
    for r in rows:
        sel.select(win.model.index(r, 0), sel.SelectionFlag.Select | sel.SelectionFlag.Rows)


def test_ctrl_k_copies_citation_keys_and_ctrl_shift_k_a_cite_command(
    window: MainWindow, qtbot: QtBot
) -> None:
    select_rows(window, [0, 1])
    expected = [p.citekey for p in window.library.get_many(window.selected_ids())]
    focus(window, qtbot, window.table)
    qtbot.keyClick(window.table, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.clipboard().text() == ", ".join(expected)
    qtbot.keyClick(
        window.table,
        Qt.Key.Key_K,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert QApplication.clipboard().text() == "\\cite{" + ",".join(expected) + "}"


def test_copy_keys_are_in_the_table_menu_and_the_edit_menu(window: MainWindow) -> None:
    assert window.acts.copy_key in window.table.actions()
    assert window.acts.copy_cite in window.table.actions()
    edit = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Edit")
    assert isinstance(edit, QMenu)
    assert window.acts.copy_key in edit.actions()
    assert keys.cite_command(["a", "b"]) == "\\cite{a,b}"


def test_ctrl_e_exports_while_the_cursor_is_in_the_search_box(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[str] = []
    monkeypatch.setattr(file_dialogs, "save_file", lambda *a, **k: asked.append(a[1]))
    focus(window, qtbot, window.search)
    qtbot.keyClicks(window.search, "gradient")
    qtbot.keyClick(window.search, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    assert asked and asked[0].startswith("Export")
    assert window.search.text() == "gradient"


def test_ctrl_a_still_selects_the_search_text(window: MainWindow, qtbot: QtBot) -> None:
    focus(window, qtbot, window.search)
    qtbot.keyClicks(window.search, "gradient")
    qtbot.keyClick(window.search, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    assert window.search.selectedText() == "gradient"


def test_escape_clears_the_search_then_moves_to_the_table(window: MainWindow, qtbot: QtBot) -> None:
    focus(window, qtbot, window.search)
    qtbot.keyClicks(window.search, "neural")
    qtbot.keyClick(window.search, Qt.Key.Key_Escape)
    assert window.search.text() == ""
    assert QApplication.focusWidget() is window.search
    qtbot.keyClick(window.search, Qt.Key.Key_Escape)
    assert QApplication.focusWidget() is window.table


def test_tab_follows_the_screen_and_leaves_the_table_and_notes(
    window: MainWindow, qtbot: QtBot
) -> None:
    focus(window, qtbot, window.search)
    qtbot.keyClick(window.search, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is window.sidebar
    window.table.selectRow(0)
    qtbot.waitUntil(lambda: window.detail.notes.isEnabled())
    focus(window, qtbot, window.table)
    qtbot.keyClick(window.table, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is window.detail.edits["title"]
    focus(window, qtbot, window.detail.notes)
    qtbot.keyClick(window.detail.notes, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is not window.detail.notes
    assert "\t" not in window.detail.notes.toPlainText()


def test_accessible_names_read_as_words(window: MainWindow) -> None:
    assert window.detail.edits["doi"].accessibleName() == "DOI"
    assert window.detail.edits["url"].accessibleName() == "URL"
