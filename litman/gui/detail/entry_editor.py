"""The entry editor: a paper's BibTeX entry in JabRef's manner.

The citation key and entry type on top, then the fields the type requires, those it allows,
and every other field the paper stores, one name/value row each, and a row to add a field.
Fields that are the paper's own columns (title, authors, year, venue, DOI, URL) are edited
in the form above and are not repeated here. A value is the LaTeX source BibTeX export
writes back as it stands; clearing it removes the field. Each edit is committed when the
cursor leaves its box and is emitted as a request: the window makes it an undoable command.
"""

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from litman.core import fields
from litman.core.records import Paper
from litman.gui.i18n import QT_TRANSLATE_NOOP


class EntryEditor(QWidget):
    fieldRequested = Signal(int, str, str)  # paper id, field name, value ("" removes it)
    columnsRequested = Signal(int, dict)  # paper id, {column: value}: citekey, entry_type

    def __init__(self) -> None:
        super().__init__()
        self.setAccessibleName(self.tr("BibTeX fields"))
        self._paper: Paper | None = None
        self._layout_key: tuple[object, ...] = ()
        self.read_only = False
        self.values: dict[str, QLineEdit] = {}
        # Set by the window: lets its Ctrl shortcuts win in boxes made later (gui/window/keys.py).
        self.edit_filter: QObject | None = None
        outer = QVBoxLayout(self)
        # Tight rows: at 1366×768 the tab showed 2 to 4 fields with Qt's spacing; the key and
        # the type share one line, and rows sit 2 px apart, so 8 or more show.
        outer.setSpacing(2)
        top = QHBoxLayout()
        self.citekey = QLineEdit()
        self.citekey.setAccessibleName(self.tr("Citation key"))
        self.citekey.editingFinished.connect(self._commit_citekey)
        top.addWidget(QLabel(self.tr("Key")))
        top.addWidget(self.citekey, 1)
        self.entry_type = QComboBox()
        self.entry_type.setAccessibleName(self.tr("Entry type"))
        self.entry_type.setEditable(True)
        self.entry_type.addItems(sorted(fields.ENTRY_TYPES))
        self.entry_type.activated.connect(lambda _i: self._commit_type())
        line = self.entry_type.lineEdit()
        if line is not None:  # the box is editable, so it has one
            line.editingFinished.connect(self._commit_type)
        top.addWidget(QLabel(self.tr("Type")))
        top.addWidget(self.entry_type)
        outer.addLayout(top)
        self.form = QFormLayout()
        self.form.setVerticalSpacing(2)
        outer.addLayout(self.form)
        outer.addLayout(self._add_row())
        outer.addStretch(1)
        self.show_paper(None)

    def _add_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.new_name = QLineEdit()
        self.new_name.setAccessibleName(self.tr("New field name"))
        self.new_name.setPlaceholderText(self.tr("field"))
        self.new_name.setMaximumWidth(110)
        self.new_value = QLineEdit()
        self.new_value.setAccessibleName(self.tr("New field value"))
        self.new_value.setPlaceholderText(self.tr("value"))
        self.new_value.returnPressed.connect(self._add_field)
        self.add_button = QPushButton(self.tr("Add field"))
        self.add_button.clicked.connect(self._add_field)
        row.addWidget(self.new_name)
        row.addWidget(self.new_value, 1)
        row.addWidget(self.add_button)
        return row

    # -- showing ---------------------------------------------------------------------------

    def show_paper(self, paper: Paper | None) -> None:
        """Show one paper's entry (None: nothing to edit). Rows are rebuilt only when the
        fields shown change, so a commit does not take the cursor out of the next box."""
        self._paper = paper
        sections = _sections(paper) if paper else []
        key = (paper.id if paper else None, tuple((t, tuple(n)) for t, n in sections))
        if key != self._layout_key:
            self._rebuild(sections)
            self._layout_key = key
        extra = dict(paper.extra) if paper else {}
        for name, edit in self.values.items():
            if not edit.isModified():  # never overwrite what the user is typing
                _set_text(edit, extra.get(name, ""))
        if not self.citekey.isModified():
            _set_text(self.citekey, paper.citekey if paper else "")
        self.entry_type.blockSignals(True)
        self.entry_type.setCurrentText(paper.entry_type if paper else "")
        self.entry_type.blockSignals(False)
        self._apply_enabled()

    def typing(self) -> frozenset[str]:
        """The fields being typed (edited, not yet committed): a redraw keeps them."""
        names = {name for name, edit in self.values.items() if edit.isModified()}
        return frozenset(names | ({"citekey"} if self.citekey.isModified() else set()))

    def _apply_enabled(self) -> None:
        editable = self._paper is not None and not self.read_only
        for w in (self.citekey, self.new_name, self.new_value, *self.values.values()):
            w.setEnabled(self._paper is not None)
            w.setReadOnly(not editable or _too_long(w))
            w.setFrame(editable)  # read-only: it looks it (the pane's fields do the same)
        self.entry_type.setEnabled(editable)
        self.add_button.setEnabled(editable)

    def _rebuild(self, sections: list[tuple[str, list[str]]]) -> None:
        while self.form.rowCount():
            self.form.removeRow(0)
        self.values = {}
        for title, names in sections:
            heading = QLabel(self.tr(title))
            heading.setStyleSheet("font-weight: 600; padding-top: 2px")
            self.form.addRow(heading)
            for name in names:
                edit = QLineEdit()
                edit.setAccessibleName(name)
                edit.setToolTip(self.tr("Clear the value to remove the field."))
                if title == "Required":
                    edit.setPlaceholderText(self.tr("required"))
                edit.editingFinished.connect(lambda n=name: self._commit(n))
                if self.edit_filter is not None:
                    edit.installEventFilter(self.edit_filter)
                self.values[name] = edit
                self.form.addRow(name, edit)

    # -- committing ------------------------------------------------------------------------

    def _commit(self, name: str) -> None:
        edit, p = self.values.get(name), self._paper
        if p is None or edit is None or self.read_only or not edit.isModified():
            return  # an unedited value is never written back (it may hold a line break)
        edit.setModified(False)
        if edit.text() != p.extra.get(name, ""):
            self.fieldRequested.emit(p.id, name, edit.text())

    def _commit_citekey(self) -> None:
        p = self._paper
        text = self.citekey.text().strip()
        if p and not self.read_only and self.citekey.isModified() and text and text != p.citekey:
            self.citekey.setModified(False)
            self.columnsRequested.emit(p.id, {"citekey": text})

    def _commit_type(self) -> None:
        p = self._paper
        text = self.entry_type.currentText().strip().lower()
        if p and not self.read_only and text and text != p.entry_type:
            self.columnsRequested.emit(p.id, {"entry_type": text})

    def _add_field(self) -> None:
        p = self._paper
        name, value = self.new_name.text().strip(), self.new_value.text()
        if p is None or self.read_only or not name or not value.strip():
            return
        self.new_name.clear()
        self.new_value.clear()
        self.fieldRequested.emit(p.id, name, value)


def _sections(p: Paper) -> list[tuple[str, list[str]]]:
    """(heading, field names) of the rows to show: required, optional, other stored fields."""
    required, optional = fields.fields_for(p.entry_type)
    listed = set(required) | set(optional)
    extra = fields.visible_extra(dict(p.extra))
    other = sorted(k for k in extra if k not in listed)
    out = [
        (
            QT_TRANSLATE_NOOP("EntryEditor", "Required"),
            [n for n in required if not fields.is_column(n, p.entry_type)],
        ),
        (
            QT_TRANSLATE_NOOP("EntryEditor", "Optional"),
            [n for n in optional if not fields.is_column(n, p.entry_type)],
        ),
        (QT_TRANSLATE_NOOP("EntryEditor", "Other fields"), other),
    ]
    return [(title, names) for title, names in out if names]


def _set_text(edit: QLineEdit, text: str) -> None:
    edit.blockSignals(True)
    edit.setText(text[: edit.maxLength()])
    edit.setProperty("full_length", len(text))
    edit.setCursorPosition(0)
    edit.setModified(False)
    edit.blockSignals(False)


def _too_long(edit: QWidget) -> bool:
    """A value longer than a line edit holds is shown in part and never written back."""
    return isinstance(edit, QLineEdit) and (edit.property("full_length") or 0) > edit.maxLength()
