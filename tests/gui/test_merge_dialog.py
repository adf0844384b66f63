"""The merge dialog (gui/writes/merge_dialog.py): an edit refused because another client changed
the same field since the pane showed the paper opens it, with theirs and mine; keeping
mine or a merged value saves it on the new version, keeping theirs saves nothing; an edit
of a field nobody else changed lands without asking."""

from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from litman.core.errors import ConflictError, LitmanError
from litman.core.library.facade import Library
from litman.core.records import FieldConflict
from litman.gui.window.main_window import MainWindow
from litman.gui.writes.merge_dialog import MERGED, MINE, THEIRS, MergeDialog

pytestmark = pytest.mark.gui


def _error(*conflicts: FieldConflict) -> ConflictError:
    return ConflictError("stale", paper_id=1, citekey="k", seen=0, version=2, conflicts=conflicts)


def test_the_dialog_keeps_theirs_mine_or_a_merged_value_per_field(qtbot: QtBot) -> None:
    dialog = MergeDialog(
        None,
        _error(
            FieldConflict("title", "Theirs", "Mine"),
            FieldConflict("authors", ["Doe, J."], ["Roe, R."]),
            FieldConflict("year", 2020, 2021),
            FieldConflict("volume", "3", "4"),
        ),
    )
    qtbot.addWidget(dialog)
    assert dialog.values() == {"title": "Mine", "authors": ["Roe, R."], "year": 2021, "volume": "4"}
    dialog.keep("title", THEIRS)
    dialog.keep("authors", MERGED, "Doe, J.; Roe, R.")
    dialog.keep("year", MERGED, "2022")
    dialog.keep("volume", MINE)
    assert dialog.values() == {"authors": ["Doe, J.", "Roe, R."], "year": 2022, "volume": "4"}
    dialog.keep("year", MERGED, "soon")
    with pytest.raises(LitmanError, match="number"):
        dialog.values()


def test_library_text_is_shown_as_text(qtbot: QtBot) -> None:
    dialog = MergeDialog(None, _error(FieldConflict("title", "<b>R&D</b>", "<img src=x>")))
    qtbot.addWidget(dialog)
    row = dialog.rows["title"]
    theirs = row.choice.button(THEIRS)
    assert theirs.text() == "Theirs: <b>R&&D</b>"
    assert "&lt;b&gt;" in theirs.toolTip()


def _other_client(request: pytest.FixtureRequest, store: str) -> Library:
    """A second client of the window's library: another process would be the same."""
    fixture = "pg_seeded_url" if store == "postgresql" else "seeded_path"
    where: str | Path = request.getfixturevalue(fixture)
    return Library.open(where)


def _choose(
    monkeypatch: pytest.MonkeyPatch, which: int, merged: str | None = None
) -> list[dict[str, tuple[object, object]]]:
    """Answer the merge dialog as a user would, noting what it showed."""
    shown: list[dict[str, tuple[object, object]]] = []

    def exec_(dialog: MergeDialog) -> int:
        shown.append({f: (r.conflict.theirs, r.conflict.mine) for f, r in dialog.rows.items()})
        for name in dialog.rows:
            dialog.keep(name, which, merged)
        dialog._save()
        return dialog.result() or QDialog.DialogCode.Rejected

    monkeypatch.setattr(MergeDialog, "exec", exec_)
    return shown


def _shown(window: MainWindow) -> int:
    """Show the first paper in the pane; its id."""
    from tests.gui.test_main_window import select_rows

    select_rows(window, [0])
    return window.selected_ids()[0]


def _theirs_title(window: MainWindow, request: pytest.FixtureRequest, store: str) -> int:
    """The pane shows the first paper, whose title another client then sets to 'Theirs'."""
    pid = _shown(window)
    with _other_client(request, store) as other:
        other.papers.update_paper(pid, seen_version=other.get(pid).version, title="Theirs")
    return pid


def _type(window: MainWindow, name: str, text: str) -> None:
    window.detail.edits[name].setText(text)
    window.detail.edits[name].editingFinished.emit()


@pytest.mark.parametrize("which", [MINE, MERGED])
def test_a_stale_edit_is_merged_and_saved_on_the_new_version(
    window: MainWindow,
    request: pytest.FixtureRequest,
    store: str,
    monkeypatch: pytest.MonkeyPatch,
    which: int,
) -> None:
    pid = _theirs_title(window, request, store)
    shown = _choose(monkeypatch, which, "Theirs, and mine")
    _type(window, "title", "Mine")
    assert shown == [{"title": ("Theirs", "Mine")}]
    wanted = "Mine" if which == MINE else "Theirs, and mine"
    assert window.library.get(pid).title == wanted
    assert window.detail.edits["title"].text() == wanted
    window.undo.undo()  # the merged save is the edit on the stack
    assert window.library.get(pid).title == "Theirs"
    [kept] = window.library.papers.conflicts(pid)
    assert (kept.field, kept.theirs, kept.mine) == ("title", "Theirs", "Mine")


def test_keeping_theirs_saves_nothing(
    window: MainWindow, request: pytest.FixtureRequest, store: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    pid = _theirs_title(window, request, store)
    shown = _choose(monkeypatch, THEIRS)
    _type(window, "title", "Mine")
    assert len(shown) == 1 and window.library.get(pid).title == "Theirs"
    assert window.detail.edits["title"].text() == "Theirs"  # what was typed is dropped
    assert window.undo.count() == 0, [window.undo.text(i) for i in range(window.undo.count())]


def test_an_edit_of_another_field_lands_without_asking(
    window: MainWindow, request: pytest.FixtureRequest, store: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    pid = _theirs_title(window, request, store)
    shown = _choose(monkeypatch, MINE)
    _type(window, "venue", "Mine")
    assert shown == []
    paper = window.library.get(pid)
    assert (paper.title, paper.venue) == ("Theirs", "Mine")


def test_two_edits_of_one_field_in_a_row_are_no_conflict(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    pid = _shown(window)
    shown = _choose(monkeypatch, THEIRS)
    _type(window, "title", "First")
    _type(window, "title", "Second")
    window.undo.undo()
    window.undo.redo()
    assert shown == [] and window.library.get(pid).title == "Second"


def test_a_stale_stored_field_is_merged_too(
    window: MainWindow, request: pytest.FixtureRequest, store: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    pid = _shown(window)
    with _other_client(request, store) as other:
        other.papers.set_field(pid, "volume", "3", seen_version=other.get(pid).version)
    shown = _choose(monkeypatch, MINE)
    entry = window.detail.entry
    entry.new_name.setText("Volume")
    entry.new_value.setText("4")
    entry.add_button.click()
    assert shown == [{"volume": ("3", "4")}]
    assert window.library.get(pid).extra["volume"] == "4"


def test_on_the_write_pool_the_dialog_answers_when_the_refusal_arrives(
    pooled_window: MainWindow,
    request: pytest.FixtureRequest,
    store: str,
    monkeypatch: pytest.MonkeyPatch,
    qtbot: QtBot,
) -> None:
    window = pooled_window
    pid = _theirs_title(window, request, store)
    shown = _choose(monkeypatch, MINE)
    _type(window, "title", "Mine")
    qtbot.waitUntil(lambda: window.library.get(pid).title == "Mine", timeout=10_000)
    assert shown == [{"title": ("Theirs", "Mine")}]


def test_an_undo_over_someone_elses_edit_is_refused_and_said(
    window: MainWindow, request: pytest.FixtureRequest, store: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    told: list[str] = []
    monkeypatch.setattr(window.desk, "tell_failure", told.append)
    pid = _shown(window)
    _type(window, "title", "Mine")
    with _other_client(request, store) as other:
        other.papers.update_paper(pid, seen_version=other.get(pid).version, title="Theirs")
    window.undo.undo()
    assert window.library.get(pid).title == "Theirs"
    assert len(told) == 1 and "changed by someone else" in told[0]
