"""SIGTERM, SIGINT and SIGHUP close the app as Quit does: each window saves its state (view,
the paper being edited) and the library is closed with the search index saved.

Python runs a signal handler only when the interpreter next gets control, and Qt's event
loop can sit in C for as long as nothing happens: the signal's number is written to a socket
(`signal.set_wakeup_fd`) that a QSocketNotifier watches, which wakes the event loop at once.
"""

import signal
import socket
from collections.abc import Callable

from PySide6.QtCore import QObject, QSocketNotifier

NAMES = ("SIGTERM", "SIGINT", "SIGHUP")  # SIGHUP: not on Windows


class QuitOnSignal(QObject):
    """Calls `close_all` once one of NAMES arrives; `uninstall` puts the old handlers back."""

    def __init__(self, close_all: Callable[[], None], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.close_all = close_all
        self.received: list[int] = []  # the signals that came, in order
        self._read, self._write = socket.socketpair()
        for end in (self._read, self._write):
            end.setblocking(False)
        self._old_fd = signal.set_wakeup_fd(self._write.fileno())
        self._old = {
            num: signal.signal(num, _noted)
            for num in (getattr(signal, name, None) for name in NAMES)
            if num is not None
        }
        self._notifier = QSocketNotifier(self._read.fileno(), QSocketNotifier.Type.Read, self)
        self._notifier.activated.connect(self._woken)

    def _woken(self) -> None:
        try:
            data = self._read.recv(64)
        except BlockingIOError:
            return
        arrived = [n for n in data if n in self._old]
        self.received.extend(arrived)
        if arrived:
            self.close_all()

    def uninstall(self) -> None:
        self._notifier.setEnabled(False)
        signal.set_wakeup_fd(self._old_fd)
        for num, old in self._old.items():
            signal.signal(num, old)
        self._read.close()
        self._write.close()


def _noted(_signum: int, _frame: object) -> None:
    """The Python side of the handler: the wakeup socket already carries the number."""
