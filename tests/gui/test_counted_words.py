"""The window counts one as one: "1 paper", never "1 papers", in the status bar."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from pytestqt.qtbot import QtBot

from litman.core.library.facade import Library
from litman.core.records import NewPaper

if TYPE_CHECKING:
    from collections.abc import Iterator

    from litman.gui.window.main_window import MainWindow

pytestmark = pytest.mark.gui


@pytest.fixture
def one_paper_window(qtbot: QtBot, tmp_path: Path) -> Iterator[MainWindow]:
    from litman.gui.settings import ViewSettings
    from litman.gui.window.main_window import MainWindow
    from litman.gui.workers import run_inline

    lib = Library.open(tmp_path / "lib.sqlite")
    lib.papers.add_papers([NewPaper(title="Walrus embeddings", citekey="walrus")])
    win = MainWindow(lib, ViewSettings(tmp_path / "view.ini"), runner=run_inline)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    yield win
    lib.close()


def said(win: MainWindow) -> str:
    return win.statusBar().currentMessage()


def test_the_counts_of_one_paper_say_one(one_paper_window: MainWindow, qtbot: QtBot) -> None:
    win = one_paper_window
    win.table.selectRow(0)
    win.selection.flush()
    qtbot.waitUntil(lambda: "1 selected" in said(win))
    assert said(win).startswith("1 paper · 1 shown")


def test_copying_one_paper_says_one(one_paper_window: MainWindow, qtbot: QtBot) -> None:
    win = one_paper_window
    win.table.selectRow(0)
    win.selection.flush()
    win.acts.copy_key.trigger()
    assert said(win) == "Copied the citation key of 1 paper"
    win.copy_as("ris")
    assert said(win).startswith("Copied 1 paper as RIS")
