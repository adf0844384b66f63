"""The table's columns as a Zotero or JabRef user expects them: chosen from the header's
menu and kept, empty ones giving way to the title, tag colours on rows, relevance order
restorable, authors by family name."""

from pathlib import Path

import pytest
from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QAction, QIcon
from pytestqt.qtbot import QtBot

from litman.core.library.facade import Library
from litman.core.records import NewPaper
from litman.gui.settings import ViewSettings
from litman.gui.table.models.columns import authors_label, family_name
from litman.gui.window import screens
from litman.gui.window.main_window import MainWindow
from litman.gui.workers import run_inline
from tests.gui.cells import column_of, row_of

pytestmark = pytest.mark.gui


def reopen(qtbot: QtBot, win: MainWindow, tmp_path: Path) -> MainWindow:
    """Close the window and open a new one on the same library and settings."""
    win.close()
    again = MainWindow(win.library, ViewSettings(tmp_path / "view.ini"), runner=run_inline)
    qtbot.addWidget(again)
    again.show()
    return again


def menu_action(win: MainWindow, label: str, section: int = -1) -> QAction:
    menu = win.columns.build_menu(section)
    actions = menu.actions() + [a for m in menu.findChildren(type(menu)) for a in m.actions()]
    return next(a for a in actions if a.text().split(" (")[0] == label)


def test_a_column_shown_from_the_header_menu_stays_shown(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    assert not window.columns.is_shown("citekey")
    menu_action(window, "Citation key").trigger()
    assert window.columns.is_shown("citekey")
    section = column_of(window.model, "citekey")
    first = window.library.get(window.model.paper_id(0)).citekey
    assert window.model.index(0, section).data() == first
    again = reopen(qtbot, window, tmp_path)
    assert again.columns.is_shown("citekey")


def test_every_listed_column_can_be_shown(window: MainWindow) -> None:
    for label in ("Entry type", "Rating", "Status", "DOI", "Date read", "Tags"):
        action = menu_action(window, label)
        if not action.isChecked():
            action.trigger()
    keys = window.columns.order()
    assert {"entry_type", "rating", "status_text", "doi", "read_at", "tags"} <= set(keys)
    assert not menu_action(window, "Title").isEnabled()  # the title always shows


def test_a_stored_field_becomes_a_column_and_is_kept(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    pid = window.library.papers.add_paper(NewPaper(title="Vol", extra={"volume": "42"}))
    menu_action(window, "volume").trigger()
    window.apply_filter()
    section = column_of(window.model, "field:volume")
    assert window.model.index(row_of(window.model, pid), section).data() == "42"
    again = reopen(qtbot, window, tmp_path)
    assert again.columns.is_shown("field:volume")


def test_columns_move_left_and_right_from_the_menu(window: MainWindow) -> None:
    before = window.columns.order()
    year = column_of(window.model, "year")
    window.columns.set_shown("year", True)
    before = window.columns.order()
    menu_action(window, "Move Column Left", year).trigger()
    after = window.columns.order()
    i = before.index("year")
    assert after[i - 1] == "year" and after[i] == before[i - 1]


def test_columns_empty_in_the_whole_library_give_their_width_to_the_title(
    window: MainWindow,
) -> None:
    # The seed abstracts have no authors, year or venue.
    window.resize(1400, 700)
    window.splitter.setSizes([200, 900, 300])
    title_before = window.table.columnWidth(column_of(window.model, "title"))
    assert not any(window.columns.is_shown(k) for k in ("authors", "year", "venue"))
    window.library.papers.add_paper(NewPaper(title="T", authors=("Kopp, Oliver",), year=2009))
    assert window.columns.is_shown("authors") and window.columns.is_shown("year")
    assert not window.columns.is_shown("venue")
    assert window.table.columnWidth(column_of(window.model, "title")) < title_before


def test_a_tag_colour_shows_as_a_dot_on_its_rows(window: MainWindow) -> None:
    tag = window.library.tags()[0].name
    window.library.tags.set_tag_colour(tag, "#dc2626")
    pid = window.library.tags.paper_ids_with_tag(tag)[0]
    row = row_of(window.model, pid)
    icon = window.model.index(row, column_of(window.model, "title")).data(
        Qt.ItemDataRole.DecorationRole
    )
    assert isinstance(icon, QIcon) and not icon.isNull()
    image = icon.pixmap(40, 12).toImage()
    assert image.pixelColor(5, 6).red() > 150  # the dot is painted in the tag's colour


def test_a_third_header_click_restores_relevance(window: MainWindow, qtbot: QtBot) -> None:
    qtbot.keyClicks(window.search, "gradient")
    qtbot.waitUntil(lambda: 1 < window.model.rowCount() < 89)
    ranked = window.model.ids()
    header = window.table.horizontalHeader()
    added = column_of(window.model, "added")
    header.setSortIndicator(added, Qt.SortOrder.AscendingOrder)
    assert window.sort_key == "added" and window.model.ids() != ranked
    header.setSortIndicator(-1, Qt.SortOrder.AscendingOrder)  # what the third click does
    assert window.sort_key is None and window.model.ids() == ranked


@pytest.mark.slow
def test_sort_by_relevance_in_the_menu(window: MainWindow, qtbot: QtBot) -> None:
    window.table.horizontalHeader().setSortIndicator(
        column_of(window.model, "title"), Qt.SortOrder.AscendingOrder
    )
    assert window.sort_key == "title"
    menu_action(window, "Sort by Relevance").trigger()
    assert window.sort_key is None


@pytest.mark.slow
def test_a_search_typed_after_a_header_sort_is_ranked(window: MainWindow, qtbot: QtBot) -> None:
    window.table.horizontalHeader().setSortIndicator(
        column_of(window.model, "title"), Qt.SortOrder.AscendingOrder
    )
    qtbot.keyClicks(window.search, "neural colapse")
    qtbot.waitUntil(lambda: window.model.rowCount() == 2)
    assert window.sort_key is None
    assert window.table.horizontalHeader().sortIndicatorSection() == -1


def test_authors_read_by_family_name_in_every_row(window: MainWindow) -> None:
    a = window.library.papers.add_paper(
        NewPaper(title="A", authors=("Oliver Kopp", "Daniel Martin", "Frank Leymann"))
    )
    b = window.library.papers.add_paper(
        NewPaper(title="B", authors=("Kopp, Oliver", "Leymann, F."))
    )
    window.apply_filter()
    col = column_of(window.model, "authors")
    assert window.model.index(row_of(window.model, a), col).data() == "Kopp et al."
    assert window.model.index(row_of(window.model, b), col).data() == "Kopp & Leymann"


def test_sorting_by_authors_follows_the_family_names_the_column_shows(
    window: MainWindow, qtbot: QtBot
) -> None:
    """A name written `First Last` sorted by its given name while the column showed the
    family name: `John Smith` came before `Mary Brown`."""
    lib = window.library
    ids = [
        lib.papers.add_paper(NewPaper(title=a, authors=(a,))) for a in ("John Smith", "Mary Brown")
    ]
    window.apply_filter()
    window.table.horizontalHeader().setSortIndicator(
        column_of(window.model, "authors"), Qt.SortOrder.AscendingOrder
    )
    qtbot.waitUntil(lambda: window.sort_key == "authors")
    col = column_of(window.model, "authors")
    shown = [window.model.index(r, col).data() for r in range(window.model.rowCount())]
    assert [name for name in shown if name in ("Smith", "Brown")] == ["Brown", "Smith"]
    assert row_of(window.model, ids[1]) < row_of(window.model, ids[0])


@pytest.mark.parametrize(
    ("name", "family"),
    [
        ("Oliver Kopp", "Kopp"),
        ("John Smith Jr.", "Smith"),
        ("Jean de la Fontaine", "de la Fontaine"),
        ("王小明", "王小明"),
        ("Kopp, Oliver", "Kopp"),
        ("Ludwig van Beethoven", "van Beethoven"),
        ("Martin Luther King Jr.", "King"),
        ("de la Fontaine, Jean", "de la Fontaine"),
        ("Plato", "Plato"),
    ],
)
def test_family_names(name: str, family: str) -> None:
    assert family_name(name) == family
    assert authors_label((name, "X Y", "Z W")) == f"{family} et al."


def test_the_first_window_fits_a_laptop_screen() -> None:
    laptop = QSize(1366, 740)  # 1366×768 less a panel
    size = screens.first_size(laptop)
    assert size.width() <= 1366 and size.height() <= 740 * 0.9
    assert screens.first_size(QSize(2560, 1440)) == screens.PREFERRED


@pytest.mark.slow
def test_an_empty_column_is_looked_for_only_in_the_papers_a_change_touched(
    window: MainWindow,
) -> None:
    lib = window.library
    other = lib.papers.add_paper(NewPaper(title="No venue"))
    assert lib.filled_columns(["venue"], [other]) == set()
    with_venue = lib.papers.add_paper(NewPaper(title="V", venue="NeurIPS"))
    assert lib.filled_columns(["venue"], [with_venue]) == {"venue"}
    assert lib.filled_columns(["venue"], [other]) == set()  # the other paper has none
    assert window.columns.is_shown("venue")  # the add showed it
    lib.papers.delete_papers([with_venue])
    assert not window.columns.is_shown("venue")  # and the delete hid it again


def test_a_corporate_author_is_shown_whole_not_as_a_family_name(tmp_path: Path) -> None:
    """`{World Health Organization}` showed as "Organization" in the Authors column."""
    from litman.formats import registry
    from litman.gui.table.models.columns import BUILT_IN

    path = tmp_path / "who.bib"
    path.write_text(
        "@techreport{who,\n  author = {{World Health Organization} and Smith, J.},\n}\n"
    )
    with Library.open(tmp_path / "lib.sqlite") as lib:  # the column shows stored papers
        (pid,) = lib.papers.add_papers(registry.read(path).papers).added
        paper = lib.get(pid)
    column = next(c for c in BUILT_IN if c.key == "authors")
    assert column.text(paper) == "World Health Organization & Smith"


@pytest.mark.slow
def test_at_1366_pixels_the_title_keeps_its_room_and_an_empty_tags_column_gives_way(
    qtbot: QtBot, library: Library, tmp_path: Path
) -> None:
    """A .bib library at 1366 px wide: the title was squeezed to ~150 px by Authors, Year,
    Venue and a Tags column no paper filled."""
    library.papers.add_papers(
        [
            NewPaper(title=f"Paper {i}", authors=("Kopp, Oliver",), year=2020, venue="VLDB")
            for i in range(30)
        ]
    )
    win = MainWindow(library, ViewSettings(tmp_path / "view.ini"), runner=run_inline)
    qtbot.addWidget(win)
    win.resize(1366, 768)
    win.show()
    qtbot.waitExposed(win)
    assert not win.columns.is_shown("tags")
    assert all(win.columns.is_shown(k) for k in ("authors", "year", "venue"))
    title = column_of(win.model, "title")
    room = win.table.viewport().width()
    qtbot.waitUntil(lambda: win.table.columnWidth(title) >= 0.4 * room)
    library.tags.add_tag("read-later", [library.list_ids()[0]])  # a tag: the column comes back
    qtbot.waitUntil(lambda: win.columns.is_shown("tags"))
    win.resize(1100, 700)  # narrower still: the others shrink, the title keeps its share
    qtbot.waitUntil(lambda: win.table.columnWidth(title) >= 0.4 * win.table.viewport().width())
    win.resize(1900, 1000)  # wide again: the others get their own widths back
    tags = column_of(win.model, "tags")
    qtbot.waitUntil(lambda: win.table.columnWidth(tags) == 120)
