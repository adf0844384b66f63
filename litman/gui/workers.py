"""Long work off the GUI thread: a QRunnable with a signals object, and an injectable runner.

Anything that writes runs on a single-thread pool, because SQLite wants one writer. Slots
touch widgets; workers never do. Tests pass `run_inline` to run tasks synchronously.

Every worker started here is owned by this module until it has reported: a QRunnable that
Python collects takes its signals object with it, and the import report, the progress
dialog or the error message never comes (4 imports in 5, before). What it held is then let
go of on the GUI thread (`_release`), never on the pool's.
"""

import logging
import sys
from collections.abc import Callable
from functools import partial
from typing import Any

from PySide6.QtCore import QMetaMethod, QObject, QRunnable, QThreadPool, Signal

from litman.core.errors import LitmanError

log = logging.getLogger(__name__)


class WorkerSignals(QObject):
    progress = Signal(int, int)
    finished = Signal(object)
    failed = Signal(object)


class Worker(QRunnable):
    """Runs `fn(progress)`; emits finished(result) or failed(exception)."""

    def __init__(self, fn: Callable[[Callable[[int, int], None]], Any]) -> None:
        super().__init__()
        self.setAutoDelete(False)  # Python owns it (see `start`), not the pool
        self.fn = fn
        self.signals = WorkerSignals()

    def run(self) -> None:
        # The work is called through the attribute, never held in a local: what it holds is
        # let go of by `_release` on the GUI thread, not by this thread as it returns.
        try:
            result = self.fn(self.signals.progress.emit)
        except Exception as exc:  # reported to the user by the failed slot
            if not isinstance(exc, LitmanError):  # a bug: the slot says a line, the log more
                log.warning("Work on a worker thread failed", exc_info=exc)
            self.signals.failed.emit(exc)
        else:
            self.signals.finished.emit(result)


def _ran(_progress: Callable[[int, int], None]) -> None:
    """What a worker holds once its work has run."""


Runner = Callable[[Worker], None]
# Every call from Qt into Python (a table cell's data(), a slot) takes the GIL anew. While a
# worker runs Python (a write of 100k papers), each take waited up to the interpreter's 5 ms
# switch interval: a repaint of the table (~2,400 calls) took seconds. 0.5 ms cut the wait
# for 500 takes from 1.4 s to 0.4 s on the loaded 2-core machine.
GUI_SWITCH_INTERVAL = 0.0005


def share_the_gil() -> None:
    """Let the GUI thread take the GIL back quickly from a busy worker."""
    sys.setswitchinterval(GUI_SWITCH_INTERVAL)


_WRITE_POOL: QThreadPool | None = None
_RUNNING: dict[int, Worker] = {}  # started and not yet reported, by id()


def start(worker: Worker, pool: QThreadPool) -> None:
    """Run `worker` on `pool`, holding it until its finished or failed signal has been
    delivered. Connect its slots first: the release is delivered after them."""
    key = id(worker)
    _RUNNING[key] = worker
    release = partial(_release, key)  # holds the key, not the worker
    worker.signals.finished.connect(release)
    worker.signals.failed.connect(release)
    pool.start(worker)


def _release(key: int, *_result: object) -> None:
    """On the GUI thread, once the worker has reported: let go of its work (what the work
    held, a Library say) and of its slots (closures holding dialogs and the window) here.
    Collected on the pool's thread instead, a closure's cell can be the last holder of an
    object whose bound method a widget's signal is connected to; PySide's disconnect from
    that widget there waits for the GIL while the GUI thread, holding it, waits for the
    widget's connection lock: the window (and the test run) hung for good."""
    worker = _RUNNING.pop(key, None)
    if worker is None:
        return
    worker.fn = _ran
    signals = worker.signals
    for signal in (signals.progress, signals.finished, signals.failed):
        # Disconnected, not deleted: the pool's thread may still be returning from the emit.
        if signals.isSignalConnected(QMetaMethod.fromSignal(signal)):
            signal.disconnect()


def running() -> int:
    """How many started workers have not reported yet."""
    return len(_RUNNING)


def run_in_pool(worker: Worker) -> None:
    global _WRITE_POOL
    if _WRITE_POOL is None:
        _WRITE_POOL = QThreadPool()
        _WRITE_POOL.setMaxThreadCount(1)
    start(worker, _WRITE_POOL)


def run_inline(worker: Worker) -> None:
    worker.run()
    worker.fn = _ran


def wait_for_all() -> None:
    """Block until every worker (writes and background reads) has finished."""
    if _WRITE_POOL is not None:
        _WRITE_POOL.waitForDone()
    QThreadPool.globalInstance().waitForDone()
