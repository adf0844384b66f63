"""Attachments in the window: Enter (or a double-click) opens the selected paper's PDF in the
viewer, the detail pane lists its attachments (a missing file marked), Remove is undone, and
PDFs dropped on the window become papers with their PDFs."""

import json
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPoint, Qt, QUrl
from PySide6.QtGui import QDropEvent
from pytestqt.qtbot import QtBot

from litman import viewer
from litman.core.records import NewPaper
from litman.gui.window.main_window import MainWindow
from tests.formats.test_pdf import SAMPLES, made  # noqa: F401 (a fixture)
from tests.gui.cells import column_of, row_of

pytestmark = pytest.mark.gui


@pytest.fixture
def said(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The viewer: a command that writes down the path it was given."""
    out = tmp_path / "viewer-was-given"
    script = f"import sys, pathlib; pathlib.Path({json.dumps(str(out))}).write_text(sys.argv[1])"
    monkeypatch.setenv(viewer.OPENER_ENV, f"{sys.executable} -c '{script}'")
    return out


def with_pdf(window: MainWindow, tmp_path: Path, name: str = "walrus.pdf") -> tuple[int, Path]:
    pdf = tmp_path / name
    pdf.write_bytes((SAMPLES / "simple1.pdf").read_bytes())
    pid = window.library.papers.add_paper(NewPaper(title="Walrus embeddings"))
    window.library.attachments.attach(pid, [pdf], link=True)
    window.apply_filter()
    window.table.clearSelection()
    shown_row = window.model.row_of(pid)
    assert shown_row is not None
    window.table.selectRow(shown_row)
    return pid, pdf


def test_enter_opens_the_first_pdf_in_the_viewer(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, said: Path
) -> None:
    _pid, pdf = with_pdf(window, tmp_path)
    window.activateWindow()
    window.table.setFocus()
    qtbot.keyClick(window.table, Qt.Key.Key_Return)
    assert viewer.started[-1].wait(timeout=60) == 0
    assert said.read_text() == str(pdf)


def test_the_pane_lists_attachments_and_marks_a_missing_one(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    _pid, pdf = with_pdf(window, tmp_path)
    listed = window.attachment_list
    qtbot.waitUntil(lambda: listed.list.count() == 1)
    assert listed.list.item(0).text() == "walrus.pdf" and listed.isVisible()
    pdf.unlink()
    listed.refresh()
    item = listed.list.item(0)
    assert item.toolTip() == f"Missing: {pdf}" and not item.icon().isNull()


def test_remove_is_undone(window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    pid, _pdf = with_pdf(window, tmp_path)
    listed = window.attachment_list
    qtbot.waitUntil(lambda: listed.list.count() == 1)
    listed.list.item(0).setSelected(True)
    listed.remove.click()
    qtbot.waitUntil(lambda: window.library.attachments.of(pid) == [])
    window.undo.undo()
    qtbot.waitUntil(lambda: len(window.library.attachments.of(pid)) == 1)


def test_pdfs_dropped_on_the_window_become_papers(
    window: MainWindow,
    qtbot: QtBot,
    tmp_path: Path,
    made: dict[str, Path],  # noqa: F811
) -> None:
    names = ["naacl06-shinyama.pdf", "simple1.pdf"]
    files = [SAMPLES / n for n in names] + [made["meta"]]
    before = window.library.count()
    data = QMimeData()
    data.setUrls([QUrl.fromLocalFile(str(f)) for f in files])
    event = QDropEvent(
        QPoint(10, 10),
        Qt.DropAction.CopyAction,
        data,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    window.dropEvent(event)
    qtbot.waitUntil(lambda: window.library.count() == before + 3, timeout=60000)
    found = window.library.search("fulltext:zooplankton").ids.tolist()
    assert len(found) == 1
    (att,) = window.library.attachments.of(found[0])
    assert att.kind == "file" and Path(att.location).is_file()


def test_the_pane_shows_the_matching_sentence_and_its_page(
    window: MainWindow,
    qtbot: QtBot,
    tmp_path: Path,
    made: dict[str, Path],  # noqa: F811
) -> None:
    pid = window.library.papers.add_paper(NewPaper(title="Walrus"))
    window.library.attachments.attach(pid, [made["meta"]], link=True)
    (att,) = window.library.attachments.of(pid)
    from litman.formats.pdf_text import extract

    window.library.attachments.set_text(att.id, extract(made["meta"]).pages)
    qtbot.keyClicks(window.search, "zooplancton bioluminesense")
    qtbot.waitUntil(lambda: window.model.ids()[:1] == [pid])
    window.table.selectRow(0)
    label = window.attachment_list.passage
    qtbot.waitUntil(lambda: label.text().startswith("p. 4: "))
    assert "zooplankton bioluminescence" in label.text()


def test_copy_as_bibtex_writes_the_attachments_file_field(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    from PySide6.QtWidgets import QApplication

    _pid, pdf = with_pdf(window, tmp_path)
    qtbot.waitUntil(lambda: window.selected_ids() != [])
    window.copy_as("bibtex")
    escaped = str(pdf).replace(":", "\\\\:")
    assert f":{escaped}:PDF" in QApplication.clipboard().text().replace("\n", "")


def test_find_missing_files_relinks_under_the_folder_picked(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QFileDialog

    from litman.gui.window import paper_files

    pid, pdf = with_pdf(window, tmp_path)
    other, lost = with_pdf(window, tmp_path, "tusk.pdf")
    window.table.selectAll()
    moved = tmp_path / "moved"
    moved.mkdir()
    for each in (pdf, lost):
        each.rename(moved / each.name)
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *a, **k: str(moved))
    before = window.undo.count()
    with qtbot.waitSignal(window.undo.indexChanged, timeout=20000):
        worker = paper_files.find_missing(window)
        assert worker is not None  # the folder is searched off the GUI thread
    where = [window.library.attachments.of(p)[0] for p in (pid, other)]
    assert [(a.location, a.missing) for a in where] == [
        (str(moved / "walrus.pdf"), False),
        (str(moved / "tusk.pdf"), False),
    ]
    assert "Found 2 missing files" in window.statusBar().currentMessage()
    assert window.undo.count() == before + 1
    window.undo.undo()
    assert all(window.library.attachments.of(p)[0].missing for p in (pid, other))


def test_find_missing_files_finding_none_says_so_and_adds_no_undo_step(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QFileDialog

    from litman.gui.window import paper_files

    with_pdf(window, tmp_path)
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *a, **k: str(tmp_path))
    before = window.undo.count()
    worker = paper_files.find_missing(window)
    assert worker is not None
    said = window.statusBar().currentMessage
    qtbot.waitUntil(lambda: "Found 0 missing files" in said(), timeout=20000)
    assert window.undo.count() == before


def test_the_table_marks_a_paper_whose_file_is_missing(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    pid, pdf = with_pdf(window, tmp_path)
    model = window.model
    cell = model.index(row_of(model, pid), column_of(model, "attachment"))
    tip = Qt.ItemDataRole.ToolTipRole
    assert model.data(cell, tip) == "Has its file"
    assert window.columns.is_shown("attachment")
    pdf.unlink()
    window.library.attachments.set_text(window.library.attachments.of(pid)[0].id, ["walrus"])
    cell = model.index(row_of(model, pid), column_of(model, "attachment"))
    qtbot.waitUntil(lambda: "missing" in (model.data(cell, tip) or ""))
    assert not model.data(cell, Qt.ItemDataRole.DecorationRole).isNull()
    other = model.index(row_of(model, pid) ^ 1, column_of(model, "attachment"))
    assert model.data(other, Qt.ItemDataRole.DecorationRole) is None  # no attachment


def test_extract_text_reads_the_pdfs_attached_without_it(
    window: MainWindow,
    qtbot: QtBot,
    made: dict[str, Path],  # noqa: F811
) -> None:
    pid = window.library.papers.add_paper(NewPaper(title="Walrus"))
    window.library.attachments.attach(pid, [made["meta"]], link=True)
    window.apply_filter()
    shown_row = window.model.row_of(pid)
    assert shown_row is not None
    window.table.selectRow(shown_row)
    window.acts.read_texts.trigger()
    said = window.statusBar().currentMessage
    qtbot.waitUntil(lambda: "Read the text of 1 PDF" in said(), timeout=60000)
    assert window.library.search("fulltext:zooplankton").ids.tolist() == [pid]
