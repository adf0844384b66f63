"""The status bar's view of the write queue: what is being written, how far, and Cancel.

Shown only while a job is queued or running; a failure or a cancel is said in the status
bar's message, in one line.
"""

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QWidget,
)

from litman.core.errors import Cancelled
from litman.gui.i18n import fill, translate
from litman.gui.safe_text import mnemonic_free
from litman.gui.writes.write_worker import WriteWorker


class WriteProgress(QWidget):
    def __init__(self, writes: WriteWorker) -> None:
        super().__init__()
        self.writes = writes
        self.label = QLabel()
        self.label.setTextFormat(Qt.TextFormat.PlainText)
        self.bar = QProgressBar()
        self.bar.setMaximumWidth(160)
        self.bar.setMaximumHeight(14)
        self.bar.setTextVisible(False)
        self.cancel = QPushButton(self.tr("Cancel"))
        self.cancel.setAccessibleName(self.tr("Cancel writing"))
        self.cancel.clicked.connect(writes.cancel)
        fixed = QSizePolicy.Policy.Fixed
        self.cancel.setSizePolicy(fixed, fixed)  # it took half the status bar under Xvfb
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.label)
        row.addWidget(self.bar)
        row.addWidget(self.cancel)
        self.hide()
        writes.started.connect(self._started)
        writes.progress.connect(self._progress)
        writes.idle.connect(self.hide)

    def _started(self, label: str) -> None:
        self.label.setText(f"{mnemonic_free(label)}…")
        self.bar.setRange(0, 0)  # busy until the first step says how far
        self.show()

    def _progress(self, label: str, done: int, total: int) -> None:
        said = fill(self.tr("%1… %2 of %3"), label, f"{done:,}", f"{total:,}")
        self.label.setText(said if total > 1 else f"{label}…")
        self.bar.setRange(0, max(total, 1))
        self.bar.setValue(done)


def failure_message(label: str, exc: Any) -> str:
    if isinstance(exc, Cancelled):
        said = translate(
            "WriteProgress", "%1: cancelled. What was done before the stop can be undone (Ctrl+Z)."
        )
        return fill(said, label)
    return fill(translate("WriteProgress", "%1: failed, %2"), label, exc)
