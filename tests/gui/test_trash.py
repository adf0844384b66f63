"""The Trash in the window: Delete moves papers there (said in the status bar, undoable);
the sidebar's Trash lists them with a count; Restore takes them out; Delete Permanently…
and Empty Trash… delete for good after asking, on the write worker, not undoable."""

from collections.abc import Iterable

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from litman.core.library.facade import Library
from litman.core.search.filters import ALL, TRASH
from litman.core.store import backups
from litman.gui.window.main_window import MainWindow

pytestmark = pytest.mark.gui


def select_rows(win: MainWindow, rows: Iterable[int]) -> list[int]:
    win.table.clearSelection()
    sel = win.table.selectionModel()
    for r in rows:
        sel.select(win.model.index(r, 0), sel.SelectionFlag.Select | sel.SelectionFlag.Rows)
    win.selection.flush()
    return win.selected_ids()


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every question asked, answered Yes."""
    told: list[str] = []

    def question(
        _parent: object, _title: str, text: str, *_a: object, **_k: object
    ) -> QMessageBox.StandardButton:
        told.append(text)
        return QMessageBox.StandardButton.Yes

    monkeypatch.setattr(QMessageBox, "question", question)
    return told


def open_trash(win: MainWindow, qtbot: QtBot) -> None:
    win.sidebar.select_filter(TRASH)
    qtbot.waitUntil(lambda: win.sidebar.current_filter() == TRASH)


def test_delete_moves_to_the_trash_and_says_so(
    window: MainWindow, qtbot: QtBot, asked: list[str]
) -> None:
    ids = select_rows(window, [0, 1, 2])
    with qtbot.waitSignal(window.writes.finished):
        window.acts.delete.trigger()
    assert asked == []  # nothing is lost: no question
    qtbot.waitUntil(lambda: "to the trash" in window.statusBar().currentMessage())
    assert "Ctrl+Z" in window.statusBar().currentMessage()
    assert not set(ids) & set(window.model.ids())
    assert window.sidebar.count_of(TRASH) == 3 and window.sidebar.count_of(ALL) == 86
    assert window.undo.undoText() == "Move 3 papers to the trash"


def test_the_trash_view_lists_them_and_restore_takes_them_out(
    window: MainWindow, qtbot: QtBot, asked: list[str]
) -> None:
    ids = select_rows(window, [0, 1])
    window.acts.delete.trigger()
    open_trash(window, qtbot)
    qtbot.waitUntil(lambda: sorted(window.model.ids()) == sorted(ids))
    assert (
        window.acts.delete.text() == "Delete Permanently…" and window.acts.restore_trash.isEnabled()
    )
    select_rows(window, [0, 1])
    with qtbot.waitSignal(window.writes.finished):
        window.acts.restore_trash.trigger()
    qtbot.waitUntil(lambda: window.model.rowCount() == 0)
    assert window.empty.text() == "The trash is empty."
    assert window.sidebar.count_of(TRASH) == 0 and window.library.count() == 89
    window.undo.undo()  # back into the trash
    qtbot.waitUntil(lambda: window.sidebar.count_of(TRASH) == 2)


def test_delete_in_the_trash_asks_then_deletes_for_good(
    window: MainWindow, qtbot: QtBot, asked: list[str]
) -> None:
    select_rows(window, [0, 1, 2])
    window.acts.delete.trigger()
    open_trash(window, qtbot)
    qtbot.waitUntil(lambda: window.model.rowCount() == 3)
    gone = select_rows(window, [0, 1])
    undo_steps = window.undo.count()
    with qtbot.waitSignal(window.writes.finished):
        window.acts.delete.trigger()
    assert len(asked) == 1 and "cannot be undone" in asked[0]
    qtbot.waitUntil(lambda: window.model.rowCount() == 1)
    assert "permanently" in window.statusBar().currentMessage()
    assert window.library.get_many(gone) == [] and window.undo.count() == undo_steps
    assert backups.list_backups(window.library.path)[0].reason == backups.PRE_DELETE


@pytest.mark.both_stores
def test_deleting_one_paper_for_good_says_only_what_was_done(
    window: MainWindow, store: str, qtbot: QtBot, asked: list[str]
) -> None:
    select_rows(window, [0])
    window.acts.delete.trigger()
    open_trash(window, qtbot)
    qtbot.waitUntil(lambda: window.model.rowCount() == 1)
    select_rows(window, [0])
    with qtbot.waitSignal(window.writes.finished):
        window.acts.delete.trigger()
    qtbot.waitUntil(lambda: "permanently" in window.statusBar().currentMessage())
    said = window.statusBar().currentMessage()
    if store == "sqlite":  # a file: the one paper is in a backup, and both say so
        assert "backed up first" in asked[0]
        newest = backups.list_backups(window.library.path)[0]
        assert newest.reason == backups.PRE_DELETE and newest.path.name in said
    else:  # a shared library: litman keeps no copies, and neither text promises one
        assert "backed up" not in asked[0] and "pg_dump" in asked[0]
        assert "backed up" not in said and "backup" not in said


def test_empty_trash_refused_changes_nothing(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    select_rows(window, [0, 1])
    window.acts.delete.trigger()
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.No)
    window.acts.empty_trash.trigger()
    assert window.library.trash_count() == 2


def test_empty_trash_deletes_every_paper_in_it(
    window: MainWindow, qtbot: QtBot, asked: list[str]
) -> None:
    select_rows(window, [0, 1, 2, 3])
    window.acts.delete.trigger()
    with qtbot.waitSignal(window.writes.finished):
        window.acts.empty_trash.trigger()
    assert "4 papers" in asked[0]
    qtbot.waitUntil(lambda: window.sidebar.count_of(TRASH) == 0)
    assert window.library.count() == 85 and window.model.rowCount() == 85


def test_another_process_trashing_and_restoring_shows(window: MainWindow, qtbot: QtBot) -> None:
    pid = window.model.paper_id(0)
    with Library.open(window.library.path) as other:  # the CLI, say
        other.papers.delete_papers([pid])
    window.poll_changes()
    qtbot.waitUntil(lambda: pid not in window.model.ids())
    assert window.sidebar.count_of(TRASH) == 1
    with Library.open(window.library.path) as other:
        other.papers.restore([pid])
    window.poll_changes()
    qtbot.waitUntil(lambda: pid in window.model.ids())
    assert window.sidebar.count_of(TRASH) == 0


def test_papers_in_the_trash_are_not_marked_or_edited_from_the_window(
    window: MainWindow, qtbot: QtBot, asked: list[str]
) -> None:
    """The command line refuses a status or tag on a trashed paper; the window offered them
    in the Trash view (the status actions, the detail pane's status, rating and tags)."""
    select_rows(window, [0])
    with qtbot.waitSignal(window.writes.finished):
        window.acts.delete.trigger()
    open_trash(window, qtbot)
    qtbot.waitUntil(lambda: window.model.rowCount() == 1)
    select_rows(window, [0])
    assert not any(a.isEnabled() for a in window.acts.status.values())
    assert not any(a.isEnabled() for a in window.acts.rating)
    assert window.detail.read_only
    qtbot.waitUntil(lambda: not window.detail.status.isEnabled())
    window.sidebar.select_filter(ALL)
    qtbot.waitUntil(lambda: window.sidebar.current_filter() == ALL)
    assert all(a.isEnabled() for a in window.acts.status.values())
    assert not window.detail.read_only
