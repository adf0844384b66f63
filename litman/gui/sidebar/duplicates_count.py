"""The count on the sidebar's Duplicates row: how many groups of papers are probably one work.

Finding them reads the whole library (`Library.duplicates.find`: a second or two of CPU at
100k papers), so it runs on a worker, once the window has shown and again a moment after a
change that can make or break a group: papers added, deleted or merged, a field the finder
reads edited (a tag, a status, a note or a rating is not one), a group dismissed. Changes
that come while a count runs make one more count after it, not one each.
"""

from PySide6.QtCore import QObject, QThreadPool, QTimer, Signal

from litman.core.library.facade import Library
from litman.core.records import Changes
from litman.gui import workers

# After a change, the count waits this long for the next one: an import or a bulk edit
# publishes a change per transaction.
DELAY_MS = 1500
# The paper fields the duplicate finder reads (`litman.core.library.duplicates`).
MATCHED = frozenset(
    {"doi", "url", "extra", "title", "title_derived", "authors", "year", "abstract"}
)


class DuplicatesCount(QObject):
    counted = Signal(int)  # the number of groups, when a count has ended

    def __init__(self, library: Library, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.library = library
        self.count: int | None = None  # None until the first count has ended
        self.timer = QTimer(self, singleShot=True, interval=DELAY_MS)
        self.timer.timeout.connect(self._start)
        self._running: workers.Worker | None = None
        self._again = False

    def later(self) -> None:
        """Count again a moment from now (a change coming after restarts the wait)."""
        self.timer.start()

    def changed(self, changes: Changes) -> None:
        """A change came: count again if it can make or break a group (a change whose
        record does not say which fields it wrote is taken as one that can)."""
        edited = bool(changes.updated) and (not changes.fields or bool(changes.fields & MATCHED))
        if changes.added or changes.deleted or edited or changes.dismissed_changed:
            self.later()

    def _start(self) -> None:
        if self._running is not None:
            self._again = True
            return
        lib = self.library
        worker = workers.Worker(lambda _progress: len(lib.duplicates.find()))
        worker.signals.finished.connect(self._done)
        worker.signals.failed.connect(self._failed)
        self._running = worker
        workers.start(worker, QThreadPool.globalInstance())

    def _done(self, groups: int) -> None:
        self._running = None
        self.count = groups
        self.counted.emit(groups)
        self._next()

    def _failed(self, _exc: BaseException) -> None:
        """A count that failed (a shared library's server away) leaves the last one shown."""
        self._running = None
        self._next()

    def _next(self) -> None:
        if self._again:
            self._again = False
            self._start()
