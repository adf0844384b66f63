"""Soak: the window survives thousands of selection changes, as when a user holds Down.

PySide6 6.12.0 dropped a reference to None on each selection change (34 per change on
Python 3.11), and the process died with "Fatal Python error: none_dealloc" after about 1,200.
The test counts None's references as it goes, so a release with that bug fails here with a
number, long before the interpreter would abort.
"""

import gc
import sys

import pytest
from PySide6.QtCore import QCoreApplication, Qt
from pytestqt.qtbot import QtBot

from litman.gui.window.main_window import MainWindow

pytestmark = pytest.mark.gui

CHANGES = 5000
CHECK_EVERY = 50
# Python < 3.12 counts references to None; a steady drop is a refcount bug in an extension.
# The margin covers ordinary churn and one-off frees: in a full make test on Debian's Python
# 3.11.2 the count fell by 13,733 at once, 3,900 changes in (garbage or caches of earlier
# tests let go), where this test alone passes. The bug dropped 34 per change and passes the
# margin within 600 changes, so it still fails here long before the interpreter would abort.
MARGIN = 20_000
# From 3.12 None is immortal (PEP 683): it can never be freed, and its count drifts by design
# (stable-ABI extensions still decrement it; 6.11.3 "lost" 511 in 150 changes on 3.12.1), so
# there the test checks that the window survives the changes, not the count.
COUNTS_NONE = sys.version_info < (3, 12)


@pytest.mark.slow
def test_five_thousand_selection_changes_keep_none_alive(window: MainWindow, qtbot: QtBot) -> None:
    rows = window.model.rowCount()
    assert rows > 2
    window.activateWindow()
    window.table.setFocus()
    window.table.selectRow(0)
    changes = []
    window.table.selectionModel().selectionChanged.connect(lambda *_: changes.append(1))
    gc.collect()
    start = sys.getrefcount(None)
    key = Qt.Key.Key_Down
    while len(changes) < CHANGES:
        row = window.table.currentIndex().row()
        if row == rows - 1:
            key = Qt.Key.Key_Up
        elif row == 0:
            key = Qt.Key.Key_Down
        qtbot.keyClick(window.table, key)
        if len(changes) % CHECK_EVERY == 0:
            QCoreApplication.processEvents()  # the detail pane's old tag chips are deleted
        if COUNTS_NONE and len(changes) % CHECK_EVERY == 0:
            drop = start - sys.getrefcount(None)
            assert drop < MARGIN, f"None lost {drop} references after {len(changes)} changes"
    assert len(window.selected_ids()) == 1
    assert window.detail.heading.text() != "Select a paper to see its details"
