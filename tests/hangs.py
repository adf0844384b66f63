"""A test that hangs ends the run's wait for it, with every thread's stack on record.

A deadlock in a test (two threads, or a thread and the GIL, waiting on each other) would hold
its pytest worker until CI's own limit stops the whole run with nothing said. Instead, each
test arms `faulthandler`'s watchdog, a C thread that needs no GIL: a test still running after
LITMAN_TEST_HANG_S seconds (20 minutes unless set) has every thread's stack written to
build/hangs/WORKER.txt (or LITMAN_HANG_DIR), and its process ends. pytest-xdist then reports the worker as crashed
while running that test and goes on with a new worker; the end of the run prints the stacks.
A limit for a hang, not a time any test is held to: no test comes near it.
"""

import faulthandler
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

HANGS = Path(
    os.environ.get("LITMAN_HANG_DIR", Path(__file__).resolve().parent.parent / "build" / "hangs")
)
HEADER = "ran over the hang limit; every thread's stack at that moment:"


def limit_s() -> float:
    return float(os.environ.get("LITMAN_TEST_HANG_S", "1200"))


def clear(config: pytest.Config) -> None:
    """At the start of a run, in the process that reports it (not in an xdist worker)."""
    if not hasattr(config, "workerinput"):
        for old in HANGS.glob("*.txt"):
            old.unlink()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[None]:
    HANGS.mkdir(parents=True, exist_ok=True)
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    with open(HANGS / f"{worker}.txt", "w", encoding="utf-8") as record:
        record.write(f"{item.nodeid} {HEADER}\n")
        record.flush()
        faulthandler.dump_traceback_later(limit_s(), exit=True, file=record)
        try:
            yield
        finally:
            faulthandler.cancel_dump_traceback_later()
    (HANGS / f"{worker}.txt").unlink(missing_ok=True)


def report(terminalreporter: pytest.TerminalReporter) -> None:
    """Print each hang's record (a record left behind with more than its first line)."""
    for record in sorted(HANGS.glob("*.txt")):
        text = record.read_text(encoding="utf-8", errors="replace")
        if text.count("\n") > 1:
            terminalreporter.section(f"hung test ({record.stem})", sep="=", red=True)
            terminalreporter.write(text)
