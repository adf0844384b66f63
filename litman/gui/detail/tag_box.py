"""The detail pane's tags: removable chips that wrap, and a box that completes tag names.

Each chip shows a tag (long names shortened, the full path on hover) with a ✕ and removes
that tag when clicked; chips past `max_lines` rows scroll. The box offers every tag from the
moment the window opens, ranked by `litman.core.search.tag_match`: path or leaf prefix first, then
letters in order (`scwr` finds `scientific-writing`), then small typos. The box only emits
requests; the window acts.
"""

from PySide6.QtCore import QSize, QStringListModel, Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QCompleter,
    QFrame,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from litman.core.search import tag_match
from litman.display.text import tag_text
from litman.gui.detail.flow_layout import FlowLayout
from litman.gui.i18n import fill
from litman.gui.safe_text import clip, mnemonic_free, rich

CHIP_CHARS = 40  # a chip shows this much of a tag's path; the tooltip shows all of it
CHIP_STYLE = "QPushButton { border: 1px solid palette(mid); border-radius: 9px; padding: 1px 8px; }"


class ChipScroll(QScrollArea):
    """The chips, as tall as they need up to `max_lines` rows; the rest scrolls."""

    def __init__(self, area: QWidget, chips: FlowLayout) -> None:
        super().__init__()
        self.chips, self.max_lines = chips, 3
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setWidgetResizable(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.setWidget(area)

    def sizeHint(self) -> QSize:
        first = self.chips.itemAt(0)
        line = first.sizeHint().height() + 4 if first else 0
        bar = self.verticalScrollBar().sizeHint().width()
        needed = self.chips.heightForWidth(max(1, self.width() - bar))
        return QSize(super().sizeHint().width(), min(needed, line * self.max_lines))

    def minimumSizeHint(self) -> QSize:
        return QSize(0, self.sizeHint().height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self.updateGeometry()  # the chips wrap differently: a new height


class TagBox(QWidget):
    tagAddRequested = Signal(str)
    tagRemoveRequested = Signal(str)

    def __init__(self) -> None:
        super().__init__()
        self._names: list[str] = []
        self.read_only = False
        box = QVBoxLayout(self)
        box.setContentsMargins(0, 0, 0, 0)
        self.chip_area = QWidget()
        self.chip_area.setAccessibleName(self.tr("Tags"))
        self.chips = FlowLayout(self.chip_area)
        # Many chips (a large selection's tags) scroll instead of being cut off.
        self.chip_scroll = ChipScroll(self.chip_area, self.chips)
        box.addWidget(self.chip_scroll)
        self.edit = QLineEdit()
        self.edit.setAccessibleName(self.tr("Add tag"))
        self.edit.setPlaceholderText(self.tr("Add a tag (A > B for a subtag), Enter"))
        self.edit.returnPressed.connect(self._add)
        self.offered = QStringListModel(self)  # owned here: a parentless model is collected
        self.completer = QCompleter(self.offered, self.edit)
        self.completer.setCompletionMode(QCompleter.CompletionMode.UnfilteredPopupCompletion)
        self.completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.edit.setCompleter(self.completer)
        self.edit.textEdited.connect(self._complete)
        box.addWidget(self.edit)

    def set_names(self, names: list[str]) -> None:
        self._names = list(names)
        self.offered.setStringList(tag_match.rank(self.edit.text(), self._names, limit=None))

    def _complete(self, text: str) -> None:
        matches = tag_match.rank(text, self._names, limit=None)
        self.offered.setStringList(matches)
        if matches and text.strip():
            self.completer.complete()

    def show_tags(self, tags: list[str]) -> None:
        while self.chips.count():
            item = self.chips.takeAt(0)
            widget = item.widget() if item else None
            if widget is not None:
                widget.hide()  # gone from view now, not when the event loop next runs
                widget.deleteLater()
        for tag in tags:
            chip = self._chip(tag)
            self.chips.addWidget(chip)
            # Shown now, not on the event loop's next turn as a layout shows a new child of
            # a visible widget: hidden chips measure nothing, and the scroll, laid out
            # at no height, stayed so (a large selection's tags vanished once all were read).
            chip.show()
        self.chip_scroll.setVisible(bool(tags))
        self.chips.invalidate()
        self.chip_scroll.updateGeometry()

    @property
    def max_lines(self) -> int:
        return self.chip_scroll.max_lines

    @max_lines.setter
    def max_lines(self, lines: int) -> None:
        self.chip_scroll.max_lines = lines
        self.chip_scroll.updateGeometry()

    def _chip(self, tag: str) -> QPushButton:
        shown = tag_text(clip(tag, CHIP_CHARS))  # `$\epsilon$-greedy` as ϵ-greedy
        chip = QPushButton(mnemonic_free(f"{shown}  ✕"))  # `R&D` is no Alt+D
        chip.setAccessibleName(fill(self.tr("Remove tag %1"), tag))
        chip.setToolTip(
            rich(fill(self.tr("%1\n(click to remove it from the selected papers)"), tag))
        )
        chip.setFlat(True)
        chip.setStyleSheet(CHIP_STYLE)
        chip.clicked.connect(lambda _=False, t=tag: self.tagRemoveRequested.emit(t))
        chip.setEnabled(not self.read_only)
        return chip

    def _add(self) -> None:
        text = self.edit.text().strip()
        if text:
            self.tagAddRequested.emit(text)
            self.edit.clear()
