"""File → Open Shared Library…: name a shared library, give a password when the server asks
for one that libpq cannot find, and open a window on it.

A shared library is named by a `postgresql://` URL, a libpq connection string or
`service=NAME` (`litman.core.store.shared_access.parse_target`, which takes a typed password out).
Open tries one connection on a worker (`probe`): when the server asks for a password and
none is in `.pgpass`, the service file or the environment, a password box appears, with
"Remember in .pgpass" (litman never keeps one anywhere else). The recent libraries are kept
in the view settings as URLs without their password, and offered first. Nothing shown (the
dialog's line, titles, the recent list) ever holds a password: `parse_target` took it out.
"""

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QObject, Qt, QThreadPool, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMessageBox,
    QWidget,
)

from litman.core.errors import LitmanError
from litman.core.library.facade import Library
from litman.core.store import shared_access
from litman.gui import settings, workers
from litman.gui.i18n import QT_TRANSLATE_NOOP, fill
from litman.gui.safe_text import rich
from litman.gui.workers import Worker

RECENT_KEPT = 8
HINT = QT_TRANSLATE_NOOP(
    "OpenSharedDialog",
    "postgresql://alice@labdb/refs, host=labdb dbname=refs user=alice, or service=lab",
)
# The parts of a connection string the dialog asks for one by one: key, label, example.
PARTS = (
    ("host", QT_TRANSLATE_NOOP("OpenSharedDialog", "Host:"), "labdb, or a socket folder"),
    ("dbname", QT_TRANSLATE_NOOP("OpenSharedDialog", "Database:"), "refs"),
    ("user", QT_TRANSLATE_NOOP("OpenSharedDialog", "User:"), "alice"),
)


@dataclass(frozen=True)
class Chosen:
    """A shared library to open: its URL (no password) and a password typed for this
    session only (None: libpq finds it)."""

    url: str
    password: str | None


def recent(view: settings.ViewSettings) -> list[str]:
    kept = str(view.get(settings.RECENT_SHARED) or "")
    return [url for url in kept.splitlines() if url]


def remember_recent(view: settings.ViewSettings, url: str) -> None:
    """Put `url` (without a password: `parse_target` made it) first among recent ones."""
    urls = [url, *(u for u in recent(view) if u != url)][:RECENT_KEPT]
    view.set(settings.RECENT_SHARED, "\n".join(urls))


class OpenSharedDialog(QDialog):
    probed = Signal(object)  # a Probe: the answer to Open, once shown

    def __init__(self, parent: QWidget | None, recent_urls: list[str]) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Open Shared Library"))
        self.chosen: Chosen | None = None
        self.target = QComboBox(editable=True)
        self.target.addItems(recent_urls)
        self.target.setMinimumWidth(460)
        line = self.target.lineEdit()
        if line is not None:
            line.setPlaceholderText(self.tr(HINT))
        # Or its parts, when the Library box is left empty.
        self.parts = {
            key: QLineEdit(placeholderText=self._hint(hint)) for key, _label, hint in PARTS
        }
        self.password = QLineEdit(echoMode=QLineEdit.EchoMode.Password)
        self.password.setAccessibleName(self.tr("Password"))
        self.remember = QCheckBox(self.tr("Remember in .pgpass (readable by you only)"))
        self.message = QLabel(textFormat=Qt.TextFormat.PlainText, wordWrap=True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Open | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.try_open)
        self.buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow(self.tr("Library:"), self.target)
        form.addRow(
            QLabel(fill(self.tr("e.g. %1"), self.tr(HINT)), textFormat=Qt.TextFormat.PlainText)
        )
        form.addRow(QLabel(self.tr("or, with the box above left empty:")))
        for key, label, _hint in PARTS:
            shown = self.tr(label)
            self.parts[key].setAccessibleName(shown.rstrip(":："))
            form.addRow(shown, self.parts[key])
        form.addRow(self.tr("Password:"), self.password)
        form.addRow(self.remember)
        form.addRow(self.message)
        form.addRow(self.buttons)
        self._asking(False)
        self._typed: shared_access.SharedTarget | None = None

    def _hint(self, hint: str) -> str:
        """A part's example: a name, or (the host's) words to translate."""
        return self.tr("labdb, or a socket folder") if hint == PARTS[0][2] else hint

    def _asking(self, ask: bool) -> None:
        form = self.layout()
        assert isinstance(form, QFormLayout)
        form.setRowVisible(self.password, ask)
        form.setRowVisible(self.remember, ask)

    def try_open(self) -> None:
        """Read what was typed and try one connection, off the GUI thread."""
        try:
            target = shared_access.parse_target(self.named())
        except LitmanError as exc:
            self.message.setText(str(exc))
            return
        self._typed = target
        password = self.password.text() or target.password
        self.buttons.setEnabled(False)
        self.message.setText(fill(self.tr("Connecting to %1…"), target.shown))
        worker = Worker(lambda _progress: shared_access.probe(target.url, password))
        worker.signals.finished.connect(self._probed)
        worker.signals.failed.connect(lambda exc: self._answered(str(exc)))
        workers.start(worker, QThreadPool.globalInstance())

    def named(self) -> str:
        """What names the library: the Library box, else a connection string of the parts."""
        typed = self.target.currentText().strip()
        if typed:
            return typed
        given = {key: edit.text().strip() for key, edit in self.parts.items()}
        return " ".join(f"{key}={_quoted(value)}" for key, value in given.items() if value)

    def _probed(self, probe: shared_access.Probe) -> None:
        target = self._typed
        assert target is not None
        password = self.password.text() or target.password
        if probe.ok:
            try:
                if password and self.remember.isChecked():
                    shared_access.remember_password(target.url, password)
                    password = None  # libpq finds it there now
            except OSError as exc:
                self._answered(
                    fill(self.tr("Could not write the password file: %1."), exc.strerror)
                )
                return
            self.chosen = Chosen(target.url, password)
            self.accept()
        elif probe.needs_password:
            self._asking(True)
            self.password.setFocus()
            said = self.tr("%1 asks for a password.")
            if password:
                said = self.tr("%1 asks for a password (that one was refused).")
            self._answered(fill(said, target.shown))
        else:
            self._answered(probe.message)
        self.probed.emit(probe)

    def _answered(self, text: str) -> None:
        self.buttons.setEnabled(True)
        self.message.setText(text)


def _quoted(value: str) -> str:
    """A libpq connection string value: quoted, with its quotes and backslashes escaped."""
    return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'"


def open_shared(
    parent: QMainWindow, view: settings.ViewSettings, make_window: Callable[[Library], QObject]
) -> QObject | None:
    """Ask which shared library to open and open a window on it (None when not opened)."""
    dialog = OpenSharedDialog(parent, recent(view))
    if dialog.exec() != QDialog.DialogCode.Accepted or dialog.chosen is None:
        return None
    return open_chosen(parent, view, dialog.chosen, make_window)


def open_chosen(
    parent: QWidget,
    view: settings.ViewSettings,
    chosen: Chosen,
    make_window: Callable[[Library], QObject],
) -> QObject | None:
    try:
        library = Library.open(chosen.url, password=chosen.password)
    except LitmanError as exc:
        QMessageBox.warning(parent, "litman", rich(str(exc)))
        return None
    remember_recent(view, chosen.url)
    return make_window(library)
