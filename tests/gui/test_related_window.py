"""The detail pane's Related tab: the papers sharing rare words with the one selected, once
the search index is ready; activating one selects it in the table, searching for it when
the table's search hides it."""

import pytest

from litman.core.records import NewPaper

pytestmark = pytest.mark.gui


def stellarators(window) -> tuple[int, int]:
    me, twin = window.library.papers.add_papers(
        [
            NewPaper(title="Gyrokinetic turbulence in stellarators"),
            NewPaper(title="Stellarators: gyrokinetic turbulence saturation"),
        ]
    ).added
    window.library.build_index()
    window.apply_filter(wait=True)
    return me, twin


def test_the_tab_lists_related_papers_and_goes_to_one(window, qtbot) -> None:
    me, twin = stellarators(window)
    window.table.clearSelection()
    window.table.selectRow(window.model.row_of(me))
    listed = window.related_list
    qtbot.waitUntil(lambda: twin in listed.shown)
    assert listed.shown[0] == twin
    assert listed.item(0).text().startswith("Stellarators: gyrokinetic turbulence saturation")
    listed.go_to(0)
    assert window.selected_ids() == [twin]


def test_a_paper_the_search_hides_is_searched_for(window, qtbot) -> None:
    me, twin = stellarators(window)
    window.search.setText("gyrokinetic turbulence in")
    window.apply_filter(wait=True)
    window.table.clearSelection()
    window.table.selectRow(window.model.row_of(me))
    listed = window.related_list
    qtbot.waitUntil(lambda: twin in listed.shown)
    window.search.setText(f'key:"{window.library.get(me).citekey}"')
    window.apply_filter(wait=True)
    assert window.model.row_of(twin) is None
    listed.go_to(listed.shown.index(twin))
    assert window.model.row_of(twin) is not None and window.selected_ids() == [twin]
