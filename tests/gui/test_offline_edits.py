"""What a user types while a shared library's server is away is kept: each field of the
detail pane and of the entry editor, committed by Tab, goes on the undo stack marked
"(unsaved)" with a message saying so, and is saved when the server is back (README, "The
server going away"). The tests stop and start a real PostgreSQL server of their own."""

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLineEdit, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from litman.core.library.facade import Library
from litman.core.records import Paper
from litman.gui.settings import ViewSettings
from litman.gui.window.main_window import MainWindow
from litman.gui.workers import run_inline, wait_for_all
from litman.gui.writes import commands
from tests.pg_server import Cluster

pytestmark = pytest.mark.gui


def showing(
    qtbot: QtBot, cluster: Cluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, row: int
) -> tuple[MainWindow, int]:
    """A window on the server, shown and active, with the paper of `row` selected; a window
    closed with edits unsaved closes without asking."""
    close = QMessageBox.StandardButton.Close
    monkeypatch.setattr(QMessageBox, "question", lambda *_args: close)
    win = MainWindow(Library.open(cluster.url()), ViewSettings(tmp_path / "v.ini"))
    win.runner = win.writes.runner = run_inline
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    win.activateWindow()
    win.table.selectRow(row)
    win.selection.flush()
    return win, win.model.paper_id(row)


@pytest.fixture
def offline(
    qtbot: QtBot, own_cluster: Cluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[MainWindow, int]]:
    """A window on the server with the first paper shown, the server stopped and the window
    knowing it; the server is started again after the test (a window closed with edits
    unsaved closes without asking)."""
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, _title, text: warned.append(text))
    win, pid = showing(qtbot, own_cluster, tmp_path, monkeypatch, row=0)
    own_cluster.halt()
    try:
        qtbot.waitUntil(lambda: bool(win.offline), timeout=5000)
        yield win, pid
    finally:
        resume(own_cluster)


def resume(cluster: Cluster) -> None:
    """Start the server again, unless the test has."""
    if not (cluster.data / "postmaster.pid").exists():
        cluster.resume()


warned: list[str] = []  # what a failed save said


def stored(url: str, pid: int) -> Paper:
    with Library.open(url) as other:
        return other.get(pid)


def type_and_tab(qtbot: QtBot, edit: QWidget, text: str) -> None:
    edit.setFocus()
    qtbot.waitUntil(edit.hasFocus)
    if isinstance(edit, QLineEdit):
        edit.end(False)
    qtbot.keyClicks(edit, text)
    qtbot.keyClick(edit, Qt.Key.Key_Tab)


def kept_then_saved(qtbot: QtBot, win: MainWindow, url: str, resume: Callable[[], None]) -> None:
    assert win.undo.count() == 1 and win.undo.text(0).endswith(commands.UNSAVED)
    assert "saved when the server is back" in win.statusBar().currentMessage()
    resume()
    qtbot.waitUntil(lambda: not win.offline, timeout=10000)
    wait_for_all()
    assert not warned
    assert not win.undo.text(0).endswith(commands.UNSAVED)


PANE: dict[str, tuple[str, Callable[[Paper], bool]]] = {
    "authors": (" Jr.", lambda p: p.authors[-1].endswith("Jr.")),
    "title": (" (revised)", lambda p: p.title.endswith("(revised)")),
    "venue": (" Letters", lambda p: p.venue.endswith("Letters")),
    "doi": ("x", lambda p: p.doi.endswith("x")),
    "url": ("#kept", lambda p: p.url.endswith("#kept")),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PANE))
def test_a_pane_field_typed_while_the_server_is_away_is_saved_when_it_is_back(
    qtbot: QtBot, offline: tuple[MainWindow, int], own_cluster: Cluster, name: str
) -> None:
    win, pid = offline
    typed, landed = PANE[name]
    type_and_tab(qtbot, win.detail.edits[name], typed)
    assert win.detail.edits[name].text().endswith(typed.strip())  # not wiped
    kept_then_saved(qtbot, win, own_cluster.url(), lambda: resume(own_cluster))
    assert landed(stored(own_cluster.url(), pid))


def test_a_year_typed_while_the_server_is_away_is_saved(
    qtbot: QtBot, offline: tuple[MainWindow, int], own_cluster: Cluster
) -> None:
    win, pid = offline
    edit = win.detail.edits["year"]
    edit.setFocus()
    edit.selectAll()
    type_and_tab(qtbot, edit, "1999")
    kept_then_saved(qtbot, win, own_cluster.url(), lambda: resume(own_cluster))
    assert stored(own_cluster.url(), pid).year == 1999


def test_notes_typed_while_the_server_is_away_are_saved(
    qtbot: QtBot, offline: tuple[MainWindow, int], own_cluster: Cluster
) -> None:
    win, pid = offline
    type_and_tab(qtbot, win.detail.notes, "read on the train")
    kept_then_saved(qtbot, win, own_cluster.url(), lambda: resume(own_cluster))
    assert stored(own_cluster.url(), pid).notes.endswith("read on the train")


def test_a_rating_set_while_the_server_is_away_is_saved(
    qtbot: QtBot, offline: tuple[MainWindow, int], own_cluster: Cluster
) -> None:
    win, pid = offline
    rating = win.detail.rating
    rating.setFocus()
    rating.selectAll()
    type_and_tab(qtbot, rating, "4")
    kept_then_saved(qtbot, win, own_cluster.url(), lambda: resume(own_cluster))
    assert stored(own_cluster.url(), pid).rating == 4


def test_an_entry_field_typed_while_the_server_is_away_is_saved(
    qtbot: QtBot, offline: tuple[MainWindow, int], own_cluster: Cluster
) -> None:
    win, pid = offline
    entry = win.detail.entry
    win.detail.tabs.setCurrentIndex(1)
    name, edit = next(iter(entry.values.items()))
    type_and_tab(qtbot, edit, "42")
    kept_then_saved(qtbot, win, own_cluster.url(), lambda: resume(own_cluster))
    assert stored(own_cluster.url(), pid).extra.get(name, "").endswith("42")


def test_a_citation_key_typed_while_the_server_is_away_is_saved(
    qtbot: QtBot, offline: tuple[MainWindow, int], own_cluster: Cluster
) -> None:
    win, pid = offline
    win.detail.tabs.setCurrentIndex(1)
    type_and_tab(qtbot, win.detail.entry.citekey, "x")
    kept_then_saved(qtbot, win, own_cluster.url(), lambda: resume(own_cluster))
    assert stored(own_cluster.url(), pid).citekey.endswith("x")


def test_a_field_added_while_the_server_is_away_is_saved(
    qtbot: QtBot, offline: tuple[MainWindow, int], own_cluster: Cluster
) -> None:
    win, pid = offline
    entry = win.detail.entry
    win.detail.tabs.setCurrentIndex(1)
    entry.new_name.setText("isbn")
    entry.new_value.setFocus()
    qtbot.keyClicks(entry.new_value, "offline")
    qtbot.keyClick(entry.new_value, Qt.Key.Key_Return)
    kept_then_saved(qtbot, win, own_cluster.url(), lambda: resume(own_cluster))
    assert stored(own_cluster.url(), pid).extra.get("isbn") == "offline"


def test_an_edit_kept_offline_is_not_kept_twice(
    qtbot: QtBot, offline: tuple[MainWindow, int], own_cluster: Cluster
) -> None:
    """Leaving the paper saves what differs from it: the edit already kept is not kept
    again."""
    win, _pid = offline
    type_and_tab(qtbot, win.detail.edits["venue"], " Letters")
    win.table.selectRow(1)
    win.selection.flush()
    QApplication.processEvents()
    assert win.undo.count() == 1


def test_a_tag_typed_while_the_server_is_away_is_saved(
    qtbot: QtBot, offline: tuple[MainWindow, int], own_cluster: Cluster
) -> None:
    win, pid = offline
    win.detail.tag_edit.setText("kept-offline")  # typed (the completer's popup: no keys)
    win.detail.tag_edit.returnPressed.emit()
    kept_then_saved(qtbot, win, own_cluster.url(), lambda: resume(own_cluster))
    assert "kept-offline" in stored(own_cluster.url(), pid).tags


def test_a_field_typed_before_the_window_heard_is_kept_once_and_saved(
    qtbot: QtBot, own_cluster: Cluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    win, pid = showing(qtbot, own_cluster, tmp_path, monkeypatch, row=2)
    watch = win.live.watch
    assert watch is not None
    watch.stop()  # the window has not heard when the edit is made
    own_cluster.halt()
    try:
        type_and_tab(qtbot, win.detail.edits["authors"], " Jr.")
        assert win.offline  # the failed write said so
        win.table.selectRow(3)  # leaving the paper saves what differs from it: not again
        win.selection.flush()
        kept_then_saved(qtbot, win, own_cluster.url(), lambda: resume(own_cluster))
    finally:
        resume(own_cluster)
    assert stored(own_cluster.url(), pid).authors[-1].endswith("Jr.")
