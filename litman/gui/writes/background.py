"""The window's background work: integrity check, the day's backup and the search index.

After the window shows, a worker thread checks the file's integrity when it can matter (the
day's first open, or after an unclean shutdown: `Library.check_due`), takes the day's backup
when the file is sound, and builds (or loads) the search index. A check asked for from the
File menu runs on a worker too. Searches wait for the index while `running` (the window shows
exact matches meanwhile); `done` says when they may use it.
"""

from collections.abc import Callable

from PySide6.QtCore import QObject, QThreadPool, Signal

from litman.core.library.facade import Library
from litman.gui import workers
from litman.gui.workers import Worker


class BackgroundWork(QObject):
    done = Signal()  # the index is ready (or its build failed): searches may go on
    damaged = Signal(str)  # what the integrity check found wrong
    failed = Signal(str)  # the backup or the index build failed: why
    checked = Signal(str)  # an asked-for check's answer: 'ok' or what is wrong

    def __init__(self, library: Library, running: bool, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.library = library
        self.running = running  # until `done`, searches wait for the index
        self.integrity = ""  # the last check's answer ('' before any check ran)

    def start(self) -> None:
        """Check when it can matter, back up, build the index: off the GUI thread."""
        lib = self.library
        self.running = True

        def work(_progress: Callable[[int, int], None]) -> str:
            problem = lib.check() if lib.check_due() else "ok"
            if problem == "ok":
                lib.take_daily_backup()  # a copy of a damaged file would be no backup
            lib.build_index()
            return problem

        self._run(work, self._finished, self._failed)

    def check_now(self) -> None:
        """The integrity check, asked for: its answer comes as `checked` (and `damaged`)."""
        lib = self.library
        self._run(lambda _progress: lib.check(), self._answered, self._failed)

    def _run(
        self,
        work: Callable[[Callable[[int, int], None]], str],
        finished: Callable[[str], None],
        failed: Callable[[BaseException], None],
    ) -> None:
        worker = Worker(work)
        worker.signals.finished.connect(finished)
        worker.signals.failed.connect(failed)
        workers.start(worker, QThreadPool.globalInstance())

    def _finished(self, problem: str) -> None:
        self.integrity = problem
        self.running = False
        self.done.emit()
        if problem != "ok":
            self.damaged.emit(problem)

    def _answered(self, problem: str) -> None:
        self.integrity = problem
        self.checked.emit(problem)
        if problem != "ok":
            self.damaged.emit(problem)

    def _failed(self, exc: BaseException) -> None:
        """The backup or the index build failed (the integrity check itself never raises):
        say so, and let searches try the index again on their own."""
        self.running = False
        self.done.emit()
        self.failed.emit(str(exc))
