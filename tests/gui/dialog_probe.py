"""Run as a program under strace by test_file_dialogs.py: opens a library in a window, then
a file dialog in the library's folder, as a user who types that folder would; prints
MARK lines around the part that must not open the library's files.

    python -m tests.gui.dialog_probe LIBRARY (litman|plain)
"""

import os
import sys
from pathlib import Path

from PySide6.QtCore import QEventLoop, QTimer
from PySide6.QtWidgets import QApplication, QFileDialog, QFileSystemModel, QLineEdit

from litman.core.library.facade import Library
from litman.gui.dialogs import file_dialogs
from litman.gui.settings import ViewSettings
from litman.gui.window.main_window import MainWindow
from litman.gui.workers import run_inline


def mark(text: str) -> None:
    """A line strace shows: a stat of a path that does not exist."""
    os.path.exists(f"/MARK-{text}")


def settle(model: QFileSystemModel, folder: str) -> None:
    """Turn the event loop until the model has listed `folder` (or 5 s have passed)."""
    loop = QEventLoop()

    def loaded(path: str) -> None:
        if path.rstrip("/") == folder:
            loop.quit()

    model.directoryLoaded.connect(loaded)
    QTimer.singleShot(5000, loop.quit)
    loop.exec()


def main() -> int:
    path, kind = Path(sys.argv[1]), sys.argv[2]
    app = QApplication([])
    library = Library.open(path)
    win = MainWindow(library, ViewSettings(path.parent / "view.ini"), runner=run_inline)
    win.show()
    folder = str(path.parent)
    mark("START")
    if kind == "litman":
        dialog = file_dialogs._dialog(win, "Import", Path.home(), "All files (*)")
    else:
        dialog = QFileDialog(win, "Import", str(Path.home()), "All files (*)")
        dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
    dialog.setViewMode(QFileDialog.ViewMode.Detail)
    dialog.open()
    model = dialog.findChild(QFileSystemModel)
    assert model is not None
    name = next(e for e in dialog.findChildren(QLineEdit) if e.objectName() == "fileNameEdit")
    name.setText(folder + "/")  # typed: the completer lists the folder
    dialog.setDirectory(folder)
    settle(model, folder)
    root = model.index(folder)
    for row in range(model.rowCount(root)):  # what the list and its Type column show
        for column in range(model.columnCount(root)):
            model.data(model.index(row, column, root))
            model.data(model.index(row, column, root), 1)  # the icon
    for _ in range(20):
        app.processEvents()
    mark("END")
    dialog.reject()
    library.close()
    print("rows", model.rowCount(root))
    return 0


if __name__ == "__main__":
    sys.exit(main())
