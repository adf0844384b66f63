"""An unexpected error in the window: one dialog, the traceback in the log and on the
clipboard, and nothing on stderr in normal use."""

import logging
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from litman import __version__, diagnostics
from litman.core.errors import ServerUnreachableError
from litman.gui.window import error_report
from litman.gui.window.error_report import ErrorDialog, ErrorReporter
from litman.gui.window.main_window import MainWindow

ROOT = Path(__file__).resolve().parent.parent.parent


def log_text() -> str:
    return (diagnostics.log_dir() / diagnostics.LOG_NAME).read_text(encoding="utf-8")


@pytest.fixture
def shown(qapp: QApplication, monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The summaries of each error dialog shown; the dialog returns at once."""
    seen: list[list[str]] = []

    def exec_(dialog: ErrorDialog) -> int:
        seen.append(list(dialog.summaries))
        return 0

    monkeypatch.setattr(ErrorDialog, "exec", exec_)
    return seen


@pytest.fixture
def reporter(qapp: QApplication, shown: list[list[str]]) -> Iterator[ErrorReporter]:
    """The window's logging and hooks, as `litman` installs them."""
    with diagnostics.logging_to_file(logging.INFO, faults=True, extra=error_report.QT):
        hooks = ErrorReporter()
        hooks.install()
        yield hooks
        hooks.uninstall()


def broken_slot() -> None:
    raise RuntimeError("a slot went wrong")


def test_an_exception_in_a_slot_shows_one_dialog_and_is_logged(
    qtbot: QtBot, reporter: ErrorReporter, shown: list[list[str]]
) -> None:
    for _ in range(3):  # a burst
        QTimer.singleShot(0, broken_slot)
    qtbot.waitUntil(lambda: bool(shown))
    with qtbot.waitSignal(reporter.caught):  # the same error later: logged, not shown again
        QTimer.singleShot(0, broken_slot)
    qtbot.waitUntil(lambda: reporter.dialog is None)
    assert shown == [["RuntimeError: a slot went wrong"] * 3]
    text = log_text()
    assert text.count("Traceback") == 4 and "in broken_slot" in text
    assert f"litman {__version__}" in text.splitlines()[0] and "Qt 6." in text.splitlines()[0]


def test_an_exception_on_a_thread_is_shown_on_the_gui_thread(
    qtbot: QtBot, reporter: ErrorReporter, shown: list[list[str]]
) -> None:
    import threading

    thread = threading.Thread(target=broken_slot, name="worker-x")
    thread.start()
    thread.join()
    qtbot.waitUntil(lambda: bool(shown))
    assert shown == [["RuntimeError: a slot went wrong"]]
    assert "Unexpected error in worker-x" in log_text()


def test_copy_details_puts_the_traceback_and_versions_on_the_clipboard(
    qtbot: QtBot, reporter: ErrorReporter
) -> None:
    try:
        broken_slot()
    except RuntimeError as exc:
        info = (type(exc), exc, exc.__traceback__)
    dialog = ErrorDialog(diagnostics.summary(info[1]), diagnostics.details(info, error_report.QT))
    qtbot.addWidget(dialog)
    dialog.copy_button.click()
    copied = QApplication.clipboard().text()
    assert copied.startswith(f"litman {__version__}; platform ")
    assert "Traceback (most recent call last)" in copied and "in broken_slot" in copied
    assert "RuntimeError: a slot went wrong" in copied


def test_open_log_folder_opens_the_log_folder(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[QUrl] = []

    def open_url(url: QUrl) -> bool:
        opened.append(url)
        return True

    monkeypatch.setattr(QDesktopServices, "openUrl", open_url)
    boxes = _boxes(monkeypatch)
    window.acts.open_log_folder.trigger()
    assert [Path(u.toLocalFile()) for u in opened] == [diagnostics.log_dir()]
    assert diagnostics.log_dir().is_dir()
    assert boxes == []


def _boxes(monkeypatch: pytest.MonkeyPatch) -> list[QMessageBox]:
    """The message boxes shown; each returns at once."""
    seen: list[QMessageBox] = []

    def exec_(box: QMessageBox) -> int:
        seen.append(box)
        return 0

    monkeypatch.setattr(QMessageBox, "exec", exec_)
    return seen


def test_with_no_file_manager_the_log_folders_path_is_shown(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    # xdg-open with nothing to open a folder says so on the terminal only: openUrl is False
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: False)
    boxes = _boxes(monkeypatch)
    window.acts.open_log_folder.trigger()
    (box,) = boxes
    assert str(diagnostics.log_dir()) in box.text().splitlines()
    flags = box.textInteractionFlags()
    assert flags & Qt.TextInteractionFlag.TextSelectableByMouse  # to copy it from there


def test_an_unexpected_error_in_the_poll_is_reported_once(
    qtbot: QtBot,
    window: MainWindow,
    reporter: ErrorReporter,
    shown: list[list[str]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken() -> None:
        raise KeyError("journal row")

    monkeypatch.setattr(window.library, "changes_elsewhere", broken)
    for _ in range(5):  # the timer, every 2 s
        window.poll_changes()
    qtbot.waitUntil(lambda: bool(shown))
    assert shown == [["KeyError: 'journal row'"]]
    assert log_text().count("KeyError: 'journal row'") == 1


@pytest.mark.parametrize("error", [ServerUnreachableError("gone"), FileNotFoundError("gone")])
def test_an_expected_error_in_the_poll_is_not_reported(
    qtbot: QtBot,
    window: MainWindow,
    reporter: ErrorReporter,
    shown: list[list[str]],
    monkeypatch: pytest.MonkeyPatch,
    error: Exception,
) -> None:
    def away() -> None:
        raise error

    monkeypatch.setattr(window.library, "changes_elsewhere", away)
    with qtbot.assertNotEmitted(reporter.caught):  # the hook emits at once, on this thread
        window.poll_changes()
    assert shown == [] and "gone" not in log_text()


QUIET = """
import sys
from PySide6.QtCore import QTimer, qWarning
from PySide6.QtWidgets import QApplication, QMessageBox
from litman.core.records import Status
from litman.gui.window import error_report
from litman.gui.window import launch
from litman.gui.window.main_window import MainWindow

shown = []
error_report.ErrorDialog.exec = lambda dialog: shown.append(dialog.summaries) or 0


def work(app):
    wins = [w for w in app.topLevelWidgets() if isinstance(w, MainWindow)]
    if not wins:  # not made yet: look again once it is
        QTimer.singleShot(10, lambda: work(app))
        return
    win = wins[0]
    win.search.setText("learning")
    win.apply_filter(wait=True)
    win.table.selectRow(0)
    win.acts.status[Status.READ].trigger()
    win.poll_changes()
    win.acts.copy.trigger()
    win.acts.find.trigger()
    qWarning("Qt had something to say")  # as Qt's own warnings come: to the log
    app.closeAllWindows()


app = QApplication(sys.argv)
QTimer.singleShot(0, lambda: work(app))
code = launch.run(sys.argv[1])
sys.exit(code or (3 if shown else 0))
"""


def test_the_window_writes_nothing_to_stdout_or_stderr(seeded_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-c", QUIET, str(seeded_path)],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    text = log_text()
    assert "started, pid" in text and "WARNING litman.qt [MainThread]: Qt had something" in text


@pytest.mark.parametrize(
    ("error", "logged"), [(ZeroDivisionError("odd"), True), (ServerUnreachableError("odd"), False)]
)
def test_a_worker_logs_an_unexpected_failure_with_its_traceback(
    qapp: QApplication, error: Exception, logged: bool
) -> None:
    from litman.gui.workers import Worker, run_inline

    def work(_progress: object) -> None:
        raise error

    failed: list[BaseException] = []
    with diagnostics.logging_to_file(logging.INFO):
        worker = Worker(work)
        worker.signals.failed.connect(failed.append)
        run_inline(worker)
    assert failed == [error]  # its slot still says it
    text = log_text() if (diagnostics.log_dir() / diagnostics.LOG_NAME).exists() else ""
    assert ("Traceback" in text and "in work" in text) is logged


@pytest.mark.qt_log_ignore("Qt lost its way")
def test_a_critical_qt_message_is_logged_and_shown(
    qtbot: QtBot, reporter: ErrorReporter, shown: list[list[str]]
) -> None:
    from PySide6.QtCore import qCritical

    qCritical("Qt lost its way")
    qtbot.waitUntil(lambda: bool(shown))
    assert shown == [["Qt: Qt lost its way"]]
    assert "ERROR litman.qt [MainThread]: Qt lost its way" in log_text()
