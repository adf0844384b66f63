"""The entry editor on a real JabRef-written @article: every stored field seen, edited,
undone, and exported as edited."""

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QLineEdit
from pytestqt.qtbot import QtBot

from litman import app
from litman.core.errors import LitmanError
from litman.core.library.facade import Library
from litman.formats import bibtex
from litman.gui.window.main_window import MainWindow

pytestmark = pytest.mark.gui

KOPP = Path(__file__).resolve().parents[1] / "data" / "real-entries" / "kopp2009.bib"


@pytest.fixture
def kopp(window: MainWindow, qtbot: QtBot) -> int:
    """The window with the real entry imported and selected; returns its id."""
    (report,) = app.import_files(window.library, [KOPP])
    pid = report.added[0]
    window.apply_filter()
    window.table.clearSelection()
    shown_row = window.model.row_of(pid)
    assert shown_row is not None
    window.table.selectRow(shown_row)
    qtbot.waitUntil(lambda: window.detail.entry._paper is not None)
    return pid


def venue_label(window: MainWindow) -> QLabel:
    label = window.detail.venue_label
    assert isinstance(label, QLabel)
    return label


def edit(qtbot: QtBot, line_edit: QLineEdit, text: str) -> None:
    """Type into a box as a user does, then leave it."""
    line_edit.setFocus()
    line_edit.selectAll()
    qtbot.keyClick(line_edit, Qt.Key.Key_Delete)
    qtbot.keyClicks(line_edit, text)
    line_edit.editingFinished.emit()


def exported(window: MainWindow, pid: int) -> str:
    return bibtex.dumps([window.library.get(pid)])


@pytest.mark.slow
def test_every_stored_field_has_a_row_grouped_as_jabref_does(window: MainWindow, kopp: int) -> None:
    entry = window.detail.entry
    assert entry.entry_type.currentText() == "article"
    assert entry.citekey.text() == "KoppMartinWutkeEtAl2009"
    rows = {n: e.text() for n, e in entry.values.items()}
    assert rows["volume"] == "4" and rows["number"] == "1" and rows["pages"] == "3--13"
    assert rows["biburl"] == "http://dblp.uni-trier.de/rec/bib/journals/emisaij/KoppMWL09"
    assert rows["timestamp"] == "Thu, 17 Mar 2016 00:00:00 +0100"
    assert rows["issn"] == "" and rows["note"] == ""  # optional for an article, empty
    assert "title" not in rows and "journal" not in rows  # edited in the form above
    assert venue_label(window).text() == "Venue (journal)"


@pytest.mark.slow
def test_an_edit_is_undoable_and_exported_exactly_as_typed(
    window: MainWindow, kopp: int, qtbot: QtBot
) -> None:
    before = exported(window, kopp)
    edit(qtbot, window.detail.entry.values["pages"], r"3--14 {\"u}")
    assert window.library.get(kopp).extra["pages"] == r"3--14 {\"u}"
    after = exported(window, kopp)
    assert '\tpages = {3--14 {\\"u}},\n' in after
    assert after.replace('3--14 {\\"u}', "3--13") == before
    window.undo.undo()
    assert exported(window, kopp) == before
    qtbot.waitUntil(lambda: window.detail.entry.values["pages"].text() == "3--13")


@pytest.mark.slow
def test_an_unedited_box_left_by_tab_writes_nothing(window: MainWindow, kopp: int) -> None:
    box = window.detail.entry.values["timestamp"]
    box.setFocus()
    box.editingFinished.emit()
    assert window.undo.count() == 0


@pytest.mark.slow
def test_a_field_is_added_and_removed(window: MainWindow, kopp: int, qtbot: QtBot) -> None:
    entry = window.detail.entry
    entry.new_name.setText("Addendum")
    entry.new_value.setText("Reprinted 2020")
    entry.add_button.click()
    assert window.library.get(kopp).extra["addendum"] == "Reprinted 2020"
    qtbot.waitUntil(lambda: "addendum" in entry.values)
    edit(qtbot, entry.values["bibsource"], "")
    assert "bibsource" not in window.library.get(kopp).extra
    assert "bibsource" not in exported(window, kopp)
    window.undo.undo()
    assert "bibsource = {dblp computer science" in exported(window, kopp)


@pytest.mark.slow
def test_the_entry_type_changes_the_rows_and_the_venue_field(
    window: MainWindow, kopp: int, qtbot: QtBot
) -> None:
    entry = window.detail.entry
    entry.entry_type.setCurrentText("inproceedings")
    entry._commit_type()
    assert window.library.get(kopp).entry_type == "inproceedings"
    qtbot.waitUntil(lambda: "organization" in entry.values)
    assert "\tbooktitle = {Enterprise Modelling" in exported(window, kopp)
    window.undo.undo()
    assert window.library.get(kopp).entry_type == "article"


@pytest.mark.slow
def test_a_bad_field_name_is_refused_with_a_message(
    window: MainWindow, kopp: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QMessageBox

    said: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a: said.append(a[2]))
    entry = window.detail.entry
    for name in ("title", "two words"):
        entry.new_name.setText(name)
        entry.new_value.setText("x")
        entry.add_button.click()
    assert len(said) == 2 and "own fields" in said[0] and "not a BibTeX field" in said[1]
    assert window.library.get(kopp).title.startswith("The Difference")


def test_core_set_field_returns_its_inverse(seeded: Library) -> None:
    pid = seeded.list_ids()[0]
    changes = seeded.papers.set_field(pid, "Volume", "12")
    assert seeded.get(pid).extra["volume"] == "12"
    seeded.papers.restore_fields(dict(changes.old))
    assert "volume" not in seeded.get(pid).extra
    with pytest.raises(LitmanError):
        seeded.papers.set_field(pid, "litman-raw-title", "x")


@pytest.mark.slow
def test_the_editor_is_read_only_with_the_window(
    window: MainWindow, kopp: int, qtbot: QtBot
) -> None:
    window.detail.read_only = True
    window.detail.show_papers([window.library.get(kopp)], None)
    assert window.detail.entry.values["pages"].isReadOnly()
    assert not window.detail.entry.add_button.isEnabled()
    assert window.detail.entry.values["pages"].text() == "3--13"


@pytest.mark.slow
def test_fields_a_type_requires_are_marked_required(window: MainWindow, qtbot: QtBot) -> None:
    from litman.core.records import NewPaper

    # a thesis's school is its venue (the Venue box, "Venue (school)"): not a row here
    pid = window.library.papers.add_paper(NewPaper(title="A draft", entry_type="unpublished"))
    window.apply_filter()
    window.table.clearSelection()
    shown_row = window.model.row_of(pid)
    assert shown_row is not None
    window.table.selectRow(shown_row)
    qtbot.waitUntil(lambda: "note" in window.detail.entry.values)
    note = window.detail.entry.values["note"]
    assert note.placeholderText() == "required" and note.text() == ""
    assert list(window.detail.entry.values)[:1] == ["note"]  # required rows come first


@pytest.mark.slow
def test_a_thesiss_school_is_its_venue(window: MainWindow, qtbot: QtBot) -> None:
    from litman.core.records import NewPaper

    new = NewPaper(title="A thesis", entry_type="phdthesis", venue="ETH Zurich")
    pid = window.library.papers.add_paper(new)
    window.apply_filter()
    window.table.clearSelection()
    shown_row = window.model.row_of(pid)
    assert shown_row is not None
    window.table.selectRow(shown_row)
    qtbot.waitUntil(lambda: venue_label(window).text() == "Venue (school)")
    assert "school" not in window.detail.entry.values
