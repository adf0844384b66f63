"""The detail pane for the selected paper (or papers).

Fields edit in place and are committed when editing finishes; tags are chips with an
autocompleting box; status, a 0-5 rating and notes sit below the abstract. The pane only
emits edit requests: the window turns them into undoable commands. What its editors hold
becomes the fields of an edit in `field_edits`; the abstract and the notes about a paper's
text are drawn by `rendering`.
"""

from collections.abc import Sequence, Set
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QScrollArea,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from litman.core import fields
from litman.core.records import Paper, Status
from litman.display.text import plain_text
from litman.gui.detail.entry_editor import EntryEditor
from litman.gui.detail.field_edits import pending
from litman.gui.detail.pane_widgets import NotesEdit, SafeBrowser
from litman.gui.detail.rendering import paper_notes, shown_abstract
from litman.gui.detail.tag_box import TagBox
from litman.gui.detail.typing_kept import Held, Typing, typed
from litman.gui.detail.typing_kept import shown_values as _values
from litman.gui.i18n import QT_TRANSLATE_NOOP, fill, status_name
from litman.gui.safe_text import clip

LINE_FIELDS = ("title", "authors", "year", "venue", "doi", "url")
LABELS = {
    "title": QT_TRANSLATE_NOOP("DetailPane", "Title"),
    "authors": QT_TRANSLATE_NOOP("DetailPane", "Authors"),
    "year": QT_TRANSLATE_NOOP("DetailPane", "Year"),
    "venue": QT_TRANSLATE_NOOP("DetailPane", "Venue"),
    "doi": QT_TRANSLATE_NOOP("DetailPane", "DOI"),
    "url": QT_TRANSLATE_NOOP("DetailPane", "URL"),
}
MIXED = QT_TRANSLATE_NOOP("DetailPane", "Mixed")
# A large selection whose statuses are being read.
PARTLY_READ = QT_TRANSLATE_NOOP("DetailPane", "Set for all")


class DetailPane(QWidget):
    editRequested = Signal(int, dict)  # paper id, {field: value}
    tagAddRequested = Signal(str)
    tagRemoveRequested = Signal(str)
    statusRequested = Signal(str)
    problem = Signal(str)  # a value was refused; the message says why

    def __init__(self) -> None:
        super().__init__()
        self.setAccessibleName(self.tr("Paper details"))
        self.setMinimumWidth(320)
        self._paper: Paper | None = None
        self._count = 0
        self._committing = False
        # What was asked to be saved for the paper shown, until the pane shows it again: an
        # edit kept unsaved (the server away) leaves the paper shown as it was, and leaving
        # the paper must not ask for the same edit twice.
        self._sent: dict[str, Any] = {}
        # The version of the paper shown when typing began that a redraw kept (None: none):
        # an edit saved from it is checked against that version, so another client's change
        # of the same field is merged, not overwritten.
        self._typed_on: int | None = None
        self._shown: list[int] = []
        self.read_only = False
        layout = QVBoxLayout(self)
        self.heading = QLabel(self.tr("Select a paper"))
        self.heading.setTextFormat(Qt.TextFormat.PlainText)  # a title is never markup
        self.heading.setWordWrap(True)
        self.heading.setStyleSheet("font-weight: 600; font-size: 14px")
        layout.addWidget(self.heading)
        form = self.form = QFormLayout()
        self.edits: dict[str, QLineEdit] = {}
        for name in LINE_FIELDS:
            edit = QLineEdit()
            label = self.tr(LABELS[name])
            edit.setAccessibleName(label)  # "DOI" read as a word, not "Doi"
            edit.editingFinished.connect(self.commit_edits)
            edit.textEdited.connect(self._hide_refusal)
            self.edits[name] = edit
            form.addRow(label, edit)
        self.edits["authors"].setPlaceholderText(self.tr("Last, First; Last, First"))
        layout.addLayout(form)
        self.venue_label = form.labelForField(self.edits["venue"])
        self.refusal: QLabel = QLabel()  # why a typed value was refused; gone at the next keystroke
        self.refusal.setTextFormat(Qt.TextFormat.PlainText)
        self.refusal.setWordWrap(True)
        self.refusal.setStyleSheet("font-weight: 600")  # amber read at 3.9:1 in dark mode
        self.refusal.hide()
        layout.addWidget(self.refusal)
        # Fields another client changed while they were being typed here: saving them opens
        # the merge dialog. Shown until the pane shows the paper without typing kept.
        self.elsewhere = QLabel()
        self.elsewhere.setTextFormat(Qt.TextFormat.PlainText)
        self.elsewhere.setWordWrap(True)
        self.elsewhere.setStyleSheet("font-weight: 600")
        self.elsewhere.hide()
        layout.addWidget(self.elsewhere)
        self.abstract = SafeBrowser()
        self.abstract.setAccessibleName(self.tr("Abstract"))
        self.entry = EntryEditor()
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.entry)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.abstract, self.tr("Abstract"))
        self.tabs.addTab(scroll, self.tr("BibTeX fields"))
        layout.addWidget(self.tabs, 3)
        self.note = QLabel()
        self.note.setTextFormat(Qt.TextFormat.PlainText)
        self.note.setWordWrap(True)
        self.note.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.note.setForegroundRole(QPalette.ColorRole.PlaceholderText)  # 4.5:1 (theme.py)
        layout.addWidget(self.note)
        layout.addLayout(self._tag_row())
        layout.addLayout(self._status_row())
        self.notes = NotesEdit()
        self.notes.left.connect(self.commit_edits)
        self.notes.setAccessibleName(self.tr("Notes"))
        self.notes.setPlaceholderText(self.tr("Notes"))
        # Four lines, scrolled beyond: at 1366×768 the room goes to the BibTeX fields tab.
        self.notes.setMaximumHeight(4 * self.notes.fontMetrics().lineSpacing() + 12)
        layout.addWidget(self.notes)
        self.filler = QWidget()  # takes the room of the one-paper parts when they hide
        layout.addWidget(self.filler, 3)
        self.show_papers([], None)

    def add_part(self, widget: QWidget) -> None:
        """Show another part (the attachments' list) above the notes."""
        layout = self.layout()
        assert isinstance(layout, QVBoxLayout)
        layout.insertWidget(layout.indexOf(self.notes), widget)

    def _tag_row(self) -> QVBoxLayout:
        box = QVBoxLayout()
        self.tag_box = TagBox()
        self.tag_box.tagAddRequested.connect(self.tagAddRequested)
        self.tag_box.tagRemoveRequested.connect(self.tagRemoveRequested)
        self.chips, self.tag_edit = self.tag_box.chips, self.tag_box.edit
        self.completer = self.tag_box.completer
        box.addWidget(self.tag_box)
        return box

    def _status_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        self.status = QComboBox()
        self.status.setAccessibleName(self.tr("Reading status"))
        for s in Status:
            self.status.addItem(status_name(s), s.value)
        self.status.setPlaceholderText(self.tr(MIXED))  # shown for papers whose statuses differ
        self.status.setMinimumContentsLength(len(self.tr(PARTLY_READ)))  # the longest placeholder
        self.status.activated.connect(lambda i: self.statusRequested.emit(self.status.itemData(i)))
        self.rating = QSpinBox()
        self.rating.setAccessibleName(self.tr("Rating"))
        self.rating.setRange(0, 5)
        self.rating.setSuffix(" ★")
        self.rating.editingFinished.connect(self.commit_edits)
        row.addWidget(QLabel(self.tr("Status")))
        row.addWidget(self.status)
        row.addStretch(1)
        self.rating_label = QLabel(self.tr("Rating"))
        row.addWidget(self.rating_label)
        row.addWidget(self.rating)
        return row

    def _hide_refusal(self, _text: str) -> None:
        self.refusal.hide()

    def shown_ids(self) -> list[int]:
        """The papers the pane is showing (a change to any of them redraws it)."""
        return list(self._shown)

    def shows_part(self) -> bool:
        """Whether the pane shows only the first papers of a larger selection."""
        return self._paper is None and self._count > len(self._shown)

    def set_tag_names(self, names: list[str]) -> None:
        self.tag_box.set_names(names)

    def show_papers(
        self,
        papers: list[Paper],
        spans: dict[str, list[tuple[int, int]]] | None,
        selected: int | None = None,
    ) -> None:
        """Show these papers; `selected` is how many are selected when only some are passed
        (the window passes the first 200 of a large selection, then `show_whole`)."""
        self._count = len(papers) if selected is None else selected
        self._shown = [p.id for p in papers]
        old = self._paper
        self._paper = papers[0] if len(papers) == 1 else None
        same = old is not None and self._paper is not None and old.id == self._paper.id
        typing = typed(self._held(), old, papers[0]) if same and old is not None else Typing()
        if not same:
            self._sent = {}
        single = self._paper is not None
        writable = not self.read_only
        # Read-only fields (a paper in the trash, a library that may only be read) lose
        # their frame: their text stays selectable, and no longer looks editable.
        for edit in self.edits.values():
            edit.setEnabled(single)
            edit.setReadOnly(not writable)
            edit.setFrame(writable)
        self.notes.setEnabled(single)
        self.notes.setReadOnly(not writable)
        self.notes.setFrameShape(QFrame.Shape.StyledPanel if writable else QFrame.Shape.NoFrame)
        self._show_single_parts(len(papers) < 2)
        self.rating.setEnabled(single and writable)
        self.tag_edit.setEnabled(bool(papers) and writable)
        self.status.setEnabled(bool(papers) and writable)
        self._fill(papers, spans or {}, typing)
        self._keep_typing(old, typing)

    def _held(self) -> Held:
        notes, rating = self.notes.toPlainText(), self.rating.value()
        return Held(self.edits, notes, rating, self.entry.typing())

    def _keep_typing(self, old: Paper | None, typing: "Typing") -> None:
        """After a redraw of the paper shown: typing kept is checked against the version
        it began on, and fields changed elsewhere meanwhile are said."""
        p = self._paper
        if p is None or old is None or not typing.any():
            self._typed_on = None
            self.elsewhere.hide()
            return
        if self._typed_on is None:
            self._typed_on = old.version
        changed = typing.changed(old, p)
        if changed:
            said = self.tr(
                "Changed elsewhere while you typed: %1. Yours is kept; "
                "saving it shows theirs beside yours."
            )
            self.elsewhere.setText(fill(said, ", ".join(changed)))
            self.elsewhere.show()

    def _show_single_parts(self, shown: bool) -> None:
        """Papers selected together are tagged and marked together: the one-paper fields
        give their room to the tags (13 chips showed 6, the rest cut off)."""
        for row in range(self.form.rowCount()):
            self.form.setRowVisible(row, shown)
        for part in (self.tabs, self.notes, self.rating, self.rating_label):
            part.setVisible(shown)
        self.filler.setVisible(not shown)
        self.tag_box.max_lines = 3 if shown else 12

    def _fill(
        self, papers: list[Paper], spans: dict[str, list[tuple[int, int]]], typing: "Typing"
    ) -> None:
        p = self._paper
        if not papers:
            self.heading.setText(self.tr("Select a paper to see its details"))
        elif p is None:
            self.heading.setText(
                self.tr("%Ln papers selected: tag or mark them together", "", self._count)
            )
        else:
            self.heading.setText(plain_text(clip(p.title)) or self.tr("(untitled)"))
        values = _values(p) if p else dict.fromkeys(LINE_FIELDS, "")
        notes = []
        for name, edit in self.edits.items():
            # A QLineEdit keeps 32,767 characters: a longer value would come back cut short
            # on the next commit, so it is shown in part and left alone.
            too_long = len(values[name]) > edit.maxLength()
            if name in typing.lines:
                continue  # being typed: left as it is, cursor and all
            edit.blockSignals(True)
            edit.setText(values[name][: edit.maxLength()])
            edit.setCursorPosition(0)
            edit.setReadOnly(self.read_only or too_long)
            edit.blockSignals(False)
            if too_long:
                said = self.tr("The %1 is too long to edit here (%2 chars).")
                notes.append(fill(said, name, f"{len(values[name]):,}"))
        self.abstract.setHtml(shown_abstract(p, spans) if p else "")
        self.entry.read_only = self.read_only
        self.entry.show_paper(p)
        venue = fields.venue_field(p.entry_type, p.extra) if p else ""
        if isinstance(self.venue_label, QLabel):  # named as BibTeX writes it, JabRef's way
            self.venue_label.setText(
                fill(self.tr("Venue (%1)"), venue) if venue else self.tr("Venue")
            )
        if p:
            notes.extend(paper_notes(p))
        if not typing.notes:
            self.notes.blockSignals(True)
            self.notes.setPlainText(p.notes if p else "")
            self.notes.blockSignals(False)
        if not typing.rating:
            self.rating.blockSignals(True)
            self.rating.setValue(p.rating if p else 0)
            self.rating.blockSignals(False)
        self._show_status({x.status for x in papers}, whole=len(papers) == self._count)
        if len(papers) < self._count:
            notes.append(
                self.tr("Reading the status and tags of all %Ln selected papers…", "", self._count)
            )
        self.note.setText(" ".join(notes))
        self._show_chips(sorted({t for x in papers for t in x.tags}, key=str.casefold))

    def show_whole(self, statuses: Set[Status], tags: Sequence[str]) -> None:
        """The statuses and tags of the whole selection, once read (`show_papers` was
        given only its first papers)."""
        if self._paper is None and self._shown:
            self._show_status(statuses, whole=True)
            self.note.setText("")
            self._show_chips(list(tags))

    def show_whole_unread(self, why: str) -> None:
        """The whole selection could not be read: say that the first papers are shown."""
        if self._paper is None and self._shown:
            said = self.tr(
                "Status and tags of the first %Ln selected papers "
                "(the rest could not be read: %1).",
                "",
                len(self._shown),
            )
            self.note.setText(fill(said, why))

    def _show_status(self, statuses: Set[Status], whole: bool) -> None:
        """The papers' status, or none with "Mixed" when they differ (the box offers each
        status to set for all of them); "Set for all" while only some were read."""
        one = len(statuses) == 1 and whole
        partly = self.tr(PARTLY_READ) if statuses else ""
        self.status.setPlaceholderText(self.tr(MIXED) if len(statuses) > 1 else partly)
        self.status.setCurrentIndex(list(Status).index(next(iter(statuses))) if one else -1)

    def _show_chips(self, tags: list[str]) -> None:
        self.tag_box.read_only = self.read_only
        self.tag_box.show_tags(tags)

    def version_of(self, pid: int) -> int | None:
        """The version of paper `pid` as the pane shows it (None when it shows another)."""
        p = self._paper
        if p is None or p.id != pid:
            return None
        return p.version if self._typed_on is None else self._typed_on

    def forget_edits(self) -> None:
        """Show the shown paper's values again in the line editors, dropping what was typed
        there: an edit refused as stale, which the merge dialog has answered."""
        self._typed_on = None
        self.elsewhere.hide()
        if self._paper is None:
            return
        values = _values(self._paper)
        for name, edit in self.edits.items():
            if len(values[name]) <= edit.maxLength():  # else shown in part, never committed
                edit.blockSignals(True)
                edit.setText(values[name])
                edit.blockSignals(False)

    def commit_edits(self) -> None:
        """Save every field that differs from the paper shown, as one edit. Called when an
        editor loses focus, before the selection changes and before the window closes."""
        p = self._paper
        if p is None or self.read_only or self._committing:
            return
        fields = {k: v for k, v in self._pending(p).items() if self._sent.get(k, p) != v}
        if not fields:
            return
        self._committing = True  # the edit redraws the pane, which saves first: not again
        try:
            self._sent.update(fields)
            self.editRequested.emit(p.id, fields)
        finally:
            self._committing = False

    def _pending(self, p: Paper) -> dict[str, Any]:
        found = pending(p, self.edits, self.rating.value(), self.notes.toPlainText())
        if found.refused:
            self._refuse_year(found.refused)
        elif found.year_saved:
            self._refusal_gone()
        return found.fields

    def _refusal_gone(self) -> None:
        """A year was saved: the message of one refused before goes (pane, status bar)."""
        if self.refusal.isVisible():
            self.refusal.hide()
            self.problem.emit("")

    def _refuse_year(self, message: str) -> None:
        self.refusal.setText(message)
        self.refusal.show()
        self.problem.emit(message)
