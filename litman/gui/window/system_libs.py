"""What to say when Qt cannot load a system library (no Qt import here: it runs when Qt
itself failed to load).

The Linux bundle carries Qt and most of what Qt loads, but not the OpenGL and EGL
libraries (they belong to the machine's graphics driver) nor fontconfig's settings. Where
they are missing, importing `PySide6.QtGui` raises ImportError naming the library
("libGL.so.1: cannot open shared object file"); this turns that into the one line that
names the packages to install, for `litman` and for `--self-test`.
"""

import os
import re

# The Debian/Ubuntu packages the bundle needs from the system (docs/building.md, "Running the
# Linux bundle on a bare machine" names the same).
SYSTEM_PACKAGES = "libgl1 libegl1 fontconfig-config"

_LIBRARY = re.compile(r"[\w.+-]*\.so(?:\.\d+)*")


def missing_library(exc: ImportError) -> str | None:
    """The one line for an ImportError that is a shared library failing to load; None for
    any other ImportError (a bug, to be reported as one)."""
    text = str(exc)
    found = _LIBRARY.search(text)
    if found is None:
        return None
    name = found.group().rsplit("/", 1)[-1]
    why = text.rsplit(": ", 1)[-1] if ": " in text else text
    sudo = "" if getattr(os, "geteuid", lambda: 1)() == 0 else "sudo "
    return (
        f"the window needs {name}, which Qt cannot load ({why}): "
        f"{sudo}apt-get install {SYSTEM_PACKAGES} (Debian and Ubuntu names)"
    )
