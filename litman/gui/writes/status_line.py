"""The window's status bar: the counts, messages that time out, the read-only notice and the
progress of a long write.

The counts (papers, shown, selected, and whether the search index is still being built) come
from a callable the window hands over; they come back whenever a temporary message ("Copied
12 BibTeX entries") times out.
"""

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QLabel, QStatusBar

from litman.gui.i18n import fill, papers
from litman.gui.writes.write_progress import WriteProgress
from litman.gui.writes.write_worker import WriteWorker


@dataclass(frozen=True)
class Counts:
    total: int
    shown: int
    selected: int
    indexing: bool  # the search index is being built: exact matches only


class StatusLine(QObject):
    def __init__(self, bar: QStatusBar, writes: WriteWorker, counts: Callable[[], Counts]) -> None:
        super().__init__(bar)
        self.bar, self.counts = bar, counts
        self._state = ""  # the last message said without a timeout (the counts, mostly)
        bar.setAccessibleName(self.tr("Status"))
        self.read_only_label = QLabel()
        self.read_only_label.setTextFormat(Qt.TextFormat.PlainText)
        self.read_only_label.setStyleSheet("font-weight: 600; padding: 0 6px")
        bar.messageChanged.connect(self._message_changed)
        bar.addPermanentWidget(self.read_only_label)
        self.write_progress = WriteProgress(writes)
        bar.addPermanentWidget(self.write_progress)

    def show_counts(self) -> None:
        """The counts, unless a notice is up: they come back when it times out."""
        if self._notice_up():
            return
        c = self.counts()
        said = self.tr("%1 · %2 shown · %3 selected")
        if c.indexing:
            said = self.tr(
                "%1 · %2 shown · %3 selected · search index being built: exact matches only"
            )
        self.say(fill(said, papers(c.total), f"{c.shown:,}", f"{c.selected:,}"))

    def say(self, text: str, ms: int = 0) -> None:
        """A message, for `ms` milliseconds; with no time, a state of the window that the
        next counts replace."""
        if not ms:
            self._state = text
        self.bar.showMessage(text, ms)

    def _notice_up(self) -> bool:
        """Whether a notice shows: a message with a timeout (said here or straight to the
        bar, as dialogs do: "Copied 2 BibTeX entries"), which the counts must not wipe."""
        current = self.bar.currentMessage()
        return bool(current) and current != self._state

    def read_only(self, reason: str) -> None:
        self.read_only_label.setText(reason)
        self.read_only_label.setVisible(bool(reason))

    def _message_changed(self, text: str) -> None:
        if not text:
            self.show_counts()
