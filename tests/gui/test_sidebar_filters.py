"""The sidebar's items stand for typed filters, not query text: a tag whose name holds a
quote, a backslash, a colon or spaces counts and lists its papers like any other."""

from pathlib import Path

import pytest
from PySide6.QtWidgets import QTreeWidgetItem, QTreeWidgetItemIterator
from pytestqt.qtbot import QtBot

from litman.core.records import NewPaper, Status
from litman.core.search.filters import ALL, TRASH, StatusFilter, TagFilter
from litman.gui.sidebar.tree import filter_of, setting_of
from litman.gui.window.main_window import MainWindow

pytestmark = pytest.mark.gui

ODD_TAGS = ('say "hi"', r"C:\papers to read", 'a "b" > c:\\d "e')


def item_labelled(win: MainWindow, label: str) -> QTreeWidgetItem:
    it = QTreeWidgetItemIterator(win.sidebar)
    while item := it.value():
        if item.text(0) == label:
            return item
        it += 1
    raise AssertionError(f"no sidebar item {label!r}")


@pytest.mark.parametrize("tag", ODD_TAGS)
def test_a_tag_with_quotes_or_backslashes_lists_its_papers(
    window: MainWindow, qtbot: QtBot, tag: str
) -> None:
    lib = window.library
    pid = lib.papers.add_paper(NewPaper(title="An odd tag's paper"))
    lib.tags.add_tag(tag, [pid])
    decoy = lib.papers.add_paper(NewPaper(title="A paper tagged with words of the odd tag"))
    for word in ("say", "hi", "a", "b", "c", "d", "e", "papers"):
        lib.tags.add_tag(word, [decoy])
    window.sidebar.refresh()
    item = item_labelled(window, tag.rpartition(" > ")[2])
    assert item.text(1) == "1"
    window.sidebar.setCurrentItem(item)
    qtbot.waitUntil(lambda: window.model.ids() == [pid])


def test_an_odd_tag_shown_is_shown_again_in_a_new_window(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    from litman.gui.settings import ViewSettings
    from litman.gui.window.main_window import MainWindow

    tag = ODD_TAGS[2]
    pid = window.library.papers.add_paper(NewPaper(title="An odd tag's paper"))
    window.library.tags.add_tag(tag, [pid])
    window.sidebar.refresh()
    window.sidebar.select_filter(TagFilter(tag))
    qtbot.waitUntil(lambda: window.model.ids() == [pid])
    window.close()
    again = MainWindow(window.library, ViewSettings(tmp_path / "view.ini"))
    qtbot.addWidget(again)
    assert again.sidebar.current_filter() == TagFilter(tag)


def test_settings_kept_as_query_text_by_earlier_versions_are_read() -> None:
    assert filter_of('tag:"A > B"') == TagFilter("A > B")
    assert filter_of("status:read") == StatusFilter(Status.READ)
    assert filter_of("in:trash") == TRASH
    assert filter_of("") == filter_of("all") == filter_of("status:nonsense") == ALL
    for kept in (ALL, TRASH, StatusFilter(Status.READING), TagFilter(ODD_TAGS[2])):
        assert filter_of(setting_of(kept)) == kept


def test_a_paper_untagged_leaves_the_tags_rows(window: MainWindow, qtbot: QtBot) -> None:
    window.sidebar.select_filter(TagFilter("Optimization"))
    qtbot.waitUntil(lambda: window.model.rowCount() == 7)
    pid = window.model.paper_id(0)
    window.library.tags.remove_tag(window.library.get(pid).tags[0], [pid])
    qtbot.waitUntil(lambda: pid not in window.model.ids())
    assert window.sidebar.count_of(TagFilter("Optimization")) == 6


def test_no_papers_in_a_filter_says_which(window: MainWindow, qtbot: QtBot) -> None:
    window.sidebar.select_filter(StatusFilter(Status.READING))
    qtbot.waitUntil(lambda: window.empty.text() == "No papers in Reading.")
    window.search.setText("bandit")
    qtbot.waitUntil(lambda: window.empty.text() == "No papers match “bandit” in Reading.")
    window.sidebar.select_filter(TagFilter("Optimization"))
    window.search.setText("zzzz")
    qtbot.waitUntil(lambda: window.empty.text().endswith("in the tag “Optimization”."))
    assert window.empty.isVisible()


@pytest.mark.parametrize("tag", ODD_TAGS)
def test_an_odd_tag_lists_its_papers_while_the_index_is_built(
    window: MainWindow, qtbot: QtBot, tag: str
) -> None:
    lib = window.library
    pid = lib.papers.add_paper(NewPaper(title="An odd tag's paper"))
    lib.tags.add_tag(tag, [pid])
    window.sidebar.refresh()
    window.background.running = True  # answered from SQL, as while the index builds
    window.sidebar.select_filter(TagFilter(tag))
    qtbot.waitUntil(lambda: window.model.ids() == [pid])
    assert window.results.waiting
