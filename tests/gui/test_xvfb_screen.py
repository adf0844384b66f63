"""The first window on a real 1366×768 X screen (Xvfb, the xcb platform): it fits.

The window used to open at 1280×800, taller than the screen; the offscreen platform's
800×800 screen cannot show that, so this runs on Xvfb at a laptop's size.
"""

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import require_tool

pytestmark = pytest.mark.gui
ROOT = Path(__file__).resolve().parents[2]

PROBE = """
import json, sys
from PySide6.QtWidgets import QApplication
from litman.core.library import Library
from litman.gui.main_window import MainWindow
from litman.gui.settings import ViewSettings
app = QApplication([])
win = MainWindow(Library.open(sys.argv[1]), ViewSettings(sys.argv[2]))
win.show()
for _ in range(50):
    app.processEvents()
frame, area = win.frameGeometry(), win.screen().availableGeometry()
print(json.dumps({"frame": frame.getRect(), "area": area.getRect()}))
"""


def start_xvfb(size: str) -> tuple[subprocess.Popen[bytes], str]:
    read, write = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{size}x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    got = b""
    while not got.endswith(b"\n"):  # the number and the newline come separately
        chunk = os.read(read, 16)
        if not chunk:
            break
        got += chunk
    os.close(read)
    display = f":{got.decode().strip()}"
    end = time.monotonic() + 20
    env = {**os.environ, "DISPLAY": display}
    while subprocess.run(
        ["xdotool", "getdisplaygeometry"], env=env, capture_output=True
    ).returncode:
        if server.poll() is not None or time.monotonic() > end:
            pytest.fail(f"Xvfb on {display} did not start")
        time.sleep(0.05)
    return server, display


def test_the_first_window_fits_a_1366x768_screen(seeded_path: Path, tmp_path: Path) -> None:
    require_tool("Xvfb", "xdotool")
    server, display = start_xvfb("1366x768")
    try:
        env = {**os.environ, "DISPLAY": display, "QT_QPA_PLATFORM": "xcb"}
        done = subprocess.run(
            [sys.executable, "-c", PROBE, str(seeded_path), str(tmp_path / "view.ini")],
            env=env,
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )
    finally:
        server.terminate()
        server.wait(timeout=10)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout.strip().splitlines()[-1])
    x, y, w, h = found["frame"]
    ax, ay, aw, ah = found["area"]
    assert (aw, ah) == (1366, 768)
    assert w <= aw and h <= ah, found
    assert ax <= x and ay <= y and x + w <= ax + aw and y + h <= ay + ah, found
