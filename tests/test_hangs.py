"""The hang guard (tests/hangs.py): a test that never ends is stopped, named and its stacks
printed, and the run goes on with the next test."""

import os
import subprocess
import sys
from pathlib import Path

from tests.hangs import HEADER

ROOT = Path(__file__).resolve().parent.parent

CONFTEST = """
from tests import hangs

pytest_runtest_protocol = hangs.pytest_runtest_protocol


def pytest_configure(config):
    hangs.clear(config)


def pytest_terminal_summary(terminalreporter):
    hangs.report(terminalreporter)
"""

TESTS = """
import threading


def waiting_for_itself():
    held = threading.Lock()
    held.acquire()
    held.acquire()  # a deadlock: the lock is its own


def test_deadlocked():
    waiting_for_itself()


def test_after_it():
    pass
"""


def test_a_hung_test_is_stopped_named_with_its_stack_and_the_run_goes_on(tmp_path: Path) -> None:
    (tmp_path / "conftest.py").write_text(CONFTEST)
    (tmp_path / "test_stuck.py").write_text(TESTS)
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "LITMAN_TEST_HANG_S": "2",
        "LITMAN_HANG_DIR": str(tmp_path / "hangs"),
    }
    env.pop("PYTEST_XDIST_WORKER", None)
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "1", "-p", "xdist",
         "--rootdir", str(tmp_path), "-o", "addopts=", str(tmp_path / "test_stuck.py")],
        cwd=tmp_path, env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL,
        timeout=600,
    )  # fmt: skip
    out = done.stdout + done.stderr
    assert done.returncode == 1, out
    assert "1 failed, 1 passed" in out, out
    assert "crashed while running 'test_stuck.py::test_deadlocked'" in out, out
    assert f"test_stuck.py::test_deadlocked {HEADER}" in out, out
    assert "in waiting_for_itself" in out, out  # the stack of the thread that hung
