"""GUI fixtures: a main window over a copy of the seeded library, with inline workers, in
English with its plural forms (as `litman` starts with LANG=C)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from collections.abc import Generator, Iterator

    from PySide6.QtWidgets import QApplication
    from pytestqt.qtbot import QtBot

    from litman.core.library.facade import Library
    from litman.gui.window.main_window import MainWindow

pytestmark = pytest.mark.gui
ROOT = Path(__file__).resolve().parents[2]


def compile_translations() -> None:
    """The .qm files from resources/i18n/*.ts, as set-up makes them (when stale)."""
    spec = importlib.util.spec_from_file_location("translations", ROOT / "scripts/translations.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.compile_all()


@pytest.fixture(autouse=True, scope="session")
def english(qapp: QApplication) -> Iterator[None]:
    from litman.gui import i18n

    compile_translations()
    assert i18n.install(i18n.ENGLISH), "litman_en.qm did not load"
    yield
    # Qt's offscreen platform crashes at exit (SIGSEGV) when its clipboard still holds a
    # QMimeData made in Python (Copy Reference's): a run whose last test copied a reference
    # passed, then died with 139. The xcb clipboard does not; a test run empties it first.
    from PySide6.QtWidgets import QApplication

    QApplication.clipboard().clear()


@pytest.fixture(autouse=True)
def no_modifier_held() -> Iterator[None]:
    """QTest's key clicks with Ctrl or Shift leave the application's keyboard state saying
    the key is down: the next test's selectRow read Shift as held and selected nothing. A
    release with no modifier, to a widget of its own, puts the state back after each test."""
    yield
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication, QWidget

    if QApplication.keyboardModifiers() != Qt.KeyboardModifier.NoModifier:
        QTest.keyRelease(QWidget(), Qt.Key.Key_Shift)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_teardown(item: pytest.Item) -> Generator[None, object, object]:
    """A window deletes itself when closed: pytest-qt closes only the widgets still alive
    (it would call close() on a deleted one)."""
    import shiboken6

    # pytest-qt keeps the widgets to close in an attribute of its own on the item.
    widgets = getattr(item, "qt_widgets", None)
    if widgets:
        alive = [(w, f) for w, f in widgets if (o := w()) and shiboken6.isValid(o)]
        vars(item)["qt_widgets"] = alive
    return (yield)


@pytest.fixture
def window(qtbot: QtBot, seeded: Library, tmp_path: Path) -> MainWindow:
    from litman.gui.settings import ViewSettings
    from litman.gui.window.main_window import MainWindow
    from litman.gui.workers import run_inline

    win = MainWindow(seeded, ViewSettings(tmp_path / "view.ini"), runner=run_inline)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    return win


@pytest.fixture
def pooled_window(qtbot: QtBot, seeded: Library, tmp_path: Path) -> Iterator[MainWindow]:
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
