"""Every action lands on the paper the user sees: selection while the index builds, the
detail pane after a search or a delete, notes on leaving, failed commands and undo."""

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from litman.core.library.facade import Library
from litman.core.records import Status
from litman.core.search.filters import TagFilter
from litman.gui.settings import ViewSettings
from litman.gui.window.main_window import MainWindow
from litman.gui.workers import run_inline

pytestmark = pytest.mark.gui


@pytest.fixture
def indexing_window(qtbot: QtBot, seeded: Library, tmp_path: Path) -> MainWindow:
    """A window opened before the search index exists, as on a large library's start."""
    seeded.index.invalidate()
    win = MainWindow(seeded, ViewSettings(tmp_path / "v.ini"), run_inline, index_in_background=True)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    return win


def test_enter_while_the_index_builds_selects_the_hit_not_row_zero(
    indexing_window: MainWindow, qtbot: QtBot
) -> None:
    win = indexing_window
    hit = win.library.search("neural colapse").ids[0]
    win.library.index.invalidate()
    first_unfiltered = win.model.paper_id(0)
    assert first_unfiltered != hit
    win.activateWindow()
    win.search.setFocus()
    qtbot.keyClicks(win.search, "neural colapse")
    qtbot.keyClick(win.search, Qt.Key.Key_Return)
    assert win.selected_ids() == [hit]
    qtbot.keyClick(win.table, Qt.Key.Key_3, Qt.KeyboardModifier.ControlModifier)
    assert win.library.get(hit).status == Status.READ
    assert win.library.get(first_unfiltered).status == Status.UNREAD


def select(win: MainWindow, qtbot: QtBot, row: int) -> int:
    """Click-select one row as a user would, and wait for the pane to show it."""
    win.table.selectRow(row)
    pid = win.model.paper_id(row)
    qtbot.waitUntil(lambda: win.detail.shown_ids() == [pid])
    return pid


@pytest.fixture
def warnings(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts of warning boxes, as the user reads them."""
    told: list[str] = []

    def warn(_parent: object, _title: str, text: str, *_a: object) -> None:
        doc = QTextDocument()
        doc.setHtml(text)
        told.append(doc.toPlainText())

    monkeypatch.setattr(QMessageBox, "warning", warn)
    return told


def test_a_search_that_hides_the_shown_paper_clears_the_pane(
    window: MainWindow, qtbot: QtBot
) -> None:
    pid = select(window, qtbot, 0)
    title = window.library.get(pid).title
    window.search.setText("zzzz-matches-nothing")
    qtbot.waitUntil(lambda: window.model.rowCount() == 0)
    assert window.detail.shown_ids() == []
    assert not window.detail.edits["title"].isEnabled()
    assert window.detail.heading.text() != title


def test_deleting_the_shown_paper_clears_the_pane(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    pid = select(window, qtbot, 0)
    window.acts.delete.trigger()
    assert pid not in window.model.ids()
    assert pid not in window.detail.shown_ids()
    assert window.detail.shown_ids() == window.selected_ids()


def test_editing_a_paper_deleted_elsewhere_says_why_and_leaves_no_undo(
    window: MainWindow, qtbot: QtBot, warnings: list[str], capfd: pytest.CaptureFixture[str]
) -> None:
    pid = select(window, qtbot, 0)
    with Library.open(window.library.path) as other:  # the CLI, say
        other.papers.delete_papers([pid])
    window.detail.edits["title"].setText("A title for a paper that is gone")
    window.detail.edits["title"].editingFinished.emit()
    assert len(warnings) == 1 and "no longer in the library" in warnings[0]
    assert "No paper with id" not in warnings[0]
    assert window.undo.count() == 0
    assert "Traceback" not in capfd.readouterr().err


def test_notes_typed_then_another_paper_selected_at_once_are_saved(
    window: MainWindow, qtbot: QtBot
) -> None:
    first = select(window, qtbot, 0)
    window.detail.notes.setFocus()
    qtbot.keyClicks(window.detail.notes, "read section 3 again")
    second = select(window, qtbot, 1)
    assert window.library.get(first).notes == "read section 3 again"
    assert window.library.get(second).notes != "read section 3 again"
    assert window.detail.notes.toPlainText() == window.library.get(second).notes


def test_notes_are_saved_when_the_notes_box_loses_focus(window: MainWindow, qtbot: QtBot) -> None:
    pid = select(window, qtbot, 0)
    window.activateWindow()
    window.detail.notes.setFocus()
    qtbot.waitUntil(window.detail.notes.hasFocus)
    qtbot.keyClicks(window.detail.notes, "focus leaves")
    window.search.setFocus()
    qtbot.waitUntil(lambda: window.library.get(pid).notes == "focus leaves")


def test_notes_are_saved_when_the_window_closes(window: MainWindow, qtbot: QtBot) -> None:
    pid = select(window, qtbot, 0)
    window.detail.notes.setPlainText("typed just before quitting")
    window.close()
    assert window.library.get(pid).notes == "typed just before quitting"


def test_deleting_a_tag_that_only_has_children_says_why_and_leaves_no_undo(
    window: MainWindow,
    qtbot: QtBot,
    warnings: list[str],
    monkeypatch: pytest.MonkeyPatch,
    capfd: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    window.library.tags.add_tag("Methods > Kernels", window.model.ids()[:2])
    window.undo.clear()
    window.sidebar.deleteRequested.emit("Methods")
    assert len(warnings) == 1 and "only the parent of 'Methods > Kernels'" in warnings[0]
    assert window.undo.count() == 0
    assert window.sidebar.count_of(TagFilter("Methods > Kernels")) == 2
    assert "Traceback" not in capfd.readouterr().err


@pytest.mark.slow
def test_deleting_a_tag_removes_it_and_undo_restores_it_exactly(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    lib = window.library
    ids = window.model.ids()[:3]
    lib.tags.add_tag("Methods > Kernels", ids)
    lib.tags.add_tag("Methods", ids[:1])
    lib.tags.set_tag_colour("Methods > Kernels", "#aa3300")
    before = lib.tags()
    members = lib.tags.paper_ids_with_tag("Methods > Kernels", subtree=False)
    window.sidebar.deleteRequested.emit("Methods > Kernels")
    assert "Methods > Kernels" not in [t.name for t in lib.tags()]
    assert window.sidebar.count_of(TagFilter("Methods")) == 1  # the parent no longer counts it
    window.undo.undo()
    assert lib.tags() == before
    assert sorted(lib.tags.paper_ids_with_tag("Methods > Kernels", subtree=False)) == sorted(
        members
    )
    assert window.sidebar.count_of(TagFilter("Methods > Kernels")) == 3


def test_a_year_that_is_not_a_number_is_refused_with_a_message(
    window: MainWindow, qtbot: QtBot
) -> None:
    pid = select(window, qtbot, 0)
    window.library.papers.update_paper(pid, year=2015)
    qtbot.waitUntil(lambda: window.detail.edits["year"].text() == "2015")
    window.detail.edits["year"].setText("2O15")
    window.detail.edits["year"].editingFinished.emit()
    assert window.library.get(pid).year == 2015
    assert window.detail.edits["year"].text() == "2O15"  # kept, to correct
    assert window.detail.refusal.isVisibleTo(window) and "2O15" in window.detail.refusal.text()
    assert window.undo.count() == 0


def test_a_paper_naming_undefined_macros_says_so_in_the_pane(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    from litman import app

    source = tmp_path / "articles.bib"
    source.write_text("@article{u, author = Cordon #and# Herrera_F, title = {Uses macros}}\n")
    app.import_files(window.library, [source])
    pid = next(p.id for p in window.library.list_papers() if p.citekey == "u")
    window.apply_filter()
    window.table.clearSelection()
    row = window.model.row_of(pid)
    assert row is not None
    window.table.selectRow(row)
    qtbot.waitUntil(lambda: window.detail._paper is not None and window.detail._paper.id == pid)
    note = window.detail.note.text()
    assert "@string macros no imported file defines" in note and "Herrera_F" in note
