"""An unexpected error in the window: written to the log, and shown in one dialog instead of
dying silently.

`ErrorReporter.install` takes `sys.excepthook` (an exception a slot raised), `threading.
excepthook` (one on a thread of ours) and Qt's message handler (Qt's warnings go to the log,
not to stderr; a critical one is reported). Each error is logged with its traceback where it
happens, on whatever thread, then handed to the GUI thread, which shows `ErrorDialog`: the
error's one line, "Copy Details" (the versions and the traceback, to paste into a report)
and "Open Log Folder" (its path in a box where no program opens folders). Errors that come
while a dialog is up join it, and one already shown this session is only logged: a timer
failing every 2 s is one dialog, not a storm.
"""

import logging
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import Any

from PySide6.QtCore import (
    QMessageLogContext,
    QObject,
    Qt,
    QTimer,
    QtMsgType,
    QUrl,
    Signal,
    qInstallMessageHandler,
    qVersion,
)
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from litman import diagnostics
from litman.diagnostics import ExcInfo
from litman.gui.i18n import fill, translate

log = logging.getLogger(__name__)
QT = {"Qt": qVersion()}  # the Qt the window runs on, beside PySide6's version
MessageHandler = Callable[[QtMsgType, QMessageLogContext, str], Any]
_QT_LEVELS = {
    QtMsgType.QtDebugMsg: logging.DEBUG,
    QtMsgType.QtInfoMsg: logging.INFO,
    QtMsgType.QtWarningMsg: logging.WARNING,
    QtMsgType.QtCriticalMsg: logging.ERROR,
    QtMsgType.QtFatalMsg: logging.CRITICAL,
}


def open_log_folder() -> None:
    """Help → Open Log Folder: the user's file manager, on the folder to attach to a report."""
    folder = diagnostics.log_dir()
    folder.mkdir(parents=True, exist_ok=True)
    if not QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder))):
        _show_folder(folder)


def _show_folder(folder: Path) -> None:
    """The folder's path, to copy, where nothing opens a folder: xdg-open without a file
    manager says so on the terminal only, and the window would show nothing."""
    log.warning("no program opened the log folder %s", folder)
    box = QMessageBox(QApplication.activeWindow())
    box.setIcon(QMessageBox.Icon.Information)
    box.setWindowTitle(translate("ErrorReport", "litman: log folder"))
    box.setTextFormat(Qt.TextFormat.PlainText)  # a path is not markup
    box.setText(
        fill(
            translate(
                "ErrorReport", "No program here opens folders. litman's log folder is:\n\n%1"
            ),
            folder,
        )
    )
    box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    box.exec()


def fingerprint(info: ExcInfo) -> str:
    """The same error again, whatever its message says: its type and where it was raised."""
    tb = info[2]
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    where = f"{tb.tb_frame.f_code.co_filename}:{tb.tb_lineno}" if tb else ""
    return f"{info[0].__qualname__}@{where}"


class ErrorDialog(QDialog):
    """One or more unexpected errors: the first one's line, how many more, and the buttons
    a bug report needs."""

    def __init__(self, summary: str, details: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("litman: unexpected error"))
        self.summaries, self.details = [summary], [details]
        self.label = QLabel()
        self.label.setTextFormat(Qt.TextFormat.PlainText)  # an error's text may quote data
        self.label.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.copy_button = self._button(buttons, self.tr("Copy Details"), self.copy_details)
        self._button(buttons, self.tr("Open Log Folder"), open_log_folder)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.label)
        layout.addWidget(buttons)
        self._say()

    @staticmethod
    def _button(buttons: QDialogButtonBox, text: str, slot: Callable[[], None]) -> QPushButton:
        button = buttons.addButton(text, QDialogButtonBox.ButtonRole.ActionRole)
        button.clicked.connect(lambda _checked=False: slot())  # stays open: copy, then close
        return button

    def add(self, summary: str, details: str) -> None:
        """Another error while this one is shown: counted here, not a dialog of its own."""
        self.summaries.append(summary)
        self.details.append(details)
        self._say()

    def _say(self) -> None:
        more = len(self.summaries) - 1
        also = self.tr("\n\n(%n more error(s) since.)", "", more) if more else ""
        said = self.tr(
            "Something went wrong that litman did not expect:\n\n%1%2\n\n"
            "It is written in the log. Copy Details puts what a bug report needs on the "
            "clipboard."
        )
        self.label.setText(fill(said, self.summaries[0], also))

    def copy_details(self) -> None:
        QApplication.clipboard().setText("\n\n".join(self.details))
        self.copy_button.setText(self.tr("Copied"))


class ErrorReporter(QObject):
    """Logs every unexpected error and shows it (see the module docstring); lives on the GUI
    thread, is told from any thread."""

    caught = Signal(str, str, str)  # summary, details, fingerprint

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.caught.connect(self._show, Qt.ConnectionType.QueuedConnection)
        self.dialog: ErrorDialog | None = None
        self._shown: set[str] = set()
        self._saved: tuple[Any, Any, MessageHandler | None] | None = None

    def install(self) -> None:
        previous = qInstallMessageHandler(self._qt_message)
        self._saved = (sys.excepthook, threading.excepthook, previous)
        sys.excepthook = self._excepthook
        threading.excepthook = self._thread_hook

    def uninstall(self) -> None:
        if self._saved is not None:
            sys.excepthook, threading.excepthook, previous = self._saved
            qInstallMessageHandler(previous)
            self._saved = None

    def report(self, info: ExcInfo, where: str = "") -> None:
        """Log an unexpected error with its traceback, and show it (on the GUI thread)."""
        log.error("Unexpected error%s", f" in {where}" if where else "", exc_info=info)
        self.caught.emit(
            diagnostics.summary(info[1]), diagnostics.details(info, QT), fingerprint(info)
        )

    def _excepthook(
        self, kind: type[BaseException], exc: BaseException, tb: TracebackType | None
    ) -> None:
        if issubclass(kind, KeyboardInterrupt | SystemExit):
            sys.__excepthook__(kind, exc, tb)
            return
        self.report((kind, exc, tb))

    def _thread_hook(self, args: threading.ExceptHookArgs) -> None:
        if args.exc_value is None or issubclass(args.exc_type, SystemExit):
            return
        thread = args.thread.name if args.thread else "a thread"
        self.report((args.exc_type, args.exc_value, args.exc_traceback), thread)

    def _qt_message(self, kind: QtMsgType, context: QMessageLogContext, text: str) -> None:
        level = _QT_LEVELS.get(kind, logging.WARNING)
        logging.getLogger("litman.qt").log(level, "%s (%s)", text, context.category)
        if level >= logging.ERROR:
            self.caught.emit(f"Qt: {text.splitlines()[0] if text else ''}", text, f"qt:{text}")
        previous = self._saved[2] if self._saved else None
        if previous is not None:  # pytest-qt's, in a test: it still sees every message
            previous(kind, context, text)

    def _show(self, summary: str, details: str, key: str) -> None:
        if self.dialog is not None:
            self.dialog.add(summary, details)
            return
        if key in self._shown:  # in the log again; shown once is enough
            return
        self._shown.add(key)
        self.dialog = ErrorDialog(summary, details, QApplication.activeWindow())
        # Later in this burst (queued behind it) joins the dialog rather than opening another.
        QTimer.singleShot(0, self._open)

    def _open(self) -> None:
        dialog = self.dialog
        if dialog is None:
            return
        try:
            dialog.exec()
        finally:
            self.dialog = None
            dialog.deleteLater()


class ReportOnce:
    """For work a timer repeats (the window's poll for outside changes): an unexpected error
    goes to the hook the first time, not every time the timer runs again."""

    def __init__(self) -> None:
        self.seen: set[str] = set()

    def failed(self, info: ExcInfo) -> None:
        key = fingerprint(info)
        if key not in self.seen:
            self.seen.add(key)
            sys.excepthook(*info)
