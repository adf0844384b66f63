"""File → Import… takes Zotero's database: the dialog offers `.sqlite`, and the papers,
with their collections as tags, arrive in the window."""

from pathlib import Path

import pytest

from litman.gui.dialogs import dialogs, file_dialogs
from litman.gui.window.main_window import MainWindow
from tests.formats.test_zotero import zotero_db  # noqa: F401  (the fixture)

pytestmark = pytest.mark.gui


@pytest.mark.slow
def test_import_a_zotero_database_from_the_window(
    window: MainWindow,
    monkeypatch: pytest.MonkeyPatch,
    zotero_db: Path,  # noqa: F811
) -> None:
    offered: list[str] = []

    def open_files(win: MainWindow, title: str, folder: Path, filters: str) -> list[Path]:
        offered.append(filters)
        return [zotero_db]

    monkeypatch.setattr(file_dialogs, "open_files", open_files)
    runs: list[dialogs.ImportRun] = []
    start = dialogs.run_import
    monkeypatch.setattr(dialogs, "run_import", lambda win, files: runs.append(start(win, files)))
    window.acts.import_files.trigger()
    assert "*.sqlite" in offered[0]
    (run,) = runs
    assert isinstance(run.outcome, list)
    assert len(run.outcome[0].added) == 3
    assert window.model.rowCount() == 92
    assert run.report is not None
    assert "3 read: 3 added, 0 merged, 0 skipped." in run.report.text()
    assert any(t.name == "Thesis > Methods" for t in window.library.tags())
