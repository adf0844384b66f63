"""The window's side of data safety: one writer, damaged files, restores, outside writes,
and a detail view that renders text, never markup or remote resources."""

import os
from pathlib import Path

import pytest
from PySide6.QtCore import QUrl
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QInputDialog, QMessageBox
from pytestqt.qtbot import QtBot

from litman.core.library.facade import Library
from litman.core.records import NewPaper
from litman.core.search.filters import TagFilter
from litman.core.store import backups
from litman.core.store.interface import WriterClaim
from litman.gui.dialogs import dialogs
from litman.gui.settings import ViewSettings
from litman.gui.window import launch
from litman.gui.window.main_window import MainWindow
from litman.gui.workers import run_inline

pytestmark = pytest.mark.gui


def make_window(
    qtbot: QtBot, opened: tuple[Library, WriterClaim] | None, tmp_path: Path
) -> MainWindow:
    assert opened is not None
    library, lock = opened
    win = MainWindow(library, ViewSettings(tmp_path / "view.ini"), run_inline, writer_lock=lock)
    qtbot.addWidget(win)
    win.show()
    return win


class Answers:
    """Stands in for the launch questions: records them, answers from a script."""

    def __init__(self, *answers: str | None) -> None:
        self.answers = list(answers)
        self.asked: list[tuple[str, str, list[str]]] = []

    def __call__(self, title: str, text: str, choices: list[str]) -> str | None:
        self.asked.append((title, text, choices))
        return self.answers.pop(0) if self.answers else None


def test_a_second_window_is_told_and_opens_read_only(
    qtbot: QtBot, seeded_path: Path, tmp_path: Path
) -> None:
    first = launch.open_for_window(str(seeded_path), Answers())
    assert first is not None and first[1].held
    ask = Answers(launch.READ_ONLY)
    second = launch.open_for_window(str(seeded_path), ask)
    assert second is not None
    _title, text, choices = ask.asked[0]
    assert f"process {os.getpid()}" in text and choices == [launch.READ_ONLY, launch.QUIT]
    win = make_window(qtbot, second, tmp_path)
    try:
        assert "(read-only)" in win.windowTitle()
        assert "open in litman window" in win.read_only_label.text()
        assert not win.acts.import_files.isEnabled() and not win.acts.delete.isEnabled()
        assert not any(a.isEnabled() for a in win.acts.status.values())
        win.table.selectRow(0)
        win.selection.flush()
        assert win.detail.edits["title"].isReadOnly() and not win.detail.tag_edit.isEnabled()
        before = win.library.get(win.selected_ids()[0]).status
        win.acts.status[next(s for s in win.acts.status if s != before)].trigger()
        assert win.library.get(win.selected_ids()[0]).status == before
    finally:
        second[0].close()
        first[0].close()
        first[1].release()


def test_the_second_window_can_decline(seeded_path: Path) -> None:
    first = launch.open_for_window(str(seeded_path), Answers())
    assert first is not None
    try:
        assert launch.open_for_window(str(seeded_path), Answers(launch.QUIT)) is None
    finally:
        first[0].close()
        first[1].release()


def test_a_damaged_library_offers_its_backup_and_keeps_the_damage(
    qtbot: QtBot, seeded_path: Path, tmp_path: Path
) -> None:
    with Library.open(seeded_path) as lib:
        n = lib.count()
    good = backups.take(seeded_path, backups.MANUAL)
    seeded_path.write_bytes(b"this is not a database" * 300)
    ask = Answers(launch.RESTORE)
    opened = launch.open_for_window(str(seeded_path), ask)
    assert opened is not None
    assert ask.asked[0][0] == "Library damaged" and good.path.name in ask.asked[0][1]
    win = make_window(qtbot, opened, tmp_path)
    try:
        assert win.model.rowCount() == n
        kept = [
            p
            for p in seeded_path.parent.glob("seeded.sqlite.damaged-*")
            if not p.name.endswith(("-wal", "-shm"))
        ]
        assert len(kept) == 1 and kept[0].read_bytes().startswith(b"this is not a database")
    finally:
        opened[0].close()
        opened[1].release()


def test_a_damaged_library_without_backup_can_be_moved_aside(seeded_path: Path) -> None:
    seeded_path.write_bytes(b"\0" * 8192)
    opened = launch.open_for_window(str(seeded_path), Answers(launch.START_EMPTY))
    assert opened is not None
    try:
        assert opened[0].count() == 0
        assert list(seeded_path.parent.glob("seeded.sqlite.damaged-*"))
    finally:
        opened[0].close()
        opened[1].release()


def test_file_restore_from_backup_puts_it_back(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    n = window.model.rowCount()
    backups.take(window.library.path, backups.MANUAL)
    window.library.papers.delete_permanently(window.library.list_ids()[:5])
    assert window.model.rowCount() == n - 5
    monkeypatch.setattr(QInputDialog, "getItem", lambda *a, **k: (a[3][0], True))
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    newest = backups.list_backups(window.library.path)[0]
    assert newest.reason == "pre-delete"  # the delete took its own backup, newest first
    window.acts.restore_backup.trigger()
    assert window.model.rowCount() == n
    assert window.library.count() == n
    assert "Restored the backup" in window.statusBar().currentMessage()
    assert window.undo.count() == 0


def test_file_back_up_now(window: MainWindow) -> None:
    window.acts.backup.trigger()
    assert backups.list_backups(window.library.path)[0].reason == "manual"
    assert "Backed up to" in window.statusBar().currentMessage()


@pytest.mark.slow
def test_the_window_picks_up_writes_from_the_cli(window: MainWindow, qtbot: QtBot) -> None:
    from litman.cli import main

    assert main(["--library", str(window.library.path), "tag", "add", "from-cli", "1", "2"]) == 0
    qtbot.waitUntil(lambda: window.sidebar.count_of(TagFilter("from-cli")) == 2, timeout=5000)
    window.search.setText("tag:from-cli")
    qtbot.waitUntil(lambda: window.model.rowCount() == 2)


def test_the_background_check_and_index_build(window: MainWindow, qtbot: QtBot) -> None:
    window.library.index.invalidate()
    window.start_background_work()
    qtbot.waitUntil(lambda: getattr(window, "integrity", None) == "ok", timeout=10000)
    assert window.library.index.built


HOSTILE = (
    '<img src="http://example.com/track.png"> <script>alert(1)</script> '
    '<a href="file:///etc/passwd">x</a> <link rel="stylesheet" href="http://example.com/s.css">'
)


def test_the_detail_view_shows_markup_as_text_and_loads_nothing(
    window: MainWindow, qtbot: QtBot
) -> None:
    added = window.library.papers.add_papers(
        [NewPaper(title="<b>Bold</b> <img src=x>", abstract=HOSTILE)]
    )
    pid = added.added[0]
    window.search.setText("")
    window.apply_filter()
    row = window.model.row_of(pid)
    assert row is not None
    window.table.selectRow(row)
    window.selection.flush()
    assert window.detail.abstract.toPlainText().strip() == HOSTILE
    assert window.detail.heading.text() == "<b>Bold</b> <img src=x>"
    window.detail.abstract.grab()  # paint it: any image would be asked for now
    assert window.detail.abstract.resource_requests == []
    # Even markup forced into the view fetches nothing: the request reaches our hook, which
    # hands back no data.
    window.detail.abstract.setHtml(HOSTILE)
    window.detail.abstract.grab()
    assert "http://example.com/track.png" in window.detail.abstract.resource_requests
    doc = window.detail.abstract.document()
    image = doc.resource(
        QTextDocument.ResourceType.ImageResource, QUrl("http://example.com/track.png")
    )
    assert image is None or not image


def test_typing_before_the_index_is_built_waits_without_blocking(
    qtbot: QtBot, seeded: Library, tmp_path: Path
) -> None:
    seeded.index.invalidate()
    win = MainWindow(seeded, ViewSettings(tmp_path / "v.ini"), run_inline, index_in_background=True)
    qtbot.addWidget(win)
    win.show()
    win.search.setText("neural colapse")
    win.apply_filter()
    assert not seeded.index.built  # nothing was built on the GUI thread
    # Answered at once from exact matches (none for the typo), saying what it cannot match.
    message = win.statusBar().currentMessage()
    assert win.model.rowCount() == 0 and "typos" in message
    win.start_background_work()
    qtbot.waitUntil(lambda: win.model.rowCount() == 2, timeout=10000)


def test_a_new_empty_library_opens_searches_and_is_not_called_damaged(
    qtbot: QtBot, library: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    told: list[str] = []
    monkeypatch.setattr(dialogs, "damaged_while_open", lambda _win, problem: told.append(problem))
    win = MainWindow(
        library, ViewSettings(tmp_path / "v.ini"), run_inline, index_in_background=True
    )
    qtbot.addWidget(win)
    win.show()
    assert "Your library is empty" in win.empty.text()
    win.start_background_work()
    qtbot.waitUntil(lambda: getattr(win, "integrity", None) == "ok", timeout=10000)
    win.search.setText("neural")
    win.apply_filter()
    assert win.model.rowCount() == 0 and "Your library is empty" in win.empty.text()
    assert told == []


def test_a_failed_index_build_is_reported_as_itself(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    told: list[str] = []
    monkeypatch.setattr(dialogs, "damaged_while_open", lambda _win, problem: told.append(problem))
    window.library.index.invalidate()

    def fail() -> None:
        raise OSError("No space left on device")

    monkeypatch.setattr(window.library.index, "ensure_built", fail)
    window.start_background_work()
    qtbot.waitUntil(lambda: "Background work stopped" in window.statusBar().currentMessage())
    assert "No space left" in window.statusBar().currentMessage() and told == []


def background_window(qtbot: QtBot, path: Path, tmp_path: Path) -> MainWindow:
    """A window opened as `litman` opens it: no check or backup before it shows."""
    from litman import app

    lib = app.open_library(path, check=False, daily=False)
    win = MainWindow(lib, ViewSettings(tmp_path / "view.ini"), index_in_background=True)
    qtbot.addWidget(win)
    win.show()
    with qtbot.waitSignal(win.background.done, timeout=60000):
        win.start_background_work()
    return win


def test_the_window_checks_integrity_only_when_it_can_matter(
    qtbot: QtBot, seeded_path: Path, tmp_path: Path, checks: list[Path]
) -> None:
    """It ran a quick_check on every open: now with the day's first open, after
    an unclean shutdown, or when asked (File → Check Library for Damage)."""
    from litman import app

    app.open_library(seeded_path).close()  # the day's check and backup, closed cleanly
    checks.clear()
    win = background_window(qtbot, seeded_path, tmp_path)
    assert checks == []
    win.acts.check.trigger()
    qtbot.waitUntil(lambda: "no damage found" in win.statusBar().currentMessage())
    assert len(checks) == 1
    win.close()
    win.library.close()

    crashed = Library.open(seeded_path, check=False)  # writes, never closes: a -wal stays
    crashed.papers.set_status([1], "read")
    checks.clear()
    again = background_window(qtbot, seeded_path, tmp_path)
    assert len(checks) == 1
    again.poll_changes()  # outside writes seen: the index catches up, no second check
    crashed.close()
    assert len(checks) == 1
    again.library.close()


def test_tags_set_by_another_process_show_at_once(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The outside write is read from the change journal: counts and searches are current
    as soon as the window notices, with no background reconcile to wait for."""
    from litman.core.search.index import SearchIndex

    window.library.search("warm up")
    monkeypatch.setattr(SearchIndex, "reconcile", lambda self: pytest.fail("reconciled"))
    with Library.open(window.library.path) as other:
        other.tags.add_tag("From Elsewhere", [5, 7])
    monkeypatch.setattr(window, "start_background_work", lambda: pytest.fail("sent to a worker"))
    window.poll_changes()
    assert window.sidebar._items[TagFilter("From Elsewhere")].text(1) == "2"
    window.search.setText('tag:"from elsewhere"')
    window.apply_filter()
    assert sorted(window.model.ids()) == [5, 7]
