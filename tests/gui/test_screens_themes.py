"""Screens and themes: every text at WCAG AA contrast in light and dark, status counts
that come back, and what a library showed last kept for that library."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QLabel, QLineEdit
from pytestqt.qtbot import QtBot

from litman.core.library.facade import Library
from litman.core.records import NewPaper, Status
from litman.core.search.filters import ALL, StatusFilter, TagFilter
from litman.gui.settings import ViewSettings
from litman.gui.window import theme
from litman.gui.window.main_window import MainWindow
from litman.gui.workers import run_inline

pytestmark = pytest.mark.gui
AA = 4.5


@pytest.fixture(params=["light", "dark"])
def themed(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[str]:
    """The application in a light or a dark palette, restored afterwards."""
    palette, style = QPalette(qapp.palette()), qapp.style().name()
    theme.apply(qapp, dark=request.param == "dark")
    assert theme.palette_is_dark(qapp.palette()) == (request.param == "dark")
    yield request.param
    qapp.setStyle(style)
    qapp.setPalette(palette)


def open_window(qtbot: QtBot, library: Library, tmp_path: Path) -> MainWindow:
    win = MainWindow(library, ViewSettings(tmp_path / "view.ini"), runner=run_inline)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    return win


def label_contrast(label: QLabel) -> float:
    palette = label.palette()
    bg = palette.color(QPalette.ColorRole.Window)
    fg = theme.flatten(palette.color(label.foregroundRole()), bg)
    return theme.contrast(fg, bg)


def test_every_label_reads_at_aa_contrast(
    themed: str, qtbot: QtBot, seeded: Library, tmp_path: Path
) -> None:
    win = open_window(qtbot, seeded, tmp_path)
    win.table.selectRow(0)
    qtbot.waitUntil(lambda: bool(win.detail.note.text()))  # "From …": the provenance note
    check_labels(win, themed)
    assert "From " in win.detail.note.text()
    win.search.setText("zzzqqq no such words")
    win.apply_filter()
    assert win.empty.isVisible()  # the empty-state text
    check_labels(win, themed)


def painted_contrast(label: QLabel) -> float:
    """The contrast of the text as painted: its most contrasting pixel against the most
    common one (the background)."""
    image = label.grab().toImage()
    counts: dict[int, int] = {}
    for y in range(0, image.height(), 2):
        for x in range(0, image.width(), 2):
            rgb = image.pixel(x, y)
            counts[rgb] = counts.get(rgb, 0) + 1
    bg = QColor.fromRgb(max(counts, key=counts.__getitem__))
    return max(theme.contrast(QColor.fromRgb(rgb), bg) for rgb in counts)


def check_labels(win: MainWindow, mode: str) -> None:
    labels = [w for w in win.findChildren(QLabel) if w.text().strip() and w.isVisible()]
    assert labels
    for label in labels:
        assert "color" not in label.styleSheet(), label.text()
        assert label_contrast(label) >= AA, (mode, label.text()[:40], label_contrast(label))
        # Antialiased glyphs never reach the full colour on a small font: 4.0 as painted.
        assert painted_contrast(label) >= 4.0, (mode, label.text()[:40], painted_contrast(label))


def test_placeholder_text_reads_at_aa_contrast(
    themed: str, qtbot: QtBot, seeded: Library, tmp_path: Path
) -> None:
    win = open_window(qtbot, seeded, tmp_path)
    win.table.selectRow(0)  # the detail fields are enabled (disabled text is exempt)
    qtbot.waitUntil(lambda: win.detail.edits["authors"].isEnabled())
    edits = [e for e in win.findChildren(QLineEdit) if e.placeholderText() and e.isEnabled()]
    assert win.search in edits
    for edit in edits:
        p = edit.palette()
        base = p.color(QPalette.ColorRole.Base)
        fg = theme.flatten(p.color(QPalette.ColorRole.PlaceholderText), base)
        assert theme.contrast(fg, base) >= AA, (themed, edit.accessibleName())


def test_status_counts_come_back_after_a_temporary_message(
    window: MainWindow, qtbot: QtBot
) -> None:
    window.statusBar().showMessage("Copied 2 BibTeX entries", 50)
    assert window.statusBar().currentMessage().startswith("Copied")
    qtbot.waitUntil(lambda: "89 papers · 89 shown" in window.statusBar().currentMessage())


@pytest.mark.slow
def test_last_search_sidebar_and_sort_are_kept_per_library(
    qtbot: QtBot, seeded: Library, tmp_path: Path
) -> None:
    first = open_window(qtbot, seeded, tmp_path)
    first.search.setText("gradient")
    first.sidebar.select_filter(StatusFilter(Status.UNREAD))
    first.results.sort_key, first.results.sort_desc = "title", True
    first.close()
    with Library.open(tmp_path / "other.sqlite") as other_lib:
        other_lib.papers.add_paper(NewPaper(title="Other"))
        other = open_window(qtbot, other_lib, tmp_path)
        assert other.search.text() == "" and other.sidebar.current_filter() == ALL
        assert other.sort_key is None
        other.close()
    again = open_window(qtbot, seeded, tmp_path)
    assert again.search.text() == "gradient"
    assert again.sidebar.current_filter() == StatusFilter(Status.UNREAD)
    assert (again.sort_key, again.sort_desc) == ("title", True)


def test_qapplication_palette_is_back_to_light(qapp: QApplication) -> None:
    assert not theme.palette_is_dark(qapp.palette())


@pytest.mark.slow
def test_sidebar_tag_colours_are_dots_not_coloured_text(window: MainWindow) -> None:
    window.library.tags.set_tag_colour("Optimization > Non-Convex", "#2563eb")
    window.sidebar.refresh()
    item = window.sidebar._items[TagFilter("Optimization > Non-Convex")]
    assert not item.icon(0).isNull()
    assert item.data(0, 9) is None  # Qt.ForegroundRole: the palette's own text colour


@pytest.mark.slow
def test_labels_follow_a_switch_to_dark_while_open(
    qapp: QApplication, qtbot: QtBot, seeded: Library, tmp_path: Path
) -> None:
    palette, style = QPalette(qapp.palette()), qapp.style().name()
    theme.apply(qapp, dark=False)  # as litman starts under a light system theme
    win = open_window(qtbot, seeded, tmp_path)
    win.table.selectRow(0)
    qtbot.waitUntil(lambda: bool(win.detail.note.text()))
    try:
        theme.apply(qapp, dark=True)  # the system turned dark mode on
        qapp.processEvents()
        check_labels(win, "dark after light")
    finally:
        qapp.setStyle(style)
        qapp.setPalette(palette)


def test_a_notice_is_not_wiped_by_the_counts_that_follow_it(
    window: MainWindow, qtbot: QtBot
) -> None:
    """A refresh that ends after a notice ("Restored the backup…", shown when a restore's
    redraw has started on a worker) recounted over it at once: the user never saw it."""
    window.statusBar().showMessage("Restored the backup from 2026-12-01 10:00.", 200)
    window.status_line.show_counts()  # the redraw's refill, ending a moment later
    assert window.statusBar().currentMessage().startswith("Restored the backup")
    qtbot.waitUntil(lambda: "89 papers · 89 shown" in window.statusBar().currentMessage())


def test_a_state_said_by_the_window_gives_way_to_the_counts(window: MainWindow) -> None:
    window.status_line.say("12 shown while the search index is built: typos not matched")
    window.status_line.show_counts()
    assert "89 papers · 89 shown" in window.statusBar().currentMessage()
