"""Opening a file or a URL in the system's viewer: `xdg-open` on Linux and the BSDs, `open`
on macOS, the shell's association on Windows; or the command `LITMAN_OPENER` names (a
viewer of your own: `LITMAN_OPENER="zathura --fork"`), given the path or URL as its last
argument. The viewer is started on its own, not waited for, with no terminal input: litman
goes on whatever it does with the file.
"""

import os
import shlex
import subprocess
import sys

from litman.core.errors import LitmanError

OPENER_ENV = "LITMAN_OPENER"
# Every viewer started, kept so that its exit is collected (no zombie, no ResourceWarning)
# and a caller can wait for one.
started: list[subprocess.Popen[bytes]] = []


def opener() -> list[str] | None:
    """The command that opens a file or URL, without it (None: Windows' own association)."""
    chosen = os.environ.get(OPENER_ENV, "").strip()
    if chosen:
        return shlex.split(chosen)
    if sys.platform == "win32":
        return None
    return ["open"] if sys.platform == "darwin" else ["xdg-open"]


def open_in_viewer(target: str) -> None:
    """Open a file's path or a URL in the viewer; a viewer that cannot be started is one
    LitmanError line."""
    command = opener()
    if command is None:
        os.startfile(target)  # type: ignore[attr-defined]  # Windows only
        return
    started[:] = [p for p in started if p.poll() is None]
    try:
        process = subprocess.Popen(
            [*command, target],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # not ended with litman, nor by its Ctrl+C
        )
    except OSError as exc:
        raise LitmanError(
            f"Cannot start {command[0]} to open {target}: {exc.strerror or exc} "
            f"(set {OPENER_ENV} to a viewer's command)."
        ) from None
    started.append(process)
