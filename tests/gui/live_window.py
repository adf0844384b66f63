"""One litman window in a process of its own, offscreen, for the two-window test.

    python -m tests.gui.live_window URL watch PID   prints `seen T` when its table shows
                                                   paper PID read (T: time.time())
    python -m tests.gui.live_window URL edit PID    on a `go` line from stdin, marks paper
                                                   PID read through its window, printing
                                                   `edit T` as it starts and `saved T`

Both print `ready` once their window shows and listens to the server, and end by closing
their window (which deletes itself, and with it the last window the application ends), so
that a clean exit is code 0. `start` and `said` run such a process from a test or a
benchmark (benchmarks/bench_two_windows.py times the edit's journey).
"""

import os
import selectors
import subprocess
import sys
import time
from pathlib import Path
from tempfile import mkdtemp
from typing import IO

from PySide6.QtCore import QSocketNotifier, QTimer
from PySide6.QtWidgets import QApplication

from litman.core.library.facade import Library
from litman.core.records import Status
from litman.gui.settings import ViewSettings
from litman.gui.window.main_window import MainWindow


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
            win.close()

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
        win.close()

    win.writes.finished.connect(saved)
    notifier = QSocketNotifier(sys.stdin.fileno(), QSocketNotifier.Type.Read)
    notifier.activated.connect(go)
    return notifier


def main(url: str, role: str, pid: int) -> int:
    app = QApplication(sys.argv)
    view = ViewSettings(Path(mkdtemp(prefix="litman-view-")) / "view.ini")
    win = MainWindow(Library.open(url), view)
    win.show()
    keep: QSocketNotifier | None = None
    if role == "watch":
        watch(app, win, pid)
    else:
        keep = edit(app, win, pid)
    watcher = win.live.watch
    assert watcher is not None

    def ready() -> None:
        if watcher.listening.is_set():
            say("ready")
        else:
            QTimer.singleShot(10, ready)

    ready()
    code = app.exec()  # until the window closed: it deleted itself, so it is not touched
    del keep
    return code


def start(
    url: str, role: str, pid: int, root: Path, stderr: IO[str] | int
) -> "subprocess.Popen[str]":
    """This program in a process of its own, offscreen, run from the checkout at `root`."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.Popen(
        [sys.executable, "-m", "tests.gui.live_window", url, role, str(pid)],
        cwd=root,
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=stderr,
        text=True,
    )


def said(proc: "subprocess.Popen[str]", word: str, within: float) -> float:
    """Wait for the line `word [T]` from a window's process; T (0.0 when none). `within`
    only keeps a process that never says it from hanging the caller."""
    assert proc.stdout is not None
    deadline = time.monotonic() + within
    with selectors.DefaultSelector() as sel:
        sel.register(proc.stdout, selectors.EVENT_READ)
        while (left := deadline - time.monotonic()) > 0:
            if not sel.select(left):
                break
            line = proc.stdout.readline()
            if not line:
                break
            words = line.split()
            if words and words[0] == word:
                return float(words[1]) if len(words) > 1 else 0.0
    raise AssertionError(f"no '{word}' from the window (exit code {proc.poll()})")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], int(sys.argv[3])))
