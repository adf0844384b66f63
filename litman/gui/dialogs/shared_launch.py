"""Starting the window on a shared library: `litman --library postgresql://…` (or
`LITMAN_LIBRARY`) with no subcommand.

Before the window appears: ask for a password when the server wants one that libpq did not
find (`.pgpass`, the service file, the environment; the password typed is kept in memory
for this session only), and, when the server cannot be reached, say so in one line and try
again every second until it answers or the user quits. Any other failure (no such
database, a role refused) is said once, and nothing opens. A shared library has no writer
claim to take: many windows write to it at once.
"""

from collections.abc import Callable

from PySide6.QtCore import Qt, QThreadPool, QTimer
from PySide6.QtWidgets import QInputDialog, QLineEdit, QMessageBox, QWidget

from litman.core.errors import LitmanError, ServerUnreachableError
from litman.core.library.facade import Library
from litman.core.store import shared_access
from litman.gui import workers
from litman.gui.i18n import fill, translate
from litman.gui.workers import Worker

RETRY_MS = 1000
PASSWORD_TRIES = 3
# ask_password(library shown, why) -> the password typed, or None when the user gave up.
AskPassword = Callable[[str, str], str | None]
# wait(opening, first error) -> the library once it opened, or None when the user quit.
Wait = Callable[[Callable[[], Library], str], Library | None]
Tell = Callable[[str], None]


def ask_password_box(shown: str, why: str) -> str | None:
    text, ok = QInputDialog.getText(
        None,
        translate("SharedLaunch", "Password"),
        fill(
            translate("SharedLaunch", "%1\n\nPassword for %2 (kept for this session only):"),
            why,
            shown,
        ),
        QLineEdit.EchoMode.Password,
    )
    return text if ok else None


def tell_box(text: str) -> None:
    box = QMessageBox(
        QMessageBox.Icon.Warning, translate("SharedLaunch", "litman cannot open the library"), text
    )
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.exec()


class WaitBox(QMessageBox):
    """One line saying the server cannot be reached, trying again each second on a worker;
    it closes itself when the library opens."""

    def __init__(self, opening: Callable[[], Library], why: str, parent: QWidget | None = None):
        title = self.tr("Waiting for the server")
        super().__init__(QMessageBox.Icon.Warning, title, why, parent=parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setInformativeText(
            self.tr("litman tries again every second and opens it when it answers.")
        )
        self.setStandardButtons(QMessageBox.StandardButton.Cancel)
        self.opening = opening
        self.library: Library | None = None
        self._timer = QTimer(self, singleShot=True, interval=RETRY_MS)
        self._timer.timeout.connect(self._try)
        self._timer.start()

    def _try(self) -> None:
        worker = Worker(lambda _progress: self.opening())
        worker.signals.finished.connect(self._opened)
        worker.signals.failed.connect(self._failed)
        workers.start(worker, QThreadPool.globalInstance())

    def _opened(self, library: Library) -> None:
        if not self.isVisible():  # quit meanwhile
            library.close()
            return
        self.library = library
        self.accept()

    def _failed(self, exc: BaseException) -> None:
        self.setText(" ".join(str(exc).split()))
        if isinstance(exc, ServerUnreachableError) and self.isVisible():
            self._timer.start()


def wait_box(opening: Callable[[], Library], why: str) -> Library | None:
    box = WaitBox(opening, why)
    box.exec()
    return box.library


def open_shared(
    where: str,
    ask_password: AskPassword = ask_password_box,
    wait: Wait = wait_box,
    tell: Tell = tell_box,
) -> Library | None:
    """The shared library at `where`, open; None when it was not (the user was told why)."""
    try:
        target = shared_access.parse_target(where)
    except LitmanError as exc:
        tell(str(exc))
        return None
    go, password = _password(target, ask_password, tell)
    if not go:
        return None

    def opening() -> Library:
        return Library.open(target.url, password=password)

    try:
        return opening()
    except ServerUnreachableError as exc:
        return wait(opening, " ".join(str(exc).split()))
    except LitmanError as exc:
        tell(str(exc))
        return None


def _password(
    target: shared_access.SharedTarget, ask_password: AskPassword, tell: Tell
) -> tuple[bool, str | None]:
    """Whether to go on, and the password to give (None: libpq finds one, or the server is
    away and opening will say so); not when the user gave up asking."""
    password = target.password
    for _try in range(PASSWORD_TRIES):
        if not shared_access.probe(target.url, password).needs_password:
            return True, password
        password = ask_password(
            target.shown, translate("SharedLaunch", "The server asks for a password.")
        )
        if password is None:
            return False, None
    said = translate("SharedLaunch", "%1 asked for a password %2 times; nothing was opened.")
    tell(fill(said, target.shown, PASSWORD_TRIES))
    return False, None
