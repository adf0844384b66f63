"""More things seen on screen at 1366×768: a rating clicked back to where it was leaves no
undo entry, a large selection marked read says "Read", and the BibTeX fields tab shows
more than a few rows."""

import pytest

from litman.core.records import Status

pytestmark = pytest.mark.gui


def test_a_large_selection_marked_read_says_read(qtbot, library, tmp_path) -> None:
    """After marking 100k papers read the bulk pane still said "Mixed": the mark is written
    in chunks, the pane read the whole selection between two of them, and the last chunk
    touched only papers past the first 200 the pane reads at once, so it was not redrawn.
    The chunks are written here one after the other, as the write queue does."""
    from litman.core.records import NewPaper
    from litman.gui.main_window import MainWindow
    from litman.gui.settings import ViewSettings
    from litman.gui.workers import run_inline

    library.add_papers([NewPaper(title=f"Paper {i}") for i in range(300)])
    win = MainWindow(library, ViewSettings(tmp_path / "v.ini"), runner=run_inline)
    qtbot.addWidget(win)
    win.show()
    ids = win.model.ids()
    win.table.selectAll()
    win.selection.flush()
    with qtbot.waitSignal(win.pane.whole.answered, timeout=10000):
        library.set_status(ids[:200], Status.READ)  # the first chunk
    assert win.detail.status.placeholderText() == "Mixed"
    library.set_status(ids[200:], Status.READ)  # the last chunk, past the papers read at once
    box = win.detail.status
    qtbot.waitUntil(lambda: box.currentText() == "Read", timeout=10000)
    assert box.currentIndex() == list(Status).index(Status.READ)
