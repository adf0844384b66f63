"""Copy as RIS and Copy as CSL-JSON: the clipboard holds what litman's own readers read
back as the selected papers, for one paper and for many."""

from collections.abc import Sequence

import pytest
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QMenu

from litman.core.records import NewPaper, Paper, Status
from litman.formats import csljson, ris
from litman.gui.window.main_window import MainWindow
from tests.gui.test_main_window import select_rows

pytestmark = pytest.mark.gui


def _same(read_back: Sequence[NewPaper], stored: Sequence[Paper]) -> None:
    assert [p.title for p in read_back] == [p.title for p in stored]
    assert [p.authors for p in read_back] == [p.authors for p in stored]
    assert [p.year for p in read_back] == [p.year for p in stored]
    assert [p.doi for p in read_back] == [p.doi for p in stored]
    assert [set(p.tags) for p in read_back] == [set(p.tags) for p in stored]
    assert [p.status for p in read_back] == [p.status for p in stored]


def _copied(window: MainWindow, action: QAction, rows: list[int]) -> tuple[str, list[Paper]]:
    QApplication.clipboard().clear()
    select_rows(window, rows)
    stored = window.library.get_many(window.selected_ids())
    action.trigger()
    return QApplication.clipboard().text(), stored


@pytest.mark.slow
def test_copy_as_ris_one_paper(window: MainWindow) -> None:
    text, stored = _copied(window, window.acts.copy_ris, [0])
    papers, _lines, skipped, _warnings = ris.parse(text)
    assert skipped == [] and len(papers) == 1
    _same(papers, stored)
    assert "as RIS" in window.statusBar().currentMessage()


@pytest.mark.slow
def test_copy_as_ris_many_papers_keeps_tags_and_status(window: MainWindow) -> None:
    select_rows(window, [1, 2, 3])
    window.set_status(Status.READ)  # a value RIS carries only in litman's custom field
    text, stored = _copied(window, window.acts.copy_ris, [1, 2, 3])
    assert text.count("TY  - ") == 3
    papers, _lines, skipped, _warnings = ris.parse(text)
    assert skipped == []
    assert {p.status for p in papers} == {Status.READ}
    _same(papers, stored)


@pytest.mark.slow
def test_copy_as_csljson_one_paper(window: MainWindow) -> None:
    text, stored = _copied(window, window.acts.copy_csl, [0])
    papers, _lines, skipped, _warnings = csljson.parse(text)
    assert skipped == [] and len(papers) == 1
    _same(papers, stored)
    assert "as CSL-JSON" in window.statusBar().currentMessage()


@pytest.mark.slow
def test_copy_as_csljson_many_papers(window: MainWindow) -> None:
    rows = list(range(10))
    text, stored = _copied(window, window.acts.copy_csl, rows)
    papers, _lines, skipped, _warnings = csljson.parse(text)
    assert skipped == [] and len(papers) == 10
    _same(papers, stored)


def test_nothing_selected_leaves_the_clipboard_alone(window: MainWindow) -> None:
    QApplication.clipboard().setText("kept")
    window.table.clearSelection()
    window.selection.flush()
    window.acts.copy_csl.trigger()
    window.acts.copy_ris.trigger()
    assert QApplication.clipboard().text() == "kept"


def test_the_copies_are_in_the_edit_menu_and_the_tables_menu(window: MainWindow) -> None:
    copies = [window.acts.copy, window.acts.copy_ris, window.acts.copy_csl]
    edit = next(m.menu() for m in window.menuBar().actions() if m.text() == "&Edit")
    assert isinstance(edit, QMenu)
    for action in copies:
        assert action in edit.actions()
        assert action in window.table.actions()  # the table's context menu
