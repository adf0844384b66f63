"""File → Restore from Backup… keeps the backup it restores, and a
failed restore leaves the window on the library as it was."""

import shutil
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from PySide6.QtWidgets import QInputDialog, QMessageBox
from pytestqt.qtbot import QtBot

from litman.core.store import backups, sqlite
from litman.gui.window.main_window import MainWindow

pytestmark = pytest.mark.gui


@pytest.mark.slow
def test_restoring_an_old_backup_keeps_it(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = window.library.path
    before = window.library.count()
    whole = tmp_path / "whole.sqlite"
    sqlite.backup_to(path, whole)
    window.library.papers.delete_papers(window.library.list_ids()[:5])
    folder = backups.backups_dir(path)
    for d in range(1, 40):  # daily backups of the whole library, one a day
        stamp = datetime.now() - timedelta(days=d)
        shutil.copyfile(whole, folder / f"seeded-{stamp:%Y%m%d-%H%M%S}-daily.sqlite")
    oldest = backups.list_backups(path)[-1]  # the pre-restore copy's rotation deleted it
    chosen = backups.list_backups(path).index(oldest)
    monkeypatch.setattr(QInputDialog, "getItem", lambda *a, **k: (a[3][chosen], True))
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: pytest.fail(str(a[2])))
    window.acts.restore_backup.trigger()
    assert oldest.path.exists()
    assert window.library.count() == before == window.model.rowCount()
    assert "Restored the backup" in window.statusBar().currentMessage()


def test_a_failed_restore_leaves_the_window_on_its_library(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = window.library.path
    backups.take(path, backups.MANUAL)
    window.library.papers.delete_papers(window.library.list_ids()[:5])
    n = window.library.count()
    warned: list[str] = []
    monkeypatch.setattr(QInputDialog, "getItem", lambda *a, **k: (a[3][0], True))
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: warned.append(a[2]))

    def full(*_a: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(sqlite, "backup_to", full)
    window.acts.restore_backup.trigger()
    assert warned and "the library was not changed" in warned[0]
    assert window.library.count() == n == window.model.rowCount()
    window.library.papers.set_status([window.library.list_ids()[0]], "read")  # still writable


def test_a_restore_runs_on_the_write_worker(
    pooled_window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    import threading

    from litman.core.library.backups import Backups
    from litman.core.store.interface import Restored, WriterClaim

    win = pooled_window
    n = win.library.count()
    backups.take(win.library.path, backups.MANUAL)
    win.library.papers.delete_papers(win.library.list_ids()[:5])
    threads: list[threading.Thread] = []
    real = Backups.restore

    def recorded(
        self: Backups, name: str | None = None, *, claim: WriterClaim | None = None
    ) -> Restored:
        threads.append(threading.current_thread())
        return real(self, name, claim=claim)

    monkeypatch.setattr(Backups, "restore", recorded)
    monkeypatch.setattr(QInputDialog, "getItem", lambda *a, **k: (a[3][0], True))
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: pytest.fail(str(a[2])))
    win.acts.restore_backup.trigger()
    qtbot.waitUntil(
        lambda: "Restored the backup" in win.statusBar().currentMessage(), timeout=30000
    )
    assert threads and threading.main_thread() not in threads
    assert win.library.count() == n == win.model.rowCount()
