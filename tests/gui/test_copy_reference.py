"""Edit → Copy Reference and Copy Citation: the selected papers in the chosen reference
style, HTML and plain text on the clipboard together, made on a worker thread (each test
waits for the copier's `done`); the style chosen in Edit → Reference Style is kept for the
next window; a style file gone is said, nothing copied."""

import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

import pytest
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from litman.core.records import NewPaper, Paper
from litman.formats import references
from litman.gui import settings
from litman.gui.window import references as copying
from litman.gui.window.main_window import MainWindow
from tests.gui.cells import row_of
from tests.gui.test_main_window import select_rows

pytestmark = pytest.mark.gui


@pytest.fixture
def walrus(window: MainWindow) -> MainWindow:
    window.library.papers.add_papers(
        [
            NewPaper(
                title="Walrus embeddings & <tusks>",
                citekey="walrus2020",
                authors=("Doe, Jane",),
                year=2020,
                venue="Marine Learning",
                entry_type="article",
            )
        ]
    )
    return window


def copied(qtbot: QtBot, window: MainWindow, action: QAction) -> str:
    """Trigger `action` and wait until the copy is made off the window's thread; the status
    line's message."""
    with qtbot.waitSignal(copying.copier(window).done, timeout=60_000) as said:
        action.trigger()
    message: str = said.args[0]
    return message


def _select_walrus(qtbot: QtBot, window: MainWindow) -> None:
    pid = window.library.get_by_citekey("walrus2020").id
    qtbot.waitUntil(lambda: window.model.row_of(pid) is not None, timeout=10_000)
    select_rows(window, [row_of(window.model, pid)])


def test_copy_reference_puts_html_and_text(qtbot: QtBot, walrus: MainWindow) -> None:
    _select_walrus(qtbot, walrus)
    QApplication.clipboard().clear()
    copied(qtbot, walrus, walrus.acts.copy_reference)
    data = QApplication.clipboard().mimeData()
    assert data.text() == "Doe, J. (2020). Walrus embeddings & <tusks>. Marine Learning."
    assert "<i>Marine Learning</i>" in data.html() and "&amp; &lt;tusks&gt;" in data.html()
    assert "(apa)" in walrus.statusBar().currentMessage()


def test_the_chosen_style_is_used_and_kept(qtbot: QtBot, walrus: MainWindow) -> None:
    _select_walrus(qtbot, walrus)
    walrus.acts.reference_styles["ieee"].trigger()
    copied(qtbot, walrus, walrus.acts.copy_citation)
    assert QApplication.clipboard().text() == "[1]"
    copied(qtbot, walrus, walrus.acts.copy_reference)
    assert QApplication.clipboard().text().startswith("[1] J. Doe, “Walrus embeddings")
    assert walrus.view.get(settings.CITE_STYLE) == "ieee"
    assert walrus.acts.reference_styles["ieee"].isChecked()


def test_a_style_file_gone_is_said_and_nothing_copied(
    qtbot: QtBot, walrus: MainWindow, tmp_path: Path
) -> None:
    _select_walrus(qtbot, walrus)
    walrus.view.set(settings.CITE_STYLE, str(tmp_path / "gone.csl"))
    QApplication.clipboard().setText("before")
    said = copied(qtbot, walrus, walrus.acts.copy_reference)
    assert QApplication.clipboard().text() == "before"
    assert "no style file at" in said == walrus.statusBar().currentMessage()


def test_references_are_made_off_the_windows_thread(qtbot: QtBot, walrus: MainWindow) -> None:
    """The window's thread only starts the copy: the formatting runs on a worker thread."""
    from PySide6.QtCore import QThread

    threads: list[QThread] = []
    real = references.render_both

    def render_both(
        papers: Iterable[Paper], style: str = references.DEFAULT_STYLE, locale: str = ""
    ) -> tuple[references.References, references.References]:
        threads.append(QThread.currentThread())
        return real(papers, style, locale)

    qtbot_patch = pytest.MonkeyPatch()
    qtbot_patch.setattr(references, "render_both", render_both)
    try:
        _select_walrus(qtbot, walrus)
        copied(qtbot, walrus, walrus.acts.copy_reference)
    finally:
        qtbot_patch.undo()
    qt_app = QApplication.instance()
    assert qt_app is not None
    assert threads and threads[0] is not qt_app.thread()
    assert QApplication.clipboard().text().startswith("Doe, J. (2020)")


def test_a_large_selection_is_copied_up_to_the_bound(qtbot: QtBot, walrus: MainWindow) -> None:
    walrus.library.papers.add_papers(
        [NewPaper(title=f"Paper {i}", authors=("Roe, Ann",), year=2001) for i in range(150)]
    )
    qtbot.waitUntil(lambda: walrus.model.rowCount() > 150, timeout=10_000)
    walrus.table.selectAll()
    n = len(walrus.selected_ids())
    assert 150 < n <= copying.MAX_PAPERS
    walrus.acts.reference_styles["ieee"].trigger()
    said = copied(qtbot, walrus, walrus.acts.copy_reference)
    assert f"[{n}]" in QApplication.clipboard().text(), said


def test_ctrl_shift_c_is_copy_reference(walrus: MainWindow) -> None:
    assert walrus.acts.copy_reference.shortcut().toString() == "Ctrl+Shift+C"
    assert references.DEFAULT_STYLE == "apa"


def test_a_run_that_ends_with_a_reference_copied_exits_cleanly() -> None:
    """The process ends without a crash when the clipboard still holds the copied reference
    (offscreen Qt died at exit, status 139, after the test had passed)."""
    here = Path(__file__).resolve()
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider",
         f"{here}::test_copy_reference_puts_html_and_text"],
        cwd=here.parents[2], capture_output=True, text=True, stdin=subprocess.DEVNULL,
        timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
