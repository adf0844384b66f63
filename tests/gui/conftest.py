"""GUI fixtures: a main window over a copy of the seeded library, with inline workers."""

from pathlib import Path

import pytest

pytestmark = pytest.mark.gui


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_teardown(item):
    """A window deletes itself when closed: pytest-qt closes only the widgets still alive
    (it would call close() on a deleted one)."""
    import shiboken6

    widgets = getattr(item, "qt_widgets", None)
    if widgets:
        item.qt_widgets = [(w, f) for w, f in widgets if (o := w()) and shiboken6.isValid(o)]
    return (yield)


@pytest.fixture
def window(qtbot, seeded, tmp_path: Path):
    from litman.gui.settings import ViewSettings
    from litman.gui.window.main_window import MainWindow
    from litman.gui.workers import run_inline

    win = MainWindow(seeded, ViewSettings(tmp_path / "view.ini"), runner=run_inline)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    return win


@pytest.fixture
def pooled_window(qtbot, seeded, tmp_path):
    """A window whose writes really run on the write pool, as in use."""
    from litman.gui.settings import ViewSettings
    from litman.gui.window.main_window import MainWindow
    from litman.gui.workers import run_in_pool, wait_for_all

    win = MainWindow(seeded, ViewSettings(tmp_path / "view.ini"), runner=run_in_pool)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    yield win
    wait_for_all()
