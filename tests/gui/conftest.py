"""GUI fixtures: a main window over a copy of the seeded library, with inline workers."""

from pathlib import Path

import pytest

pytestmark = pytest.mark.gui


@pytest.fixture
def window(qtbot, seeded, tmp_path: Path):
    from litman.gui.main_window import MainWindow
    from litman.gui.settings import ViewSettings
    from litman.gui.workers import run_inline

    win = MainWindow(seeded, ViewSettings(tmp_path / "view.ini"), runner=run_inline)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    return win


@pytest.fixture
def pooled_window(qtbot, seeded, tmp_path):
    """A window whose writes really run on the write pool, as in use."""
    from litman.gui.main_window import MainWindow
    from litman.gui.settings import ViewSettings
    from litman.gui.workers import run_in_pool, wait_for_all

    win = MainWindow(seeded, ViewSettings(tmp_path / "view.ini"), runner=run_in_pool)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    yield win
    wait_for_all()
