"""What one keystroke in the search box makes the GUI thread do, checked as behaviours: the
table is laid out and painted once, papers already read are not read again (a paper changed
is), the box keeps its height when it shows a note, and the window's first rows need no
search engine loaded."""

import subprocess
import sys
from collections.abc import Sequence
from functools import partial

import pytest
from PySide6.QtCore import QEvent, QObject, QTimer
from pytestqt.qtbot import QtBot

from litman.core.records import Paper
from litman.gui.window.main_window import MainWindow
from tests.gui.cells import row_of

pytestmark = pytest.mark.gui


class PaintCounter(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.paints = 0

    def eventFilter(self, _watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.paints += 1
        return False


def settle(qtbot: QtBot) -> None:
    """Every event due now handled, and what those post in turn (a zero-time timer started
    by another one): three turns of the event loop, each known to be over when a zero-time
    timer started after everything already due has fired."""
    for _ in range(3):
        turned: list[bool] = []
        QTimer.singleShot(0, partial(turned.append, True))
        qtbot.waitUntil(partial(bool, turned))


def searched_past(window: MainWindow, searches: int) -> bool:
    return window.searcher.searches > searches


def test_a_keystroke_paints_the_table_once(window: MainWindow, qtbot: QtBot) -> None:
    counter = PaintCounter()
    window.table.viewport().installEventFilter(counter)
    window.search.setFocus()
    for ch in "the":  # each step still matches, so the table never empties
        settle(qtbot)
        before, searches = counter.paints, window.searcher.searches
        qtbot.keyClick(window.search, ch)
        qtbot.waitUntil(partial(searched_past, window, searches))
        settle(qtbot)
        assert window.model.rowCount() > 0
        # Not the new rows painted, then laid out on a timer and painted all again.
        assert counter.paints - before == 1, ch


def type_text(window: MainWindow, qtbot: QtBot, text: str) -> None:
    """`text` in the search box as typing puts it there, its search run and painted."""
    searches = window.searcher.searches
    window.search.setText(text)
    qtbot.waitUntil(lambda: window.searcher.searches > searches)
    window.table.viewport().repaint()  # the rows shown are read


def test_typing_reads_no_paper_the_table_has_read(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    type_text(window, qtbot, "the")
    reads: list[Sequence[int]] = []
    real = window.library.get_many

    def get_many(ids: Sequence[int]) -> list[Paper]:
        reads.append(ids)
        return real(ids)

    monkeypatch.setattr(window.library, "get_many", get_many)
    type_text(window, qtbot, "the ")  # the same papers match
    assert reads == []


def test_a_paper_changed_is_read_again_when_typing_follows(
    window: MainWindow, qtbot: QtBot
) -> None:
    type_text(window, qtbot, "the")
    pid = window.model.paper_id(0)
    window.library.papers.update_paper(pid, venue="Changed Venue")  # the window hears of it
    type_text(window, qtbot, "the ")
    row = window.model.row_of(pid)
    assert row is not None
    paper = window.model.paper(row)
    assert paper is not None and paper.venue == "Changed Venue"


@pytest.mark.slow
def test_a_note_on_the_query_does_not_change_the_box_height(
    window: MainWindow, qtbot: QtBot
) -> None:
    height = window.search.height()
    window.search.setText("year:20x")  # not a valid year: the box says so
    window.apply_filter()
    settle(qtbot)
    assert "not a valid year" in window.search.toolTip()
    assert window.search.height() == height


@pytest.mark.slow
def test_the_window_module_loads_no_search_engine() -> None:
    """The first rows come from SQL; numpy, the ranking and rapidfuzz load with the index
    or the first tag typed, after."""
    code = (
        "import sys, litman.gui.window.main_window; print(sorted(m for m in "
        "('numpy', 'litman.core.search.ranking', 'rapidfuzz') if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert out.stdout.strip() == "[]"


def test_rows_are_read_from_the_first_one_painted_not_from_a_page_above_it(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Scrolled to a row in the middle of a page, the table reads the papers from the first
    row it paints down, not the page's rows above the screen."""
    table, model = window.table, window.model
    assert model.rowCount() > 60
    table.scrollTo(model.index(40, 0), table.ScrollHint.PositionAtTop)
    model.set_ids(model.ids())  # nothing read yet
    reads: list[int] = []
    real = window.library.get_many

    def get_many(ids: Sequence[int]) -> list[Paper]:
        reads.extend(ids)
        return real(ids)

    monkeypatch.setattr(window.library, "get_many", get_many)
    table.viewport().repaint()
    top = table.rowAt(0)
    assert 0 < top < 64  # the screen starts inside the first page of the old page size
    assert reads and min(row_of(model, pid) for pid in reads) >= top
