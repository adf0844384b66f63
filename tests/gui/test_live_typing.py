"""Another client's edit arriving while the user types in the detail pane: the text being
typed stays as typed (focus and cursor too), nothing half-typed is saved by the update, and
when the other client changed the very field being typed, saving it opens the merge dialog
with theirs beside mine instead of writing over theirs."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QLineEdit
from pytestqt.qtbot import QtBot

from litman.core.library.facade import Library
from litman.gui.window.main_window import MainWindow
from litman.gui.writes.merge_dialog import MINE, MergeDialog

pytestmark = [pytest.mark.gui, pytest.mark.both_stores]  # a file polls; a server tells


@pytest.fixture
def other(seeded_where: str | Path) -> Iterator[Library]:
    """A second client of the window's library (another process would be the same)."""
    with Library.open(seeded_where) as lib:
        yield lib


@pytest.fixture
def merges(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, tuple[object, object]]]:
    """What each merge dialog showed (theirs, mine) by field; each keeps mine."""
    shown: list[dict[str, tuple[object, object]]] = []

    def exec_(dialog: MergeDialog) -> int:
        shown.append({f: (r.conflict.theirs, r.conflict.mine) for f, r in dialog.rows.items()})
        for name in dialog.rows:
            dialog.keep(name, MINE)
        dialog._save()
        return dialog.result() or QDialog.DialogCode.Rejected

    monkeypatch.setattr(MergeDialog, "exec", exec_)
    return shown


def shown_paper(win: MainWindow, qtbot: QtBot) -> int:
    win.activateWindow()
    win.table.selectRow(0)
    win.selection.flush()
    return win.model.paper_id(0)


def start_typing(qtbot: QtBot, edit: QLineEdit, text: str) -> None:
    edit.setFocus()
    qtbot.waitUntil(edit.hasFocus)
    edit.end(False)
    qtbot.keyClicks(edit, text)


def news(win: MainWindow, qtbot: QtBot, other: Library, pid: int) -> None:
    """The window hears of the other client's write: a file's window looks (as its timer
    would), a server's tells it on its own (the look may find the news already taken)."""
    version = other.get(pid).version
    win.poll_changes()
    qtbot.waitUntil(  # the pane redrawn
        lambda: win.detail._paper is not None and win.detail._paper.version == version
    )


@pytest.mark.slow
def test_an_update_of_another_field_keeps_the_text_being_typed(
    window: MainWindow, qtbot: QtBot, other: Library
) -> None:
    pid = shown_paper(window, qtbot)
    title = window.detail.edits["title"]
    start_typing(qtbot, title, " (draft")
    typed, cursor = title.text(), title.cursorPosition()
    other.papers.update_paper(pid, seen_version=other.get(pid).version, venue="Theirs")
    news(window, qtbot, other, pid)
    assert window.detail.edits["venue"].text() == "Theirs"  # the update is shown
    assert (title.text(), title.cursorPosition(), title.hasFocus()) == (typed, cursor, True)
    assert window.undo.count() == 0  # nothing half-typed was saved
    qtbot.keyClick(title, Qt.Key.Key_Tab)
    paper = window.library.get(pid)
    assert (paper.title, paper.venue) == (typed, "Theirs")


@pytest.mark.slow
def test_an_update_of_the_field_being_typed_keeps_mine_then_merges(
    window: MainWindow, qtbot: QtBot, other: Library, merges: list[dict[str, tuple[object, object]]]
) -> None:
    pid = shown_paper(window, qtbot)
    title = window.detail.edits["title"]
    start_typing(qtbot, title, " (draft")
    typed = title.text()
    other.papers.update_paper(pid, seen_version=other.get(pid).version, title="Theirs")
    news(window, qtbot, other, pid)
    assert title.text() == typed
    assert "title" in window.detail.elsewhere.text() and window.detail.elsewhere.isVisible()
    qtbot.keyClick(title, Qt.Key.Key_Tab)
    assert merges == [{"title": ("Theirs", typed)}]
    assert window.library.get(pid).title == typed


def test_notes_being_typed_survive_an_update(
    window: MainWindow, qtbot: QtBot, other: Library
) -> None:
    pid = shown_paper(window, qtbot)
    notes = window.detail.notes
    notes.setFocus()
    qtbot.waitUntil(notes.hasFocus)
    qtbot.keyClicks(notes, "half a thought")
    other.papers.update_paper(pid, seen_version=other.get(pid).version, venue="Theirs")
    news(window, qtbot, other, pid)
    assert notes.toPlainText().endswith("half a thought") and notes.hasFocus()
    assert window.undo.count() == 0


@pytest.mark.slow
def test_an_entry_field_changed_elsewhere_while_typed_merges(
    window: MainWindow, qtbot: QtBot, other: Library, merges: list[dict[str, tuple[object, object]]]
) -> None:
    pid = shown_paper(window, qtbot)
    window.detail.tabs.setCurrentIndex(1)
    name, edit = next(iter(window.detail.entry.values.items()))
    start_typing(qtbot, edit, "mine")
    typed = edit.text()
    other.papers.set_field(pid, name, "theirs", seen_version=other.get(pid).version)
    news(window, qtbot, other, pid)
    assert edit.text() == typed
    qtbot.keyClick(edit, Qt.Key.Key_Tab)
    assert merges == [{name: ("theirs", typed)}]
    assert window.library.get(pid).extra[name] == typed


@pytest.mark.slow
def test_the_note_of_a_change_elsewhere_goes_once_mine_is_saved(
    window: MainWindow, qtbot: QtBot, other: Library, merges: list[dict[str, tuple[object, object]]]
) -> None:
    pid = shown_paper(window, qtbot)
    title = window.detail.edits["title"]
    start_typing(qtbot, title, " (draft")
    other.papers.update_paper(pid, seen_version=other.get(pid).version, title="Theirs")
    news(window, qtbot, other, pid)
    qtbot.keyClick(title, Qt.Key.Key_Tab)
    assert not window.detail.elsewhere.isVisible()
