"""A real X server for the tests that need one: Xvfb on a free display, up and taking
connections before it is handed out, and stopped afterwards."""

import contextlib
import os
import subprocess
import time
from collections.abc import Iterator

import pytest


@contextlib.contextmanager
def xvfb(size: str) -> Iterator[str]:
    """Xvfb with one `size` screen (`1280x800`), as a DISPLAY value (`:1`)."""
    read, write = os.pipe()
    server = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{size}x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    try:
        display = f":{_display_number(read)}"
        _wait_until_up(server, display)
        yield display
    finally:
        server.terminate()
        server.wait(timeout=10)


def _display_number(read: int) -> str:
    # Xvfb writes the number and the newline separately, and dies if the pipe is gone
    # before the newline ("Cannot write display number"): read up to the newline.
    got = b""
    while not got.endswith(b"\n"):
        chunk = os.read(read, 16)
        if not chunk:
            break
        got += chunk
    os.close(read)
    return got.decode().strip()


def _wait_until_up(server: subprocess.Popen[bytes], display: str) -> None:
    """Until the server really takes connections (under load it can lag its own word)."""
    end = time.monotonic() + 20
    env = {**os.environ, "DISPLAY": display}
    while subprocess.run(
        ["xdotool", "getdisplaygeometry"], env=env, capture_output=True
    ).returncode:
        if server.poll() is not None or time.monotonic() > end:
            pytest.fail(f"Xvfb on {display} did not start (exit {server.poll()})")
        time.sleep(0.05)
