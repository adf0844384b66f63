"""Import the three bundled seed files into an empty library, as `litman import` does.

    .venv/bin/python benchmarks/bench_seed_import.py

Target: under 1 s. Reports the median of 5 runs, in-process and as a fresh `litman` process.
"""

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from litman import app, paths
from litman.core.library.facade import Library


def in_process() -> float:
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        with Library.open(Path(tmp) / "s.sqlite") as lib:
            reports = app.import_seeds(lib)
        elapsed = time.perf_counter() - t0
    assert sum(len(r.added) for r in reports) == 89
    return elapsed


def as_command() -> float:
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [
            sys.executable,
            "-m",
            "litman",
            "--library",
            f"{tmp}/s.sqlite",
            "import",
            *map(str, paths.seed_files()),
        ]
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True)
        return time.perf_counter() - t0


def main() -> None:
    inside = [in_process() for _ in range(5)]
    command = [as_command() for _ in range(5)]
    print(f"seed import (89 papers), in process: median {statistics.median(inside) * 1000:.0f} ms")
    print(
        f"`litman import seeds/*.txt`, whole process: median "
        f"{statistics.median(command) * 1000:.0f} ms (target < 1 s)"
    )


if __name__ == "__main__":
    main()
