"""Every action lands on the paper the user sees: selection while the index builds, the
detail pane after a search or a delete, notes on leaving, failed commands and undo."""

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from litman.core.records import Status
from litman.gui.main_window import MainWindow
from litman.gui.settings import ViewSettings
from litman.gui.workers import run_inline

pytestmark = pytest.mark.gui


@pytest.fixture
def indexing_window(qtbot, seeded, tmp_path: Path):
    """A window opened before the search index exists, as on a large library's start."""
    seeded.index.invalidate()
    win = MainWindow(seeded, ViewSettings(tmp_path / "v.ini"), run_inline, index_in_background=True)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    return win


def test_enter_while_the_index_builds_selects_the_hit_not_row_zero(indexing_window, qtbot):
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
