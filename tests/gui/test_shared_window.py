"""The window on a shared library (PostgreSQL, the tests' own server): another client's edit
shown without a refresh, a server that goes away said in one line with what
is shown kept and edits refused, an edit that could not be saved kept on the undo stack and
saved when the server is back, and a role that may only read opening read-only."""

from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from litman.core.library.facade import Library
from litman.core.records import Status
from litman.core.search.filters import ALL, StatusFilter, TagFilter
from litman.gui.settings import ViewSettings
from litman.gui.window.main_window import MainWindow
from litman.gui.workers import Runner, run_inline, wait_for_all
from litman.gui.writes import commands
from tests.pg_server import Cluster

pytestmark = pytest.mark.gui
# Only so that news that never comes does not hang the run: no time is asserted (how soon
# a change shows is benchmarks/bench_two_windows.py's to measure).
SHOWN_MS = 60_000


def open_window(qtbot: QtBot, url: str, tmp_path: Path, runner: Runner = run_inline) -> MainWindow:
    win = MainWindow(Library.open(url), ViewSettings(tmp_path / "view.ini"), runner=runner)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    assert win.live.active and win.live.watch is not None
    qtbot.waitUntil(win.live.watch.listening.is_set, timeout=5000)
    return win


def status_shown(win: MainWindow, pid: int) -> Status | None:
    row = win.model.row_of(pid)
    paper = None if row is None else win.model.paper(row)
    return None if paper is None else paper.status


def test_an_edit_elsewhere_shows_with_no_refresh(
    qtbot: QtBot, pg_seeded_url: str, tmp_path: Path
) -> None:
    win = open_window(qtbot, pg_seeded_url, tmp_path)
    pid = win.model.paper_id(0)
    assert status_shown(win, pid) != Status.READ
    with Library.open(pg_seeded_url) as other:
        with qtbot.waitSignal(win.live.changed, timeout=SHOWN_MS):
            other.papers.set_status([pid], Status.READ)
        assert status_shown(win, pid) == Status.READ
        with qtbot.waitSignal(win.live.changed, timeout=SHOWN_MS):
            other.tags.add_tag("seen-live", [pid])
    assert win.library.search_ids("tag:seen-live") == [pid]  # the index caught up
    assert win.sidebar.count_of(TagFilter("seen-live")) == 1


def test_an_edit_elsewhere_redraws_only_what_it_touched(
    qtbot: QtBot, pg_seeded_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The journal names the papers: their rows are read again, the list is not searched
    again (at 100k papers that was a second of the GUI thread's)."""
    win = open_window(qtbot, pg_seeded_url, tmp_path)
    searched: list[object] = []
    monkeypatch.setattr(win, "apply_filter", lambda *args: searched.append(args))
    pid = win.model.paper_id(2)
    with Library.open(pg_seeded_url) as other:
        with qtbot.waitSignal(win.live.changed, timeout=SHOWN_MS) as told:
            other.papers.set_status([pid], Status.READ)
        assert status_shown(win, pid) == Status.READ
        with qtbot.waitSignal(win.live.changed, timeout=SHOWN_MS):
            other.tags.add_tag("seen-live", [pid])
        row = win.model.row_of(pid)
        paper = None if row is None else win.model.paper(row)
        assert paper is not None and "seen-live" in paper.tags
        with qtbot.waitSignal(win.live.changed, timeout=SHOWN_MS):
            other.papers.delete_papers([pid])
    assert [c.updated for c in told.args[0]] == [(pid,)]
    assert len(searched) == 1  # only for the paper gone


def test_the_sidebars_reading_counts_are_mine_in_a_shared_library(
    qtbot: QtBot, pg_seeded_url: str, tmp_path: Path
) -> None:
    win = open_window(qtbot, pg_seeded_url, tmp_path)
    assert win.sidebar.label_of(StatusFilter(Status.READ)) == "Read (mine)"
    assert win.sidebar.label_of(StatusFilter(Status.UNREAD)) == "Unread (mine)"
    assert win.sidebar.label_of(ALL) == "All papers"  # the papers are everyone's


def test_a_file_librarys_reading_counts_are_plain(
    qtbot: QtBot, seeded_path: Path, tmp_path: Path
) -> None:
    win = MainWindow(Library.open(seeded_path), ViewSettings(tmp_path / "v.ini"), runner=run_inline)
    qtbot.addWidget(win)
    assert win.sidebar.label_of(StatusFilter(Status.READ)) == "Read"


def test_news_heard_while_the_window_writes_waits_for_the_write(
    qtbot: QtBot, pg_seeded_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Heard between a commit of the window's own write and its bookkeeping, the news would
    be taken for another client's (a bulk write: the index reconciled); it waits."""
    win = open_window(qtbot, pg_seeded_url, tmp_path)
    writing = [True]
    monkeypatch.setattr(win.live, "_busy", lambda: writing[0])
    pid = win.model.paper_id(0)
    assert status_shown(win, pid) != Status.READ  # read, as a paint would (not left to one)
    with Library.open(pg_seeded_url) as other:
        other.papers.set_status([pid], Status.READ)
    qtbot.waitUntil(lambda: win.live._missed, timeout=SHOWN_MS)
    assert status_shown(win, pid) != Status.READ
    writing[0] = False
    with qtbot.waitSignal(win.live.changed, timeout=SHOWN_MS):
        win.live.idle()
    assert status_shown(win, pid) == Status.READ


def test_a_reader_role_opens_read_only_with_a_message(
    qtbot: QtBot, pg_seeded_url: str, tmp_path: Path
) -> None:
    url = make_url(pg_seeded_url)
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(
            text(
                "DO $$ BEGIN CREATE ROLE reader LOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$"
            )
        )
        conn.execute(text("GRANT SELECT ON ALL TABLES IN SCHEMA public TO reader"))
    admin.dispose()
    win = open_window(qtbot, url.set(username="reader").render_as_string(False), tmp_path)
    assert "(read-only)" in win.windowTitle()
    assert "may only read" in win.read_only_label.text()
    assert not win.acts.import_files.isEnabled() and not any(
        a.isEnabled() for a in win.acts.status.values()
    )


def test_a_server_gone_is_said_and_edits_refused_until_it_is_back(
    qtbot: QtBot, own_cluster: Cluster, tmp_path: Path
) -> None:
    win = open_window(qtbot, own_cluster.url(), tmp_path)
    title_column = win.model.column_of("title")
    assert title_column is not None
    first_title = win.model.data(win.model.index(0, title_column))
    title = win.windowTitle()
    own_cluster.halt()
    try:
        qtbot.waitUntil(lambda: bool(win.offline), timeout=5000)
        line = win.read_only_label.text()
        assert line.startswith("Server unreachable") and "\n" not in line
        assert win.read_only_label.isVisible() and "(server unreachable)" in win.windowTitle()
        # what is shown stays readable; edits are refused, with a message
        assert win.model.data(win.model.index(0, title_column)) == first_title
        win.table.selectRow(0)
        win.selection.flush()
        assert win.detail.shown_ids() == [win.model.paper_id(0)]
        assert not any(a.isEnabled() for a in win.acts.status.values())
        win.push(commands.set_status(win.library, [win.model.paper_id(0)], Status.READ))
        assert "was not made" in win.statusBar().currentMessage()
        assert win.undo.count() == 0
    finally:
        own_cluster.resume()
    qtbot.waitUntil(lambda: not win.offline, timeout=10000)
    assert win.windowTitle() == title and not win.read_only_label.isVisible()
    assert any(a.isEnabled() for a in win.acts.status.values())


def test_an_edit_the_server_missed_stays_unsaved_then_is_saved(
    qtbot: QtBot, own_cluster: Cluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    win = open_window(qtbot, own_cluster.url(), tmp_path)
    pid = win.model.paper_id(0)
    before = win.library.get(pid).status
    after = Status.READ if before != Status.READ else Status.UNREAD
    watch = win.live.watch
    assert watch is not None
    watch.stop()  # the window has not heard yet when the edit is made
    own_cluster.halt()
    try:
        win.push(commands.set_status(win.library, [pid], after))
        assert win.undo.count() == 1
        assert win.undo.text(0).endswith(commands.UNSAVED)
        assert win.offline  # the failed write said so
        assert "marked unsaved" in win.statusBar().currentMessage()
        asked: list[str] = []

        def keep_open(
            _parent: object, _title: str, text: str, *_buttons: object
        ) -> QMessageBox.StandardButton:
            asked.append(text)
            return QMessageBox.StandardButton.Cancel

        monkeypatch.setattr(QMessageBox, "question", keep_open)
        assert not win.close()  # not dropped without asking
        assert "1 edits could not be saved" in asked[0]
    finally:
        own_cluster.resume()
    qtbot.waitUntil(lambda: not win.offline, timeout=10000)  # the window's own probe
    assert not win.undo.text(0).endswith(commands.UNSAVED)
    with Library.open(own_cluster.url()) as other:
        assert other.get(pid).status == after
    win.undo.undo()  # now an ordinary undo
    with Library.open(own_cluster.url()) as other:
        assert other.get(pid).status == before


def test_an_undo_while_the_server_is_gone_is_kept_and_saved_after(
    qtbot: QtBot, own_cluster: Cluster, tmp_path: Path
) -> None:
    win = open_window(qtbot, own_cluster.url(), tmp_path)
    pid = win.model.paper_id(1)
    before = win.library.get(pid).status
    after = Status.READ if before != Status.READ else Status.UNREAD
    win.push(commands.set_status(win.library, [pid], after))
    own_cluster.halt()
    try:
        qtbot.waitUntil(lambda: bool(win.offline), timeout=5000)
        win.undo.undo()
        assert win.undo.command(0).text().endswith(commands.UNSAVED)
    finally:
        own_cluster.resume()
    qtbot.waitUntil(lambda: not win.offline, timeout=10000)
    wait_for_all()
    with Library.open(own_cluster.url()) as other:
        assert other.get(pid).status == before
    assert not win.undo.command(0).text().endswith(commands.UNSAVED)


def test_rows_read_after_the_server_went_say_so(
    qtbot: QtBot, own_cluster: Cluster, tmp_path: Path
) -> None:
    """A row the table had not read yet, asked for after the server went and before the
    window heard: blank, and the window goes offline (no error in the paint)."""
    win = open_window(qtbot, own_cluster.url(), tmp_path)
    last = win.model.rowCount() - 1
    assert win.model.paper(0) is not None  # read, as a paint would (not left to one)
    win.model.refresh([win.model.paper_id(last)])  # not held: read when asked
    watch = win.live.watch
    assert watch is not None
    watch.stop()
    own_cluster.halt()
    try:
        assert win.model.paper(last) is None
        qtbot.waitUntil(lambda: bool(win.offline), timeout=5000)
        assert win.model.paper(0) is not None  # what was read stays
    finally:
        own_cluster.resume()
    qtbot.waitUntil(lambda: not win.offline, timeout=10000)
    assert win.model.paper(last) is not None


@pytest.fixture
def short_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every wait for the server gives up after 1 s (`litman.core.store.live.DeadlineConnection`)."""
    monkeypatch.setenv("LITMAN_SERVER_TIMEOUT", "1")


def test_a_hung_server_is_said_as_not_answering_and_edits_refused(
    qtbot: QtBot, own_cluster: Cluster, tmp_path: Path, short_deadline: None
) -> None:
    win = open_window(qtbot, own_cluster.url(), tmp_path)
    title = win.windowTitle()
    own_cluster.freeze()
    try:
        qtbot.waitUntil(lambda: bool(win.offline), timeout=30000)  # the watch's ping
        line = win.read_only_label.text()
        assert "not answering" in line and "\n" not in line
        assert "(server unreachable)" in win.windowTitle()
        assert not any(a.isEnabled() for a in win.acts.status.values())
        win.push(commands.set_status(win.library, [win.model.paper_id(0)], Status.READ))
        assert "was not made" in win.statusBar().currentMessage()
    finally:
        own_cluster.thaw()
    qtbot.waitUntil(lambda: not win.offline, timeout=30000)
    assert win.windowTitle() == title


def test_mark_read_on_a_hung_server_gives_up_keeps_it_unsaved_and_saves_it_after(
    qtbot: QtBot, own_cluster: Cluster, tmp_path: Path, short_deadline: None
) -> None:
    win = open_window(qtbot, own_cluster.url(), tmp_path)
    pid = win.model.paper_id(2)
    before = win.library.get(pid).status
    after = Status.READ if before != Status.READ else Status.UNREAD
    watch = win.live.watch
    assert watch is not None
    watch.stop()  # the window has not heard yet when the edit is made
    own_cluster.freeze()
    try:
        win.push(commands.set_status(win.library, [pid], after))  # returns: a deadline
        assert win.undo.text(0).endswith(commands.UNSAVED)
        assert "not answering" in win.read_only_label.text()
    finally:
        own_cluster.thaw()
    qtbot.waitUntil(lambda: not win.offline, timeout=30000)  # the window's own probe
    wait_for_all()
    assert not win.undo.text(0).endswith(commands.UNSAVED)
    with Library.open(own_cluster.url()) as other:
        assert other.get(pid).status == after
