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

from litman.gui.write_progress import WriteProgress
from litman.gui.write_worker import WriteWorker


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
        bar.setAccessibleName("Status")
        self.read_only_label = QLabel()
        self.read_only_label.setTextFormat(Qt.TextFormat.PlainText)
        self.read_only_label.setStyleSheet("font-weight: 600; padding: 0 6px")
        bar.messageChanged.connect(self._message_changed)
        bar.addPermanentWidget(self.read_only_label)
        self.write_progress = WriteProgress(writes)
        bar.addPermanentWidget(self.write_progress)

    def show_counts(self) -> None:
        c = self.counts()
        quick = " · search index being built: exact matches only" if c.indexing else ""
        self.bar.showMessage(
            f"{c.total:,} papers · {c.shown:,} shown · {c.selected:,} selected{quick}"
        )

    def say(self, text: str, ms: int = 0) -> None:
        """A message, for `ms` milliseconds (0: until the next)."""
        self.bar.showMessage(text, ms)

    def read_only(self, reason: str) -> None:
        self.read_only_label.setText(reason)
        self.read_only_label.setVisible(bool(reason))

    def _message_changed(self, text: str) -> None:
        if not text:
            self.show_counts()
