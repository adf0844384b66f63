"""Auto-export in the window: tagging a paper rewrites the file bound to that tag a moment
later, on the write worker (the tests wait on the exporter's `done`); a file that cannot be
written is said once on the status bar; File → Auto-Export… lists the bindings and adds one."""

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QInputDialog
from pytestqt.qtbot import QtBot

from litman.app import AutoExported
from litman.core.library.facade import Library
from litman.formats import bibtex
from litman.gui.dialogs import file_dialogs
from litman.gui.window.autoexport import AutoExportDialog
from litman.gui.window.main_window import MainWindow
from tests.gui.test_main_window import select_rows

pytestmark = pytest.mark.gui


def keys_in(path: Path) -> set[str]:
    return {p.citekey for p in bibtex.read(path).papers} if path.exists() else set()


def test_tagging_a_paper_rewrites_the_bound_file(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    refs = tmp_path / "refs.bib"
    window.library.autoexports.add(refs, "tag:thesis", "bibtex")
    select_rows(window, [0])
    key = window.library.get_many(window.selected_ids())[0].citekey
    window.library.tags.add_tag("thesis", window.selected_ids())
    qtbot.waitUntil(lambda: keys_in(refs) == {key}, timeout=5000)


def ran(qtbot: QtBot, window: MainWindow) -> list[AutoExported]:
    """Run the window's auto-exports and wait until they are done; their outcomes."""
    with qtbot.waitSignal(window.autoexporter.done, timeout=30_000) as done:
        window.autoexporter.run()
    outcomes: list[AutoExported] = done.args[0]
    return outcomes


def test_a_failure_is_said_once(qtbot: QtBot, window: MainWindow, tmp_path: Path) -> None:
    window.library.autoexports.add(tmp_path / "gone" / "refs.bib", "", "bibtex")
    said: list[str] = []
    window.statusBar().messageChanged.connect(lambda m: said.append(m) if "failed" in m else None)
    ran(qtbot, window)
    ran(qtbot, window)
    assert len(said) == 1 and "refs.bib failed" in said[0]
    assert window.library.autoexports.list()[0].error


def test_the_dialog_adds_a_binding(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "all.ris"
    monkeypatch.setattr(file_dialogs, "save_file", lambda *a, **k: target)
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("", True))
    dialog = AutoExportDialog(window, window.autoexporter)
    qtbot.addWidget(dialog)
    dialog.add()
    assert [b.fmt for b in window.library.autoexports.list()] == ["ris"]
    assert dialog.list.count() == 1 and target.read_text().count("TY  - ") == window.library.count()


@pytest.mark.slow
def test_the_bound_file_compiles_with_bibtex(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """The issue's check: bind tag:thesis to refs.bib, tag papers, and a LaTeX document
    citing them compiles (pdflatex + BibTeX, no error) and holds each of them."""
    from tests.conftest import require_tool
    from tests.formats import tex_run

    for tool in ("pdflatex", "bibtex"):
        require_tool(tool)
    refs = tmp_path / "refs.bib"
    window.library.autoexports.add(refs, "tag:thesis", "bibtex")
    select_rows(window, [0, 1, 2])
    keys = {p.citekey for p in window.library.get_many(window.selected_ids())}
    window.library.tags.add_tag("thesis", window.selected_ids())
    qtbot.waitUntil(lambda: keys_in(refs) == keys, timeout=5000)
    errors, _ = tex_run.bibtex_plain(refs, tmp_path / "tex")
    assert errors == []
    bbl = (tmp_path / "tex" / "doc.bbl").read_text()
    assert all(f"\\bibitem{{{k}}}" in bbl for k in keys)


@pytest.mark.slow
def test_latexmk_builds_a_document_on_the_bound_file(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """As a LaTeX writer works: a document citing papers from refs.bib, bound to tag:thesis,
    built by latexmk (which runs pdflatex and BibTeX as often as needed); tagging one more
    paper and citing it, the next latexmk run sees the changed refs.bib and the new
    reference is in the document."""
    import subprocess

    from tests.conftest import require_tool

    require_tool("latexmk")
    refs = tmp_path / "refs.bib"
    window.library.autoexports.add(refs, "tag:thesis", "bibtex")
    papers = window.library.get_many(window.model.ids()[:3])
    first, last = [p.citekey for p in papers[:2]], papers[2].citekey
    window.library.tags.add_tag("thesis", [p.id for p in papers[:2]])
    qtbot.waitUntil(lambda: keys_in(refs) == set(first), timeout=5000)

    def build(keys: list[str]) -> str:
        (tmp_path / "doc.tex").write_text(
            "\\documentclass{article}\n\\begin{document}\n"
            f"See \\cite{{{','.join(keys)}}}.\n"
            "\\bibliographystyle{plain}\n\\bibliography{refs}\n\\end{document}\n"
        )
        ran = subprocess.run(
            ["latexmk", "-pdf", "-interaction=nonstopmode", "-halt-on-error", "doc.tex"],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=300,
            stdin=subprocess.DEVNULL,
        )
        assert ran.returncode == 0, ran.stdout[-2000:]
        return (tmp_path / "doc.bbl").read_text()

    bbl = build(first)
    assert all(f"\\bibitem{{{k}}}" in bbl for k in first)
    window.library.tags.add_tag("thesis", [papers[2].id])
    qtbot.waitUntil(lambda: last in keys_in(refs), timeout=5000)
    bbl = build([*first, last])
    assert f"\\bibitem{{{last}}}" in bbl and (tmp_path / "doc.pdf").stat().st_size > 0


def test_waits_for_the_background_index_build(
    qtbot: QtBot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A query before the index is built would build it in the GUI thread: the first run
    waits while the background build is under way."""
    refs = tmp_path / "refs.bib"
    window.library.autoexports.add(refs, "", "bibtex")
    monkeypatch.setattr(window.library, "index_built", lambda: False)
    window.background.running = True
    assert window.autoexporter.run() is None and not refs.exists()
    assert window.autoexporter.timer.isActive()
    window.background.running = False
    assert [d.outcome for d in ran(qtbot, window)] == ["written"]


def test_a_change_from_outside_the_window_rewrites_the_file(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """Another client (the CLI, a shared library's other member) tags a paper: the window
    catches up and the bound file follows."""
    from litman.core.library.facade import Library

    refs = tmp_path / "refs.bib"
    window.library.autoexports.add(refs, "tag:elsewhere", "bibtex")
    other = Library.open(window.library.path)
    try:
        pid = other.list_ids()[0]
        other.tags.add_tag("elsewhere", [pid])
        key = other.get(pid).citekey
    finally:
        other.close()
    window.poll_changes()
    qtbot.waitUntil(lambda: keys_in(refs) == {key}, timeout=5000)


def settled(qtbot: QtBot, window: MainWindow) -> None:
    """The run a window starts as it opens (catching up the command line) is over."""
    QApplication.sendPostedEvents()
    QApplication.processEvents()  # the opening run is queued on a zero-delay timer
    qtbot.waitUntil(lambda: window.autoexporter.running is None, timeout=30_000)


def test_the_export_runs_on_the_write_worker_not_the_windows_thread(
    qtbot: QtBot, pooled_window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtCore import QThread

    from litman import app

    threads = []
    real = app.run_autoexports

    def run_autoexports(library: Library) -> list[AutoExported]:
        threads.append(QThread.currentThread())
        return real(library)

    settled(qtbot, pooled_window)
    monkeypatch.setattr(app, "run_autoexports", run_autoexports)
    refs = tmp_path / "refs.bib"
    pooled_window.library.autoexports.add(refs, "", "bibtex")
    outcomes = ran(qtbot, pooled_window)
    assert [d.outcome for d in outcomes] == ["written"]
    qt_app = QApplication.instance()
    assert qt_app is not None
    assert threads and all(t is not qt_app.thread() for t in threads)
    assert len(keys_in(refs)) == pooled_window.library.count()


def test_a_change_during_a_run_runs_it_again(
    qtbot: QtBot, pooled_window: MainWindow, tmp_path: Path
) -> None:
    refs = tmp_path / "refs.bib"
    exporter = pooled_window.autoexporter
    pooled_window.library.autoexports.add(refs, "tag:late", "bibtex")
    settled(qtbot, pooled_window)
    runs: list[object] = []
    exporter.done.connect(runs.append)
    assert exporter.run() is not None
    pid = pooled_window.library.list_ids()[0]
    pooled_window.library.tags.add_tag("late", [pid])
    assert exporter.run() is None and exporter.again  # asked while the first is under way
    key = pooled_window.library.get(pid).citekey
    qtbot.waitUntil(lambda: len(runs) == 2, timeout=30_000)
    assert keys_in(refs) == {key}
