"""The one way the window writes: a queue of jobs run one at a time off the GUI thread.

SQLite wants one writer, and a write at 100k papers takes seconds, so every command, tag
edit and dialog action that writes is a job here. A job is a function given a `step`
callback: it calls `step(done, total)` between its transactions, which reports progress and
raises `Cancelled` once the user has asked to stop (what was done so far stays done, and
each command knows exactly what that was). The window shows the running job in the status
bar with a Cancel button. The runner is injectable: tests run jobs inline.
"""

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QObject, Signal, SignalInstance

from litman.core.errors import Cancelled
from litman.gui.i18n import fill, translate
from litman.gui.workers import Runner, Worker

Step = Callable[[int, int], None]
Work = Callable[[Step], Any]


@dataclass
class Job:
    label: str
    work: Work
    done: Callable[[Any], object] | None = None
    failed: Callable[[BaseException], None] | None = None
    stop: threading.Event = field(default_factory=threading.Event)
    worker: Worker | None = None


class WriteWorker(QObject):
    """Runs write jobs in order on a single-thread pool; says what it is doing."""

    started = Signal(str)  # a job's label, when it starts waiting or running
    progress = Signal(str, int, int)  # label, done, total
    finished = Signal(str, object)  # label, result
    failed = Signal(str, object)  # label, exception (Cancelled when the user stopped it)
    idle = Signal()  # nothing left to run

    def __init__(self, runner: Runner, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.runner = runner
        self._jobs: list[Job] = []  # queued or running, kept until they report
        self.gui_thread = threading.current_thread()

    def busy(self) -> bool:
        return bool(self._jobs)

    def submit(
        self,
        label: str,
        work: Work,
        done: Callable[[Any], object] | None = None,
        failed: Callable[[BaseException], None] | None = None,
    ) -> Job:
        """Queue `work(step)`; `done(result)` or `failed(exception)` runs on the GUI thread
        when it ends (and `finished` or `failed` is emitted)."""
        job = Job(label, work, done, failed)
        worker = Worker(lambda report: work(self._stepper(job, report)))
        job.worker = worker
        worker.signals.progress.connect(lambda d, t: self.progress.emit(label, d, t))
        worker.signals.finished.connect(lambda result: self._finished(job, result))
        worker.signals.failed.connect(lambda exc: self._failed(job, exc))
        self._jobs.append(job)
        self.started.emit(label)
        self.runner(worker)
        return job

    def cancel(self) -> None:
        """Stop every queued job and the running one at its next step."""
        for job in self._jobs:
            job.stop.set()

    @staticmethod
    def _stepper(job: Job, report: Callable[[int, int], None]) -> Step:
        def step(done: int, total: int) -> None:
            if job.stop.is_set():
                raise Cancelled(fill(translate("WriteProgress", "%1: cancelled"), job.label))
            report(done, total)

        return step

    def _finished(self, job: Job, result: Any) -> None:
        self._end(job, lambda: job.done and job.done(result), self.finished, result)

    def _failed(self, job: Job, exc: BaseException) -> None:
        self._end(job, lambda: job.failed and job.failed(exc), self.failed, exc)

    def _end(
        self, job: Job, callback: Callable[[], object], said: SignalInstance, value: object
    ) -> None:
        """Forget an ended job, run its own callback, then say it ended (and, when it was the
        last, that the worker is idle)."""
        if job in self._jobs:
            self._jobs.remove(job)
        callback()
        said.emit(job.label, value)
        if not self._jobs:
            self.idle.emit()
