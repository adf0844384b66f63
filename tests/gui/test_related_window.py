"""The detail pane's Related tab: the papers sharing rare words with the one selected, once
the search index is ready; activating one selects it in the table, searching for it when
the table's search hides it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from pytestqt.qtbot import QtBot

from litman.core.records import NewPaper

if TYPE_CHECKING:
    from litman.gui.window.main_window import MainWindow

pytestmark = pytest.mark.gui


def stellarators(window: MainWindow) -> tuple[int, int]:
    me, twin = window.library.papers.add_papers(
        [
            NewPaper(title="Gyrokinetic turbulence in stellarators"),
            NewPaper(title="Stellarators: gyrokinetic turbulence saturation"),
        ]
    ).added
    window.library.build_index()
    window.apply_filter(wait=True)
    return me, twin


def test_the_tab_lists_related_papers_and_goes_to_one(window: MainWindow, qtbot: QtBot) -> None:
    me, twin = stellarators(window)
    window.table.clearSelection()
    row = window.model.row_of(me)
    assert row is not None
    window.table.selectRow(row)
    listed = window.related_list
    qtbot.waitUntil(lambda: twin in listed.shown)
    assert listed.shown[0] == twin
    assert listed.item(0).text().startswith("Stellarators: gyrokinetic turbulence saturation")
    listed.go_to(0)
    assert window.selected_ids() == [twin]


def test_a_paper_the_search_hides_is_searched_for(window: MainWindow, qtbot: QtBot) -> None:
    me, twin = stellarators(window)
    window.search.setText("gyrokinetic turbulence in")
    window.apply_filter(wait=True)
    window.table.clearSelection()
    row = window.model.row_of(me)
    assert row is not None
    window.table.selectRow(row)
    listed = window.related_list
    qtbot.waitUntil(lambda: twin in listed.shown)
    window.search.setText(f'key:"{window.library.get(me).citekey}"')
    window.apply_filter(wait=True)
    assert window.model.row_of(twin) is None
    listed.go_to(listed.shown.index(twin))
    assert window.model.row_of(twin) is not None and window.selected_ids() == [twin]
