"""What the window's lookup actions do (`menu` puts them in the menus): Add by
Identifier…, Find Metadata… and Refresh from DOI/arXiv….

Network work runs on Qt's global pool, never on the GUI thread; writes go through the
window's write queue. Adding imports what was found (a DOI already stored is merged into
its paper); finding and refreshing open the review dialog (`review`), whose Apply is
one undoable command. Without the network each says so in one line.
"""

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QThreadPool
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QInputDialog,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
)

from litman.core.errors import LitmanError
from litman.core.records import Paper
from litman.gui import settings, workers
from litman.gui.i18n import QT_TRANSLATE_NOOP, fill, translate
from litman.gui.lookup.review import ReviewDialog
from litman.metadata.actions import AddResult, Proposal, import_found, resolve_all
from litman.metadata.base import Found
from litman.metadata.config import LookupConfig
from litman.metadata.errors import LookupFailed
from litman.metadata.identifiers import Identifier, arxiv_doi, recognise
from litman.metadata.lookup import Lookup
from litman.metadata.matching import Candidate, candidates_for, needs_metadata, similarity

if TYPE_CHECKING:
    from litman.gui.lookup.host import Host


def lookup_for(win: "Host") -> Lookup:
    """A Lookup with the contact e-mail the user gave (else $LITMAN_CONTACT_EMAIL)."""
    email = str(win.view.get(settings.CONTACT_EMAIL) or "").strip()
    return Lookup(LookupConfig.from_env(**({"contact_email": email} if email else {})))


def set_contact_email(win: "Host") -> None:
    current = str(win.view.get(settings.CONTACT_EMAIL) or "")
    email, ok = QInputDialog.getText(
        win.window(),
        translate("Lookup", "Contact E-mail for Lookups"),
        translate(
            "Lookup",
            "Sent to Crossref and OpenAlex with each lookup, as their polite pools ask\n"
            "(leave empty to send none):",
        ),
        text=current,
    )
    if ok:
        win.view.set(settings.CONTACT_EMAIL, email.strip())


IDS_HINT = QT_TRANSLATE_NOOP(
    "AddDialog", "One per line: DOIs (10.1000/xyz, doi:…, https://doi.org/…), arXiv ids, ISBNs."
)


# -- add by identifier ---------------------------------------------------------------------


class AddDialog(QDialog):
    def __init__(self, win: "Host") -> None:
        super().__init__(win.window())
        self.win = win
        self.setWindowTitle(self.tr("Add by Identifier"))
        self.ids = QPlainTextEdit()
        self.ids.setPlaceholderText("10.1000/xyz123\narXiv:2301.01234\n978-0-262-03384-8")
        self.message = QLabel(self.tr(IDS_HINT))
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        self.message.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(self.tr("Add"))
        self.buttons.accepted.connect(self.add)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.ids)
        layout.addWidget(self.message)
        layout.addWidget(self.buttons)
        self.stop = threading.Event()
        self.result_: AddResult | None = None
        self.worker: workers.Worker | None = None

    def texts(self) -> list[str]:
        return [t for line in self.ids.toPlainText().splitlines() for t in line.split() if t]

    def add(self) -> None:
        texts = self.texts()
        bad = [t for t in texts if recognise(t) is None]
        if not texts or bad:
            said = self.tr("'%1' is not a DOI, an arXiv id or an ISBN. ")
            shown = fill(said, bad[0][:60]) if bad else ""
            self.message.setText(shown + self.tr(IDS_HINT))
            return
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(False)
        self.message.setText(fill(self.tr("Looking up %1…"), len(texts)))
        lookup, stop = lookup_for(self.win), self.stop
        self.worker = workers.Worker(lambda p: resolve_all(texts, lookup, p, stop.is_set))
        self.worker.signals.progress.connect(
            lambda done, total: self.message.setText(
                fill(self.tr("Looking up %1 of %2…"), done + 1, total)
            )
        )
        self.worker.signals.finished.connect(self._found)
        self.worker.signals.failed.connect(self._failed)
        workers.start(self.worker, QThreadPool.globalInstance())

    def _found(self, result: tuple[list[tuple[Identifier, Found]], list[tuple[str, str]]]) -> None:
        found, failed = result
        if not found:
            self._show(AddResult(None, (), tuple(failed)))
            return
        lib = self.win.library
        writer = workers.Worker(lambda _progress: import_found(lib, found))
        writer.signals.finished.connect(
            lambda report: self._show(AddResult(report, tuple(found), tuple(failed)))
        )
        writer.signals.failed.connect(self._failed)
        self.win.runner(writer)

    def _failed(self, exc: BaseException) -> None:
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(True)
        why = (
            str(exc)
            if isinstance(exc, LitmanError)
            else fill(self.tr("Unexpected error: %1"), repr(exc))
        )
        self.message.setText(why)

    def _show(self, result: AddResult) -> None:
        self.result_ = result
        report = result.report
        lines = []
        if report is not None:
            said = self.tr("%1 added, %2 merged into papers already stored.")
            lines.append(fill(said, len(report.added), len(report.merged)))
        lines += [f"{text}: {why}" for text, why in result.failed]
        self.message.setText("\n".join(lines))
        self.win.statusBar().showMessage(lines[0] if lines else "", 8000)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(True)
        if not result.failed:
            self.accept()

    def done(self, result: int) -> None:
        self.stop.set()
        super().done(result)


# -- find metadata and refresh -------------------------------------------------------------


def _selected(win: "Host") -> list[Paper]:
    return win.library.get_many(win.selected_ids())


def find_metadata(win: "Host") -> ReviewDialog | None:
    """Review candidates for the selected papers that need metadata (else all selected)."""
    chosen = _selected(win)
    papers = [p for p in chosen if needs_metadata(p)] or chosen
    return _review(
        win, papers, _search, translate("Lookup", "Select the papers to find metadata for.")
    )


def _search(paper: Paper, lookup: Lookup, stop: Callable[[], bool]) -> Proposal:
    cands, problems = candidates_for(paper, lookup, stop)
    return Proposal(paper, tuple(cands), problems)


def identifier_of(paper: Paper) -> Identifier | None:
    """The DOI or arXiv id a paper is stored with, if any."""
    eprint = paper.extra.get("eprint", "")
    if paper.doi and not paper.doi.lower().startswith(arxiv_doi("")):
        return recognise(paper.doi)
    return recognise(eprint) or (recognise(paper.doi) if paper.doi else None)


def refresh_papers(win: "Host") -> ReviewDialog | None:
    """Look up the selected papers by their DOI or arXiv id and show what would change."""
    papers = [p for p in _selected(win) if identifier_of(p) is not None]
    return _review(
        win, papers, _refresh, translate("Lookup", "Select papers that have a DOI or an arXiv id.")
    )


def _refresh(paper: Paper, lookup: Lookup, stop: Callable[[], bool]) -> Proposal:
    ident = identifier_of(paper)
    assert ident is not None
    try:
        found = lookup.resolve(ident, stop)
    except LookupFailed as exc:  # Offline too: the dialog shows why, paper by paper
        return Proposal(paper, (), (str(exc),))
    score = similarity(paper.abstract, paper.abstract_truncated, found.paper.abstract)
    return Proposal(paper, (Candidate(found, 1.0 if not paper.abstract else score),))


def _review(
    win: "Host",
    papers: list[Paper],
    ask: Callable[[Paper, Lookup, Callable[[], bool]], Proposal],
    none_chosen: str,
) -> ReviewDialog | None:
    """Open the review of what `ask` proposes for each paper, asked on a worker; or say
    `none_chosen` in the status bar when there are no papers."""
    if not papers:
        win.statusBar().showMessage(none_chosen, 5000)
        return None
    lookup = lookup_for(win)
    dialog = ReviewDialog(win, papers, lambda p, stop: ask(p, lookup, stop))
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()
    dialog.start()
    return dialog
