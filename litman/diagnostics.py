"""What litman writes down for a bug report: a rotating log file in the user log folder, the
versions it ran with, and a Python stack when the process dies in C code (Qt, SQLite).

Every module logs through `logging.getLogger(__name__)`. `logging_to_file` sends those records
(and other libraries' warnings, and Python's `warnings`) to `litman.log` in `log_dir()`: the
window at INFO, with `faulthandler` writing to the same file; the command line at WARNING,
since it prints its own one-line errors (`--debug` adds a copy of the log on stderr). The
versions head each process's first record, so a CLI run that logs nothing writes nothing.

No Qt here: the window adds Qt's version, and its dialog for an unexpected error, in
`litman.gui.window.error_report`.
"""

import faulthandler
import logging
import logging.handlers
import os
import platform
import sys
import traceback
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from importlib import metadata
from pathlib import Path
from types import TracebackType

import platformdirs

from litman import __version__

LOG_NAME = "litman.log"
MAX_BYTES = 1_000_000  # a few files of about 1 MB: weeks of use, small enough to attach
BACKUPS = 3
FORMAT = "%(asctime)s %(levelname)s %(name)s [%(threadName)s]: %(message)s"
ExcInfo = tuple[type[BaseException], BaseException, TracebackType | None]
log = logging.getLogger(__name__)


def log_dir() -> Path:
    """The user log folder: `~/.local/state/litman/log` on Linux, `~/Library/Logs/litman` on
    macOS, `%LOCALAPPDATA%\\litman\\Logs` on Windows."""
    return platformdirs.user_log_path("litman", appauthor=False)


def versions(extra: Mapping[str, str] | None = None) -> str:
    """One line: litman's version, the platform, Python's and Qt's (PySide6's, read from its
    package metadata without importing Qt; the window adds the Qt it runs on)."""
    parts = {
        "litman": __version__,
        "platform": platform.platform(),
        "Python": platform.python_version(),
        "PySide6": _package_version("PySide6-Essentials", "PySide6"),
        **(extra or {}),
    }
    return "; ".join(f"{name} {value}" for name, value in parts.items())


def _package_version(*names: str) -> str:
    for name in names:
        try:
            return metadata.version(name)
        except metadata.PackageNotFoundError:
            continue
    return "not installed"


def summary(exc: BaseException) -> str:
    """An error in one line: its type and the first line of its message."""
    lines = str(exc).strip().splitlines()
    said = f"{type(exc).__name__}: {lines[0]}" if lines else type(exc).__name__
    return said if len(said) <= 200 else said[:199] + "…"


def details(info: ExcInfo, extra: Mapping[str, str] | None = None) -> str:
    """What a bug report needs: the versions, then the whole traceback."""
    trace = "".join(traceback.format_exception(*info))
    return f"{versions(extra)}\n\n{trace}"


class LogFile(logging.handlers.RotatingFileHandler):
    """The rotating log file. The versions go first, before the first record this process
    writes; `faulthandler`, once pointed here, follows the file across a rollover."""

    def __init__(self, path: Path, extra: Mapping[str, str] | None = None) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        super().__init__(
            path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8", delay=True
        )
        self.setFormatter(logging.Formatter(FORMAT))
        self.extra = dict(extra or {})
        self.headed = False
        self.faults = self.faults_before = False

    def head(self) -> None:
        """Write the versions now (the window does at start), if not written yet."""
        self.acquire()  # re-entrant: `handle` holds it around `emit`
        try:
            if not self.headed:
                self.headed = True
                line = f"started, pid {os.getpid()}: {versions(self.extra)}"
                super().emit(log.makeRecord(log.name, logging.INFO, __file__, 0, line, (), None))
        finally:
            self.release()

    def emit(self, record: logging.LogRecord) -> None:
        self.head()
        super().emit(record)

    def catch_faults(self) -> None:
        """A fault in C code (a segfault in Qt or SQLite) leaves every thread's Python stack
        in this file."""
        if self.stream is None:
            self.stream = self._open()
        if not self.faults:
            self.faults_before = faulthandler.is_enabled()  # pytest's, or `python -X faulthandler`
        faulthandler.enable(self.stream, all_threads=True)
        self.faults = True

    def doRollover(self) -> None:
        super().doRollover()
        if self.faults:  # faulthandler holds the old file's descriptor: point it at the new
            self.catch_faults()

    def close(self) -> None:
        if self.faults:
            self.faults = False
            faulthandler.disable()  # before the descriptor it writes to is closed
            if self.faults_before:
                _faults_to_stderr()
        super().close()


def _faults_to_stderr() -> None:
    """Where a fault goes once the log file is closed: the terminal, if there is one."""
    stderr = sys.__stderr__
    try:
        if stderr is not None:
            faulthandler.enable(stderr, all_threads=True)
    except (OSError, ValueError, AttributeError):  # no usable stderr (a windowed app)
        pass


def _log_file(level: int, faults: bool, extra: Mapping[str, str] | None) -> LogFile | None:
    """The log file, or None when its folder cannot be made: a read-only home must not stop
    litman."""
    try:
        file = LogFile(log_dir() / LOG_NAME, extra)
    except OSError:
        return None
    file.setLevel(level)
    if faults:
        file.catch_faults()
    return file


@contextmanager
def logging_to_file(
    level: int,
    *,
    to_stderr: bool = False,
    faults: bool = False,
    extra: Mapping[str, str] | None = None,
) -> Iterator[LogFile | None]:
    """Send records at `level` and above to the log file (and all of litman's to stderr too,
    when asked), and faults too when asked. While it lasts it replaces what an outer
    `logging_to_file` set up, which is back afterwards."""
    root, ours = logging.getLogger(), logging.getLogger("litman")
    saved = (root.handlers[:], root.level, ours.level)
    file = _log_file(level, faults, extra)
    handlers: list[logging.Handler] = [] if file is None else [file]
    if to_stderr:
        handlers.append(logging.StreamHandler(sys.stderr))
        handlers[-1].setFormatter(logging.Formatter(FORMAT))
    root.handlers = handlers
    root.setLevel(logging.WARNING)  # other libraries' chatter (SQLAlchemy's SQL) stays out
    ours.setLevel(logging.DEBUG if to_stderr else level)
    logging.captureWarnings(True)
    try:
        yield file
    finally:
        logging.captureWarnings(False)
        for handler in handlers:
            handler.close()
        root.handlers = saved[0]
        root.setLevel(saved[1])
        ours.setLevel(saved[2])
