"""Paper → Regenerate Citation Keys… shows old → new and changes them on OK, one undo step;
Cancel changes nothing. Paper → Citation Key Pattern… sets the library's pattern, and refuses
one it cannot read with nothing changed."""

import pytest
from PySide6.QtWidgets import QInputDialog, QMessageBox
from pytestqt.qtbot import QtBot

from litman.gui.window.main_window import MainWindow
from tests.gui.test_main_window import select_rows

pytestmark = pytest.mark.gui


def _answer(
    monkeypatch: pytest.MonkeyPatch, button: QMessageBox.StandardButton, shown: list[str]
) -> None:
    def exec_(box: QMessageBox) -> QMessageBox.StandardButton:
        shown.append(box.text())
        return button

    monkeypatch.setattr(QMessageBox, "exec", exec_)


def test_regenerate_previews_then_changes_and_undoes(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.library.citekey_rule.set_pattern("[veryshorttitle:lower]_x")
    select_rows(window, [0, 1])
    ids = window.selected_ids()
    before = [p.citekey for p in window.library.get_many(ids)]
    shown: list[str] = []
    _answer(monkeypatch, QMessageBox.StandardButton.Ok, shown)
    window.acts.regenerate_keys.trigger()
    after = [p.citekey for p in window.library.get_many(ids)]
    assert all(k.endswith("_x") for k in after) and after != before
    assert f"{before[0]} → {after[0]}" in shown[0]
    window.undo.undo()
    qtbot.waitUntil(lambda: [p.citekey for p in window.library.get_many(ids)] == before)


def test_cancel_changes_nothing(window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    window.library.citekey_rule.set_pattern("[veryshorttitle:lower]_x")
    select_rows(window, [0])
    before = window.library.get_many(window.selected_ids())[0].citekey
    _answer(monkeypatch, QMessageBox.StandardButton.Cancel, [])
    window.acts.regenerate_keys.trigger()
    assert window.library.get_many(window.selected_ids())[0].citekey == before


def test_pattern_is_set_and_a_bad_one_refused(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    warned: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a: warned.append(a[2]))
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("[auth][year]", True))
    window.acts.key_pattern.trigger()
    assert window.library.citekey_rule.pattern() == "[auth][year]"
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("[auth", True))
    window.acts.key_pattern.trigger()
    assert window.library.citekey_rule.pattern() == "[auth][year]" and "unmatched" in warned[0]


def test_a_pinned_key_is_kept_and_said_and_unpinning_frees_it(
    qtbot: QtBot, window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.library.citekey_rule.set_pattern("[veryshorttitle:lower]_x")
    select_rows(window, [0, 1])
    ids = window.selected_ids()
    window.library.papers.update_paper(ids[0], citekey="typedkey")  # a typed key pins itself
    before = [p.citekey for p in window.library.get_many(ids)]
    shown: list[str] = []
    _answer(monkeypatch, QMessageBox.StandardButton.Ok, shown)
    window.acts.regenerate_keys.trigger()
    after = [p.citekey for p in window.library.get_many(ids)]
    assert after[0] == "typedkey" and after[1].endswith("_x")
    assert "1 pinned key kept" in shown[0] and "typedkey →" not in shown[0]
    window.acts.unpin_keys.trigger()
    assert window.library.citekey_rule.pinned(ids) == []
    window.acts.regenerate_keys.trigger()
    assert window.library.get(ids[0]).citekey.endswith("_x")
    assert before[1] != after[1]
    window.acts.pin_keys.trigger()
    assert window.library.citekey_rule.pinned(ids) == ids
    window.undo.undo()
    qtbot.waitUntil(lambda: window.library.citekey_rule.pinned(ids) == [])
