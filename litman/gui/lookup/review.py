"""Paper → Find Metadata…: the review dialog, and the one undoable edit it makes.

The dialog looks up each selected paper on a worker thread (cancellable, with progress per
paper) and lists the papers as their candidates arrive. For the current paper it shows the
stored fields, the candidates with their scores, and what accepting the chosen candidate
would change. The user accepts or rejects each paper (or accepts every paper whose best
candidate scores at least a threshold); Apply writes the accepted ones as one `FillMetadata`
command on the window's undo stack. Text from a source is data: it is shown as plain text.
"""

import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt, QThreadPool, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from litman.core.errors import Cancelled, LitmanError
from litman.core.library.facade import Library
from litman.core.records import NewPaper, Paper
from litman.gui import workers
from litman.gui.i18n import QT_TRANSLATE_NOOP, fill, papers, translate
from litman.gui.writes.commands import LibraryCommand, Step
from litman.metadata.actions import Proposal, accept, proposed
from litman.metadata.matching import describe

if TYPE_CHECKING:
    from litman.gui.lookup.host import Host

Finder = Callable[[Paper, Callable[[], bool]], Proposal]
CANDIDATE_COLUMNS = (
    QT_TRANSLATE_NOOP("ReviewDialog", "Score"),
    QT_TRANSLATE_NOOP("ReviewDialog", "Source"),
    QT_TRANSLATE_NOOP("ReviewDialog", "Year"),
    QT_TRANSLATE_NOOP("ReviewDialog", "Title"),
    QT_TRANSLATE_NOOP("ReviewDialog", "Authors"),
    QT_TRANSLATE_NOOP("ReviewDialog", "DOI"),
)
CHANGE_COLUMNS = (
    QT_TRANSLATE_NOOP("ReviewDialog", "Field"),
    QT_TRANSLATE_NOOP("ReviewDialog", "Stored"),
    QT_TRANSLATE_NOOP("ReviewDialog", "Found"),
)


class FillMetadata(LibraryCommand):
    """Write accepted candidates into their papers; undo puts back every old value."""

    def __init__(self, lib: Library, accepted: dict[int, NewPaper]) -> None:
        super().__init__(fill(translate("Lookup", "Fill metadata of %1"), papers(len(accepted))))
        self.lib, self.accepted = lib, dict(accepted)
        self.old: dict[int, dict[str, Any]] = {}

    def apply(self, step: Step) -> None:
        self.old = {}
        for n, (pid, found) in enumerate(self.accepted.items()):
            step(n, len(self.accepted))
            changes = accept(self.lib, pid, found)
            self.old.update((k, dict(v)) for k, v in changes.old.items())

    def revert(self, step: Step) -> None:
        if self.old:
            self.lib.papers.restore_fields(self.old)

    def did_something(self) -> bool:
        return bool(self.old)


class _Relay(QObject):
    """Carries results from the lookup thread to the dialog (queued to the GUI thread)."""

    proposal = Signal(object)


class ReviewDialog(QDialog):
    def __init__(self, win: "Host", papers: Sequence[Paper], finder: Finder) -> None:
        super().__init__(win.window())
        self.win, self.papers, self.finder = win, list(papers), finder
        self.proposals: list[Proposal] = []
        self.decisions: dict[int, int | None] = {}  # paper id -> accepted candidate, None: no
        self.stop = threading.Event()
        self.setWindowTitle(self.tr("Find Metadata"))
        self.resize(1100, 640)
        self._build()
        self.relay = _Relay(self)
        self.relay.proposal.connect(self._arrived)
        self.worker: workers.Worker | None = None

    # -- layout ----------------------------------------------------------------------------

    def _build(self) -> None:
        self.progress = QProgressBar()
        self.progress.setRange(0, len(self.papers))
        self.status = QLabel(self.tr("Looking up…"))
        self.cancel_button = QPushButton(self.tr("Stop"))
        self.cancel_button.clicked.connect(self.stop.set)
        top = QHBoxLayout()
        top.addWidget(self.status, 1)
        top.addWidget(self.progress, 1)
        top.addWidget(self.cancel_button)
        self.paper_list = QListWidget()
        self.paper_list.currentRowChanged.connect(self._show_paper)
        self.stored = QLabel()
        self.stored.setTextFormat(Qt.TextFormat.PlainText)
        self.stored.setWordWrap(True)
        self.candidates = _table(CANDIDATE_COLUMNS, 3, (50, 110, 50, 0, 170, 190))
        self.candidates.itemSelectionChanged.connect(self._show_changes)
        self.changes = _table(CHANGE_COLUMNS, 2, (90, 300))
        self.accept_button = QPushButton(self.tr("Accept"))
        self.reject_button = QPushButton(self.tr("Reject"))
        self.accept_button.clicked.connect(self.accept_current)
        self.reject_button.clicked.connect(self.reject_current)
        self.threshold = QDoubleSpinBox()
        self.threshold.setRange(0.0, 1.0)
        self.threshold.setSingleStep(0.05)
        self.threshold.setValue(0.9)
        self.accept_all_button = QPushButton(self.tr("Accept all scoring at least"))
        self.accept_all_button.clicked.connect(self.accept_above)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Apply | QDialogButtonBox.StandardButton.Close
        )
        self.apply_button = self.buttons.button(QDialogButtonBox.StandardButton.Apply)
        self.apply_button.clicked.connect(self.apply)
        self.buttons.rejected.connect(self.reject)
        self._layout(top)

    def _layout(self, top: QHBoxLayout) -> None:
        right = QWidget()
        column = QVBoxLayout(right)
        column.addWidget(QLabel(self.tr("<b>Stored</b>")))
        column.addWidget(self.stored)
        column.addWidget(
            QLabel(self.tr("<b>Candidates</b> (score: how closely the abstracts match)"))
        )
        column.addWidget(self.candidates, 2)
        column.addWidget(QLabel(self.tr("<b>Accepting the selected candidate would change</b>")))
        column.addWidget(self.changes, 2)
        decide = QHBoxLayout()
        decide.addWidget(self.accept_button)
        decide.addWidget(self.reject_button)
        decide.addStretch(1)
        decide.addWidget(self.accept_all_button)
        decide.addWidget(self.threshold)
        column.addLayout(decide)
        split = QSplitter()
        split.addWidget(self.paper_list)
        split.addWidget(right)
        split.setSizes([340, 760])
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(split, 1)
        layout.addWidget(self.buttons)
        self._update_buttons()

    # -- looking up ------------------------------------------------------------------------

    def start(self, pool: QThreadPool | None = None) -> workers.Worker:
        """Look the papers up on a worker thread; each paper's candidates arrive in turn."""
        papers, finder, relay, stop = self.papers, self.finder, self.relay, self.stop

        def work(progress: Callable[[int, int], None]) -> int:
            for done, paper in enumerate(papers):
                if stop.is_set():
                    raise Cancelled(translate("ReviewDialog", "Lookup stopped."))
                progress(done, len(papers))
                relay.proposal.emit(finder(paper, stop.is_set))
            progress(len(papers), len(papers))
            return len(papers)

        self.worker = workers.Worker(work)
        self.worker.signals.progress.connect(self._progress)
        self.worker.signals.finished.connect(self._finished)
        self.worker.signals.failed.connect(self._failed)
        workers.start(self.worker, pool or QThreadPool.globalInstance())
        return self.worker

    def _progress(self, done: int, total: int) -> None:
        self.progress.setValue(done)
        if done < total:
            self.status.setText(fill(self.tr("Looking up paper %1 of %2…"), done + 1, total))

    def _finished(self, total: int) -> None:
        self.status.setText(fill(self.tr("Looked up %1."), papers(total)))
        self._done()

    def _failed(self, exc: BaseException) -> None:
        if isinstance(exc, Cancelled):
            said = self.tr("Stopped after %1 of %2.")
            self.status.setText(fill(said, len(self.proposals), len(self.papers)))
        elif isinstance(exc, LitmanError):
            self.status.setText(str(exc))
        else:
            self.status.setText(fill(self.tr("Lookup failed: %1"), repr(exc)))
        self._done()

    def _done(self) -> None:
        self.progress.setValue(len(self.proposals))
        self.cancel_button.setEnabled(False)
        self.worker = None

    def _arrived(self, proposal: Proposal) -> None:
        self.proposals.append(proposal)
        item = QListWidgetItem(_list_text(proposal, None))
        self.paper_list.addItem(item)
        if self.paper_list.currentRow() < 0:
            self.paper_list.setCurrentRow(0)

    # -- the current paper -----------------------------------------------------------------

    def current(self) -> Proposal | None:
        row = self.paper_list.currentRow()
        return self.proposals[row] if 0 <= row < len(self.proposals) else None

    def _show_paper(self, row: int) -> None:
        proposal = self.current()
        self.candidates.setRowCount(0)
        if proposal is None:
            return
        p = proposal.paper
        self.stored.setText(_stored_text(p, proposal.problems))
        for c in proposal.candidates:
            f = c.paper
            _add_row(
                self.candidates,
                (
                    f"{c.score:.2f}",
                    c.found.source,
                    str(f.year or ""),
                    f.title,
                    "; ".join(f.authors[:3]) + (" …" if len(f.authors) > 3 else ""),
                    f.doi,
                ),
            )
        if proposal.candidates:
            self.candidates.selectRow(self._chosen_row(proposal))
        self._show_changes()

    def _chosen_row(self, proposal: Proposal) -> int:
        chosen = self.decisions.get(proposal.paper.id)
        return chosen if chosen is not None else 0

    def selected_candidate(self) -> int | None:
        rows = self.candidates.selectionModel().selectedRows()
        return rows[0].row() if rows else None

    def _show_changes(self) -> None:
        self.changes.setRowCount(0)
        proposal, row = self.current(), self.selected_candidate()
        if proposal is not None and row is not None and row < len(proposal.candidates):
            found = proposal.candidates[row].paper
            for name, old, new in describe(
                proposal.paper, proposed(self.win.library, proposal.paper, found)
            ):
                _add_row(self.changes, (name, old, new))
        self._update_buttons()

    def _update_buttons(self) -> None:
        has = self.current() is not None and self.selected_candidate() is not None
        self.accept_button.setEnabled(has)
        self.reject_button.setEnabled(self.current() is not None)
        self.apply_button.setEnabled(any(v is not None for v in self.decisions.values()))

    # -- deciding --------------------------------------------------------------------------

    def _decide(self, proposal: Proposal, choice: int | None) -> None:
        self.decisions[proposal.paper.id] = choice
        row = self.proposals.index(proposal)
        item = self.paper_list.item(row)
        if item is not None:
            item.setText(_list_text(proposal, "accepted" if choice is not None else "rejected"))
        self._update_buttons()

    def accept_current(self) -> None:
        proposal, row = self.current(), self.selected_candidate()
        if proposal is not None and row is not None:
            self._decide(proposal, row)

    def reject_current(self) -> None:
        proposal = self.current()
        if proposal is not None:
            self._decide(proposal, None)

    def accept_above(self) -> None:
        """Accept the best candidate of every paper that scores at least the threshold."""
        for proposal in self.proposals:
            best = proposal.best
            if best is not None and best.score >= self.threshold.value():
                self._decide(proposal, 0)

    def accepted_papers(self) -> dict[int, NewPaper]:
        by_id = {p.paper.id: p for p in self.proposals}
        return {
            pid: by_id[pid].candidates[choice].paper
            for pid, choice in self.decisions.items()
            if choice is not None
        }

    def apply(self) -> None:
        """Write every accepted candidate as one undoable command, then close."""
        accepted = self.accepted_papers()
        if accepted:
            self.win.push(FillMetadata(self.win.library, accepted))
        self.stop.set()
        self.accept()

    def done(self, result: int) -> None:
        self.stop.set()  # closing stops the lookup at its next request
        super().done(result)


def _table(columns: Sequence[str], stretch: int, widths: Sequence[int]) -> QTableWidget:
    """A read-only table, one row selected at a time, the `stretch` column taking the
    room the others (at `widths`) leave."""
    table = QTableWidget(0, len(columns))
    table.setHorizontalHeaderLabels([translate("ReviewDialog", c) for c in columns])
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.verticalHeader().setVisible(False)
    table.setWordWrap(False)
    header = table.horizontalHeader()
    for col, width in enumerate(widths):
        header.resizeSection(col, width)
    header.setSectionResizeMode(stretch, QHeaderView.ResizeMode.Stretch)
    return table


def _add_row(table: QTableWidget, values: Sequence[str]) -> None:
    row = table.rowCount()
    table.insertRow(row)
    for col, value in enumerate(values):
        item = QTableWidgetItem(value[:300])
        item.setToolTip(value[:2000])  # a QTableWidgetItem's tooltip is plain text
        table.setItem(row, col, item)


def _list_text(proposal: Proposal, decision: str | None) -> str:
    best = proposal.best
    score = f"{best.score:.2f}" if best else translate("ReviewDialog", "none")
    mark = {"accepted": "✓ ", "rejected": "✗ ", None: ""}[decision]
    return f"{mark}{proposal.paper.title[:80]}  [{score}]"


def _stored_text(p: Paper, problems: Sequence[str]) -> str:
    lines = [
        fill(translate("ReviewDialog", "%1  (derived title)"), p.title)
        if p.title_derived
        else p.title,
        "; ".join(p.authors) or translate("ReviewDialog", "(no authors)"),
        " · ".join(x for x in (str(p.year or ""), p.venue, p.doi) if x),
        p.abstract[:400] + ("…" if len(p.abstract) > 400 or p.abstract_truncated else ""),
    ]
    lines += [fill(translate("ReviewDialog", "Note: %1"), problem) for problem in problems]
    return "\n".join(line for line in lines if line)
