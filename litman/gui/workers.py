"""Long work off the GUI thread: a QRunnable with a signals object, and an injectable runner.

Anything that writes runs on a single-thread pool, because SQLite wants one writer. Slots
touch widgets; workers never do. Tests pass `run_inline` to run tasks synchronously.
"""

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal


class WorkerSignals(QObject):
    progress = Signal(int, int)
    finished = Signal(object)
    failed = Signal(object)


class Worker(QRunnable):
    """Runs `fn(progress)`; emits finished(result) or failed(exception)."""

    def __init__(self, fn: Callable[[Callable[[int, int], None]], Any]) -> None:
        super().__init__()
        self.fn = fn
        self.signals = WorkerSignals()

    def run(self) -> None:
        try:
            result = self.fn(self.signals.progress.emit)
        except Exception as exc:  # reported to the user by the failed slot
            self.signals.failed.emit(exc)
        else:
            self.signals.finished.emit(result)


Runner = Callable[[Worker], None]
_WRITE_POOL: QThreadPool | None = None


def run_in_pool(worker: Worker) -> None:
    global _WRITE_POOL
    if _WRITE_POOL is None:
        _WRITE_POOL = QThreadPool()
        _WRITE_POOL.setMaxThreadCount(1)
    _WRITE_POOL.start(worker)


def run_inline(worker: Worker) -> None:
    worker.run()


def wait_for_all() -> None:
    """Block until every worker (writes and background reads) has finished."""
    if _WRITE_POOL is not None:
        _WRITE_POOL.waitForDone()
    QThreadPool.globalInstance().waitForDone()
