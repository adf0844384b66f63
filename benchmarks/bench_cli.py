"""The `litman` command at 100k papers, each run as a user runs it: a fresh process under
/usr/bin/time -v, on a copy of the benchmark library (benchmarks/corpus.py), with its own cache folder.

    .venv/bin/python benchmarks/bench_cli.py [N]

Targets: list --json <= 2 s; export -o FILE <= 5 s and <= 400 MB;
status read on 20k ids <= 1 s; a search after a one-paper write <= 1.5x a warm search;
a search after a 20k-status write with a peak near a warm search's.
Each line gives wall time, CPU time (user + system) and peak RSS, and the command. The
2-core machine is often shared: CPU time is the steadier figure when it is loaded.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import corpus

LITMAN = [sys.executable, "-m", "litman"]
TIME = "/usr/bin/time"


@dataclass(frozen=True)
class Run:
    wall: float
    cpu: float
    rss_mb: float

    def __str__(self) -> str:
        return f"{self.wall:6.2f} s wall {self.cpu:6.2f} s CPU {self.rss_mb:6.0f} MB"


def timed(args: list[str], env: dict[str, str], command: list[str] = LITMAN) -> Run:
    """One `litman` process (or `command`) under GNU time -v; its output is thrown away."""
    done = subprocess.run(
        [TIME, "-v", *command, *args],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        check=False,
    )
    report = done.stderr
    if done.returncode != 0:
        raise SystemExit(f"litman {' '.join(args[:4])} ... failed:\n{report[-2000:]}")
    return Run(_wall(report), _field(report, "User time") + _field(report, "System time"),
               _field(report, "Maximum resident set size") / 1024)  # fmt: skip


def _field(report: str, name: str) -> float:
    found = re.search(rf"{name}[^:]*: ([\d.]+)", report)
    return float(found.group(1)) if found else float("nan")


def _wall(report: str) -> float:
    found = re.search(r"\(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)", report)
    if not found:
        return float("nan")
    hours, minutes, seconds = found.groups()
    return int(hours or 0) * 3600 + int(minutes) * 60 + float(seconds)


def line(what: str, run: Run, target: str, command: str) -> None:
    print(f"{what:<34} {run}  (target {target})  $ litman {command}")


# Anchors, run in the same minutes: what the machine gives a process now. SQLite alone
# reading every paper row, and setting 20k statuses in one statement; the interpreter with
# the libraries every command loads (SQLAlchemy) and a search adds (numpy, rapidfuzz).
ANCHORS = [
    ("anchor: SQLite reads every row", "import sqlite3, sys; "
     "sqlite3.connect(sys.argv[1]).execute('SELECT * FROM papers').fetchall()"),
    ("anchor: SQLite sets 20k statuses", "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "
     "c.execute(\"INSERT INTO reading (reader, paper_id, status, rating, notes) SELECT '', id, "
     "'reading', 0, '' FROM papers WHERE id <= 20000 ON CONFLICT (reader, paper_id) DO UPDATE "
     "SET status = excluded.status\"); c.rollback()"),
    ("anchor: import sqlalchemy, numpy", "import sqlalchemy, numpy, rapidfuzz"),
]  # fmt: skip


def anchors(lib: Path, env: dict[str, str]) -> None:
    for what, code in ANCHORS:
        run = timed([str(lib)], env, [sys.executable, "-c", code])
        print(f"{what:<34} {run}")


def byte_compile() -> None:
    """Compile litman's modules as an installed litman has them: with PYTHONDONTWRITEBYTECODE
    set (as in this machine's shells) a working tree's modules were compiled from source by
    every command, 0.1-0.15 s of CPU each that no user pays."""
    root = Path(__file__).resolve().parent.parent / "litman"
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(root)], check=True)


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    if not shutil.which(TIME):
        raise SystemExit(f"{TIME} is needed (Debian: apt-get install time)")
    byte_compile()
    source = corpus.library("bench", n)
    with tempfile.TemporaryDirectory(prefix="bench-cli-") as tmp:
        lib = Path(tmp) / "lib.sqlite"
        shutil.copyfile(source, lib)
        env = {**os.environ, "XDG_CACHE_HOME": str(Path(tmp) / "cache")}
        env.pop("LITMAN_LIBRARY", None)
        base = ["--library", str(lib)]
        print(corpus.CORPUS, f"; {n} papers; load average {os.getloadavg()[0]:.1f}")
        # The day's backup and first integrity check, out of the way: they come with the
        # first open for writing (a read-only `stats` took neither, so the 20k status
        # below paid 0.5 s of CPU for them).
        timed([*base, "status", "unread", "1"], env)
        anchors(lib, env)
        line("list --json", timed([*base, "list", "--json"], env), "<= 2 s", "list --json")
        out = Path(tmp) / "out.bib"
        export = timed([*base, "export", "-o", str(out)], env)
        line("export -o out.bib", export, "<= 5 s, <= 400 MB", "export -o out.bib")
        ids = [str(i) for i in range(1, 20_001)]
        status = timed([*base, "status", "read", *ids], env)
        line("status read on 20k ids", status, "<= 1 s", "status read 1 ... 20000")
        timed([*base, "search", "neural", "network"], env)  # builds and saves the index
        warm = timed([*base, "search", "neural", "network"], env)
        line("warm search", warm, "anchor", "search neural network")
        write = timed([*base, "status", "read", "5"], env)
        line("one-paper write", write, "-", "status read 5")
        after = timed([*base, "search", "neural", "network"], env)
        ratio = f"{after.wall / warm.wall:.2f}x wall, {after.cpu / warm.cpu:.2f}x CPU of warm"
        line("search after the write", after, "<= 1.5x warm", "search neural network")
        print(f"  search after a one-paper write: {ratio}")
        # A write of more papers than the journal lists (20k statuses) has the next search
        # reconcile every paper and save the index again: 427-444 MB peak before the
        # reconcile streamed the papers and the save copied the postings from the file.
        timed([*base, "status", "unread", *ids], env)
        bulk = timed([*base, "search", "neural", "network"], env)
        line("search after a 20k-status write", bulk, "peak near warm", "search neural network")
        anchors(lib, env)


if __name__ == "__main__":
    main()
