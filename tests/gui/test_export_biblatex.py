"""The window's export dialog offers BibTeX and BibLaTeX for .bib: the filter chosen picks
the writer, and Copy as BibLaTeX copies what the BibLaTeX export writes."""

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QFileDialog

from litman.core.search.filters import TagFilter
from litman.gui.dialogs import file_dialogs
from litman.gui.window.main_window import MainWindow
from tests.gui.test_main_window import select_rows

pytestmark = pytest.mark.gui


def _export(window: MainWindow, monkeypatch: pytest.MonkeyPatch, out: Path, chosen: str) -> str:
    def save_file(
        win: object, title: str, suggested: Path, filters: str, given: list[str] | None = None
    ) -> Path:
        assert given is not None
        given.append(chosen)
        return out

    monkeypatch.setattr(file_dialogs, "save_file", save_file)
    window.sidebar.select_filter(TagFilter("Optimization"))
    window.acts.export.trigger()
    return out.read_text(encoding="utf-8")


@pytest.mark.slow
def test_the_biblatex_filter_writes_biblatex(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    window.sidebar.select_filter(TagFilter("Optimization"))
    window.library.papers.update_paper(window.model.ids()[0], year=2020)
    text = _export(window, monkeypatch, tmp_path / "x.bib", "BibLaTeX (*.bib)")
    assert text.count("@misc{") == 7 and "\tdate = {" in text and "\tyear = " not in text


@pytest.mark.slow
def test_the_bibtex_filter_writes_bibtex(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    text = _export(window, monkeypatch, tmp_path / "x.bib", "BibTeX (*.bib)")
    assert text.count("@misc{") == 7 and "\tdate = {" not in text


@pytest.mark.slow
def test_a_suffix_of_another_format_wins_over_the_filter(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    text = _export(window, monkeypatch, tmp_path / "x.ris", "BibLaTeX (*.bib)")
    assert text.startswith("TY  - ")


@pytest.mark.slow
def test_the_save_dialog_reports_the_filter_chosen(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def exec_(dialog: QFileDialog) -> int:
        dialog.selectNameFilter("BibLaTeX (*.bib)")
        dialog.selectFile(str(tmp_path / "x.bib"))
        return 1

    monkeypatch.setattr(QFileDialog, "exec", exec_)
    chosen: list[str] = []
    filters = "BibTeX (*.bib);;BibLaTeX (*.bib);;RIS (*.ris)"
    path = file_dialogs.save_file(window, "Export", tmp_path / "litman.bib", filters, chosen)
    assert path == tmp_path / "x.bib" and chosen == ["BibLaTeX (*.bib)"]


@pytest.mark.slow
def test_copy_as_biblatex(window: MainWindow) -> None:
    select_rows(window, [0])
    window.acts.copy_as["biblatex"].trigger()
    assert QApplication.clipboard().text().startswith("@")
    assert "as BibLaTeX" in window.statusBar().currentMessage()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("chosen", "start"), [("RIS (*.ris)", "TY  - "), ("CSL-JSON (*.json)", "[")]
)
def test_the_ris_and_csl_filters_write_their_format(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, chosen: str, start: str
) -> None:
    text = _export(window, monkeypatch, tmp_path / "x", chosen)
    assert text.startswith(start)


@pytest.mark.slow
def test_what_a_format_cannot_carry_is_shown_after_the_export(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from PySide6.QtWidgets import QMessageBox

    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "information", lambda _w, _t, text: shown.append(text))
    window.sidebar.select_filter(TagFilter("Optimization"))
    window.library.papers.set_field(window.model.ids()[0], "funding", "ERC")
    _export(window, monkeypatch, tmp_path / "x.ris", "RIS (*.ris)")
    assert shown == ["RIS cannot express 'funding': left out of 1 paper"]
