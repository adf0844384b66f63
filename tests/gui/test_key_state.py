"""No test leaves a modifier key held for the next one.

QTest's key clicks with Ctrl or Shift leave the application's keyboard state saying the key
is still down. The next test's `selectRow` then read Shift as held, extended a selection
from no anchor and selected nothing: eleven tests of edits typed while the server is away
failed whenever one of Ctrl+Shift+K's tests ran before them in the same worker."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLineEdit
from pytestqt.qtbot import QtBot

pytestmark = pytest.mark.gui


def test_a_key_clicked_with_ctrl_and_shift(qtbot: QtBot) -> None:
    edit = QLineEdit()
    qtbot.addWidget(edit)
    mods = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    QTest.keyClick(edit, Qt.Key.Key_K, mods)
    assert QApplication.keyboardModifiers() != Qt.KeyboardModifier.NoModifier  # Qt's leftover


def test_leaves_no_modifier_held_for_the_next_test() -> None:
    assert QApplication.keyboardModifiers() == Qt.KeyboardModifier.NoModifier
