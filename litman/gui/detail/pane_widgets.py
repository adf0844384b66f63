"""Two widgets of the detail pane: the abstract's view, which fetches nothing, and the notes
box, which says when focus leaves it (that saves what was typed)."""

from typing import Any

from PySide6.QtCore import QUrl, Signal
from PySide6.QtGui import QFocusEvent
from PySide6.QtWidgets import QPlainTextEdit, QTextBrowser


class SafeBrowser(QTextBrowser):
    """A text view that fetches nothing: no images, no style sheets, no files, local or not.

    The abstract is escaped before it gets here; this is the second wall."""

    def __init__(self) -> None:
        super().__init__()
        self.setOpenLinks(False)
        self.setOpenExternalLinks(False)
        self.resource_requests: list[str] = []

    def loadResource(self, kind: int, url: QUrl | str) -> Any:
        self.resource_requests.append(url.toString() if isinstance(url, QUrl) else url)
        return None


class NotesEdit(QPlainTextEdit):
    """The notes box; `left` fires when focus leaves it, which saves what was typed."""

    left = Signal()

    def focusOutEvent(self, event: QFocusEvent) -> None:
        super().focusOutEvent(event)
        self.left.emit()
