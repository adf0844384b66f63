"""The window in 简体中文 and 繁體中文: every menu, pane, context menu and dialog the window opens shows
no English but data (titles, names, keys, BibTeX field names, format names, query syntax).

The window is built with each Chinese translation installed (as `LANG=zh_CN.UTF-8` or
`zh_TW.UTF-8`, or View → Language, start it: tests/gui/test_language.py), each action of its menus
is triggered with a paper selected, and every text a person sees or hears is read: labels,
buttons, placeholders, tooltips, accessible names, menu items, column headers, the status
line, and each dialog's title and text (Qt's dialogs are caught as they would open).
"""

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QColor, QDesktopServices
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QColorDialog,
    QComboBox,
    QDialog,
    QFileDialog,
    QGroupBox,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMenu,
    QMessageBox,
    QPlainTextEdit,
    QTableWidget,
    QTabWidget,
    QTextEdit,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)
from pytestqt.qtbot import QtBot

from litman.core.errors import LitmanError
from litman.core.library import key_patterns
from litman.core.library.facade import Library
from litman.formats import references
from litman.gui import i18n, workers
from litman.gui.sidebar import tree as tree_module
from litman.gui.window import paper_files
from litman.gui.window.main_window import MainWindow
from tests.metadata.fake_api import FakeApi

pytestmark = pytest.mark.gui

# Words that are names, not English: the program, formats, services, identifiers, keys, the
# search syntax (typed as it is in any language), and the examples of a connection string.
NAMES = {
    "litman", "BibTeX", "BibLaTeX", "RIS", "CSL", "JSON", "DOI", "URL", "arXiv", "ISBN",
    "Crossref", "OpenAlex", "Zotero", "pgpass", "pg_dump", "postgresql", "labdb", "refs",
    "alice", "host", "dbname", "user", "service", "lab", "Ctrl", "Shift", "Enter", "cite", "xyz",
    "doi", "https", "org", "txt", "bib", "ris", "json", "sqlite", "title", "author", "tag",
    "year", "status", "unread", "Qt", "F5", "PDF", "pdf", "EndNote", "NoteExpress", "enw",
    "net", "csl", "JabRef",
}  # fmt: skip
WORD = re.compile(r"[A-Za-z][A-Za-z_]+")
MARKUP = re.compile(r"<[^>]*>")  # rich text's tags, not words shown
PATH = re.compile(
    r"(?<![A-Za-z])(?:[A-Za-z]:)?[/\\][^\s，。：（）()]+"
)  # a file's or folder's path is data


def english_words(text: str, data: list[str]) -> list[str]:
    """The English words in `text` once the library's own text and the names are taken out."""
    for value in data:
        text = text.replace(value, " ")
    text = PATH.sub(" ", MARKUP.sub(" ", text))
    return [w for w in WORD.findall(text) if w not in NAMES]


def test_the_detector_finds_english_and_passes_data() -> None:
    assert english_words("Import failed: 凯撒2013", []) == ["Import", "failed"]
    assert english_words("已复制 Deep Learning 的引用键 (BibTeX)", ["Deep Learning"]) == []


class Seen:
    """Every text shown, with where it was seen."""

    def __init__(self) -> None:
        self.texts: list[tuple[str, str]] = []

    def add(self, where: str, *texts: object) -> None:
        self.texts += [(where, str(t)) for t in texts if t]

    def widget(self, where: str, root: QWidget) -> None:
        for w in [root, *root.findChildren(QWidget)]:
            if not w.isVisibleTo(root) and w is not root:
                continue
            self.add(where, w.toolTip(), w.accessibleName(), w.whatsThis())
            if w.isWindow():
                self.add(where, w.windowTitle())
            self._parts(where, w)

    def _parts(self, where: str, w: QWidget) -> None:
        if isinstance(w, QLabel | QAbstractButton):
            self.add(where, w.text())
        if isinstance(w, QLineEdit):
            self.add(where, w.placeholderText())
        if isinstance(w, QPlainTextEdit | QTextEdit):
            self.add(where, w.placeholderText())
        if isinstance(w, QComboBox):
            self.add(where, w.placeholderText(), *(w.itemText(i) for i in range(w.count())))
        if isinstance(w, QTabWidget):
            self.add(where, *(w.tabText(i) for i in range(w.count())))
        if isinstance(w, QGroupBox):
            self.add(where, w.title())
        if isinstance(w, QTableWidget):
            headers = (w.horizontalHeaderItem(i) for i in range(w.columnCount()))
            self.add(where, *(h.text() for h in headers if h is not None))
        if isinstance(w, QMessageBox):
            self.add(where, w.text(), w.informativeText())
        if isinstance(w, QMenu):
            self.menu(where, w)

    def menu(self, where: str, menu: QMenu) -> None:
        self.add(where, menu.title())
        for action in menu.actions():
            self.add(f"{where} › {action.text()}", action.text(), action.toolTip())
            sub = action.menu()
            if sub is not None:
                assert isinstance(sub, QMenu)
                self.menu(f"{where} › {action.text()}", sub)


@pytest.fixture(params=[i18n.CHINESE, i18n.TRADITIONAL])
def chinese(qapp: QApplication, request: pytest.FixtureRequest) -> Iterator[None]:
    """简体中文, then 繁體中文."""
    language = request.param
    assert i18n.install(language), f"litman_{language}.qm or qtbase_{language}.qm did not load"
    yield
    i18n.install(i18n.ENGLISH)


@pytest.fixture
def caught(monkeypatch: pytest.MonkeyPatch) -> Seen:
    """Qt's dialogs, read instead of shown: each answers as a person closing it would."""
    seen = Seen()
    # No program opens the log folder here: its path is shown in a box instead, read too.
    monkeypatch.setattr(QDesktopServices, "openUrl", staticmethod(lambda _url: False))

    def exec_(self: QDialog) -> int:
        seen.widget(f"dialog {type(self).__name__}", self)
        return 0

    def box(kind: str, answer: QMessageBox.StandardButton) -> "staticmethod[..., object]":
        def ask(parent: object, title: str, text: str, *_args: object) -> object:
            seen.add(f"QMessageBox.{kind}", title, text)
            return answer

        return staticmethod(ask)

    def get_text(
        parent: object, title: str, label: str, *_a: object, **_k: object
    ) -> tuple[str, bool]:
        seen.add("QInputDialog", title, label)
        return "", False

    def get_colour(initial: QColor, parent: object, title: str, *_a: object) -> QColor:
        seen.add("QColorDialog", title)
        return QColor()

    class ReadMenu(QMenu):  # QMenu.exec itself will not be patched: the sidebar's is
        def exec(self, *_args: object) -> None:  # type: ignore[override]
            seen.menu("context menu", self)

    for cls in (QDialog, QMessageBox, QFileDialog):
        monkeypatch.setattr(cls, "exec", exec_)
    monkeypatch.setattr(tree_module, "QMenu", ReadMenu)
    monkeypatch.setattr(QMessageBox, "open", lambda self: exec_(self))
    no, ok = QMessageBox.StandardButton.No, QMessageBox.StandardButton.Ok
    for kind, answer in (("question", no), ("information", ok), ("warning", ok)):
        monkeypatch.setattr(QMessageBox, kind, box(kind, answer))
    monkeypatch.setattr(QMessageBox, "critical", box("critical", ok))
    monkeypatch.setattr(QInputDialog, "getText", staticmethod(get_text))
    monkeypatch.setattr(QInputDialog, "getItem", staticmethod(get_text))
    monkeypatch.setattr(QColorDialog, "getColor", staticmethod(get_colour))

    def get_files(parent: object, title: str, *_a: object, **_k: object) -> tuple[list[str], str]:
        seen.add("QFileDialog", title)
        return [], ""

    def get_folder(parent: object, title: str, *_a: object, **_k: object) -> str:
        seen.add("QFileDialog", title)
        return ""

    def viewer(target: str) -> None:  # no program is started: what would be opened, said
        raise LitmanError(f"(opened {target})")

    monkeypatch.setattr(QFileDialog, "getOpenFileNames", staticmethod(get_files))
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(get_files))
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", staticmethod(get_folder))
    monkeypatch.setattr(paper_files, "open_in_viewer", viewer)
    return seen


@pytest.fixture
def win(chinese: None, qtbot: QtBot, seeded_path: Path, tmp_path: Path) -> Iterator[MainWindow]:
    from litman.gui.settings import ViewSettings
    from litman.gui.window.main_window import MainWindow
    from litman.gui.workers import run_inline

    lib = Library.open(seeded_path)
    window = MainWindow(lib, ViewSettings(tmp_path / "view.ini"), runner=run_inline)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    yield window  # pytest-qt closes it (before this fixture's teardown)
    lib.close()


def library_text(lib: Library) -> list[str]:
    """What the library holds, longest first (a title before a word of it)."""
    values: set[str] = {part for t in lib.tags() for part in t.name.split(" > ")}
    values |= {t.name for t in lib.tags()} | {lib.site.name}
    values |= {language.name for language in i18n.LANGUAGES[1:]}  # each in its own words
    values |= set(references.style_names())  # a style's name: APA 7, Chicago author-date
    values |= set(key_patterns.EXAMPLES)  # a key pattern's syntax: [auth:lower][year]
    for p in lib.list_papers():
        values |= {p.title, p.venue, p.citekey, p.entry_type, p.doi, p.url, p.source, *p.tags}
        values |= set(p.authors) | set(p.extra) | set(p.extra.values())
        values |= {a.split(",")[0] for a in p.authors} | {p.abstract, p.abstract[:400]}
    return sorted((v for v in values if v), key=len, reverse=True)


def select_first(win: MainWindow) -> None:
    win.table.selectRow(0)
    win.table.setFocus()


def every_action(win: MainWindow) -> list[QAction]:
    """The menus' actions, but Close (the window) and the language (tested on its own)."""
    found: list[QAction] = []

    def walk(menu: QMenu) -> None:
        for action in menu.actions():
            sub = action.menu()
            if isinstance(sub, QMenu):
                walk(sub)
            elif not action.isSeparator() and action is not win.acts.close:
                found.append(action)

    for top in win.menuBar().actions():
        menu = top.menu()
        if isinstance(menu, QMenu) and menu.objectName() != "language-menu":
            walk(menu)
    # Copy Reference and Copy Citation are read, not triggered: run here with the other copies,
    # they leave the process to crash on exit (a clipboard QMimeData; reported, not this test's).
    unsafe = {win.acts.copy_reference, win.acts.copy_citation}
    return [a for a in found if a.data() is None and a not in unsafe]  # a language has a code


@pytest.mark.usefixtures("fake_api")  # Find Metadata and Refresh look up on 127.0.0.1
def test_window_menus_and_dialogs_show_no_english(
    win: MainWindow, caught: Seen, qtbot: QtBot
) -> None:
    seen = caught
    select_first(win)
    seen.widget("window", win)
    for top in win.menuBar().actions():
        menu = top.menu()
        assert isinstance(menu, QMenu)
        seen.menu("menu", menu)
    seen.menu("column menu", win.columns.build_menu(1))
    model = win.model
    seen.add(
        "column headers",
        *(model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())),
        *(
            model.headerData(c, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
            for c in range(model.columnCount())
        ),
    )
    tree = win.sidebar
    seen.add("sidebar", *(top_item(tree, i).text(0) for i in range(tree.topLevelItemCount())))
    seen.add("sidebar", *(child_item(top_item(tree, 0), i).text(0) for i in range(5)))
    seen.add("status line", win.statusBar().currentMessage())
    for action in every_action(win):
        select_first(win)
        action.trigger()
        QApplication.sendPostedEvents()  # a queued signal's dialog opens when it is delivered
        seen.add(f"after {action.text()}", win.statusBar().currentMessage())
        for dialog in QObject.findChildren(win, QDialog):
            if dialog.isVisible():
                seen.widget(f"dialog after {action.text()}", dialog)
                dialog.reject()
    workers.wait_for_all()  # the lookups the review dialogs started
    no_english(seen, win.library)
    assert len(seen.texts) > 300  # it looked


def top_item(tree: QTreeWidget, i: int) -> QTreeWidgetItem:
    item = tree.topLevelItem(i)
    assert item is not None
    return item


def child_item(parent: QTreeWidgetItem, i: int) -> QTreeWidgetItem:
    item = parent.child(i)
    assert item is not None
    return item


def no_english(seen: Seen, lib: Library, *data: str) -> None:
    known = library_text(lib) + list(data)
    english = {
        (where, text): words for where, text in seen.texts if (words := english_words(text, known))
    }
    assert not english, "\n".join(f"{w}: {t!r} {e}" for (w, t), e in english.items())


def test_the_tag_menu_and_its_dialogs_show_no_english(win: MainWindow, caught: Seen) -> None:
    tree = win.sidebar
    item = child_item(top_item(tree, 1), 0)
    tag = item.data(0, Qt.ItemDataRole.UserRole + 1)
    tree._menu(tree.visualItemRect(item).center())
    for signal in (tree.renameRequested, tree.mergeRequested, tree.colourRequested):
        signal.emit(tag)
    tree.deleteRequested.emit(tag)
    places = {where.split(" ›")[0] for where, _text in caught.texts}
    assert places >= {"context menu", "QInputDialog", "QColorDialog", "QMessageBox.question"}
    no_english(caught, win.library)


def test_the_lookup_review_shows_no_english(
    win: MainWindow, caught: Seen, fake_api: FakeApi, qtbot: QtBot
) -> None:
    from litman.gui.lookup import actions as lookup_actions

    select_first(win)
    dialog = lookup_actions.find_metadata(win)
    assert dialog is not None
    qtbot.waitUntil(lambda: not dialog.cancel_button.isEnabled(), timeout=30_000)
    caught.widget("review", dialog)
    lookup_actions.AddDialog(win).add()  # nothing typed: the hint, in Chinese
    caught.widget("add by identifier", lookup_actions.AddDialog(win))
    dialog.close()
    no_english(caught, win.library)


def test_the_error_merge_and_shared_library_boxes_show_no_english(
    win: MainWindow, caught: Seen
) -> None:
    from litman.core.errors import ConflictError
    from litman.core.records import FieldConflict
    from litman.gui.dialogs import shared_launch
    from litman.gui.dialogs.shared_dialog import OpenSharedDialog
    from litman.gui.window.error_report import ErrorDialog
    from litman.gui.writes.merge_dialog import MergeDialog

    error = ErrorDialog("ValueError: boom", "details")
    error.add("KeyError: x", "details")
    caught.widget("error", error)
    conflict = FieldConflict("title", "Theirs", "Mine")
    stale = ConflictError(
        "stale", paper_id=1, citekey="k1", seen=0, version=2, conflicts=[conflict]
    )
    caught.widget("merge", MergeDialog(None, stale))
    shared = OpenSharedDialog(None, [])
    shared._asking(True)
    caught.widget("open shared", shared)
    caught.widget("waiting", shared_launch.WaitBox(lambda: win.library, "server gone"))
    shared_launch.ask_password_box("labdb/refs", "why")
    shared_launch.tell_box("why")
    no_english(
        caught,
        win.library,
        "ValueError",
        "KeyError",
        "boom",
        "k1",
        "server gone",
        "why",
        "Theirs",
        "Mine",
    )


def test_an_import_report_and_a_library_error_are_in_chinese(
    win: MainWindow, caught: Seen, tmp_path: Path
) -> None:
    """What the library itself says (the report's lines, an error's reason) follows the
    window's language, not only the window's own words."""
    from litman.core.errors import NotFoundError
    from litman.gui.dialogs import dialogs

    bib = tmp_path / "two.bib"
    bib.write_text("@article{dup, title = {One}}\n@article{dup, title = {Two}}\n", "utf-8")
    run = dialogs.run_import(win, [bib])
    QApplication.sendPostedEvents()
    box = run.report
    assert box is not None
    details = box.detailedText()
    assert "two.bib" in details and "已被使用" in details, details
    caught.add("import report", box.text(), details)
    with pytest.raises(NotFoundError) as raised:
        win.library.get(10**9)
    caught.add("error", str(raised.value))
    no_english(caught, win.library, "two.bib", "dup", "dupa")


def test_the_duplicates_dialog_shows_no_english(win: MainWindow, caught: Seen) -> None:
    """The merge grid names each field as the window does elsewhere (标题, 作者, 文献类型), and
    a value one paper lacks as 无, not `entry_type` and `(none)`."""
    from litman.core.records import NewPaper
    from litman.gui.dialogs import duplicates_actions

    win.library.papers.add_papers(
        [
            NewPaper(title="Walrus embeddings", doi="10.1/w", citekey="walrus", venue="arXiv"),
            NewPaper(
                title="Walrus Embeddings",
                authors=("Tusk, Wally",),
                year=2021,
                doi="10.1/W",
                citekey="walrus-journal",
                venue="Journal of Walruses",
                entry_type="article",
            ),
        ]
    )
    dialog = duplicates_actions.dialog(win)
    assert {"title", "authors", "year", "entry_type", "venue"} <= set(dialog.choices)
    caught.widget("duplicates", dialog)
    dialog.close()
    no_english(caught, win.library)
