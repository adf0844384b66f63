"""Opening a shared library in the window: File → Open Shared Library… (recent ones kept
without a password; a password asked for when the server wants one, kept in .pgpass only when
asked to), and `litman --library postgresql://…` with no subcommand, which asks for a
password the same way and, with the server away, says so and opens once it answers."""

import uuid
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QDialog, QMenu
from pytestqt.qtbot import QtBot
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from litman.core.library.facade import Library
from litman.core.store import shared_access
from litman.gui.dialogs import shared_dialog, shared_launch
from litman.gui.settings import ViewSettings
from litman.gui.window import launch
from litman.gui.window.main_window import MainWindow
from litman.gui.workers import run_inline
from tests.pg_server import Cluster

pytestmark = pytest.mark.gui
SECRET = "open-sesame:42"


@pytest.fixture
def locked(
    pg_cluster: Cluster, pg_seeded_url: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> str:
    """The seeded library for a role that must give SECRET: (URL without it, the role)."""
    role = f"pw_{uuid.uuid4().hex[:8]}"
    pg_cluster.password_role(role, SECRET)
    admin = create_engine(pg_seeded_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'GRANT ALL ON ALL TABLES IN SCHEMA public TO "{role}"'))
        conn.execute(text(f'GRANT ALL ON ALL SEQUENCES IN SCHEMA public TO "{role}"'))
    admin.dispose()
    monkeypatch.setenv("PGPASSFILE", str(tmp_path / "pgpass"))
    monkeypatch.delenv("PGPASSWORD", raising=False)
    database = make_url(pg_seeded_url).database
    return f"postgresql://{role}@/{database}?host={pg_cluster.socket_dir}"


@pytest.fixture
def win(qtbot: QtBot, seeded: Library, tmp_path: Path) -> MainWindow:
    window = MainWindow(seeded, ViewSettings(tmp_path / "view.ini"), runner=run_inline)
    qtbot.addWidget(window)
    return window


def dialog_for(qtbot: QtBot, typed: str) -> shared_dialog.OpenSharedDialog:
    dialog = shared_dialog.OpenSharedDialog(None, [])
    qtbot.addWidget(dialog)
    dialog.target.setEditText(typed)
    return dialog


def test_the_dialog_opens_a_url_and_keeps_it_among_recent(
    qtbot: QtBot, win: MainWindow, pg_seeded_url: str
) -> None:
    dialog = dialog_for(qtbot, pg_seeded_url)
    with qtbot.waitSignal(dialog.accepted, timeout=10000):
        dialog.try_open()
    assert dialog.chosen is not None and dialog.chosen.password is None
    opened = shared_dialog.open_chosen(win, win.view, dialog.chosen, win._window_on)
    assert isinstance(opened, MainWindow) and opened.owns_library
    qtbot.addWidget(opened)
    assert opened.library.count() == win.library.count()
    assert shared_dialog.recent(win.view) == [dialog.chosen.url]
    opened.close()


def test_a_password_is_asked_for_and_kept_only_in_pgpass(
    qtbot: QtBot, win: MainWindow, locked: str, tmp_path: Path
) -> None:
    dialog = dialog_for(qtbot, locked)
    with qtbot.waitSignal(dialog.probed, timeout=10000) as asked:
        dialog.try_open()
    assert asked.args[0].needs_password and dialog.password.isVisibleTo(dialog)
    assert "asks for a password" in dialog.message.text()
    dialog.password.setText(SECRET)
    dialog.remember.setChecked(True)
    with qtbot.waitSignal(dialog.accepted, timeout=10000):
        dialog.try_open()
    bare = shared_access.parse_target(locked).url
    assert dialog.chosen == shared_dialog.Chosen(bare, None)  # libpq finds it in .pgpass now
    assert SECRET.replace(":", "\\:") in (tmp_path / "pgpass").read_text()
    opened = shared_dialog.open_chosen(win, win.view, dialog.chosen, win._window_on)
    assert isinstance(opened, MainWindow)
    qtbot.addWidget(opened)
    win.view.sync()
    assert SECRET not in (tmp_path / "view.ini").read_text()
    assert SECRET not in opened.windowTitle()
    opened.close()


def test_a_password_typed_for_the_session_is_written_nowhere(
    qtbot: QtBot, win: MainWindow, locked: str, tmp_path: Path
) -> None:
    dialog = dialog_for(qtbot, locked)
    with qtbot.waitSignal(dialog.probed, timeout=10000):
        dialog.try_open()
    dialog.password.setText(SECRET)
    with qtbot.waitSignal(dialog.accepted, timeout=10000):
        dialog.try_open()
    bare = shared_access.parse_target(locked).url
    assert dialog.chosen == shared_dialog.Chosen(bare, SECRET)
    opened = shared_dialog.open_chosen(win, win.view, dialog.chosen, win._window_on)
    assert isinstance(opened, MainWindow)
    qtbot.addWidget(opened)
    win.view.sync()
    assert not (tmp_path / "pgpass").exists()
    assert SECRET not in (tmp_path / "view.ini").read_text()
    opened.close()


def test_the_file_menu_opens_a_window_on_the_library_chosen(
    qtbot: QtBot, win: MainWindow, pg_seeded_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    chosen = shared_dialog.Chosen(shared_access.parse_target(pg_seeded_url).url, None)

    def accept(self: shared_dialog.OpenSharedDialog) -> int:
        self.chosen = chosen
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(shared_dialog.OpenSharedDialog, "exec", accept)
    file_menu = win.menuBar().actions()[0].menu()
    assert isinstance(file_menu, QMenu)
    assert win.acts.open_shared in file_menu.actions()
    opened = win.open_shared_library()
    assert opened is not None and opened.live.active
    qtbot.addWidget(opened)
    library = opened.library
    opened.close()
    assert library._closed  # the window that opened it closed it


def test_litman_library_url_opens_the_window_asking_for_the_password(locked: str) -> None:
    asked: list[str] = []

    def ask(shown: str, why: str) -> str:
        asked.append(f"{shown} {why}")
        return SECRET

    library = shared_launch.open_shared(locked, ask_password=ask)
    assert library is not None
    try:
        assert library.count() > 0 and len(asked) == 1 and SECRET not in asked[0]
    finally:
        library.close()


def test_litman_library_url_with_no_subcommand_shows_the_window(pg_seeded_url: str) -> None:
    opened = launch.open_for_window(pg_seeded_url)
    assert opened is not None
    library, claim = opened
    assert claim.held and Library.is_shared(library.site.where)
    library.close()


def test_a_server_away_at_start_is_said_and_waited_for(qtbot: QtBot, own_cluster: Cluster) -> None:
    said: list[str] = []
    own_cluster.halt()

    def wait(opening: Callable[[], Library], why: str) -> Library | None:
        said.append(why)
        box = shared_launch.WaitBox(opening, why)
        QTimer.singleShot(0, own_cluster.resume)  # the server comes back while the box waits
        box.exec()
        return box.library

    library = shared_launch.open_shared(own_cluster.url(), wait=wait)
    assert said and said[0].startswith("Cannot reach the server") and "\n" not in said[0]
    assert library is not None
    try:
        assert library.count() > 0
    finally:
        library.close()


def test_a_password_typed_in_the_url_is_shown_nowhere(
    qtbot: QtBot, win: MainWindow, locked: str, tmp_path: Path
) -> None:
    wrong, role_at = "not-it:99", locked.replace("postgresql://", "").split("@")[0]
    with_password = locked.replace(f"{role_at}@", f"{role_at}:{{}}@")
    dialog = dialog_for(qtbot, with_password.format(wrong))
    with qtbot.waitSignal(dialog.probed, timeout=10000) as answer:
        dialog.try_open()
    assert not answer.args[0].ok and "password authentication failed" in dialog.message.text()
    assert wrong not in dialog.message.text()
    dialog.target.setEditText(with_password.format(SECRET))
    with qtbot.waitSignal(dialog.accepted, timeout=10000):
        dialog.try_open()
    assert dialog.chosen is not None and SECRET not in dialog.chosen.url
    opened = shared_dialog.open_chosen(win, win.view, dialog.chosen, win._window_on)
    assert isinstance(opened, MainWindow)
    qtbot.addWidget(opened)
    win.view.sync()
    assert SECRET not in opened.windowTitle() and SECRET not in (tmp_path / "view.ini").read_text()
    assert SECRET not in opened.library.site.where
    opened.close()


def test_the_dialog_opens_from_host_database_and_user(
    qtbot: QtBot, pg_cluster: Cluster, pg_seeded_url: str
) -> None:
    dialog = dialog_for(qtbot, "")
    dialog.parts["host"].setText(str(pg_cluster.socket_dir))
    dialog.parts["dbname"].setText(str(make_url(pg_seeded_url).database))
    dialog.parts["user"].setText("litman")
    with qtbot.waitSignal(dialog.accepted, timeout=10000):
        dialog.try_open()
    assert dialog.chosen is not None
    with Library.open(dialog.chosen.url) as lib, Library.open(pg_seeded_url) as seeded:
        assert lib.count() == seeded.count()


def test_a_connection_string_opens_the_window_on_the_shared_library(
    pg_cluster: Cluster, pg_seeded_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    database = make_url(pg_seeded_url).database
    opened = launch.open_for_window(f"host={pg_cluster.socket_dir} dbname={database} user=litman")
    assert opened is not None
    library, _claim = opened
    try:
        assert library.count() > 0 and library.site.name == database
    finally:
        library.close()
    assert not [p for p in tmp_path.iterdir() if "dbname" in p.name]


def test_a_name_that_is_no_library_is_said_in_one_line_and_opens_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    said: list[str] = []

    def ask(title: str, text: str, choices: list[str]) -> str | None:
        said.append(text)
        return None

    assert launch.open_for_window("refs", ask) is None
    assert len(said) == 1 and "\n" not in said[0] and ".sqlite" in said[0]
    assert list(tmp_path.iterdir()) == []
