"""The status and tags of a whole selection, read on a worker.

The detail pane shows a large selection at once from its first papers (200 of them, read
on the GUI thread); the statuses and tags of all of them come from two aggregate reads
over the ids (0.2 s CPU for 100k papers), off the GUI thread. The read starts once the
selection has rested for `REST_MS`, and one runs at a time: a worker started at once took
the GIL from the GUI thread while it was still drawing the selection (Ctrl+A at 100k
papers, 83-170 -> 183-328 ms at load 15), and a selection grown key by key (Shift+Down
held) started a read of up to 100k ids per step. An answer for a selection that has
changed since it was asked for is dropped.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QObject, QThreadPool, QTimer, Signal

from litman.core.library.facade import Library
from litman.core.records import Status
from litman.gui import workers
from litman.gui.workers import Worker

REST_MS = 120


@dataclass(frozen=True)
class Among:
    """What the papers of a selection hold between them."""

    statuses: frozenset[Status]
    tags: tuple[str, ...]  # by name


class WholeSelection(QObject):
    """Asks for the statuses and tags among a selection; `answered(Among)` for the latest."""

    answered = Signal(object)
    unanswered = Signal(str)  # the latest question's read failed: why

    def __init__(self, library: Library, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.library = library
        self._asked = 0  # the number of the latest question; older answers are dropped
        self._ids: Callable[[], Sequence[int]] | None = None  # the latest, not yet read
        self._running = False
        self.asked = 0  # how many reads ran (tests count them)
        self._rest = QTimer(self, singleShot=True, interval=REST_MS)
        self._rest.timeout.connect(self._start)

    def ask(self, ids: Callable[[], Sequence[int]]) -> None:
        """Read the papers `ids()` gives once the selection rests."""
        self._asked += 1
        self._ids = ids
        self._rest.start()

    def drop(self) -> None:
        """Forget the question asked last: its answer is no longer wanted."""
        self._asked += 1
        self._ids = None
        self._rest.stop()

    def _start(self) -> None:
        if self._running or self._ids is None:
            return  # the running read's end starts this one
        asked, lib, ids = self._asked, self.library, list(self._ids())
        self._ids = None
        self._running = True
        self.asked += 1

        def read(_progress: Callable[[int, int], None]) -> tuple[int, Among]:
            among = Among(frozenset(lib.statuses_among(ids)), tuple(lib.tags.tags_among(ids)))
            return asked, among

        worker = Worker(read)
        worker.signals.finished.connect(self._answer)
        worker.signals.failed.connect(lambda exc: self._failed(asked, exc))
        workers.start(worker, QThreadPool.globalInstance())

    def _failed(self, asked: int, exc: BaseException) -> None:
        self._running = False
        if asked == self._asked:
            self.unanswered.emit(str(exc).splitlines()[0] if str(exc) else type(exc).__name__)
        self._start()

    def _answer(self, answer: tuple[int, Among]) -> None:
        self._running = False
        asked, among = answer
        if asked == self._asked:
            self.answered.emit(among)
        self._start()
