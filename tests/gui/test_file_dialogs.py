"""File dialogs never open the library's files, whatever the user types into them."""

import re
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QFileSystemModel, QMessageBox
from pytestqt.qtbot import QtBot

from litman.gui.dialogs import dialogs, file_dialogs
from litman.gui.window.main_window import MainWindow
from tests.gates import require_tool

pytestmark = pytest.mark.gui
ROOT = Path(__file__).resolve().parents[2]


def opens_of_library_files(library: Path, kind: str, tmp_path: Path) -> list[str]:
    """Run tests/gui/dialog_probe.py under strace; the library files the dialog opened."""
    log = tmp_path / f"strace-{kind}.log"
    done = subprocess.run(
        ["strace", "-f", "-e", "trace=openat,open,newfstatat,stat", "-o", str(log),
         sys.executable, "-m", "tests.gui.dialog_probe", str(library), kind],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    text = log.read_text()
    between = text[text.index("/MARK-START") : text.index("/MARK-END")]
    name = re.escape(library.name)
    return re.findall(
        rf'open(?:at)?\([^"]*"[^"]*/{name}(?:-wal|-shm|-journal|\.lock)?"[^)]*', between
    )


@pytest.mark.slow
def test_typing_the_library_folder_into_the_dialog_opens_none_of_its_files(
    seeded_path: Path, tmp_path: Path
) -> None:
    require_tool("strace")  # to see what Qt opens
    plain = opens_of_library_files(seeded_path, "plain", tmp_path)
    if not plain:
        pytest.skip("this Qt's own dialog opens no files to guess types: nothing to tell apart")
    assert opens_of_library_files(seeded_path, "litman", tmp_path) == []


def test_the_dialog_lists_none_of_the_library_files(window: MainWindow, qtbot: QtBot) -> None:
    folder = window.library.path.parent
    (folder / "refs.bib").write_text("")
    dialog = file_dialogs._dialog(window, "Import", folder, "All files (*)")
    model = dialog.findChild(QFileSystemModel)
    assert model is not None
    proxy = dialog.proxyModel()
    model.setRootPath(str(folder))

    def listed() -> bool:  # the model lists a folder on its own thread, asked by fetchMore
        root = proxy.mapFromSource(model.index(str(folder)))
        proxy.fetchMore(root)
        return proxy.rowCount(root) > 0

    qtbot.waitUntil(listed, timeout=15000)
    root = proxy.mapFromSource(model.index(str(folder)))
    names = {proxy.index(r, 0, root).data() for r in range(proxy.rowCount(root))}
    assert "refs.bib" in names
    assert not any(n.startswith(window.library.path.name) for n in names)


@pytest.fixture
def warnings(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    told: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text, *a: told.append(text))
    return told


def chosen(monkeypatch: pytest.MonkeyPatch, path: Path) -> None:
    """The user types `path` into the dialog and presses Open or Save."""
    monkeypatch.setattr(QFileDialog, "exec", lambda self: 1)
    monkeypatch.setattr(QFileDialog, "selectedFiles", lambda self: [str(path)])


@pytest.mark.parametrize("suffix", ["", "-wal", "-shm"])
def test_exporting_onto_a_library_file_is_refused(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, warnings: list[str], suffix: str
) -> None:
    target = window.library.path.with_name(window.library.path.name + suffix)
    before = target.read_bytes() if target.exists() else None
    chosen(monkeypatch, target)
    window.acts.export_all.trigger()
    assert len(warnings) == 1 and "one of the files of the open library" in warnings[0]
    assert (target.read_bytes() if target.exists() else None) == before
    assert window.library.count() == 89


def test_importing_a_library_file_typed_into_the_dialog_is_refused(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, warnings: list[str]
) -> None:
    started: list[list[Path]] = []
    monkeypatch.setattr(dialogs, "run_import", lambda _win, files: started.append(files))
    chosen(monkeypatch, window.library.path.with_name(window.library.path.name + "-wal"))
    window.acts.import_files.trigger()
    assert started == [] and "one of the files of the open library" in warnings[0]


def test_a_library_file_dropped_on_the_window_is_refused_unread(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    told: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text, *a: told.append(text))
    dialogs.run_import(window, [window.library.path])
    qtbot.waitUntil(lambda: bool(told))
    assert "one of the files of the open library" in told[0]
    assert window.library.count() == 89
