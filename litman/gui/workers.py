"""Long work off the GUI thread: a QRunnable with a signals object, and an injectable runner.

Anything that writes runs on a single-thread pool, because SQLite wants one writer. Slots
touch widgets; workers never do. Tests pass `run_inline` to run tasks synchronously.

Every worker started here is owned by this module until it has reported: a QRunnable that
Python collects takes its signals object with it, and the import report, the progress
dialog or the error message never comes (4 imports in 5, before).
"""

import logging
import sys
from collections.abc import Callable
from functools import partial
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

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
        # The pool keeps a started worker's C++ side for good (auto-delete is off), and the
        # Python side with it: the work, and what it holds (a Library), is let go of here.
        fn, self.fn = self.fn, _ran
        try:
            result = fn(self.signals.progress.emit)
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
    _RUNNING.pop(key, None)


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


def wait_for_all() -> None:
    """Block until every worker (writes and background reads) has finished."""
    if _WRITE_POOL is not None:
        _WRITE_POOL.waitForDone()
    QThreadPool.globalInstance().waitForDone()
