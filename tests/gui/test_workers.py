"""Background jobs are owned until they report: an import's report always comes."""

import gc
from collections.abc import Callable, Sized
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from litman.core.records import ImportReport
from litman.gui import workers
from litman.gui.dialogs import dialogs
from litman.gui.window.main_window import MainWindow
from litman.gui.workers import run_in_pool

pytestmark = pytest.mark.gui


def has(items: Sized, count: int) -> Callable[[], bool]:
    """Whether `items` has reached `count`: a condition to wait for."""
    return lambda: len(items) == count


def _naming(held: object) -> Callable[[Callable[[int, int], None]], str]:
    """Work that holds `held` and names its type."""
    return lambda _progress: type(held).__name__


@pytest.mark.slow
def test_five_imports_on_the_real_pool_all_report(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[list[ImportReport]] = []
    monkeypatch.setattr(dialogs, "show_report", lambda _win, reports: shown.append(reports))
    window.runner = run_in_pool
    for n in range(5):
        bib = tmp_path / f"refs{n}.bib"
        bib.write_text(
            f"@article{{k{n}, title={{Paper number {n}}}, author={{Doe, Jane}}, year=2021}}\n"
        )
        dialogs.run_import(window, [bib])  # the window drops the worker, as a menu action does
        gc.collect()
        qtbot.waitUntil(has(shown, n + 1), timeout=10000)
    assert [sum(len(r.added) for r in reports) for reports in shown] == [1] * 5


@pytest.mark.slow
def test_a_failed_import_on_the_real_pool_always_says_so(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    told: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text, *a: told.append(text))
    monkeypatch.setattr(QMessageBox, "critical", lambda _p, _t, text, *a: told.append(text))
    window.runner = run_in_pool
    for n in range(3):
        dialogs.run_import(window, [tmp_path / f"missing{n}.bib"])
        gc.collect()
        qtbot.waitUntil(has(told, n + 1), timeout=10000)
    qtbot.waitUntil(lambda: workers.running() == 0)  # each one let go once it reported


def test_a_worker_that_has_reported_lets_go_of_what_its_work_held(qtbot: QtBot) -> None:
    """The pool owns a started worker's C++ side for good (auto-delete is off): the work it
    ran, and the Library that work held, stayed in memory (the window at 100k, twice)."""
    import gc
    import weakref

    from PySide6.QtCore import QThreadPool

    from litman.gui import workers
    from litman.gui.workers import Worker

    class Held:
        pass

    held = Held()
    gone = weakref.ref(held)
    worker = Worker(_naming(held))
    del held
    with qtbot.waitSignal(worker.signals.finished):
        workers.start(worker, QThreadPool.globalInstance())
    workers.wait_for_all()
    qtbot.waitUntil(lambda: workers.running() == 0)  # its release, after the test's slot
    del worker
    gc.collect()
    assert gone() is None


def test_a_pooled_worker_lets_go_of_its_work_on_the_gui_thread(qtbot: QtBot) -> None:
    """What a worker's work held is let go of on the GUI thread, never on the pool's: there, a
    threading.Event whose `set` a progress dialog's Cancel was connected to was collected by
    the import worker's thread as it returned, and PySide's disconnect from the dialog waited
    for the GIL while the GUI thread, holding it, waited inside that dialog's setValue for the
    connection lock the pool thread held: a deadlock that stopped the whole test run."""
    import threading

    from PySide6.QtCore import QThreadPool

    from litman.gui import workers
    from litman.gui.workers import Worker

    let_go_on: list[str] = []

    class Held:
        def __del__(self) -> None:
            let_go_on.append(threading.current_thread().name)

    worker = Worker(_naming(Held()))
    reported: list[object] = []
    worker.signals.finished.connect(reported.append)
    workers.start(worker, QThreadPool.globalInstance())
    del worker
    qtbot.waitUntil(lambda: bool(let_go_on))
    workers.wait_for_all()
    assert reported == ["Held"]
    assert let_go_on == [threading.main_thread().name]
