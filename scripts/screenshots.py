"""Render the README screenshots from a fresh seed library into docs/screenshots/.

QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/screenshots.py

Each shot starts from a new library holding only the bundled seed abstracts; everything else
in a picture is done by this script, and its caption (written to docs/screenshots/CAPTIONS.md
and used in the README) says what. The entry editor shot imports one real JabRef-written
@article from tests/data/real-entries/kopp2009.bib (source in SOURCES.md beside it).
"""

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from PySide6.QtCore import QPoint  # noqa: E402
from PySide6.QtWidgets import QApplication, QMessageBox  # noqa: E402

from litman import app, paths  # noqa: E402
from litman.core.library.facade import Library  # noqa: E402
from litman.gui import i18n  # noqa: E402
from litman.gui.dialogs import dialogs  # noqa: E402
from litman.gui.settings import ViewSettings  # noqa: E402
from litman.gui.window import theme  # noqa: E402
from litman.gui.window.main_window import MainWindow  # noqa: E402
from litman.gui.workers import run_inline  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
KOPP = ROOT / "tests" / "data" / "real-entries" / "kopp2009.bib"
SETUP = (
    "Seed library; the script marked the 9 newest papers read and the next 5 reading, "
    "tagged 4 papers `To read > This week`, coloured the tags `Optimization > Non-Convex` "
    "(red) and `To read > This week` (blue)"
)
CAPTIONS = {
    "main-window.png": f"{SETUP}, showed the Citation key column and selected the first row.",
    "search-highlights.png": f"{SETUP}, typed `neural colapse` (a typo) in the search box "
    "and selected the first hit: the abstract shows the matched words highlighted.",
    "tag-tree.png": f"{SETUP}, then selected `Optimization` in the sidebar.",
    "import-report.png": "Seed library; the script imported the seed files again: the "
    "report lists each paper merged into the one already there, and each part skipped, "
    "with its line.",
    "main-window-dark.png": f"{SETUP}, opened a window in the dark palette (as a system "
    "dark mode gives it), searched `bandit` and selected the first hit.",
    "entry-editor.png": "Seed library plus one real JabRef-written `@article` "
    "(`KoppMartinWutkeEtAl2009`, from JabRef's test data) imported from "
    "`tests/data/real-entries/kopp2009.bib`; the script selected it, opened the BibTeX "
    "fields tab and set `pages` to `3--14`: an undoable edit, exported as typed.",
    "columns-menu.png": f"{SETUP}; the script opened the table header's context menu.",
    "main-window-zh.png": f"{SETUP}, in 简体中文 (as `LANG=zh_CN.UTF-8` starts it; made "
    "under Xvfb with fonts-noto-cjk: `xvfb-run -a env LANG=zh_CN.UTF-8 QT_QPA_PLATFORM=xcb "
    ".venv/bin/python scripts/screenshots.py main-window-zh.png`), and selected the first row.",
    "find-metadata.png": "Seed library; the script selected five seed papers and chose Paper "
    "→ Find Metadata… against litman's local test server (`tests/metadata/fake_api.py`, "
    "whose records are made up: people, venues and DOIs under the example prefix 10.5555), "
    "pressed *Accept all scoring at least 0.90* and selected the first paper. Two seeds "
    "open with the same words; the record whose abstract goes on differently scores low.",
}


def settle(qapp: QApplication) -> None:
    for _ in range(5):
        qapp.processEvents()


def prepare(lib: Library) -> None:
    app.import_seeds(lib)
    ids = lib.list_ids("added", descending=True)
    lib.papers.set_status(ids[:9], "read")
    lib.papers.set_status(ids[9:14], "reading")
    lib.tags.add_tag("To read > This week", ids[20:24])
    lib.tags.set_tag_colour("Optimization > Non-Convex", "#dc2626")
    lib.tags.set_tag_colour("To read > This week", "#2563eb")


def open_window(qapp: QApplication, lib: Library, tmp: Path) -> MainWindow:
    win = MainWindow(lib, ViewSettings(tmp / "view.ini"), runner=run_inline)
    win.resize(1280, 800)
    win.show()
    settle(qapp)
    return win


def select_first(qapp: QApplication, win: MainWindow) -> None:
    win.table.clearSelection()
    win.table.selectRow(0)
    settle(qapp)


def shoot(widget, name: str) -> None:  # type: ignore[no-untyped-def]
    widget.grab().save(str(OUT / name))


def main_shots(qapp: QApplication, win: MainWindow) -> None:
    win.columns.set_shown("citekey", True)
    select_first(qapp, win)
    shoot(win, "main-window.png")
    menu = win.columns.build_menu(win.model.column_of("title") or 1)
    menu.popup(win.mapToGlobal(QPoint(300, 120)))
    settle(qapp)
    shoot(menu, "columns-menu.png")
    menu.close()
    win.search.setText("neural colapse")
    win.apply_filter()
    select_first(qapp, win)
    shoot(win, "search-highlights.png")
    win.search.setText("")
    win.sidebar.select_filter('tag:"Optimization"')
    settle(qapp)
    shoot(win.sidebar, "tag-tree.png")
    win.sidebar.select_filter("")


def report_shot(qapp: QApplication, win: MainWindow) -> None:
    box = dialogs.run_import(win, paths.seed_files()).report
    assert box is not None, "the import did not finish"
    for button in box.buttons():
        if box.buttonRole(button) == QMessageBox.ButtonRole.ActionRole:
            button.click()  # Show Details…
    settle(qapp)
    shoot(box, "import-report.png")
    box.close()


def editor_shot(qapp: QApplication, tmp: Path) -> None:
    with Library.open(tmp / "kopp.sqlite") as lib:
        app.import_seeds(lib)
        (report,) = app.import_files(lib, [KOPP])
        win = open_window(qapp, lib, tmp)
        win.resize(1280, 1000)  # tall enough for the editor's "Other fields" too
        win.splitter.setSizes([200, 620, 460])
        win.search.setText("key:KoppMartinWutkeEtAl2009")
        win.apply_filter()
        select_first(qapp, win)
        win.detail.tabs.setCurrentIndex(1)
        pages = win.detail.entry.values["pages"]
        pages.setText("3--14")
        pages.setModified(True)
        pages.editingFinished.emit()
        settle(qapp)
        assert lib.get(report.added[0]).extra["pages"] == "3--14"
        shoot(win, "entry-editor.png")
        win.close()


def dark_shot(qapp: QApplication, lib: Library, tmp: Path) -> None:
    """A new window in the dark palette, as litman opens under a system dark mode."""
    theme.apply(qapp, dark=True)
    win = open_window(qapp, lib, tmp)
    win.search.setText("bandit")
    win.apply_filter()
    select_first(qapp, win)
    shoot(win, "main-window-dark.png")
    win.close()


REVIEWED = (
    "Weak-to-strong generalization (W2SG)",
    "Reinforcement learning with verifiable rewards has driven",
    "Reinforcement learning with verifiable rewards has significantly",
    "Sign-based optimization methods",
    "Normative theories allow one to elicit",
)


def review_shot(qapp: QApplication, tmp: Path) -> None:
    """Find Metadata's review dialog, over the local test server and its made-up records."""
    import time

    from litman.gui.lookup import actions as lookup_actions
    from tests.metadata.fake_api import FakeApi

    api = FakeApi().start()
    os.environ.update({f"LITMAN_{k.upper()}": v for k, v in api.urls().items()})
    os.environ.update(LITMAN_LOOKUP_PAUSE="0", XDG_CACHE_HOME=str(tmp / "cache"))
    try:
        with Library.open(tmp / "review.sqlite") as lib:
            app.import_seeds(lib)
            win = open_window(qapp, lib, tmp)
            wanted = [p.id for p in lib.list_papers() if p.abstract.startswith(REVIEWED)]
            sel = win.table.selectionModel()
            for pid in wanted:
                index = win.model.index(win.model.row_of(pid) or 0, 0)
                sel.select(index, sel.SelectionFlag.Select | sel.SelectionFlag.Rows)
            settle(qapp)
            dialog = lookup_actions.find_metadata(win)
            assert dialog is not None
            deadline = time.monotonic() + 60
            while dialog.worker is not None and time.monotonic() < deadline:
                qapp.processEvents()
                time.sleep(0.01)
            dialog.accept_above()
            dialog.paper_list.setCurrentRow(0)
            settle(qapp)
            shoot(dialog, "find-metadata.png")
            dialog.close()
            win.close()
    finally:
        api.stop()


CHOCOLATE = ROOT / "tests" / "data" / "bib-real" / "Chocolate.bib"
CAPTIONS["merge-dialog.png"] = (
    "`tests/data/bib-real/Chocolate.bib` (15 real entries) plus a made-up preprint of "
    "Corti et al. 2009 (`arXiv preprint`, 2008, an arxiv.org link and an eprint); the script "
    "opened Edit → Duplicates…: the group found by title, first author and year ±1, each "
    "field that differs with the merge's default checked (the journal's venue, DOI and year)."
)


def merge_shot(qapp: QApplication, tmp: Path) -> None:
    from litman.core.records import NewPaper
    from litman.gui.dialogs import duplicates_actions

    with Library.open(tmp / "merge.sqlite") as lib:
        app.import_files(lib, [CHOCOLATE])
        lib.papers.add_paper(
            NewPaper(
                title="Cocoa and cardiovascular health",
                authors=("Corti, Roberto", "Flammer, Andreas J."),
                year=2008,
                venue="arXiv preprint",
                url="https://arxiv.org/abs/0812.00001",
                citekey="corti2008cocoa",
                extra={"eprint": "0812.00001", "archiveprefix": "arXiv"},
            )
        )
        win = open_window(qapp, lib, tmp)
        dialog = duplicates_actions.dialog(win)
        dialog.resize(1100, 560)
        dialog.show()
        settle(qapp)
        shoot(dialog, "merge-dialog.png")
        dialog.close()
        win.close()


def chinese_shot(qapp: QApplication, tmp: Path) -> None:
    """The main window in 简体中文, then English again for the other shots."""
    i18n.install(i18n.CHINESE)
    with Library.open(tmp / "chinese.sqlite") as lib:
        prepare(lib)
        win = open_window(qapp, lib, tmp)
        select_first(qapp, win)
        shoot(win, "main-window-zh.png")
        win.close()
    i18n.install(i18n.ENGLISH)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    qapp = QApplication.instance() or QApplication(sys.argv)
    assert isinstance(qapp, QApplication)
    theme.apply(qapp, dark=False)
    only = set(sys.argv[1:])  # e.g. `find-metadata.png`: make only the shots named
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        if only == {"find-metadata.png"}:
            review_shot(qapp, tmp)
            write_captions()
            return
        if only == {"merge-dialog.png"}:
            merge_shot(qapp, tmp)
            write_captions()
            return
        chinese_shot(qapp, tmp)
        if only == {"main-window-zh.png"}:
            write_captions()
            return
        review_shot(qapp, tmp)
        merge_shot(qapp, tmp)
        editor_shot(qapp, tmp)
        with Library.open(tmp / "seeded.sqlite") as lib:
            prepare(lib)
            win = open_window(qapp, lib, tmp)
            main_shots(qapp, win)
            report_shot(qapp, win)
            win.close()
            dark_shot(qapp, lib, tmp)
    write_captions()


def write_captions() -> None:
    captions = "".join(f"- `{name}`: {text}\n" for name, text in CAPTIONS.items())
    (OUT / "CAPTIONS.md").write_text("# What each screenshot shows\n\n" + captions)
    print(f"wrote screenshots and CAPTIONS.md ({len(CAPTIONS)} captions) to {OUT}")


if __name__ == "__main__":
    main()
