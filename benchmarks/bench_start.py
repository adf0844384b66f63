"""Where the window's start goes before its first rows are painted, stage by stage.

    .venv/bin/python benchmarks/bench_start.py [N] [--runs R]

Each run is a new process (offscreen) that does what `litman --library X` does before its
first paint, in order, and notes the CPU (user and system) and the wall time at the end of
each stage: Qt imported and its application made, the store's models imported (SQLAlchemy,
SQLModel, pydantic), the rest of the start-up path imported (`litman.app`, the window's
modules), language and theme, the library opened, the window built (its first query and
the sidebar's counts among it), and its first rows painted. Printed: the median of each
stage's share over the runs, beside `bench_gui.py`'s whole-process figure. A bare PySide6
window is measured the same way, as the floor.
"""

import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.bench_cli import byte_compile  # noqa: E402
from benchmarks.corpus import CORPUS, library  # noqa: E402

STAGES = r"""
import sys, time
c0, w0 = time.process_time(), time.perf_counter()
def mark(name):
    print(f"{name}\t{time.process_time() - c0:.4f}\t{time.perf_counter() - w0:.4f}", flush=True)
from PySide6.QtWidgets import QApplication, QLabel
qapp = QApplication(sys.argv[:1])
mark("PySide6 imported, QApplication made")
if sys.argv[1] == "--bare":
    window = QLabel("rows")
    window.show(); qapp.processEvents(); window.repaint()
    mark("bare window shown and painted")
    sys.exit(0)
import litman.core.store.models
mark("store models imported (SQLAlchemy, SQLModel, pydantic)")
from litman import app
from litman.gui.window import launch
from litman.gui.window.main_window import MainWindow
mark("litman.app and the window's modules imported")
from litman.gui import i18n, settings, workers
from litman.gui.window import theme
i18n.start(settings.ViewSettings())
theme.apply(qapp)
workers.share_the_gil()
mark("language and theme")
library = app.open_library(sys.argv[1], check=False, daily=False)
mark("library opened")
window = MainWindow(library, index_in_background=True)
mark("window built (first query, sidebar counts)")
window.show(); qapp.processEvents(); window.repaint()
mark("first rows painted")
window.close(); library.close()
"""


def run(args: list[str], home: str) -> list[tuple[str, float, float]]:
    env = {**os.environ, "HOME": home, "XDG_CONFIG_HOME": home, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-c", STAGES, *args],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    rows = [line.split("\t") for line in done.stdout.splitlines() if "\t" in line]
    return [(name, float(cpu), float(wall)) for name, cpu, wall in rows]


def report(title: str, runs: list[list[tuple[str, float, float]]]) -> None:
    print(title)
    for i, (name, _cpu, _wall) in enumerate(runs[0]):
        cpu = [r[i][1] - (r[i - 1][1] if i else 0.0) for r in runs]
        wall = [r[i][2] - (r[i - 1][2] if i else 0.0) for r in runs]
        total = statistics.median(r[i][1] for r in runs)
        print(
            f"  {name:>56}: CPU {statistics.median(cpu):.3f} s (wall "
            f"{statistics.median(wall):.3f} s), CPU so far {total:.3f} s"
        )


def main(n: int, runs: int) -> None:
    byte_compile()
    path = library("gui", n)
    print(CORPUS)
    print(f"papers: {n:,}; medians of {runs} runs; load {os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory() as home:
        report("bare PySide6 window:", [run(["--bare"], home) for _ in range(runs)])
        report("litman's window:", [run([str(path)], home) for _ in range(runs)])
    print(f"load after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    count = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 5
    if "--runs" in sys.argv:
        args.remove(str(count))
    main(int(args[0]) if args else 100_000, count)
