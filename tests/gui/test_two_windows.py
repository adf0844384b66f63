"""The issue's done-when: two windows in two processes (offscreen) on one shared library;
an edit made in one reaches the other's table with no refresh asked for, and both windows
close cleanly. How soon it arrives is measured by benchmarks/bench_two_windows.py: a test
asserts what happens, not how fast on a machine that may be busy."""

from pathlib import Path

import pytest

from litman.core.library.facade import Library
from litman.core.records import Status
from tests.conftest import ROOT
from tests.gui.live_window import said, start

pytestmark = [pytest.mark.gui, pytest.mark.slow]
# Only so that a window that never says a word does not hang the run: no time is asserted.
GIVE_UP_S = 600.0


def test_an_edit_in_one_window_reaches_the_other_with_no_refresh(
    pg_seeded_url: str, tmp_path: Path
) -> None:
    with Library.open(pg_seeded_url) as lib:
        pid = next(p.id for p in lib.list_papers() if p.status != Status.READ)
    logs = [tmp_path / "watcher.err", tmp_path / "editor.err"]
    with logs[0].open("w") as watch_err, logs[1].open("w") as edit_err:
        watcher = start(pg_seeded_url, "watch", pid, ROOT, watch_err)
        editor = start(pg_seeded_url, "edit", pid, ROOT, edit_err)
        try:
            said(watcher, "ready", GIVE_UP_S)
            said(editor, "ready", GIVE_UP_S)
            assert editor.stdin is not None
            editor.stdin.write("go\n")
            editor.stdin.flush()
            said(editor, "saved", GIVE_UP_S)
            said(watcher, "seen", GIVE_UP_S)  # its table shows it, asked for nothing
            codes = [proc.wait(GIVE_UP_S) for proc in (watcher, editor)]
        finally:
            for proc in (watcher, editor):
                proc.kill()
                proc.wait()
    errors = "".join(log.read_text() for log in logs)
    assert codes == [0, 0] and "Traceback" not in errors, errors
    with Library.open(pg_seeded_url) as lib:
        assert lib.get(pid).status == Status.READ
