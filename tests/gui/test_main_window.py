"""The desktop window driven as a user would: typing, shortcuts, tags, undo, import, export."""

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QInputDialog, QMessageBox
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from litman import app
from litman.app import Progress
from litman.core.library.facade import Library
from litman.core.records import ImportReport, NewPaper, Status
from litman.core.search.filters import StatusFilter, TagFilter
from litman.gui.dialogs import file_dialogs
from litman.gui.table.models.papers import PaperTableModel
from litman.gui.window.main_window import MainWindow
from tests.gui.cells import row_of

pytestmark = pytest.mark.gui


def select_rows(win: MainWindow, rows: Iterable[int]) -> None:
    win.table.clearSelection()
    sel = win.table.selectionModel()
    for r in rows:
        sel.select(win.model.index(r, 0), sel.SelectionFlag.Select | sel.SelectionFlag.Rows)
    win.selection.flush()  # the detail pane hears of it now, not on the next event-loop turn


def test_table_model_passes_qt_model_tester(qtmodeltester: ModelTester, seeded: Library) -> None:
    model = PaperTableModel(seeded)
    model.set_ids(seeded.list_ids())
    qtmodeltester.check(model)


def test_window_shows_every_seed_paper_with_counts(window: MainWindow) -> None:
    assert window.model.rowCount() == 89
    assert "89 papers · 89 shown" in window.statusBar().currentMessage()
    assert window.sidebar.count_of(TagFilter("Optimization")) == 7


def test_typing_narrows_the_table(window: MainWindow, qtbot: QtBot) -> None:
    qtbot.keyClicks(window.search, "neural colapse")
    qtbot.waitUntil(lambda: window.model.rowCount() == 2)
    top = window.library.get(window.model.paper_id(0))
    assert "collapse" in top.abstract.lower()


def test_malformed_query_is_hinted_not_an_error(window: MainWindow, qtbot: QtBot) -> None:
    qtbot.keyClicks(window.search, "year:abc")
    qtbot.waitUntil(lambda: "not a valid year" in window.search.toolTip())


def test_empty_search_says_so(window: MainWindow, qtbot: QtBot) -> None:
    qtbot.keyClicks(window.search, "zzzzqqq")
    qtbot.waitUntil(lambda: window.model.rowCount() == 0)
    assert "No papers match" in window.empty.text() and window.empty.isVisible()


def test_status_shortcuts_mark_the_selection(window: MainWindow, qtbot: QtBot) -> None:
    select_rows(window, [0, 1])
    ids = window.selected_ids()
    window.activateWindow()
    window.table.setFocus()
    qtbot.keyClick(window.table, Qt.Key.Key_3, Qt.KeyboardModifier.ControlModifier)
    assert {p.status for p in window.library.get_many(ids)} == {Status.READ}
    assert window.sidebar.count_of(StatusFilter(Status.READ)) == 2
    qtbot.keyClick(window.table, Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)
    assert {p.status for p in window.library.get_many(ids)} == {Status.READING}


def test_tag_add_and_remove_on_a_multi_selection_with_undo(window: MainWindow) -> None:
    select_rows(window, [0, 1, 2])
    ids = window.selected_ids()
    window.detail.tag_edit.setText("Reading group")
    window.detail.tag_edit.returnPressed.emit()
    assert all("Reading group" in p.tags for p in window.library.get_many(ids))
    assert window.sidebar.count_of(TagFilter("Reading group")) == 3
    window.undo.undo()
    assert not any("Reading group" in p.tags for p in window.library.get_many(ids))
    window.undo.redo()
    window.detail.tagRemoveRequested.emit("Reading group")
    assert not any("Reading group" in p.tags for p in window.library.get_many(ids))


def test_status_change_undo_and_redo(window: MainWindow) -> None:
    select_rows(window, [0])
    pid = window.selected_ids()[0]
    window.set_status(Status.READ)
    window.undo.undo()
    assert window.library.get(pid).status is Status.UNREAD
    window.undo.redo()
    assert window.library.get(pid).status is Status.READ


def test_editing_a_title_is_undoable(window: MainWindow) -> None:
    select_rows(window, [0])
    pid = window.selected_ids()[0]
    old = window.library.get(pid).title
    window.detail.edits["title"].setText("A Better Title")
    window.detail.edits["title"].editingFinished.emit()
    paper = window.library.get(pid)
    assert paper.title == "A Better Title" and not paper.title_derived
    window.undo.undo()
    assert window.library.get(pid).title == old


def test_rename_and_merge_in_the_sidebar(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("Optim", True))
    window.sidebar.renameRequested.emit("Optimization")
    assert window.sidebar.count_of(TagFilter("Optim")) == 7
    monkeypatch.setattr(QInputDialog, "getItem", lambda *a, **k: ("Optim > Non-Convex", True))
    window.sidebar.mergeRequested.emit("Optim > Stochastic")
    assert window.sidebar.count_of(TagFilter("Optim > Non-Convex")) == 5
    window.undo.undo()
    assert window.sidebar.count_of(TagFilter("Optim > Stochastic")) == 1
    assert window.sidebar.count_of(TagFilter("Optim > Non-Convex")) == 4


def test_delete_asks_then_undo_restores(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    select_rows(window, [0, 1])
    window.acts.delete.trigger()
    assert window.library.count() == 87
    window.undo.undo()
    assert window.library.count() == 89


def test_import_runs_with_progress_and_reports(window: MainWindow, tmp_path: Path) -> None:
    bib = tmp_path / "refs.bib"
    bib.write_text("@article{a1, title={A Fresh Paper}, author={Doe, Jane}, year=2021}\n")
    from litman.gui.dialogs import dialogs

    run = dialogs.run_import(window, [bib])
    assert isinstance(run.outcome, list)
    assert len(run.outcome[0].added) == 1
    assert window.model.rowCount() == 90
    assert run.report is not None
    assert "1 added" in run.report.text()


def test_import_cancel_leaves_the_library_unchanged(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    txt = tmp_path / "many.txt"
    txt.write_text(
        "\n\n".join(
            f"We propose method number {i} for a problem that is long enough to be an abstract {i}."
            for i in range(500)
        )
    )
    from litman.core.errors import Cancelled
    from litman.gui.dialogs import dialogs

    original = app.import_files

    def cancelling(
        lib: Library,
        files: Sequence[Path],
        progress: Progress | None = None,
        cancelled: Callable[[], bool] | None = None,
    ) -> list[ImportReport]:
        return original(lib, files, progress=progress, cancelled=lambda: True)

    monkeypatch.setattr(app, "import_files", cancelling)
    run = dialogs.run_import(window, [txt])
    assert isinstance(run.outcome, Cancelled)
    assert window.library.count() == 89


def test_export_writes_the_current_view(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    out = tmp_path / "view.bib"
    monkeypatch.setattr(file_dialogs, "save_file", lambda *a, **k: out)
    window.sidebar.select_filter(TagFilter("Optimization"))
    window.acts.export.trigger()
    assert out.read_text().count("@misc{") == 7


def test_copy_as_bibtex(window: MainWindow, qtbot: QtBot) -> None:
    select_rows(window, [0])
    window.acts.copy.trigger()
    from PySide6.QtWidgets import QApplication

    assert QApplication.clipboard().text().startswith("@misc{")


@pytest.mark.slow
def test_settings_are_restored_in_a_new_window(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    from litman.gui import settings as settings_mod
    from litman.gui.settings import ViewSettings
    from litman.gui.window.main_window import MainWindow

    window.search.setText("bandit")
    window.sidebar.select_filter(StatusFilter(Status.UNREAD))
    window.resize(1100, 700)
    window.close()
    again = MainWindow(window.library, ViewSettings(tmp_path / "view.ini"))
    qtbot.addWidget(again)
    assert again.search.text() == "bandit"
    assert again.sidebar.current_filter() == StatusFilter(Status.UNREAD)
    assert again.view.get(settings_mod.SIDEBAR) == "status:unread"


def test_abstract_html_is_never_interpreted(window: MainWindow) -> None:
    from litman.gui.detail.rendering import abstract_html

    html = abstract_html('<img src="http://evil/x.png"><script>alert(1)</script>', [])
    assert "<img" not in html and "<script" not in html


def test_enter_in_the_search_box_goes_to_the_first_result(window: MainWindow, qtbot: QtBot) -> None:
    window.search.setFocus()
    qtbot.keyClicks(window.search, "neural colapse")
    qtbot.keyClick(window.search, Qt.Key.Key_Return)
    assert window.table.hasFocus()
    assert window.selected_ids() == [window.model.paper_id(0)]
    assert "collapse" in window.library.get(window.selected_ids()[0]).abstract.lower()


def test_titles_show_their_latex_as_text_and_keep_it(window: MainWindow) -> None:
    title = (
        r"The Noise Required for $(\epsilon,\delta)$-DP in \fedqueue{} with \emph{20\% less} *VRU*"
    )
    pid = window.library.papers.add_paper(NewPaper(title=title))
    window.search.setText("")
    window.apply_filter()
    row = row_of(window.model, pid)
    shown = window.model.data(window.model.index(row, 1))
    assert shown == "The Noise Required for (ϵ,δ)-DP in fedqueue with 20% less VRU"
    window.table.selectRow(row)
    window.selection.flush()
    assert window.detail.heading.text() == shown
    assert window.library.get(pid).title == title  # stored, and exported, as LaTeX


def test_abstract_markup_reads_as_words_and_keeps_its_hits() -> None:
    from litman.gui.detail.rendering import HIGHLIGHT, abstract_html

    text = r"We propose \emph{fast bandits} and **γ-similarity** with \fedqueue{} at 20\%."
    hit = text.index("bandits")
    html = abstract_html(text, [(hit, hit + len("bandits"))])
    assert f"<i>fast {HIGHLIGHT.format('bandits')}</i>" in html
    assert "<b>γ-similarity</b>" in html and " fedqueue at 20%." in html
    assert "\\" not in html and "*" not in html


def test_export_follows_the_chosen_files_suffix(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    for name, start in (("view.ris", "TY  - "), ("view.json", "[")):
        out = tmp_path / name
        monkeypatch.setattr(file_dialogs, "save_file", lambda *a, out=out, **k: out)
        window.sidebar.select_filter(TagFilter("Optimization"))
        window.acts.export.trigger()
        text = out.read_text()
        assert text.startswith(start)
        assert text.count("TY  - ") == 7 if name.endswith(".ris") else text.count('"id"') == 7


@pytest.mark.slow
def test_a_closed_window_is_freed_and_no_longer_hears_the_library(
    qtbot: QtBot, seeded: Library, tmp_path: Path
) -> None:
    """Signal connections to the window's own methods kept a closed window, its table cache
    and (through the window) its Library alive for the life of the process."""
    import gc
    import weakref

    from litman.gui import workers
    from litman.gui.settings import ViewSettings
    from litman.gui.window.main_window import MainWindow
    from litman.gui.workers import run_inline

    listeners = list(seeded._sync.listeners)
    win = MainWindow(seeded, ViewSettings(tmp_path / "view.ini"), runner=run_inline)
    win.show()
    qtbot.waitExposed(win)
    gone = weakref.ref(win)
    win.close()
    del win
    # Work the window started (the index build, on the pool) holds it until it reports: on
    # a loaded machine that can be seconds. Freed once it has.
    qtbot.waitUntil(lambda: workers.running() == 0, timeout=60000)

    def freed() -> bool:
        gc.collect()
        return gone() is None

    qtbot.waitUntil(freed, timeout=30000)
    assert seeded._sync.listeners == listeners
    seeded.papers.add_paper(NewPaper(title="Written after the window closed"))  # heard by no one
