"""Run every benchmark in turn: `make bench`."""

import runpy
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

if __name__ == "__main__":
    for script in sorted(HERE.glob("bench_*.py")):
        print(f"== {script.name}")
        sys.argv = [str(script)]
        runpy.run_path(str(script), run_name="__main__")
