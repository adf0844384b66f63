"""Starting the desktop app: `litman` with no subcommand, or `make run`."""

import sys

from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QMessageBox

from litman import app, paths
from litman.core.errors import LitmanError


def run(library_arg: str | None = None) -> int:
    qapp = QApplication.instance() or QApplication(sys.argv)
    qapp.setApplicationName("litman")
    qapp.setOrganizationName("litman")
    qapp.setWindowIcon(QIcon(str(paths.resources_dir() / "icons" / "litman.svg")))
    try:
        library = app.open_library(library_arg)
    except LitmanError as exc:
        QMessageBox.critical(None, "litman cannot open the library", str(exc))
        print(f"litman: error: {exc}", file=sys.stderr)
        return 1
    from litman.gui.main_window import MainWindow

    window = MainWindow(library)
    window.show()
    code = qapp.exec()
    library.close()
    return int(code)
