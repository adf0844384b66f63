"""Saved searches in the window: Edit → Save Search… keeps the search box's query under a
name, shown under Saved searches with a count that follows tagging; choosing it runs it;
removing it and saving it are undone; a new window shows it again."""

import pytest
from PySide6.QtWidgets import QInputDialog, QTreeWidgetItem, QTreeWidgetItemIterator
from pytestqt.qtbot import QtBot

from litman.gui.sidebar import saved_actions
from litman.gui.sidebar.tree import SAVED_ROLE
from litman.gui.window.main_window import MainWindow

pytestmark = pytest.mark.gui


def saved_item(win: MainWindow, name: str) -> QTreeWidgetItem | None:
    it = QTreeWidgetItemIterator(win.sidebar)
    while it.value():
        item = it.value()
        if item.data(0, SAVED_ROLE) is not None and item.text(0) == name:
            return item
        it += 1
    return None


def shown_item(win: MainWindow, name: str) -> QTreeWidgetItem:
    item = saved_item(win, name)
    assert item is not None, f"no saved search {name!r} in the sidebar"
    return item


def save(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, name: str, query: str
) -> QTreeWidgetItem:
    window.search.setText(query)
    window.apply_filter(wait=True)
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: (name, True))
    saved_actions.save_search(window)
    qtbot.waitUntil(lambda: saved_item(window, name) is not None)
    item = saved_item(window, name)
    assert item is not None
    return item


def test_a_saved_search_counts_live_and_runs_when_chosen(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.library.build_index()
    item = save(window, qtbot, monkeypatch, "Mine", "tag:mine")
    assert item.text(1) == "0" and item.toolTip(0) == "tag:mine"
    ids = window.library.list_ids("id")[:3]
    window.library.tags.add_tag("mine", ids)
    qtbot.waitUntil(lambda: shown_item(window, "Mine").text(1) == "3")
    window.search.setText("")
    window.sidebar.setCurrentItem(shown_item(window, "Mine"))
    assert window.search.text() == "tag:mine"
    qtbot.waitUntil(lambda: window.model.rowCount() == 3)


def test_save_and_remove_are_undone(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    save(window, qtbot, monkeypatch, "Bandits", "bandit")
    window.undo.undo()
    qtbot.waitUntil(lambda: saved_item(window, "Bandits") is None)
    assert window.library.saved.listed() == []
    window.undo.redo()
    qtbot.waitUntil(lambda: saved_item(window, "Bandits") is not None)
    window.sidebar.savedRemoveRequested.emit("Bandits")
    qtbot.waitUntil(lambda: saved_item(window, "Bandits") is None)
    window.undo.undo()
    qtbot.waitUntil(lambda: saved_item(window, "Bandits") is not None)


def test_an_empty_search_box_saves_nothing(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.search.setText("")
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("x", True))
    saved_actions.save_search(window)
    assert window.library.saved.listed() == []
    assert "Type a search first" in window.statusBar().currentMessage()


def test_rename_is_undone(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    save(window, qtbot, monkeypatch, "Bandits", "bandit")
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("Arms", True))
    window.sidebar.savedRenameRequested.emit("Bandits")
    qtbot.waitUntil(lambda: saved_item(window, "Arms") is not None)
    assert saved_item(window, "Bandits") is None
    window.undo.undo()
    qtbot.waitUntil(lambda: saved_item(window, "Bandits") is not None)


def test_a_search_saved_in_a_tag_keeps_the_tag_and_narrows_to_it_again(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    from litman.core.search.filters import ALL, TagFilter

    window.library.build_index()
    ids = window.library.list_ids("id")
    window.library.tags.add_tag("zoo", ids[:4])
    window.sidebar.refresh()
    window.sidebar.select_filter(TagFilter("zoo"))
    item = save(window, qtbot, monkeypatch, "Zoo all", "")
    (kept,) = window.library.saved.listed()
    assert (kept.query, kept.within) == ("", "tag/zoo") and item.text(1) == "4"
    window.sidebar.select_filter(ALL)
    qtbot.waitUntil(lambda: window.model.rowCount() == len(ids))
    window.sidebar.setCurrentItem(shown_item(window, "Zoo all"))
    assert window.sidebar.current_filter() == TagFilter("zoo")
    qtbot.waitUntil(lambda: sorted(window.model.ids()) == sorted(ids[:4]))
    window.library.tags.add_tag("zoo", ids[4:6])
    qtbot.waitUntil(lambda: shown_item(window, "Zoo all").text(1) == "6")
