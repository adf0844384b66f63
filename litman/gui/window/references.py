"""Edit → Copy Reference (Ctrl+Shift+C) and Copy Citation (Ctrl+Shift+A): the selected
papers as a formatted bibliography, or as one in-text citation, in the style chosen under
Edit → Reference Style, with HTML and plain text on the clipboard together, as Zotero's
Quick Copy puts them (a word processor pastes the HTML, a text editor the text).

The style is the user's own setting for every library (`settings.CITE_STYLE`): one of the
names `litman.formats.references` offers, or a `.csl` file chosen with Other Style File….
A style that cannot be used (its file gone) is said on the status line; nothing is copied.
"""

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QMimeData, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QApplication, QMenu

from litman.core.errors import LitmanError
from litman.formats import references
from litman.gui import settings
from litman.gui.dialogs import file_dialogs
from litman.gui.i18n import fill, translate
from litman.gui.i18n import papers as papers_counted

if TYPE_CHECKING:
    from litman.gui.window.window_api import Window

# citeproc-py takes 25-60 ms a paper in APA and Chicago (3 in IEEE), in the window's thread.
MAX_PAPERS = 100
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
    a.triggered.connect(lambda _checked=False: copy(win, citation))
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


def copy(win: "Window", citation: bool) -> None:
    """The selection's references (or citation) on the clipboard, HTML and text."""
    ids = win.selected_ids()
    if not ids:
        return
    if len(ids) > MAX_PAPERS:
        said = fill(
            translate("References", "Select at most %1 papers to copy as references"), MAX_PAPERS
        )
        win.statusBar().showMessage(said)
        return
    papers, style = win.library.get_many(ids), chosen_style(win)
    try:
        rich, text = references.render_both(papers, style)
    except LitmanError as e:
        win.statusBar().showMessage(
            fill(translate("References", "Cannot copy references: %1"), e), 8000
        )
        return
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
    said = fill(said, papers_counted(len(papers)), name)
    win.statusBar().showMessage(said, 5000)
