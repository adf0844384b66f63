"""Render the README screenshots from a fresh seeded library into docs/screenshots/.

QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/screenshots.py
"""

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from PySide6.QtWidgets import QApplication, QMessageBox  # noqa: E402

from litman import app, paths  # noqa: E402
from litman.gui import dialogs, theme  # noqa: E402
from litman.core.library import Library  # noqa: E402
from litman.gui.main_window import MainWindow  # noqa: E402
from litman.gui.settings import ViewSettings  # noqa: E402
from litman.gui.workers import run_inline  # noqa: E402

OUT = ROOT / "docs" / "screenshots"


def settle(qapp: QApplication) -> None:
    for _ in range(5):
        qapp.processEvents()


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    qapp = QApplication.instance() or QApplication(sys.argv)
    with tempfile.TemporaryDirectory() as tmp:
        lib = Library.open(Path(tmp) / "seeded.sqlite")
        app.import_seeds(lib)
        ids = lib.list_ids("added")
        lib.set_status(ids[:9], "read")
        lib.set_status(ids[9:14], "reading")
        lib.add_tag("To read > This week", ids[20:24])
        win = MainWindow(lib, ViewSettings(Path(tmp) / "view.ini"), runner=run_inline)
        win.resize(1280, 800)
        win.show()
        settle(qapp)
        win.table.selectRow(0)
        settle(qapp)
        win.grab().save(str(OUT / "main-window.png"))
        win.search.setText("neural colapse")
        win.apply_filter()
        win.table.selectRow(0)
        settle(qapp)
        win.grab().save(str(OUT / "search-highlights.png"))
        win.search.setText("")
        win.sidebar.select_filter('tag:"Optimization"')
        settle(qapp)
        win.sidebar.grab().save(str(OUT / "tag-tree.png"))
        win.sidebar.select_filter("")

        # The report after importing the seeds into this library again: all merged.
        dialogs.run_import(win, paths.seed_files())
        box = win.report_box
        for button in box.buttons():
            if box.buttonRole(button) == QMessageBox.ButtonRole.ActionRole:
                button.click()  # Show Details…
        settle(qapp)
        box.grab().save(str(OUT / "import-report.png"))
        box.close()

        # The same window in a dark palette, as a system dark mode gives it.
        theme.apply(qapp, dark=True)
        win.search.setText("bandit")
        win.apply_filter()
        win.table.selectRow(0)
        settle(qapp)
        win.grab().save(str(OUT / "main-window-dark.png"))
        win.close()
        lib.close()
    print(f"wrote {len(list(OUT.glob('*.png')))} screenshots to {OUT}")


if __name__ == "__main__":
    main()
