"""A shared library's news in the window: other clients' writes as they happen, and the
server going away and coming back.

The library's watch (`litman.core.store.live`) listens on a thread of its own. On a notice,
`LiveLink` first catches the library up there (`Library.changed_elsewhere`: the search index
replays the change journal off the GUI thread), then says `changed` with what the journal
told, queued to the GUI thread, where the window redraws only that (every row and count
when the journal could not tell). When the server goes away it says `lost(why)`, when it is
back `back`; `probe()` asks the server on a thread whether it answers again (a write can
find it gone before the watch does). A file library has no watch: `active` is False and the
window polls instead.
"""

import threading
from collections.abc import Callable

from PySide6.QtCore import QObject, Signal

from litman.core.errors import LitmanError
from litman.core.library.facade import Library


class LiveLink(QObject):
    # Another client's write, caught up: what to redraw (a list of Changes), or None for
    # everything (the journal could not tell).
    changed = Signal(object)
    lost = Signal(str)  # the server cannot be reached: why, in one line
    back = Signal()  # it can again

    def __init__(
        self, library: Library, busy: Callable[[], bool], parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.library = library
        # While the window's own write runs, news waits for `idle`: a look between a commit
        # of it and its bookkeeping would take it for another client's (a bulk write's chunk
        # for many papers changed elsewhere: the search index reconciled).
        self._busy = busy
        self._missed = False
        self.watch = library.watch(self._heard, self._state)
        self._lock = threading.Lock()  # held to emit from another thread, and to stop
        self._stopped = False
        self._probing = threading.Lock()

    @property
    def active(self) -> bool:
        return self.watch is not None

    def start(self) -> None:
        if self.watch is not None:
            self.watch.start()

    def stop(self) -> None:
        """Stop listening; no signal comes after this returns."""
        with self._lock:
            self._stopped = True
        if self.watch is not None:
            self.watch.stop()

    def probe(self) -> None:
        """Ask the server, off the GUI thread, whether it answers; `back` when it does. One
        question at a time: a server away over a network takes its connect timeout."""
        if self._probing.acquire(blocking=False):
            threading.Thread(target=self._probe, name="litman-probe", daemon=True).start()

    # -- on the watch's (or the probe's) thread ----------------------------------------------

    def _probe(self) -> None:
        try:
            self.library.check()
        except LitmanError:
            return
        finally:
            self._probing.release()
        self._say(self.back.emit)

    def idle(self) -> None:
        """The window's writes have ended: take in the news that waited for them."""
        if self._missed:
            self._missed = False
            self._heard()

    def _heard(self) -> None:
        if self._busy():
            self._missed = True
            if self._busy():  # else it ended meanwhile, maybe before `idle` could see this
                return
            self._missed = False
        try:
            told = self.library.changes_elsewhere()
        except LitmanError:
            return  # the server went away meanwhile: the watch says so next
        if told is None or told:
            self._say(lambda: self.changed.emit(told))

    def _state(self, up: bool, why: str) -> None:
        self._say(self.back.emit if up else lambda: self.lost.emit(why))

    def _say(self, emit: Callable[[], None]) -> None:
        with self._lock:
            if not self._stopped:
                emit()
