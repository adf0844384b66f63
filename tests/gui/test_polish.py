"""Small things seen on screen at 1366×768: a refused year keeps what was typed and its
message goes once a year is saved; renaming the tag being viewed stays on it."""

from pathlib import Path

import pytest
from PySide6.QtWidgets import QFrame, QInputDialog, QPushButton
from pytestqt.qtbot import QtBot

from litman.core.library.facade import Library
from litman.core.search.filters import ALL, TRASH, TagFilter
from litman.gui.window.main_window import MainWindow
from tests.gui.cells import column_of, row_of

pytestmark = pytest.mark.gui


def shown(win: MainWindow, row: int = 0) -> int:
    win.table.selectRow(row)
    win.selection.flush()
    return win.model.paper_id(row)


def commit(win: MainWindow, name: str, text: str) -> None:
    win.detail.edits[name].setText(text)
    win.detail.edits[name].editingFinished.emit()


def test_a_refused_year_keeps_the_text_typed(window: MainWindow) -> None:
    pid = shown(window)
    before = window.library.get(pid).year
    commit(window, "year", "20x5")
    assert window.detail.edits["year"].text() == "20x5"  # to correct, not to type again
    assert window.detail.refusal.isVisible()
    assert window.library.get(pid).year == before


def test_a_refused_years_message_goes_when_a_year_is_saved(window: MainWindow) -> None:
    pid = shown(window)
    commit(window, "year", "20x5")
    commit(window, "year", "2015")
    assert window.library.get(pid).year == 2015
    assert not window.detail.refusal.isVisible()
    assert "not a year" not in window.statusBar().currentMessage()


def test_renaming_the_tag_shown_stays_on_it(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.sidebar.select_filter(TagFilter("Optimization > Stochastic"))
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("Optimization > SGD", True))
    window.sidebar.renameRequested.emit("Optimization > Stochastic")
    assert window.sidebar.current_filter() == TagFilter("Optimization > SGD")
    window.undo.undo()
    assert window.sidebar.current_filter() == TagFilter("Optimization > Stochastic")


def test_renaming_a_parent_of_the_tag_shown_stays_on_it(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.sidebar.select_filter(TagFilter("Optimization > Stochastic"))
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("Optim", True))
    window.sidebar.renameRequested.emit("Optimization")
    assert window.sidebar.current_filter() == TagFilter("Optim > Stochastic")
    assert window.model.rowCount() == 1


def test_keywords_with_latex_read_as_text_in_the_tag_tree_chips_and_table(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    from litman import app

    source = tmp_path / "moea.bib"
    source.write_text(
        "@article{d, title = {Archives}, keywords = {$\\epsilon$-dominance, archiving}}\n"
    )
    app.import_files(window.library, [source])
    window.refresh_all()
    tag = TagFilter("$\\epsilon$-dominance")  # kept as read: it is written back so
    assert window.sidebar.label_of(tag) == "ϵ-dominance"
    pid = next(p.id for p in window.library.list_papers() if p.citekey == "d")
    row = row_of(window.model, pid)
    window.table.selectRow(row)
    window.selection.flush()
    column = column_of(window.model, "tags")
    assert "ϵ-dominance" in window.model.data(window.model.index(row, column))
    chips = [c.text() for c in window.detail.tag_box.chip_area.findChildren(QPushButton)]
    assert any(t.startswith("ϵ-dominance") for t in chips), chips


def test_columns_shown_by_choice_keep_their_width_after_a_restart(
    window: MainWindow, qtbot: QtBot, seeded: Library, tmp_path: Path
) -> None:
    from litman.gui.settings import ViewSettings
    from litman.gui.window.main_window import MainWindow
    from litman.gui.workers import run_inline

    window.resize(1229, 691)  # the size seen at 1366×768
    for key in ("citekey", "rating"):
        window.columns.set_shown(key, True)
    widths = {
        k: window.table.columnWidth(column_of(window.model, k)) for k in ("citekey", "rating")
    }
    assert min(widths.values()) > 40
    room = window.table.viewport().width()
    window.close()
    again = MainWindow(seeded, ViewSettings(tmp_path / "view.ini"), runner=run_inline)
    qtbot.addWidget(again)
    again.show()
    qtbot.waitExposed(again)
    again.resize(1229, 691)
    qtbot.waitUntil(lambda: again.table.viewport().width() == room)
    assert {k: again.table.columnWidth(column_of(again.model, k)) for k in widths} == widths


def test_a_trashed_papers_fields_do_not_look_editable(window: MainWindow, qtbot: QtBot) -> None:
    pid = shown(window)
    window.acts.delete.trigger()
    window.sidebar.select_filter(TRASH)
    qtbot.waitUntil(lambda: window.model.row_of(pid) is not None)
    shown(window, row_of(window.model, pid))
    window.detail.tabs.setCurrentIndex(1)
    entry = window.detail.entry
    boxes = [*window.detail.edits.values(), entry.citekey, *entry.values.values()]
    assert all(b.isReadOnly() and not b.hasFrame() for b in boxes)
    assert window.detail.notes.isReadOnly()
    assert window.detail.notes.frameShape() == QFrame.Shape.NoFrame
    window.sidebar.select_filter(ALL)
    shown(window, window.model.row_of(pid) or 0)
    assert all(not b.isReadOnly() and b.hasFrame() for b in window.detail.edits.values())


@pytest.mark.parametrize("suffix", [".bib"])  # a RIS record has no key: merged by DOI
def test_an_import_report_says_its_possible_duplicates_up_front(
    window: MainWindow, tmp_path: Path, suffix: str
) -> None:
    from litman.gui.dialogs import dialogs

    pid = window.model.paper_id(0)
    window.library.papers.update_paper(pid, doi="10.5555/litman.twice")
    paper = window.library.get(pid)
    source = tmp_path / f"again{suffix}"
    if suffix == ".bib":
        text = f"@article{{someone-else-2020, title = {{{paper.title}}}, doi = {{{paper.doi}}}}}"
    else:
        text = f"TY  - JOUR\nTI  - {paper.title}\nDO  - {paper.doi}\nER  - "
    source.write_text(text + "\n")
    run = dialogs.run_import(window, [source])
    reports = run.outcome
    assert isinstance(reports, list)
    assert reports[0].proposed, reports[0].summary()
    assert run.report is not None
    text = run.report.text()
    assert "1 possible duplicate to review" in text, text
