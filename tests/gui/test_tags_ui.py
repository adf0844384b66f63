"""Tags in the window as a Zotero user expects: chips that wrap and each come off, a
completer that knows every tag from the start and forgives, tag dialogs that keep colours."""

import pytest
from PySide6.QtCore import QStringListModel
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QColorDialog, QInputDialog, QPushButton
from pytestqt.qtbot import QtBot

from litman.core.records import NewPaper
from litman.gui.window.main_window import MainWindow

pytestmark = pytest.mark.gui

LONG = [
    "Optimization > Non-Convex",
    "Machine Learning > Theory > Generalization Bounds",
    "scientific-writing",
    "Reading group",
]


def completer_words(win: MainWindow) -> list[str]:
    """The words the tag box's completer offers."""
    model = win.detail.completer.model()
    assert isinstance(model, QStringListModel)
    return model.stringList()


def select_only(win: MainWindow, qtbot: QtBot, pid: int) -> None:
    win.apply_filter()
    win.table.clearSelection()
    shown_row = win.model.row_of(pid)
    assert shown_row is not None
    win.table.selectRow(shown_row)
    qtbot.waitUntil(lambda: win.detail._paper is not None and win.detail._paper.id == pid)


def chips(win: MainWindow) -> list[QPushButton]:
    return [w for w in win.detail.tag_box.chip_area.findChildren(QPushButton) if w.isVisible()]


def test_chips_wrap_inside_the_pane_and_each_removes_its_tag(
    window: MainWindow, qtbot: QtBot
) -> None:
    pid = window.library.papers.add_paper(NewPaper(title="Many tags", tags=tuple(LONG)))
    select_only(window, qtbot, pid)
    area = window.detail.tag_box.chip_area
    qtbot.waitUntil(lambda: len(chips(window)) == 4)
    for chip in chips(window):
        rect = chip.geometry()
        assert rect.left() >= 0 and rect.right() <= area.width(), chip.text()
        assert "✕" in chip.text()
    assert len({c.geometry().top() for c in chips(window)}) > 1  # wrapped onto lines
    theory = next(c for c in chips(window) if "Theory" in c.accessibleName())
    assert "Machine Learning &gt; Theory &gt; Generalization Bounds" in theory.toolTip()
    theory.click()
    assert "Machine Learning > Theory > Generalization Bounds" not in window.library.get(pid).tags


def test_the_completer_offers_every_tag_as_soon_as_the_window_opens(window: MainWindow) -> None:
    offered = completer_words(window)
    assert sorted(offered) == sorted(t.name for t in window.library.tags())
    assert offered


# The offscreen platform cannot raise the completer's popup or grab the keyboard for it.
@pytest.mark.qt_log_ignore("This plugin does not support")
def test_the_completer_matches_letters_in_order_and_leaf_names(
    window: MainWindow, qtbot: QtBot
) -> None:
    window.library.papers.add_paper(NewPaper(title="W", tags=("scientific-writing",)))
    pid = window.model.paper_id(0)
    select_only(window, qtbot, pid)
    edit = window.detail.tag_edit
    edit.setFocus()
    qtbot.keyClicks(edit, "scwr")
    assert completer_words(window)[0] == "scientific-writing"
    edit.clear()
    qtbot.keyClicks(edit, "non-conv")
    assert completer_words(window)[0].endswith("Non-Convex")


def test_undoing_a_rename_keeps_the_colour(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.library.tags.set_tag_colour("Optimization > Stochastic", "#16a34a")
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("Optim", True))
    window.sidebar.renameRequested.emit("Optimization")
    window.undo.undo()
    colours = {t.name: t.colour for t in window.library.tags()}
    assert colours["Optimization > Stochastic"] == "#16a34a"


def test_the_colour_dialog_opens_on_the_tags_colour(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.library.tags.set_tag_colour("Optimization > Stochastic", "#16a34a")
    seen: list[QColor] = []

    def get_color(initial: QColor, *a: object, **k: object) -> QColor:
        seen.append(initial)
        return QColor()

    monkeypatch.setattr(QColorDialog, "getColor", get_color)
    window.sidebar.colourRequested.emit("Optimization > Stochastic")
    assert seen[0].name() == "#16a34a"


def test_merge_preselects_no_target(window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[int] = []

    def get_item(
        parent: object, title: str, label: str, items: list[str], current: int, *a: object
    ) -> tuple[str, bool]:
        asked.append(current)
        return ("", True)

    monkeypatch.setattr(QInputDialog, "getItem", get_item)
    before = {t.name for t in window.library.tags()}
    window.sidebar.mergeRequested.emit("Optimization > Stochastic")
    assert asked == [-1]
    assert {t.name for t in window.library.tags()} == before


def test_every_tag_of_a_large_selection_can_be_reached_and_a_mixed_status_says_so(
    window: MainWindow, qtbot: QtBot
) -> None:
    """Ctrl+A on the seeds showed 6 of 13 chips, the rest cut off with no scroll bar, and
    "Unread" for papers some of which were read."""
    window.resize(1366, 768)
    window.library.papers.set_status([window.model.paper_id(0)], "read")
    window.table.setFocus()
    window.table.selectAll()
    window.selection.flush()
    tags = {t for p in window.library.list_papers() for t in p.tags}
    qtbot.waitUntil(lambda: len(chips(window)) == len(tags) > 6)
    scroll = window.detail.tag_box.chip_scroll
    for chip in chips(window):
        scroll.ensureWidgetVisible(chip)
        seen = chip.visibleRegion().boundingRect()
        assert seen.height() == chip.height(), chip.accessibleName()
    assert window.detail.status.currentIndex() == -1
    assert window.detail.status.currentText() == ""
    assert window.detail.status.placeholderText() == "Mixed"


def test_chips_shown_again_after_the_pane_settled_get_their_room(qtbot: QtBot) -> None:
    """The whole selection's tags come a moment after its first papers' (a worker reads
    them): the new chips were laid out while still hidden, so the chips took no height and
    vanished at 100k papers."""
    from PySide6.QtWidgets import QVBoxLayout, QWidget

    from litman.gui.detail.tag_box import TagBox

    pane = QWidget()
    qtbot.addWidget(pane)
    box = TagBox()
    box.max_lines = 12
    QVBoxLayout(pane).addWidget(box)
    pane.resize(340, 600)
    pane.show()
    qtbot.waitExposed(pane)
    box.show_tags([])
    box.show_tags(LONG)  # the first papers' tags
    scroll = box.chip_scroll
    qtbot.waitUntil(lambda: scroll.height() == scroll.sizeHint().height() > 40)
    box.show_tags(LONG)  # the whole selection's
    assert scroll.sizeHint().height() > 40  # measured with the new chips in
    qtbot.waitUntil(lambda: scroll.height() == scroll.sizeHint().height())


def colour_of(win: MainWindow, tag: str) -> str | None:
    return {t.name: t.colour for t in win.library.tags()}.get(tag)


def choose_colour(win: MainWindow, monkeypatch: pytest.MonkeyPatch, tag: str, colour: str) -> None:
    monkeypatch.setattr(QColorDialog, "getColor", lambda *a, **k: QColor(colour))
    win.sidebar.colourRequested.emit(tag)


def test_a_tag_colour_is_undone_and_redone(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    tag = "Optimization > Stochastic"
    choose_colour(window, monkeypatch, tag, "#16a34a")
    assert colour_of(window, tag) == "#16a34a"
    assert window.undo.count() == 1 and "Colour" in window.undo.text(0)
    window.undo.undo()
    assert colour_of(window, tag) is None
    window.undo.redo()
    assert colour_of(window, tag) == "#16a34a"


def test_undo_and_redo_of_an_earlier_rename_keep_a_colour_given_since(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("Optim", True))
    window.sidebar.renameRequested.emit("Optimization")
    choose_colour(window, monkeypatch, "Optim > Stochastic", "#d97706")
    window.undo.undo()  # the colour
    window.undo.undo()  # the rename
    window.undo.redo()
    window.undo.redo()
    assert colour_of(window, "Optim > Stochastic") == "#d97706"
    window.undo.undo()
    window.undo.undo()
    assert colour_of(window, "Optimization > Stochastic") is None


def test_undoing_a_rename_keeps_a_colour_given_elsewhere_since(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A colour set by another window or the command line after the rename: the tag keeps
    it when the rename is undone, and again when it is redone."""
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("Optim", True))
    window.sidebar.renameRequested.emit("Optimization")
    window.library.tags.set_tag_colour("Optim > Stochastic", "#d97706")
    window.undo.undo()
    assert colour_of(window, "Optimization > Stochastic") == "#d97706"
    window.undo.redo()
    assert colour_of(window, "Optim > Stochastic") == "#d97706"
