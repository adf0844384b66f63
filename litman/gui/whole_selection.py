"""The status and tags of a whole selection, read on a worker.

The detail pane shows a large selection at once from its first papers (the window reads
200 of them on the GUI thread); the statuses and tags of all of them come from two
aggregate reads over the ids (0.2 s CPU for 100k papers), off the GUI thread. An answer
for a selection that has changed since it was asked for is dropped.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PySide6.QtCore import QObject, QThreadPool, Signal

from litman.core.library import Library
from litman.core.records import Status
from litman.gui import workers
from litman.gui.workers import Worker


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
        self.asked = 0  # how many reads ran (tests count them)

    def ask(self, ids: Sequence[int]) -> None:
        self._asked += 1
        self.asked += 1
        asked, lib, ids = self._asked, self.library, list(ids)

        def read(_progress: Callable[[int, int], None]) -> tuple[int, Among]:
            among = Among(frozenset(lib.statuses_among(ids)), tuple(lib.tags.tags_among(ids)))
            return asked, among

        worker = Worker(read)
        worker.signals.finished.connect(self._answer)
        worker.signals.failed.connect(lambda exc: self._failed(asked, exc))
        workers.start(worker, QThreadPool.globalInstance())

    def drop(self) -> None:
        """Forget the question asked last: its answer is no longer wanted."""
        self._asked += 1

    def _failed(self, asked: int, exc: BaseException) -> None:
        if asked == self._asked:
            self.unanswered.emit(str(exc).splitlines()[0] if str(exc) else type(exc).__name__)

    def _answer(self, answer: tuple[int, Among]) -> None:
        asked, among = answer
        if asked == self._asked:
            self.answered.emit(among)
