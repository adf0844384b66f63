"""Edit → Copy Reference (Ctrl+Shift+C) and Copy Citation (Ctrl+Shift+A): the selected
papers as a formatted bibliography, or as one in-text citation, in the style chosen under
Edit → Reference Style, with HTML and plain text on the clipboard together, as Zotero's
Quick Copy puts them (a word processor pastes the HTML, a text editor the text).

The style is the user's own setting for every library (`settings.CITE_STYLE`): one of the
names `litman.formats.references` offers, or a `.csl` file chosen with Other Style File….
A style that cannot be used (its file gone) is said on the status line; nothing is copied.

citeproc-py takes 25-60 ms a paper in APA and Chicago (3 in IEEE), so the references are
made on a worker thread (`Copier`), the status line saying so meanwhile, and put on the
clipboard when they are ready; a copy asked for meanwhile replaces the one under way.
"""

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QMimeData, QObject, Qt, QThreadPool, Signal
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QApplication, QMenu

from litman.core.library.facade import Library
from litman.formats import references
from litman.formats.references import References as Refs
from litman.gui import settings, workers
from litman.gui.dialogs import file_dialogs
from litman.gui.i18n import fill, translate
from litman.gui.i18n import papers as papers_counted
from litman.gui.workers import Runner, Worker

if TYPE_CHECKING:
    from litman.gui.window.window_api import Window

# A bound on what one copy formats: a minute of citeproc-py at most, on its worker (a
# bibliography longer than this is an export's work: File → Export…).
MAX_PAPERS = 1000
OTHER = "Other Style File…"  # its key; shown translated


def install(win: "Window", edit_menu: QMenu) -> None:
    """Make the copy actions and the Reference Style menu, and put them in `edit_menu`."""
    acts = win.acts
    acts.copy_reference = _action(
        win, translate("References", "Copy Reference"), "Ctrl+Shift+C", False
    )
    acts.copy_citation = _action(
        win, translate("References", "Copy Citation"), "Ctrl+Shift+A", True
    )
    styles = edit_menu.addMenu(translate("References", "Reference Style"))
    group = QActionGroup(styles)
    acts.reference_styles = {}
    for name in [*references.style_names(), OTHER]:
        a = QAction(
            translate("References", "Other Style File…") if name == OTHER else name,
            styles,
            checkable=True,
        )
        a.triggered.connect(partial(choose_style, win, name))
        group.addAction(a)
        styles.addAction(a)
        acts.reference_styles[name] = a
    edit_menu.addActions([acts.copy_reference, acts.copy_citation])
    _check_chosen(win)


def _action(win: "Window", text: str, key: str, citation: bool) -> QAction:
    a = QAction(text, win.window())
    a.setShortcut(QKeySequence(key))
    a.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
    a.triggered.connect(lambda _checked=False: copier(win).copy(citation))
    win.window().addAction(a)
    win.table.addAction(a)
    return a


def chosen_style(win: "Window") -> str:
    return str(win.view.get(settings.CITE_STYLE) or references.DEFAULT_STYLE)


def choose_style(win: "Window", name: str) -> None:
    """Use the style `name` from now on; Other Style File… asks for a .csl file."""
    if name == OTHER:
        paths = file_dialogs.open_files(
            win,
            translate("References", "Choose a CSL Style"),
            Path.home(),
            translate("References", "CSL styles (*.csl)"),
        )
        if paths:
            name = str(paths[0])
    if name != OTHER:
        win.view.set(settings.CITE_STYLE, name)
    _check_chosen(win)


def _check_chosen(win: "Window") -> None:
    style = chosen_style(win)
    acts = win.acts.reference_styles
    acts.get(style, acts[OTHER]).setChecked(True)
    other = translate("References", "Other Style File…")
    named = fill(translate("References", "%1 (Other Style File…)"), Path(style).name)
    acts[OTHER].setText(other if style in acts else named)


def _background(worker: Worker) -> None:
    workers.start(worker, QThreadPool.globalInstance())


def copier(win: "Window") -> "Copier":
    """The window's one copier (made at its first copy)."""
    found = win.window().findChild(Copier)
    return found if isinstance(found, Copier) else Copier(win)


class Copier(QObject):
    """Formats the selection's references on a worker and puts them on the clipboard;
    `done` says what the status line said once it has."""

    done = Signal(str)

    def __init__(self, win: "Window", runner: Runner = _background) -> None:
        super().__init__(win.window())
        self.win, self.runner = win, runner
        self.latest = 0  # the copy asked for last: an earlier one's result is dropped

    def copy(self, citation: bool) -> Worker | None:
        """Start formatting the selection; the worker, or None when nothing is to be done."""
        ids = self.win.selected_ids()
        if not ids:
            return None
        if len(ids) > MAX_PAPERS:
            said = translate("References", "Select at most %1 papers to copy as references")
            self._say(fill(said, MAX_PAPERS), 0)
            return None
        self.latest += 1
        turn, style, library = self.latest, chosen_style(self.win), self.win.library
        worker = Worker(lambda _progress: _render(library, ids, style))
        worker.signals.finished.connect(partial(self._copied, turn, citation, style, len(ids)))
        worker.signals.failed.connect(partial(self._failed, turn))
        said = translate("References", "Formatting the references of %1…")
        self.win.statusBar().showMessage(fill(said, papers_counted(len(ids))))
        self.runner(worker)
        return worker

    def _copied(
        self, turn: int, citation: bool, style: str, n: int, made: "tuple[Refs, Refs]"
    ) -> None:
        if turn != self.latest:
            return
        rich, text = made
        data = QMimeData()
        data.setText(text.citation if citation else text.bibliography())
        data.setHtml(rich.citation if citation else rich.bibliography())
        QApplication.clipboard().setMimeData(data)
        name = Path(style).name if style not in references.STYLES else style
        said = (
            translate("References", "Copied the citation of %1 (%2)")
            if citation
            else translate("References", "Copied the reference of %1 (%2)")
        )
        self._say(fill(said, papers_counted(n), name), 5000)

    def _failed(self, turn: int, exc: object) -> None:
        if turn == self.latest:
            said = translate("References", "Cannot copy references: %1")
            self._say(fill(said, exc), 8000)

    def _say(self, said: str, timeout: int) -> None:
        self.win.statusBar().showMessage(said, timeout)
        self.done.emit(said)


def _render(library: Library, ids: list[int], style: str) -> "tuple[Refs, Refs]":
    """On the worker: the papers read and formatted (raises LitmanError for a bad style)."""
    return references.render_both(library.get_many(ids), style)
