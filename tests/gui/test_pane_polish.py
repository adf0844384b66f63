"""More things seen on screen at 1366×768: a rating clicked back to where it was leaves no
undo entry, a large selection marked read says "Read", and the BibTeX fields tab shows
more than a few rows."""

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QScrollArea, QStyle, QStyleOptionSpinBox
from pytestqt.qtbot import QtBot

from litman.core.library.facade import Library
from litman.core.records import Status
from litman.gui.window.main_window import MainWindow

pytestmark = pytest.mark.gui


def test_a_large_selection_marked_read_says_read(
    qtbot: QtBot, library: Library, tmp_path: Path
) -> None:
    """After marking 100k papers read the bulk pane still said "Mixed": the mark is written
    in chunks, the pane read the whole selection between two of them, and the last chunk
    touched only papers past the first 200 the pane reads at once, so it was not redrawn.
    The chunks are written here one after the other, as the write queue does."""
    from litman.core.records import NewPaper
    from litman.gui.settings import ViewSettings
    from litman.gui.window.main_window import MainWindow
    from litman.gui.workers import run_inline

    library.papers.add_papers([NewPaper(title=f"Paper {i}") for i in range(300)])
    win = MainWindow(library, ViewSettings(tmp_path / "v.ini"), runner=run_inline)
    qtbot.addWidget(win)
    win.show()
    ids = win.model.ids()
    win.table.selectAll()
    win.selection.flush()
    with qtbot.waitSignal(win.pane.whole.answered, timeout=10000):
        library.papers.set_status(ids[:200], Status.READ)  # the first chunk
    assert win.detail.status.placeholderText() == "Mixed"
    library.papers.set_status(
        ids[200:], Status.READ
    )  # the last chunk, past the papers read at once
    box = win.detail.status
    qtbot.waitUntil(lambda: box.currentText() == "Read", timeout=10000)
    assert box.currentIndex() == list(Status).index(Status.READ)


def test_the_bibtex_fields_tab_shows_eight_rows_at_1366_by_768(
    window: MainWindow, qtbot: QtBot
) -> None:
    """At 1366×768 the BibTeX fields tab showed 2 to 4 field rows, the rest scrolled."""
    window.showNormal()
    window.resize(1366, 768)
    qtbot.waitUntil(lambda: window.size().height() == 768)
    window.table.selectRow(0)
    window.selection.flush()
    pid = window.model.paper_id(0)
    for n in range(10):
        window.library.papers.set_field(pid, f"zextra{n}", f"value {n}")
    window.table.selectRow(1)
    window.selection.flush()
    window.table.selectRow(0)
    window.selection.flush()
    entry = window.detail.entry
    assert sum(name.startswith("zextra") for name in entry.values) == 10
    window.detail.tabs.setCurrentIndex(1)
    scroll = window.detail.tabs.currentWidget()
    assert isinstance(scroll, QScrollArea)
    qtbot.waitUntil(lambda: scroll.viewport().height() > 0)
    viewport = scroll.viewport()
    seen = [
        e
        for e in entry.values.values()
        if e.mapTo(viewport, e.rect().bottomLeft()).y() <= viewport.height()
    ]
    assert len(seen) >= 8, (len(seen), viewport.height())


def click_rating(window: MainWindow, up: bool) -> None:
    """A click on the rating's up or down arrow, then the box left (which commits it)."""
    box = window.detail.rating
    option = QStyleOptionSpinBox()
    box.initStyleOption(option)
    arrow = QStyle.SubControl.SC_SpinBoxUp if up else QStyle.SubControl.SC_SpinBoxDown
    rect = box.style().subControlRect(QStyle.ComplexControl.CC_SpinBox, option, arrow, box)
    QTest.mouseClick(box, Qt.MouseButton.LeftButton, pos=rect.center())
    box.editingFinished.emit()


def test_rating_clicks_back_to_the_start_leave_no_undo_entry(window: MainWindow) -> None:
    """Up, then down: two undo entries that together changed nothing."""
    window.table.selectRow(0)
    window.selection.flush()
    pid = window.model.paper_id(0)
    start = window.library.get(pid).rating
    click_rating(window, up=start < 5)
    assert window.library.get(pid).rating != start
    click_rating(window, up=start == 5)
    assert window.library.get(pid).rating == start
    assert window.undo.count() == 0, [window.undo.text(i) for i in range(window.undo.count())]


def test_consecutive_rating_clicks_are_one_undo_step(window: MainWindow) -> None:
    window.table.selectRow(0)
    window.selection.flush()
    pid = window.model.paper_id(0)
    window.library.papers.set_rating([pid], 1)
    window.refresh_all()
    for _ in range(3):
        click_rating(window, up=True)
    click_rating(window, up=False)
    assert window.library.get(pid).rating == 3
    assert window.undo.count() == 1
    window.undo.undo()
    assert window.library.get(pid).rating == 1
    window.undo.redo()
    assert window.library.get(pid).rating == 3


def test_a_rating_click_at_the_maximum_leaves_no_undo_entry(window: MainWindow) -> None:
    window.table.selectRow(0)
    window.selection.flush()
    pid = window.model.paper_id(0)
    window.library.papers.set_rating([pid], 5)
    window.refresh_all()
    click_rating(window, up=True)
    click_rating(window, up=True)
    assert window.library.get(pid).rating == 5
    assert window.undo.count() == 0
