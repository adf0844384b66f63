"""`litman` with no display: one line that says so and how to run offscreen, exit 1."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X/Wayland: Linux")


def test_without_a_display_litman_says_so_in_one_line_and_exits_1(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.pop("QT_QPA_PLATFORM", None)
    library = tmp_path / "lib.sqlite"
    done = subprocess.run(
        [sys.executable, "-m", "litman", "--library", str(library)],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert "no display" in lines[0]
    assert "QT_QPA_PLATFORM=offscreen" in lines[0]
    assert not library.exists()
