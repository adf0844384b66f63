"""Text from a library shown by the window as it is: no markup, no mnemonics, no flood.

Each test puts hostile text in a library (a title with `<img>`, an author with `<h1>`, a tag
`R&D`, a 50 MB abstract) and checks what a user would see, the way Qt would read it.
"""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QTextDocument
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtWidgets import QMessageBox, QPushButton
from pytestqt.qtbot import QtBot

from litman.core.records import NewPaper, Paper
from litman.core.search.query import parse
from litman.core.search.ranking import SearchResult
from litman.gui.dialogs import dialogs
from litman.gui.safe_text import MAX_RENDERED
from litman.gui.window.main_window import MainWindow
from tests.gui.cells import row_of

pytestmark = pytest.mark.gui

IMG = '<img src="/usr/share/pixmaps/debian-logo.png">'
H1 = "<h1 style=color:red>Evil</h1>"


def shown(text: str) -> str:
    """What Qt displays for `text` in a tooltip, label or message box (AutoText)."""
    doc = QTextDocument()
    if GuiQt.mightBeRichText(text):
        doc.setHtml(text)
    else:
        doc.setPlainText(text)
    return doc.toPlainText()


def select_only(win: MainWindow, qtbot: QtBot, pid: int) -> None:
    win.apply_filter()
    win.table.clearSelection()
    shown_row = win.model.row_of(pid)
    assert shown_row is not None
    win.table.selectRow(shown_row)
    qtbot.waitUntil(lambda: win.detail._paper is not None and win.detail._paper.id == pid)


def test_table_tooltips_show_html_as_text(window: MainWindow) -> None:
    pid = window.library.papers.add_paper(NewPaper(title=f"Title {IMG}", authors=(H1, "Doe, Jane")))
    window.apply_filter()
    row = row_of(window.model, pid)
    title_tip = window.model.index(row, 1).data(Qt.ItemDataRole.ToolTipRole)
    authors_tip = window.model.index(row, 2).data(Qt.ItemDataRole.ToolTipRole)
    assert shown(title_tip) == f"Title {IMG}"
    assert shown(authors_tip) == f"{H1}; Doe, Jane"


def test_tag_names_in_message_boxes_are_text(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    tag = '<a href="file:///etc/passwd" &lt;b'
    pid = window.library.papers.add_paper(NewPaper(title="x", tags=(tag,)))
    asked: list[str] = []

    def question(
        _parent: object, _title: str, text: str, *_a: object, **_k: object
    ) -> QMessageBox.StandardButton:
        asked.append(text)
        return QMessageBox.StandardButton.No

    monkeypatch.setattr(QMessageBox, "question", question)
    dialogs.delete_tag(window, tag)
    assert shown(asked[0]) == f"Delete the tag '{tag}' and take it off every paper?"
    assert "<a " not in asked[0]
    assert window.library.get(pid).tags == (tag,)


def test_an_ampersand_tag_reads_as_itself_and_alt_does_not_remove_it(
    window: MainWindow, qtbot: QtBot
) -> None:
    pid = window.library.papers.add_paper(NewPaper(title="Research", tags=("R&D",)))
    select_only(window, qtbot, pid)
    chips = [w for w in window.detail.findChildren(QPushButton) if "R&" in w.text()]
    assert len(chips) == 1
    assert QKeySequence.mnemonic(chips[0].text()).isEmpty()
    assert chips[0].text().replace("&&", "&").startswith("R&D")
    window.detail.tagRemoveRequested.emit("R&D")
    assert QKeySequence.mnemonic(window.acts.undo.text()).isEmpty()
    assert "R&&D" in window.acts.undo.text()


@pytest.mark.slow
def test_a_huge_abstract_is_shown_in_part(window: MainWindow, qtbot: QtBot) -> None:
    pid = window.library.papers.add_paper(NewPaper(title="Huge", abstract="word " * 10_000_000))
    select_only(window, qtbot, pid)
    shown_text = window.detail.abstract.toPlainText()
    assert 0 < len(shown_text) <= MAX_RENDERED
    assert "Showing the first 20,000 of 50,000,000 characters" in window.detail.note.text()


def test_a_title_longer_than_a_line_edit_holds_is_never_cut_by_a_commit(
    window: MainWindow, qtbot: QtBot
) -> None:
    title = "t" * 40_000
    pid = window.library.papers.add_paper(NewPaper(title=title))
    select_only(window, qtbot, pid)
    edit = window.detail.edits["title"]
    assert edit.isReadOnly()
    edit.editingFinished.emit()
    assert window.library.get(pid).title == title


@pytest.mark.slow
def test_search_hits_are_sought_only_in_the_part_shown(window: MainWindow, qtbot: QtBot) -> None:
    pid = window.library.papers.add_paper(NewPaper(title="Huge", abstract="word " * 1_000_000))
    asked: list[int] = []

    # stands where the search result is: records what it is asked about
    class Recorder(SearchResult):
        def spans(self, paper: Paper) -> dict[str, list[tuple[int, int]]]:
            asked.append(len(paper.abstract))
            return {}

    select_only(window, qtbot, pid)
    window.results.last_result = Recorder(parse(""))
    window.table.clearSelection()
    shown_row = window.model.row_of(pid)
    assert shown_row is not None
    window.table.selectRow(shown_row)
    qtbot.waitUntil(lambda: bool(asked))
    assert asked[-1] == MAX_RENDERED
