"""End to end on a real X server: the `litman` command on Xvfb (the xcb platform, not
offscreen), driven by X key events from xdotool, checked in the library file afterwards."""

import contextlib
import os
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from litman.core.library.facade import Library
from tests.conftest import require_tool
from tests.gui.xvfb import xvfb

pytestmark = pytest.mark.gui
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def display() -> Iterator[str]:
    require_tool("Xvfb", "xdotool")
    with xvfb("1280x800") as display:
        yield display


def xdotool(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        ["xdotool", *args], env=env, capture_output=True, text=True, timeout=30, check=True
    )
    return done.stdout.strip()


@pytest.mark.slow
def test_type_a_misspelled_search_mark_the_hit_read_and_quit(
    display: str, seeded_path: Path, tmp_path: Path
) -> None:
    with Library.open(seeded_path) as lib:
        expected = lib.search("neural colapse").ids[0]
        assert lib.get(expected).status.value == "unread"
    with _running(display, seeded_path, tmp_path) as (env, app):
        window = _find_window(env, app, "seeded.sqlite")
        xdotool(env, "windowfocus", "--sync", window)
        # X delivers these in order; Return runs a search still waiting on the typing pause.
        xdotool(env, "key", "ctrl+f")
        xdotool(env, "type", "--delay", "40", "neural colapse")
        xdotool(env, "key", "Return")
        xdotool(env, "key", "ctrl+3")  # Mark read
        assert _wait_for(lambda: _read_ids(seeded_path) == [expected]), _read_ids(seeded_path)
        xdotool(env, "key", "ctrl+q")
        _out, err = app.communicate(timeout=30)
    assert app.returncode == 0, err
    assert _read_ids(seeded_path) == [expected]
    settings = (tmp_path / "config" / "litman" / "litman.conf").read_text()
    assert "neural colapse" in settings


@contextlib.contextmanager
def _running(
    display: str, library: Path, tmp_path: Path
) -> Iterator[tuple[dict[str, str], subprocess.Popen[str]]]:
    """The `litman` command on this display, with its settings under tmp_path; killed if
    still running at the end."""
    env = {
        **os.environ,
        "DISPLAY": display,
        "QT_QPA_PLATFORM": "xcb",
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
    }
    app = subprocess.Popen(
        [sys.executable, "-m", "litman", "--library", str(library)],
        env=env,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        yield env, app
    finally:
        if app.poll() is None:
            app.kill()
            app.wait()


def _read_ids(path: Path) -> list[int]:
    conn = sqlite3.connect(path, timeout=5)
    try:
        return [
            r[0]
            for r in conn.execute(
                "SELECT paper_id FROM reading WHERE status = 'read' ORDER BY paper_id"
            )
        ]
    finally:
        conn.close()


def _wait_for(condition: Callable[[], bool], timeout: float = 15) -> bool:
    """Poll the library file (another process writes it); no fixed sleeps."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


def _find_window(env: dict[str, str], app: subprocess.Popen[str], title: str) -> str:
    """The app's window id. Polled rather than `search --sync`: Qt makes and drops helper
    windows while it starts, and xdotool then fails with BadWindow instead of waiting."""
    end = time.monotonic() + 30
    while time.monotonic() < end:
        if app.poll() is not None:
            out, err = app.communicate()
            pytest.fail(f"litman exited ({app.returncode}) before showing: {err}{out}")
        found = subprocess.run(
            ["xdotool", "search", "--onlyvisible", "--name", title],
            env=env,
            capture_output=True,
            text=True,
            timeout=30,
        )
        if found.returncode == 0 and found.stdout.strip():
            return found.stdout.split()[0]
        time.sleep(0.1)
    pytest.fail("the litman window never appeared on the X display")


@pytest.mark.slow
def test_a_sigterm_closes_the_window_as_quit_does(
    display: str, seeded_path: Path, tmp_path: Path
) -> None:
    """`kill` (a logout, a service manager) ended the process where it stood: no state
    saved, exit status -15."""
    with _running(display, seeded_path, tmp_path) as (env, app):
        _find_window(env, app, "seeded.sqlite")
        app.terminate()
        _out, err = app.communicate(timeout=30)
    assert app.returncode == 0, err
    saved = (tmp_path / "config" / "litman" / "litman.conf").read_text()
    assert "geometry" in saved.casefold(), saved
