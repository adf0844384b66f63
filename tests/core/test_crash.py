"""SIGKILL in the middle of real writes: the library must open, pass integrity_check, and
hold either all of the interrupted operation or none of it."""

import random
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from litman.core.library.facade import Library
from litman.core.records import NewPaper, Status
from litman.core.store import sqlite as lsqlite

ROOT = Path(__file__).resolve().parents[2]
BASE_PAPERS = 10_000
IMPORT_PAPERS = 4_000
KILLS_PER_OPERATION = 7

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("crash")
    path = folder / "base.sqlite"
    words = "bandit regret convex gradient safety policy kernel sparse tensor graph".split()
    rng = random.Random(7)
    with Library.open(path, backup=False) as lib:
        lib.papers.add_papers(
            [
                NewPaper(
                    title=f"Paper {i} on {rng.choice(words)} {rng.choice(words)}",
                    abstract=" ".join(rng.choice(words) for _ in range(120)),
                    year=2000 + i % 25,
                )
                for i in range(BASE_PAPERS)
            ]
        )
    big = folder / "abstracts.txt"
    big.write_text(
        "\n\n".join(
            f"We study problem {i}: " + " ".join(rng.choice(words) for _ in range(80)) + "."
            for i in range(IMPORT_PAPERS)
        ),
        encoding="utf-8",
    )
    return path, big


def _facts(path: Path) -> tuple[int, int, int]:
    conn = sqlite3.connect(path)
    try:
        papers = conn.execute("SELECT count(*) FROM papers").fetchone()[0]
        tagged = conn.execute(
            "SELECT count(*) FROM paper_tags JOIN tags ON tags.id = tag_id "
            "WHERE tags.name = 'crash'"
        ).fetchone()[0]
        read = conn.execute("SELECT count(*) FROM reading WHERE status = 'read'").fetchone()[0]
    finally:
        conn.close()
    return papers, tagged, read


def _run(lib: Path, op: str, arg: str, kill_after: float | None) -> str:
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.core.crash_worker", str(lib), op, arg],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "go"
    if kill_after is None:
        out = proc.stdout.read()
        assert proc.wait(timeout=120) == 0
        return out
    time.sleep(kill_after)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    return "killed" if proc.returncode == -signal.SIGKILL else "finished"


@pytest.mark.slow
@pytest.mark.parametrize(
    "op, arg, all_done",
    [
        ("import", "FILE", lambda f: f[0] == BASE_PAPERS + IMPORT_PAPERS),
        ("tag", "crash", lambda f: f[1] == BASE_PAPERS),
        ("status", Status.READ.value, lambda f: f[2] == BASE_PAPERS),
    ],
)
def test_sigkill_leaves_all_or_nothing(
    base: tuple[Path, Path],
    tmp_path: Path,
    op: str,
    arg: str,
    all_done: Callable[[tuple[int, int, int]], bool],
) -> None:
    path, big = base
    arg = str(big) if arg == "FILE" else arg
    nothing = _facts(path)
    # How long the write takes when left alone: kills land anywhere in that span and a bit
    # beyond, so that some hit the commit itself.
    calm = tmp_path / "calm.sqlite"
    calm.write_bytes(path.read_bytes())
    took = float(_run(calm, op, arg, None).split()[-1])
    assert all_done(_facts(calm))

    rng = random.Random()
    outcomes = []
    for _ in range(KILLS_PER_OPERATION):
        lib = tmp_path / "victim.sqlite"
        for extra in tmp_path.glob("victim.sqlite*"):
            extra.unlink()
        lib.write_bytes(path.read_bytes())
        when = rng.uniform(0, took * 1.3)
        how = _run(lib, op, arg, when)
        assert lsqlite.integrity_check(lib) == "ok"
        with Library.open(lib, backup=False) as reopened:  # opens, quick_check passes
            assert reopened.count() >= BASE_PAPERS
        facts = _facts(lib)
        assert facts == nothing or all_done(facts), f"half an operation survived: {facts}"
        outcomes.append((how, "all" if all_done(facts) else "none", round(when, 3)))
    print(f"\ncrash test {op}: write takes {took:.3f}s; (signal, result, kill at s): {outcomes}")
