"""Starting the desktop app: `litman` with no subcommand, or `make run`.

Before the window appears: take the library's writer lock (or offer a read-only window when
another window has it), and open the library, offering the newest good backup when the file
is damaged. Both questions go through `ask`, which tests replace. A shared library
(`postgresql://…`) is opened by `litman.gui.dialogs.shared_launch` instead.
"""

import logging
import os
import sys
from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QMessageBox

from litman import app, diagnostics, paths
from litman.core.errors import CorruptLibraryError, LitmanError
from litman.core.library.facade import Library
from litman.core.store.interface import Backup, WriterClaim
from litman.gui import i18n, settings, workers
from litman.gui.i18n import QT_TRANSLATE_NOOP, fill, translate
from litman.gui.safe_text import rich
from litman.gui.window import theme
from litman.gui.window.error_report import QT, ErrorReporter
from litman.gui.window.terminate import QuitOnSignal

# ask(title, text, choices) -> the chosen label, or None when the user closes the box.
Ask = Callable[[str, str, list[str]], str | None]

# The answers, as their buttons say them (translated where the box is made: `ask_box`).
READ_ONLY = QT_TRANSLATE_NOOP("Launch", "Open Read-Only")
RESTORE = QT_TRANSLATE_NOOP("Launch", "Restore Backup")
START_EMPTY = QT_TRANSLATE_NOOP("Launch", "Move It Aside and Start Empty")
QUIT = QT_TRANSLATE_NOOP("Launch", "Quit")


def ask_box(title: str, text: str, choices: list[str]) -> str | None:
    box = QMessageBox(QMessageBox.Icon.Warning, title, text)
    box.setTextFormat(Qt.TextFormat.PlainText)
    role = QMessageBox.ButtonRole.AcceptRole
    buttons = [(box.addButton(translate("Launch", c), role), c) for c in choices]
    box.exec()
    return next((c for button, c in buttons if button is box.clickedButton()), None)


def open_for_window(
    library_arg: str | None, ask: Ask = ask_box
) -> tuple[Library, WriterClaim] | None:
    """The library to show and its writer lock (not held when read-only); None to quit."""
    shared = library_arg or os.environ.get(app.ENV_VAR)
    if shared and Library.is_shared(shared):  # a database: gui/dialogs/shared_launch.py
        from litman.gui.dialogs import shared_launch  # loads the driver: a file's start need not

        library = shared_launch.open_shared(shared)
        return None if library is None else (library, library.site.writer_claim())
    try:
        choice = app.choose_library(library_arg)
    except LitmanError as exc:  # a name that is no library: said, nothing made
        ask(translate("Launch", "litman cannot open the library"), str(exc), [QUIT])
        return None
    site = app.site(choice.path)
    lock = site.writer_claim()
    read_only = False
    if not lock.acquire():
        holder = lock.holder()
        who = holder.describe() if holder else translate("Launch", "another litman window")
        text = translate(
            "Launch",
            "%1 is open in %2.\n\nOnly one window at a time may change a "
            "library. You can open it read-only here: you will see its papers, and "
            "changes made in the other window after you press F5 or reopen.",
        )
        answer = ask(
            translate("Launch", "Library already open"),
            fill(text, choice.path, who),
            [READ_ONLY, QUIT],
        )
        if answer != READ_ONLY:
            return None
        read_only = True
    while True:
        try:
            # The window runs PRAGMA quick_check (when it can matter) and the day's backup
            # on a worker thread once it shows: a large library must not keep it waiting.
            library = app.open_library(library_arg, read_only=read_only, check=False, daily=False)
            return library, lock
        except CorruptLibraryError as exc:
            choices = [RESTORE, QUIT] if exc.backup else [START_EMPTY, QUIT]
            title = translate("Launch", "Library damaged")
            answer = ask(title, str(exc), [] if read_only else choices)
            if answer == RESTORE and isinstance(exc.backup, Backup):
                app.restore_backup(choice.path, exc.backup.name, lock=lock)
            elif answer == START_EMPTY:
                site.move_aside()
            else:
                lock.release()
                return None
        except LitmanError as exc:
            ask(translate("Launch", "litman cannot open the library"), str(exc), [QUIT])
            lock.release()
            return None


def no_display_reason() -> str | None:
    """Why a window cannot open here (Linux without X or Wayland), or None when it can.

    Qt would abort the process instead, blaming a plugin library that is in fact installed.
    """
    if not sys.platform.startswith("linux") or os.environ.get("QT_QPA_PLATFORM"):
        return None
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        return None
    return (
        "litman: no display to open the window on (DISPLAY and WAYLAND_DISPLAY are unset); "
        "run it in a desktop session, or with QT_QPA_PLATFORM=offscreen to run it unseen"
    )


def run(
    library_arg: str | None = None, *, quit_after_show: bool = False, debug: bool = False
) -> int:
    """Open the window and run until it closes; the log file (`litman.diagnostics`) records
    the versions, any fault, and every unexpected error, which a dialog shows too."""
    level = logging.DEBUG if debug else logging.INFO
    with diagnostics.logging_to_file(level, to_stderr=debug, faults=True, extra=QT) as file:
        if file is not None:
            file.head()
        return _run(library_arg, quit_after_show)


def _run(library_arg: str | None, quit_after_show: bool) -> int:
    reason = no_display_reason()
    if reason and QApplication.instance() is None:
        print(reason, file=sys.stderr)
        return 1
    found = QApplication.instance()
    qapp = found if isinstance(found, QApplication) else QApplication(sys.argv)
    qapp.setApplicationName("litman")
    qapp.setOrganizationName("litman")
    qapp.setWindowIcon(QIcon(str(paths.resources_dir() / "icons" / "litman.svg")))
    i18n.start(settings.ViewSettings())
    theme.apply(qapp)
    reporter = ErrorReporter(qapp)
    reporter.install()
    try:
        return _show(qapp, library_arg, quit_after_show)
    finally:
        reporter.uninstall()


def _show(qapp: QApplication, library_arg: str | None, quit_after_show: bool) -> int:
    workers.share_the_gil()
    try:
        opened = open_for_window(library_arg)
    except LitmanError as exc:  # a restore that failed: said, nothing else changed
        QMessageBox.critical(None, "litman", rich(str(exc)))
        opened = None
    if opened is None:
        print("litman: the library was not opened", file=sys.stderr)
        return 1
    library, lock = opened
    from litman.gui.window.main_window import MainWindow

    window = MainWindow(library, writer_lock=lock, index_in_background=True)
    window.show()
    if quit_after_show:
        # Start-up timing (benchmarks, packaging): the first rows are on screen now.
        qapp.processEvents()
        window.repaint()
        print(f"shown {window.model.rowCount()}", flush=True)
        window.close()
        library.close()
        lock.release()
        return 0
    window.start_background_work()
    # A SIGTERM (a logout, `kill`, a service manager) closes the window as Quit does.
    stopper = QuitOnSignal(qapp.closeAllWindows)
    code = qapp.exec()
    stopper.uninstall()
    library.stop_index_build()  # not saved unless built: quitting need not wait for it
    # Let an index build or an import still running on a worker finish with the library
    # open: closing it under them could lose the import's report or crash the build.
    workers.wait_for_all()
    library.close()
    lock.release()
    return int(code)
