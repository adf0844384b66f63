"""Two litman windows in two processes (offscreen) on one shared library: seconds from an
edit beginning in one (Mark read) to the other's table showing it, with no refresh asked
for (the watch hears the commit's NOTIFY and the table redraws the paper). The README's
"within a second" is this figure; tests/gui/test_two_windows.py checks only that it arrives.

    .venv/bin/python benchmarks/bench_two_windows.py [TRIES]

The server is a throwaway cluster of the run's own (tests/pg_server.py), holding the seeds.
"""

import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from litman import app
from litman.core.library.facade import Library
from litman.core.records import Status
from tests import pg_server
from tests.gui.live_window import said, start

ROOT = Path(__file__).resolve().parent.parent
WAIT_S = 600.0


def journey(url: str, pid: int) -> tuple[float, float]:
    """One edit: (saved, shown elsewhere), seconds after it began."""
    watcher = start(url, "watch", pid, ROOT, subprocess.DEVNULL)
    editor = start(url, "edit", pid, ROOT, subprocess.DEVNULL)
    try:
        said(watcher, "ready", WAIT_S)
        said(editor, "ready", WAIT_S)
        assert editor.stdin is not None
        editor.stdin.write("go\n")
        editor.stdin.flush()
        began = said(editor, "edit", WAIT_S)
        saved = said(editor, "saved", WAIT_S)
        seen = said(watcher, "seen", WAIT_S)
        return saved - began, seen - began
    finally:
        for proc in (watcher, editor):
            proc.kill()
            proc.wait()


def main(tries: int = 5) -> None:
    cluster = pg_server.start()
    try:
        url = cluster.url()
        with Library.open(url) as lib:
            app.import_seeds(lib)
            unread = [p.id for p in lib.list_papers() if p.status != Status.READ][:tries]
        runs = [journey(url, pid) for pid in unread]
    finally:
        cluster.stop()
    shown = sorted(seen for _saved, seen in runs)
    saved = sorted(s for s, _seen in runs)
    print(
        f"an edit shown in the other window: median {statistics.median(shown):.3f} s "
        f"({shown[0]:.3f}-{shown[-1]:.3f} s, {len(shown)} tries); saved after median "
        f"{statistics.median(saved):.3f} s"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
