"""What keeps the window quick at 100k papers, checked as behaviours rather than timings:
the selection is restored in one step, one search runs per keystroke, and a change
recounts only what it touched."""

from collections.abc import Callable
from contextlib import AbstractContextManager
from functools import partial
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QPushButton, QStyleOptionComboBox
from pytestqt.qtbot import QtBot
from sqlalchemy import Connection

from litman.core.library.facade import Library
from litman.core.records import Status
from litman.core.search.filters import ALL, StatusFilter, TagFilter
from litman.gui.table.models.papers import Index
from litman.gui.window.main_window import MainWindow
from litman.gui.workers import Worker
from tests.gui.cells import row_of
from tests.gui.test_keystroke_work import searched_past
from tests.gui.test_tags_ui import completer_words

pytestmark = pytest.mark.gui


def count_calls(monkeypatch: pytest.MonkeyPatch, obj: object, *names: str) -> dict[str, int]:
    calls = dict.fromkeys(names, 0)
    for name in names:
        real = getattr(obj, name)

        def counted(
            *args: object, _real: Callable[..., object] = real, _name: str = name, **kwargs: object
        ) -> object:
            calls[_name] += 1
            return _real(*args, **kwargs)

        monkeypatch.setattr(obj, name, counted)
    return calls


def test_select_all_reads_ids_from_one_range(window: MainWindow) -> None:
    window.table.selectAll()
    assert window.selection.runs() == [(0, window.model.rowCount() - 1)]
    assert window.selected_ids() == window.model.ids()


def test_a_change_restores_the_selection_in_one_step(window: MainWindow, qtbot: QtBot) -> None:
    window.table.selectAll()
    window.selection.flush()
    before = window.selected_ids()
    emitted = []
    window.table.selectionModel().selectionChanged.connect(lambda *_: emitted.append(1))
    window.set_status(Status.READ)
    assert window.selected_ids() == before
    assert len(emitted) <= 1  # not one per row, each redrawing the detail pane


def test_the_detail_pane_redraws_once_for_many_selection_steps(
    window: MainWindow, qtbot: QtBot
) -> None:
    sel = window.table.selectionModel()
    shown = []
    window.selection.changed.connect(lambda: shown.append(1))
    with qtbot.waitSignal(window.selection.changed):
        for row in range(20):
            sel.select(
                window.model.index(row, 0), sel.SelectionFlag.Select | sel.SelectionFlag.Rows
            )
    assert shown == [1]
    assert window.detail.heading.text().startswith("20 papers selected")


def test_one_search_per_keystroke_with_a_column_sort(window: MainWindow, qtbot: QtBot) -> None:
    window.table.sortByColumn(3, Qt.SortOrder.AscendingOrder)  # by year
    assert window.sort_key == "year"
    before = window.searcher.searches
    for text in ("b", "ba", "ban"):
        window.search.setText(text)
        window.apply_filter()
    assert window.searcher.searches - before == 3
    years = [p.year or 0 for p in window.library.get_many(window.model.ids())]
    assert years == sorted(years) and window.model.rowCount() > 0


def test_a_notes_edit_recounts_nothing_in_the_sidebar(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    lib = window.library
    calls = count_calls(monkeypatch, lib.tags, "tags", "tag_tree_counts")
    counted = count_calls(monkeypatch, lib, "status_counts")
    pid = window.model.ids()[0]
    lib.papers.update_paper(pid, notes="read the appendix")
    assert calls == {"tags": 0, "tag_tree_counts": 0} and counted == {"status_counts": 0}


def test_a_status_change_recounts_statuses_but_not_tags(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    lib = window.library
    calls = count_calls(monkeypatch, lib.tags, "tags", "tag_tree_counts")
    counted = count_calls(monkeypatch, lib, "status_counts")
    pid = window.model.ids()[0]
    unread = window.sidebar.count_of(StatusFilter(Status.UNREAD))
    lib.papers.set_status([pid], Status.READING)
    assert counted["status_counts"] == 1
    assert calls == {"tags": 0, "tag_tree_counts": 0}
    was_unread = unread - window.sidebar.count_of(StatusFilter(Status.UNREAD))
    assert was_unread in (0, 1)


def test_a_tag_change_recounts_tags_and_refreshes_the_completer(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    lib = window.library
    calls = count_calls(monkeypatch, lib, "status_counts")
    ids = window.model.ids()[:3]
    lib.tags.add_tag("Scale > Fresh", ids)
    assert calls["status_counts"] == 0
    assert window.sidebar.count_of(TagFilter("Scale > Fresh")) == 3
    assert "Scale > Fresh" in completer_words(window)


def test_a_status_change_with_no_query_rereads_only_its_rows(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = count_calls(monkeypatch, window.searcher, "run")
    pid = window.model.ids()[5]
    window.library.papers.set_status([pid], Status.READ)
    assert calls["run"] == 0
    row = row_of(window.model, pid)
    assert window.model.data(window.model.index(row, 0), Qt.ItemDataRole.AccessibleTextRole) == (
        "read"
    )


def test_no_write_runs_on_the_gui_thread(
    pooled_window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    import threading

    win, lib = pooled_window, pooled_window.library
    threads: list[threading.Thread] = []
    real = type(lib)._write

    def recorded(self: Library) -> AbstractContextManager[Connection]:
        threads.append(threading.current_thread())
        return real(self)

    monkeypatch.setattr(type(lib), "_write", recorded)
    win.table.selectAll()
    win.selection.flush()
    actions = [
        lambda: win.set_status(Status.READ),
        lambda: win.detail.tagAddRequested.emit("Threads"),
        lambda: win.set_rating(4),
        win.undo.undo,
        win.undo.undo,
        win.undo.undo,
    ]
    for action in actions:  # each goes on the undo stack once it has worked
        with qtbot.waitSignal(win.writes.idle, timeout=20000):
            action()
    assert len(threads) >= 4
    assert threading.main_thread() not in threads
    assert Status.READ not in {p.status for p in lib.get_many(win.model.ids())}
    assert 4 not in {p.rating for p in lib.get_many(win.model.ids())}
    assert lib.tags.paper_ids_with_tag("Threads", subtree=False) == []


def test_a_bulk_action_gives_control_back_before_it_writes(
    window: MainWindow, seeded: Library
) -> None:
    queued: list[Worker] = []
    window.writes.runner = queued.append  # nothing runs until the queue is let go
    window.table.selectAll()
    window.selection.flush()
    before = [p.status for p in seeded.get_many(window.model.ids())]
    window.set_status(Status.READING)
    assert queued and window.write_progress.isVisibleTo(window)
    assert [p.status for p in seeded.get_many(window.model.ids())] == before
    queued.pop().run()
    assert {p.status for p in seeded.get_many(window.model.ids())} == {Status.READING}
    assert not window.write_progress.isVisibleTo(window)


def test_cancel_stops_a_bulk_action_and_undo_reverts_what_was_done(
    window: MainWindow, seeded: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    from litman.gui.writes import commands

    monkeypatch.setattr(commands, "CHUNK", 10)
    ids = window.model.ids()
    window.table.selectAll()
    window.selection.flush()

    def cancel_after_ten(_label: str, done: int, _total: int) -> None:
        if done >= 10:
            window.writes.cancel()

    window.writes.progress.connect(cancel_after_ten)
    window.set_status(Status.READ)
    read = [p.id for p in seeded.get_many(ids) if p.status is Status.READ]
    assert len(read) == 20  # two chunks: the cancel is heard at the start of the third
    assert "cancelled" in window.statusBar().currentMessage()
    window.undo.undo()
    assert not [p for p in seeded.get_many(ids) if p.status is Status.READ]


def test_a_bulk_status_change_recounts_the_sidebar_once_not_per_chunk(
    window: MainWindow, seeded: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    from litman.gui.writes import commands

    monkeypatch.setattr(commands, "CHUNK", 10)  # the seed library's papers in 9 transactions
    calls = count_calls(monkeypatch, seeded, "status_counts")
    window.table.selectAll()
    window.selection.flush()
    window.set_status(Status.READ)
    assert calls["status_counts"] == 1
    assert window.sidebar.count_of(StatusFilter(Status.READ)) == window.model.rowCount()
    window.undo.undo()
    assert calls["status_counts"] == 2
    assert window.sidebar.count_of(StatusFilter(Status.READ)) == 0


def test_select_all_asks_the_model_only_about_the_rows_on_screen(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtCore import QCoreApplication

    window.resize(900, 560)  # fewer rows on screen than in the table
    QCoreApplication.processEvents()
    asked: set[int] = set()
    real = window.model.flags

    def flags(index: Index) -> Qt.ItemFlag:
        asked.add(index.row())
        return real(index)

    monkeypatch.setattr(window.model, "flags", flags)
    window.table.selectAll()
    window.table.viewport().repaint()
    window.table.horizontalHeader().viewport().repaint()
    QCoreApplication.processEvents()
    # Qt's column header asked about every row of every column (a flags() call each).
    assert 0 < len(asked) < window.model.rowCount() // 2


def test_each_typed_key_searches_once_with_a_sort_active(window: MainWindow, qtbot: QtBot) -> None:
    window.table.sortByColumn(1, Qt.SortOrder.AscendingOrder)  # by title
    window.search.setFocus()
    for ch in "graph":
        before = window.searcher.searches
        qtbot.keyClick(window.search, ch)
        qtbot.waitUntil(partial(searched_past, window, before), timeout=30000)
        assert window.searcher.searches == before + 1


def test_the_search_index_is_saved_when_writes_pause_not_at_quit(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    saved = []
    monkeypatch.setattr(window.library, "save_index", lambda: saved.append(1))
    window.desk.save_timer.setInterval(0)
    window.table.selectRow(0)
    window.selection.flush()
    with qtbot.waitSignal(window.writes.finished) as blocker:
        window.set_status(Status.READING)
    assert blocker.args[0].startswith("Mark 1 paper")
    qtbot.waitUntil(lambda: saved == [1])


def test_export_reads_and_writes_on_the_worker(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from litman.gui.dialogs import file_dialogs

    out = tmp_path / "all.bib"
    monkeypatch.setattr(file_dialogs, "save_file", lambda *a, **k: out)
    queued: list[Worker] = []
    window.writes.runner = queued.append
    window.acts.export_all.trigger()
    assert len(queued) == 1 and not out.exists()  # nothing read or written yet
    queued.pop().run()
    assert out.read_text().count("@") >= window.library.count()
    assert "Exported" in window.statusBar().currentMessage()


def test_backups_are_counted_on_the_worker_before_the_choice(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QInputDialog

    from litman.core.store import backups

    backups.take(window.library.path, backups.MANUAL)
    asked: list[list[str]] = []

    def get_item(
        parent: object, title: str, label: str, items: list[str], *a: object
    ) -> tuple[str, bool]:
        asked.append(items)
        return ("", False)

    monkeypatch.setattr(QInputDialog, "getItem", get_item)
    queued: list[Worker] = []
    window.writes.runner = queued.append
    window.acts.restore_backup.trigger()
    assert len(queued) == 1 and asked == []  # the dialog waits for the counts
    queued.pop().run()
    assert asked and f"{window.library.count()} papers" in asked[0][0]


def test_a_search_before_the_index_is_ready_answers_exactly_and_says_so(
    qtbot: QtBot, seeded: Library, tmp_path: Path
) -> None:
    from litman.gui.settings import ViewSettings
    from litman.gui.window.main_window import MainWindow
    from litman.gui.workers import run_inline

    win = MainWindow(
        seeded, ViewSettings(tmp_path / "v.ini"), runner=run_inline, index_in_background=True
    )
    qtbot.addWidget(win)
    assert not seeded.index_built()
    titles = (p.title.split()[0] for p in seeded.get_many(seeded.list_ids()))
    word = next(w for w in titles if w.isalpha() and len(w) > 3)
    win.search.setText(f"{word} status:unread")
    win.apply_filter()
    assert not seeded.index_built()  # answered without building it
    shown = seeded.get_many(win.model.ids())
    texts = [f"{p.title} {p.authors} {p.venue} {p.citekey}".lower() for p in shown]
    assert texts and all(word.lower() in t for t in texts)
    assert all(p.status is Status.UNREAD for p in shown)
    assert "abstracts, typos" in win.statusBar().currentMessage()
    win.background._finished("ok")  # the index is ready: the full search replaces the exact one
    assert win.searcher.searches == 1


def test_typing_while_a_write_holds_the_index_does_not_wait_for_it(
    window: MainWindow, qtbot: QtBot
) -> None:
    import threading

    index = window.library.index
    held, release = threading.Event(), threading.Event()

    def hold(_step: object) -> None:  # a write rebuilding the index, as tagging 100k does
        with index._lock:
            held.set()
            release.wait(30)

    from litman.gui.workers import run_in_pool

    window.writes.runner = run_in_pool
    window.writes.submit("Rebuilding", hold)
    assert held.wait(30)
    searches = window.searcher.searches
    window.search.setText("bandits")
    window.results.timer.stop()  # searched here, once, not again on the next turn
    window.apply_filter()  # returns: it would have blocked on the index lock
    assert window.searcher.searches == searches
    assert "exact matches only" in window.statusBar().currentMessage() or "typos" in (
        window.statusBar().currentMessage()
    )
    with qtbot.waitSignal(window.writes.idle, timeout=30000):
        release.set()
    assert window.searcher.searches == searches + 1  # the full search, once the index is free


@pytest.mark.slow
def test_large_counts_are_grouped_and_a_large_selection_says_so_in_full(
    qtbot: QtBot, library: Library, tmp_path: Path
) -> None:
    """At 100k the sidebar and status bar read "100000 papers · 100000 selected" while the
    pane said "100,000 papers selected", and the status box cut "Set for all" to "Set for a"."""
    from litman.core.records import NewPaper
    from litman.gui.settings import ViewSettings
    from litman.gui.window.main_window import MainWindow
    from litman.gui.workers import run_inline

    library.papers.add_papers([NewPaper(title=f"Paper {i}") for i in range(1200)])
    win = MainWindow(library, ViewSettings(tmp_path / "v.ini"), runner=run_inline)
    qtbot.addWidget(win)
    win.show()
    win.table.selectAll()
    win.selection.flush()
    assert win.statusBar().currentMessage() == "1,200 papers · 1,200 shown · 1,200 selected"
    assert win.sidebar._items[ALL].text(1) == "1,200" and win.sidebar.count_of(ALL) == 1200
    box = win.detail.status
    assert box.currentIndex() == -1 and box.placeholderText() == "Set for all"
    room = box.style().subElementRect(
        box.style().SubElement.SE_ComboBoxFocusRect, _combo_option(box), box
    )
    assert box.fontMetrics().horizontalAdvance(box.placeholderText()) <= room.width()


def _combo_option(box: QComboBox) -> QStyleOptionComboBox:
    from PySide6.QtWidgets import QStyleOptionComboBox

    option = QStyleOptionComboBox()
    box.initStyleOption(option)
    return option


def test_a_large_selection_shows_the_status_and_tags_of_every_paper(
    qtbot: QtBot, library: Library, tmp_path: Path
) -> None:
    """The pane read the first 200 papers of a selection: with the 201st on read and tagged,
    Ctrl+A showed no "Mixed" and no chip for their tag."""
    from litman.core.records import NewPaper
    from litman.gui.settings import ViewSettings
    from litman.gui.window.main_window import MainWindow
    from litman.gui.workers import run_inline

    library.papers.add_papers([NewPaper(title=f"Paper {i}") for i in range(260)])
    win = MainWindow(library, ViewSettings(tmp_path / "v.ini"), runner=run_inline)
    qtbot.addWidget(win)
    win.show()
    late = [win.model.paper_id(row) for row in range(200, 260)]
    library.papers.set_status(late, "read")
    library.tags.add_tag("late", late)
    win.table.selectAll()
    win.selection.flush()
    qtbot.waitUntil(lambda: win.detail.status.placeholderText() == "Mixed")
    assert win.detail.status.currentIndex() == -1
    shown = [c.accessibleName() for c in win.detail.tag_box.chip_area.findChildren(QPushButton)]
    assert "Remove tag late" in shown


def test_a_search_answered_before_the_index_is_ready_clears_a_pane_it_hid(
    qtbot: QtBot, seeded: Library, tmp_path: Path
) -> None:
    """Typing while the index was rebuilt (after tagging 100k papers) hid every selected
    paper, and the pane still said "99,956 papers selected" with their tags."""
    from litman.gui.settings import ViewSettings
    from litman.gui.window.main_window import MainWindow
    from litman.gui.workers import run_inline

    win = MainWindow(
        seeded, ViewSettings(tmp_path / "v.ini"), runner=run_inline, index_in_background=True
    )
    qtbot.addWidget(win)
    win.table.selectAll()
    win.selection.flush()
    assert win.detail.shown_ids()
    win.search.setText("zzzznotaword")
    win.apply_filter()
    assert win.model.rowCount() == 0 and not seeded.index_built()
    qtbot.waitUntil(lambda: not win.detail.shown_ids())
    assert win.detail.heading.text() == "Select a paper to see its details"


def test_a_bulk_action_names_its_papers_grouped_by_thousands(seeded: Library) -> None:
    """The status bar read "Tag 100000 papers 'x'… 0 of 100,000"."""
    from litman.gui.writes import commands

    ids = list(range(1, 1201))
    assert commands.TagPapers(seeded, "x", ids).text() == "Tag 1,200 papers 'x'"
    assert commands.DeletePapers(seeded, ids).text() == "Move 1,200 papers to the trash"
    assert commands.set_status(seeded, ids, Status.READ).text().startswith("Mark 1,200 papers")


def test_a_large_selection_whose_rest_cannot_be_read_says_so(
    qtbot: QtBot, library: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from litman.core.errors import LitmanError
    from litman.core.records import NewPaper
    from litman.gui.settings import ViewSettings
    from litman.gui.window.main_window import MainWindow
    from litman.gui.workers import run_inline

    library.papers.add_papers([NewPaper(title=f"Paper {i}") for i in range(210)])
    win = MainWindow(library, ViewSettings(tmp_path / "v.ini"), runner=run_inline)
    qtbot.addWidget(win)
    win.show()

    def unreachable(_ids: object) -> None:
        raise LitmanError("The server went away.")

    monkeypatch.setattr(library, "statuses_among", unreachable)
    win.table.selectAll()
    win.selection.flush()
    qtbot.waitUntil(lambda: "could not be read" in win.detail.note.text())
    assert "first 200 selected papers" in win.detail.note.text()
    assert "The server went away." in win.detail.note.text()


def test_the_poll_for_outside_writes_waits_while_the_window_writes(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Polled between a chunk's commit and the write's own bookkeeping, the window took its
    own bulk status for an outside write and the search index for stale: every later action
    on 100k papers reconciled it (delete 2.5 -> 5.4 s CPU, undo 5 -> 10 s, quit 14 s)."""
    calls = count_calls(monkeypatch, window.library, "changes_elsewhere")
    polled_while_busy: list[int] = []

    def job(_step: object) -> None:
        window.poll_changes()  # the timer, firing while a write runs on the worker
        polled_while_busy.append(calls["changes_elsewhere"])

    window.writes.submit("Writing", job)
    assert polled_while_busy == [0]
    window.poll_changes()
    assert calls["changes_elsewhere"] == 1
