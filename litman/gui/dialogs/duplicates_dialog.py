"""Edit → Duplicates…: the groups of papers that are probably one work (`Library.duplicates`),
each with why, and a merge side by side, field by field, as JabRef's merge-entries dialog.

Choosing a group shows its papers in columns, one row per field that differs, a radio button
per paper's value, the merge's default checked (`merging.defaults`: the fuller abstract, the
published record's venue, ...). The first paper is kept unless another column's "Keep" is
chosen. Merge pushes one undoable command with the versions shown (a paper someone changed
since refuses it); Not Duplicates dismisses the group for good, undoably too. Values are
shown as plain text (`merge_dialog.as_text`, clipped), never markup.
"""

from collections.abc import Callable

from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from litman.core import messages
from litman.core.library.merging import CHOSEN, defaults
from litman.core.records import DuplicateGroup, Paper
from litman.gui.detail.pane import LABELS
from litman.gui.i18n import QT_TRANSLATE_NOOP, fill, translate
from litman.gui.safe_text import clip, mnemonic_free
from litman.gui.writes.merge_dialog import as_text

Push = Callable[[int, list[int], dict[str, int], dict[int, int]], None]


# A field is named as the window names it elsewhere: the detail pane's labels and Abstract
# tab, the table's Entry type column; any other BibTeX field by its BibTeX name (data).
_NAMES = {
    **{name: ("DetailPane", label) for name, label in LABELS.items()},
    "abstract": ("DetailPane", "Abstract"),
    "entry_type": ("Columns", "Entry type"),
}
NONE = QT_TRANSLATE_NOOP("DuplicatesDialog", "(none)")


def field_label(name: str) -> str:
    context, label = _NAMES.get(name, ("", ""))
    return translate(context, label) if label else name


def _value(p: Paper, name: str) -> str:
    return as_text(getattr(p, name) if name in CHOSEN else p.extra.get(name, ""))


class DuplicatesDialog(QDialog):
    """The library's duplicate groups, and the merge of the one chosen."""

    def __init__(
        self,
        parent: QWidget | None,
        groups: list[DuplicateGroup],
        papers: Callable[[list[int]], list[Paper]],
        merge: Push,
        dismiss: Callable[[list[int]], None],
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Duplicates"))
        self.groups, self.papers_of, self._merge, self._dismiss = groups, papers, merge, dismiss
        self.papers: list[Paper] = []
        self.choices: dict[str, QButtonGroup] = {}
        self.keep = QButtonGroup(self)
        layout = QVBoxLayout(self)
        self.list = QListWidget()
        self.list.setAccessibleName(self.tr("Duplicate groups"))
        layout.addWidget(self.list, 1)
        self.area = QScrollArea()
        self.area.setWidgetResizable(True)
        layout.addWidget(self.area, 3)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.merge_button = QPushButton(self.tr("Merge"))
        self.distinct_button = QPushButton(self.tr("Not Duplicates"))
        buttons.addButton(self.merge_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.distinct_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        self.merge_button.clicked.connect(self.merge)
        self.distinct_button.clicked.connect(self.dismiss)
        layout.addWidget(buttons)
        self.list.currentRowChanged.connect(self.show_group)
        if parent is not None:  # two papers side by side want room: most of the window
            self.resize(parent.width() * 4 // 5, parent.height() * 4 // 5)
        self._fill()

    def _fill(self) -> None:
        self.list.clear()
        for g in self.groups:
            names = ", ".join(p.citekey for p in self.papers_of(list(g.ids)))
            reasons = "; ".join(messages._(r) for r in g.reasons)  # the library's words
            self.list.addItem(clip(f"{names} ({reasons})", 300))
        if not self.groups:
            self.list.addItem(self.tr("No duplicates found."))
        self.merge_button.setEnabled(bool(self.groups))
        self.distinct_button.setEnabled(bool(self.groups))
        if self.groups:
            self.list.setCurrentRow(0)

    def show_group(self, row: int) -> None:
        if not 0 <= row < len(self.groups):
            return
        self.papers = self.papers_of(list(self.groups[row].ids))
        chosen = defaults(self.papers)
        grid_host = QWidget()
        grid = QGridLayout(grid_host)
        self.keep = QButtonGroup(grid_host)
        for column, p in enumerate(self.papers, start=1):
            button = QRadioButton(mnemonic_free(fill(self.tr("Keep %1"), p.citekey)))
            self.keep.addButton(button, p.id)
            grid.addWidget(button, 0, column)
        first = self.keep.button(self.papers[0].id)
        if first is not None:
            first.setChecked(True)
        self.choices = {}
        names = [*CHOSEN, *sorted(set(chosen) - set(CHOSEN))]
        row_no = 1
        for name in names:
            values = [_value(p, name) for p in self.papers]
            if len(set(values)) < 2:
                continue  # the same everywhere: nothing to choose
            label = QLabel(field_label(name))
            grid.addWidget(label, row_no, 0)
            group = QButtonGroup(grid_host)
            for column, (p, text) in enumerate(zip(self.papers, values, strict=True), start=1):
                button = QRadioButton(mnemonic_free(clip(text, 80) or self.tr(NONE)))
                button.setToolTip(clip(text, 2000))
                group.addButton(button, p.id)
                grid.addWidget(button, row_no, column)
            picked = group.button(chosen.get(name, self.papers[0].id))
            if picked is not None:
                picked.setChecked(True)
            self.choices[name] = group
            row_no += 1
        grid.setRowStretch(row_no, 1)  # the room left goes below the fields, not between them
        self.area.setWidget(grid_host)

    def chosen(self) -> dict[str, int]:
        return {name: g.checkedId() for name, g in self.choices.items() if g.checkedId() >= 0}

    def merge(self) -> None:
        row = self.list.currentRow()
        if not self.papers or not 0 <= row < len(self.groups):
            return
        keep = self.keep.checkedId()
        others = [p.id for p in self.papers if p.id != keep]
        seen = {p.id: p.version for p in self.papers}
        self._merge(keep, others, self.chosen(), seen)
        self._drop(row)

    def dismiss(self) -> None:
        row = self.list.currentRow()
        if 0 <= row < len(self.groups):
            self._dismiss(list(self.groups[row].ids))
            self._drop(row)

    def _drop(self, row: int) -> None:
        del self.groups[row]
        self._fill()
