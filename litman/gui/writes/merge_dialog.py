"""The merge dialog: an edit refused because someone else changed the same fields since the
paper was shown (`litman.core.store.versions`), as JabRef's shared database does it.

For each refused field the dialog shows what is stored now (theirs) beside the refused value
(mine), and the user keeps theirs, keeps mine, or writes a merged value. `resolve` hands back
the values to save again on the paper's new version: the edit's other fields (which did not
conflict) with the chosen ones, those kept as theirs left out; None when the user cancels,
which keeps what is stored and drops the edit. Library text is shown as plain text.
"""

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from litman.core import fields
from litman.core.errors import ConflictError, LitmanError
from litman.core.records import FieldConflict
from litman.gui.i18n import fill, translate
from litman.gui.safe_text import clip, mnemonic_free, rich

THEIRS, MINE, MERGED = 0, 1, 2
# Flags an edit writes with a field, which go where the field goes: a title kept as theirs
# keeps their `title_derived` too.
COMPANIONS = {"title": "title_derived", "abstract": "abstract_truncated"}


def as_text(value: Any) -> str:
    """A field's value as one line to show or edit (authors joined by '; ')."""
    if isinstance(value, list | tuple):
        return "; ".join(map(str, value))
    return "" if value is None else str(value)


def from_text(text: str, like: FieldConflict) -> Any:
    """A merged value typed back as the field holds it: a list, a year, or text."""
    kinds = {type(like.theirs), type(like.mine)}
    if kinds & {list, tuple}:
        return [part.strip() for part in text.split(";") if part.strip()]
    if int in kinds:
        return fields.whole_number(text, like.field)
    return text


class _Row:
    """One refused field: its two values, the choice, and the merged value's editor."""

    def __init__(self, grid: QGridLayout, row: int, conflict: FieldConflict) -> None:
        self.conflict = conflict
        grid.addWidget(_plain(conflict.field), row, 0)
        self.choice = QButtonGroup(grid)
        self.merged = QLineEdit(clip(as_text(conflict.mine), 20_000))
        self.merged.setEnabled(False)
        for column, (label, value) in enumerate(
            (
                (translate("MergeDialog", "Theirs"), conflict.theirs),
                (translate("MergeDialog", "Mine"), conflict.mine),
            ),
            start=1,
        ):
            text = as_text(value)
            button = QRadioButton(
                mnemonic_free(fill(translate("MergeDialog", "%1: %2"), label, clip(text, 80)))
            )
            button.setToolTip(rich(clip(text)))
            self.choice.addButton(button, column - 1)
            grid.addWidget(button, row, column)
        merged = QRadioButton(translate("MergeDialog", "Merged:"))
        self.choice.addButton(merged, MERGED)
        grid.addWidget(merged, row, 3)
        grid.addWidget(self.merged, row, 4)
        self.choice.button(MINE).setChecked(True)
        self.choice.idToggled.connect(lambda which, on: self._toggled(which, on))

    def _toggled(self, which: int, on: bool) -> None:
        if which == MERGED:
            self.merged.setEnabled(on)
            if on:
                self.merged.setFocus()

    def keep(self, which: int) -> None:
        self.choice.button(which).setChecked(True)

    def value(self) -> tuple[bool, Any]:
        """(whether to write, what): theirs writes nothing."""
        which = self.choice.checkedId()
        if which == THEIRS:
            return False, None
        if which == MINE:
            return True, self.conflict.mine
        return True, from_text(self.merged.text(), self.conflict)


def _plain(text: str) -> QLabel:
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    return label


class MergeDialog(QDialog):
    """Theirs or mine, field by field, for one refused edit."""

    def __init__(self, parent: QWidget | None, error: ConflictError) -> None:
        super().__init__(parent)
        self.error = error
        self.setWindowTitle(self.tr("Someone else changed this paper"))
        layout = QVBoxLayout(self)
        intro = _plain(
            fill(
                self.tr(
                    "'%1' was changed by someone else after you opened it. Your edit "
                    "was not saved. For each field, keep their value, yours, or a merged one."
                ),
                error.citekey,
            )
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        grid = QGridLayout()
        layout.addLayout(grid)
        self.rows = {c.field: _Row(grid, n, c) for n, c in enumerate(error.conflicts)}
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self._save)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.chosen: dict[str, Any] | None = None

    def keep(self, field: str, which: int, merged: str | None = None) -> None:
        """Choose for one field (THEIRS, MINE or MERGED with its text): what a click does."""
        row = self.rows[field]
        row.keep(which)
        if merged is not None:
            row.merged.setText(merged)

    def _save(self) -> None:
        try:
            self.chosen = self.values()
        except LitmanError as exc:
            QMessageBox.warning(self, "litman", str(exc))
            return
        self.accept()

    def values(self) -> dict[str, Any]:
        """The refused fields to write, as chosen (those kept as theirs left out)."""
        out = {}
        for name, row in self.rows.items():
            write, value = row.value()
            if write:
                out[name] = value
        return out


def resolve(
    parent: QWidget | None, error: ConflictError, edit: Mapping[str, Any]
) -> dict[str, Any] | None:
    """Ask how to merge a refused `edit` (its values by field name); the values to save
    again on version `error.version`, or None to keep what is stored."""
    dialog = MergeDialog(parent, error)
    try:
        if dialog.exec() != QDialog.DialogCode.Accepted or dialog.chosen is None:
            return None
        refused = set(dialog.rows)
        theirs = refused - set(dialog.chosen)
        refused |= {COMPANIONS[name] for name in theirs if name in COMPANIONS}
        kept = {k: v for k, v in edit.items() if k.strip().lower() not in refused}
        return {**kept, **dialog.chosen}
    finally:
        dialog.deleteLater()
