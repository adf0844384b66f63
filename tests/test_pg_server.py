"""The tests' throwaway PostgreSQL server (tests/pg_server.py): a cluster left by a killed
test run is stopped and removed by the next run's start, and nobody else's is touched."""

import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.pg_server import Cluster

# tests/pg_server.py runs PostgreSQL as an unprivileged POSIX user (pwd): not on Windows.
pg_server = pytest.importorskip("tests.pg_server", reason="POSIX only (pwd)")

ROOT = Path(__file__).resolve().parent.parent
HOLD = "from tests import pg_server; import sys; print(pg_server.start().root, flush=True); sys.stdin.read()"


@pytest.fixture
def left_behind(pg_cluster: Cluster) -> Iterator[tuple[Path, int]]:
    """A cluster whose test process was killed (SIGKILL): its folder and its running server."""
    run = subprocess.Popen(
        [sys.executable, "-c", HOLD],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert run.stdout is not None
    root = Path(run.stdout.readline().strip())
    run.kill()
    run.wait(timeout=60)
    postmaster = int((root / "data" / "postmaster.pid").read_text().split()[0])
    assert pg_server._started(postmaster) is not None, "the server outlives its test run"
    yield root, postmaster
    pg_server.clean_stale()


def test_a_killed_runs_cluster_is_stopped_and_removed(
    left_behind: tuple[Path, int], pg_cluster: Cluster
) -> None:
    root, postmaster = left_behind
    removed = pg_server.clean_stale()
    assert root in removed and not root.exists()
    assert pg_server._started(postmaster) is None
    assert pg_cluster.root.exists() and pg_cluster.root not in removed  # ours runs on


def test_a_folder_without_an_owner_is_left_until_it_is_old(tmp_path: Path) -> None:
    young = Path(tempfile.mkdtemp(prefix=pg_server.PREFIX))
    old = Path(tempfile.mkdtemp(prefix=pg_server.PREFIX))
    ages = pg_server.UNOWNED_AGE_S + 60
    os.utime(old, (old.stat().st_atime - ages, old.stat().st_mtime - ages))
    try:
        removed = pg_server.clean_stale()
        assert young.exists() and young not in removed
        assert old in removed and not old.exists()
    finally:
        young.rmdir()


def test_a_pid_used_again_is_not_the_owner(tmp_path: Path) -> None:
    root = Path(tempfile.mkdtemp(prefix=pg_server.PREFIX))
    (root / pg_server.OWNER).write_text(f"{os.getpid()} 1\n")  # our pid, another start
    mine = Path(tempfile.mkdtemp(prefix=pg_server.PREFIX))
    (mine / pg_server.OWNER).write_text(f"{os.getpid()} {pg_server._started(os.getpid())}\n")
    try:
        removed = pg_server.clean_stale()
        assert root in removed and mine not in removed and mine.exists()
    finally:
        (mine / pg_server.OWNER).unlink()
        mine.rmdir()


def _gone_pid() -> int:
    """The pid of a process that has exited and been reaped."""
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)  # fmt: skip
    return int(done.stdout)


def test_a_freeze_passes_over_a_backend_gone_meanwhile(monkeypatch: pytest.MonkeyPatch) -> None:
    """A backend can exit between the listing of the server's processes and its signal:
    the freeze still stops the rest, and the thaw resumes them."""
    cluster = pg_server.start()
    try:
        listed = cluster._processes
        monkeypatch.setattr(cluster, "_processes", lambda: [*listed(), _gone_pid()])
        cluster.freeze()
        cluster.thaw()
    finally:
        cluster.stop()
    assert not cluster.root.exists()


def test_a_frozen_cluster_still_stops() -> None:
    """A test that fails while its server is frozen leaves nothing running behind it."""
    cluster = pg_server.start()
    postmaster = int((cluster.data / "postmaster.pid").read_text().split()[0])
    cluster.freeze()
    cluster.stop()
    assert pg_server._started(postmaster) is None
    assert not cluster.root.exists()
