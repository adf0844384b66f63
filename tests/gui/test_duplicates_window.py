"""Edit → Duplicates…: the groups listed with why; a merge chosen field by field in the
dialog is one undoable change, with the old key an alias; Not Duplicates drops a group for
good, undoably."""

import pytest
from pytestqt.qtbot import QtBot

from litman.core.records import NewPaper
from litman.gui.dialogs import duplicates_actions
from litman.gui.window.main_window import MainWindow
from litman.gui.writes import commands

pytestmark = pytest.mark.gui


def twins(window: MainWindow) -> tuple[int, int]:
    a, b = window.library.papers.add_papers(
        [
            NewPaper(title="Walrus embeddings", doi="10.1/w", citekey="walrus", venue="arXiv"),
            NewPaper(
                title="Walrus Embeddings",
                doi="10.1/W",
                citekey="walrus-journal",
                venue="Journal of Walruses",
                entry_type="article",
                tags=("zoo",),
            ),
        ]
    ).added
    return a, b


def test_a_group_is_merged_field_by_field_and_undone(window: MainWindow, qtbot: QtBot) -> None:
    a, b = twins(window)
    dialog = duplicates_actions.dialog(window)
    qtbot.addWidget(dialog)
    assert dialog.list.count() == 1 and "same DOI" in dialog.list.item(0).text()
    assert dialog.keep.checkedId() == a
    assert dialog.choices["venue"].checkedId() == b  # the published venue by default
    dialog.choices["title"].button(b).setChecked(True)
    dialog.merge()
    qtbot.waitUntil(lambda: window.library.in_trash([b]) == [b])
    kept = window.library.get(a)
    assert (kept.title, kept.venue, kept.tags) == (
        "Walrus Embeddings",
        "Journal of Walruses",
        ("zoo",),
    )
    assert window.library.resolve("walrus-journal") == a
    assert dialog.list.item(0).text() == "No duplicates found."
    window.undo.undo()
    qtbot.waitUntil(lambda: window.library.in_trash([b]) == [])
    assert window.library.get(a).title == "Walrus embeddings"
    assert window.library.resolve("walrus-journal") == b


def test_not_duplicates_drops_the_group_for_good(window: MainWindow, qtbot: QtBot) -> None:
    twins(window)
    dialog = duplicates_actions.dialog(window)
    qtbot.addWidget(dialog)
    dialog.dismiss()
    qtbot.waitUntil(lambda: window.library.duplicates.find() == [])
    window.undo.undo()
    qtbot.waitUntil(lambda: len(window.library.duplicates.find()) == 1)


def test_the_sidebar_row_opens_the_dialog(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QTreeWidgetItemIterator

    from litman.gui.sidebar.tree import DUPLICATES_ROLE

    opened = []
    monkeypatch.setattr(duplicates_actions, "open_dialog", lambda win: opened.append(win))
    it = QTreeWidgetItemIterator(window.sidebar)
    while it.value() and not it.value().data(0, DUPLICATES_ROLE):
        it += 1
    row = it.value()
    assert row is not None and row.text(0) == "Duplicates…"
    window.sidebar.itemClicked.emit(row, 0)
    assert opened == [window]


def test_the_sidebar_row_counts_the_groups_found_again_after_a_change(
    window: MainWindow, qtbot: QtBot
) -> None:
    from litman.gui.sidebar.tree import DUPLICATES_ROLE

    def count() -> str:
        root = window.sidebar.topLevelItem(0)
        assert root is not None
        rows = [row for i in range(root.childCount()) if (row := root.child(i))]
        return next(r.text(1) for r in rows if r.data(0, DUPLICATES_ROLE))

    before = len(window.library.duplicates.find())
    qtbot.waitUntil(lambda: count() == str(before), timeout=20000)
    a, b = twins(window)
    qtbot.waitUntil(lambda: count() == str(before + 1), timeout=20000)
    window.push(commands.NotDuplicates(window.library, [a, b]))
    qtbot.waitUntil(lambda: count() == str(before), timeout=20000)


def test_the_duplicates_count_waits_only_for_changes_the_finder_reads(window: MainWindow) -> None:
    from litman.core.records import Status

    counter = window.sidebar.duplicates
    pid = window.library.list_ids("id")[0]
    counter.timer.stop()
    window.library.tags.add_tag("zoo", [pid])
    window.library.papers.set_status([pid], Status.READ)
    assert not counter.timer.isActive()
    window.library.papers.update_paper(pid, title="Walrus embeddings, again")
    assert counter.timer.isActive()


def test_the_dialog_opens_at_most_of_the_window_size(window: MainWindow, qtbot: QtBot) -> None:
    # At Qt's default size the merge grid showed one paper and a scroll bar to the next.
    twins(window)
    window.resize(1400, 900)
    dialog = duplicates_actions.dialog(window)
    qtbot.addWidget(dialog)
    assert dialog.width() >= 1400 * 3 // 4 and dialog.height() >= 900 * 3 // 4


def test_the_fields_sit_one_under_another_however_tall_the_dialog(
    window: MainWindow, qtbot: QtBot
) -> None:
    # With few fields in a tall dialog the grid spread its rows over the whole height.
    from itertools import pairwise

    from PySide6.QtWidgets import QLabel

    twins(window)
    window.resize(1400, 900)
    dialog = duplicates_actions.dialog(window)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    grid = dialog.area.widget()
    assert grid is not None
    labels = sorted(
        (label for label in grid.findChildren(QLabel) if label.text()),
        key=lambda label: label.y(),
    )
    assert len(labels) >= 2
    gaps = [b.y() - a.y() for a, b in pairwise(labels)]
    assert max(gaps) <= 2 * labels[0].sizeHint().height() + 12
