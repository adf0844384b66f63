"""One litman window in a process of its own, offscreen, for the two-window test.

    python -m tests.gui.live_window URL watch PID   prints `seen T` when its table shows
                                                   paper PID read (T: time.time())
    python -m tests.gui.live_window URL edit PID    on a `go` line from stdin, marks paper
                                                   PID read through its window, printing
                                                   `edit T` as it starts and `saved T`

Both print `ready` once their window shows and listens to the server.
"""

import sys
import time
from pathlib import Path
from tempfile import mkdtemp

from PySide6.QtCore import QSocketNotifier, QTimer
from PySide6.QtWidgets import QApplication

from litman.core.library.facade import Library
from litman.core.records import Status
from litman.gui.main_window import MainWindow
from litman.gui.settings import ViewSettings


def say(*words: object) -> None:
    print(*words, flush=True)


def shows_read(win: MainWindow, pid: int) -> bool:
    row = win.model.row_of(pid)
    paper = None if row is None else win.model.paper(row)
    return paper is not None and paper.status == Status.READ


def watch(app: QApplication, win: MainWindow, pid: int) -> None:
    def look(*_args: object) -> None:
        if shows_read(win, pid):
            say("seen", time.time())
            app.quit()

    win.model.modelReset.connect(look)
    win.model.dataChanged.connect(look)
    win.live.changed.connect(look)


def edit(app: QApplication, win: MainWindow, pid: int) -> QSocketNotifier:
    def go() -> None:
        if sys.stdin.readline().strip() != "go":
            return
        say("edit", time.time())
        win.table.selectRow(win.model.row_of(pid) or 0)
        win.selection.flush()
        win.set_status(Status.READ)

    def saved(_label: str, _result: object) -> None:
        say("saved", time.time())
        app.quit()

    win.writes.finished.connect(saved)
    notifier = QSocketNotifier(sys.stdin.fileno(), QSocketNotifier.Type.Read)
    notifier.activated.connect(go)
    return notifier


def main(url: str, role: str, pid: int) -> int:
    app = QApplication(sys.argv)
    view = ViewSettings(Path(mkdtemp(prefix="litman-view-")) / "view.ini")
    win = MainWindow(Library.open(url), view)
    win.show()
    keep = watch(app, win, pid) if role == "watch" else edit(app, win, pid)
    watcher = win.live.watch
    assert watcher is not None

    def ready() -> None:
        if watcher.listening.is_set():
            say("ready")
        else:
            QTimer.singleShot(10, ready)

    ready()
    code = app.exec()
    del keep
    win.close()
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], int(sys.argv[3])))
