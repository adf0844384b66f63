"""File → Add by Identifier… and Paper → Find Metadata… / Refresh, against the fake API.

The lookups run on Qt's global pool as they do for a user; the tests wait for them with
`waitUntil`, and writes go through the window's (inline) write queue.
"""

from functools import partial

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QInputDialog, QMenu, QTableWidget
from pytestqt.qtbot import QtBot

from litman.core.records import NewPaper, Paper
from litman.gui.lookup import actions as lookup_actions
from litman.gui.lookup.review import ReviewDialog
from litman.gui.window.main_window import MainWindow
from litman.metadata.actions import Proposal
from tests.gui.cells import row_of
from tests.gui.test_main_window import select_rows
from tests.metadata.fake_api import FakeApi, Reply

OPENINGS = {
    "w2sg": "Weak-to-strong generalization (W2SG)",
    "rlvr": "Reinforcement learning with verifiable rewards has driven",
    "dpo": "Normative theories allow one to elicit",
}


def seed(window: MainWindow, key: str) -> Paper:
    (found,) = [p for p in window.library.list_papers() if p.abstract.startswith(OPENINGS[key])]
    return found


def select(window: MainWindow, *pids: int) -> None:
    select_rows(window, [row_of(window.model, pid) for pid in pids])


def has_result(dialog: lookup_actions.AddDialog) -> bool:
    return dialog.result_ is not None


def best_score(proposal: Proposal) -> float:
    assert proposal.best is not None
    return proposal.best.score


def cell(table: QTableWidget, row: int, column: int) -> str:
    item = table.item(row, column)
    assert item is not None, (row, column)
    return item.text()


def finished(qtbot: QtBot, dialog: ReviewDialog) -> None:
    qtbot.waitUntil(lambda: dialog.worker is None, timeout=20_000)


def test_the_menus_hold_the_lookup_actions(window: MainWindow) -> None:
    actions = window.acts.lookup
    assert actions["add"].shortcut().toString() == "Ctrl+Shift+N"
    file_menu = window.menuBar().actions()[0].menu()
    assert isinstance(file_menu, QMenu)
    assert actions["add"] in file_menu.actions()
    papers = [a.menu() for a in window.menuBar().actions() if a.text() == "&Paper"]
    assert len(papers) == 1  # one Paper menu: the lookups join the window's own
    paper_menu = papers[0]
    assert isinstance(paper_menu, QMenu)
    shown = [a for a in paper_menu.actions() if not a.isSeparator()]
    assert shown[-3:] == [actions["find"], actions["refresh"], actions["email"]]


def test_the_contact_email_set_in_the_window_goes_with_each_lookup(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, fake_api: FakeApi
) -> None:
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: (" me@example.org ", True))
    window.acts.lookup["email"].trigger()
    select(window, seed(window, "w2sg").id)
    dialog = lookup_actions.find_metadata(window)
    assert dialog is not None
    qtbot.addWidget(dialog)
    finished(qtbot, dialog)
    crossref = [s for s in fake_api.requests if s.path.startswith("/crossref/")]
    assert crossref and all(s.query["mailto"] == "me@example.org" for s in crossref)


@pytest.mark.usefixtures("fake_api")
def test_add_by_identifier_adds_then_merges_a_second_time(window: MainWindow, qtbot: QtBot) -> None:
    before = window.library.count()
    for round_ in (1, 2):
        dialog = lookup_actions.AddDialog(window)
        qtbot.addWidget(dialog)
        dialog.ids.setPlainText("https://doi.org/10.5555/zenodo.0003\nhep-th/9901999v1")
        dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
        qtbot.waitUntil(partial(has_result, dialog), timeout=20_000)
        assert dialog.result_ is not None
        report = dialog.result_.report
        assert report is not None
        assert (len(report.added), len(report.merged)) == ((2, 0) if round_ == 1 else (0, 2))
    assert window.library.count() == before + 2


@pytest.mark.usefixtures("fake_api")
def test_adding_the_doi_of_a_stored_seed_fills_that_paper(window: MainWindow, qtbot: QtBot) -> None:
    before = seed(window, "w2sg")
    dialog = lookup_actions.AddDialog(window)
    qtbot.addWidget(dialog)
    dialog.ids.setPlainText("10.5555/w2sg.0001")
    dialog.add()
    qtbot.waitUntil(lambda: dialog.result_ is not None, timeout=20_000)
    after = window.library.get(before.id)
    assert after.authors == ("Example, Ada", "Placeholder, Bo")
    assert not after.title_derived and after.doi == "10.5555/w2sg.0001"
    assert window.library.count() == len(window.library.list_ids())


def test_add_by_identifier_refuses_what_is_not_one_without_looking_up(
    window: MainWindow, qtbot: QtBot
) -> None:
    dialog = lookup_actions.AddDialog(window)
    qtbot.addWidget(dialog)
    dialog.ids.setPlainText("10.5555/w2sg.0001 not-an-id")
    dialog.add()
    assert dialog.worker is None
    assert dialog.message.text().startswith("'not-an-id' is not a DOI, an arXiv id or an ISBN.")


@pytest.mark.usefixtures("fake_api")
def test_find_metadata_reviews_candidates_and_applies_one_undoable_edit(
    window: MainWindow, qtbot: QtBot
) -> None:
    papers = {k: seed(window, k) for k in OPENINGS}
    select(window, *(p.id for p in papers.values()))
    dialog = lookup_actions.find_metadata(window)
    assert dialog is not None
    qtbot.addWidget(dialog)
    finished(qtbot, dialog)
    assert dialog.paper_list.count() == 3
    assert dialog.status.text() == "Looked up 3 papers."
    by_paper = {p.paper.id: p for p in dialog.proposals}
    assert best_score(by_paper[papers["w2sg"].id]) >= 0.95
    assert best_score(by_paper[papers["dpo"].id]) < 0.6  # the wrong best candidate
    dialog.paper_list.setCurrentRow(dialog.proposals.index(by_paper[papers["w2sg"].id]))
    assert cell(dialog.candidates, 0, 1) == "Crossref"
    shown = {
        cell(dialog.changes, r, 0): cell(dialog.changes, r, 2)
        for r in range(dialog.changes.rowCount())
    }
    assert shown["authors"] == "Example, Ada; Placeholder, Bo"
    assert shown["citekey"] == "example2025biasvariance"
    dialog.accept_above()  # at the default 0.90
    assert set(dialog.accepted_papers()) == {papers["w2sg"].id, papers["rlvr"].id}
    undo_steps = window.undo.count()
    dialog.apply_button.click()
    assert window.undo.count() == undo_steps + 1
    filled = window.library.get(papers["w2sg"].id)
    assert filled.authors == ("Example, Ada", "Placeholder, Bo") and not filled.title_derived
    assert filled.citekey == "example2025biasvariance"
    assert window.library.get(papers["dpo"].id) == papers["dpo"]
    window.undo.undo()
    for p in papers.values():
        assert _fields(window.library.get(p.id)) == _fields(p)


def _fields(p: Paper) -> dict[str, object]:
    return {k: v for k, v in p.to_json().items() if k != "modified_at"}


@pytest.mark.usefixtures("fake_api")
def test_rejecting_a_paper_leaves_it_out(window: MainWindow, qtbot: QtBot) -> None:
    w2sg = seed(window, "w2sg")
    select(window, w2sg.id)
    dialog = lookup_actions.find_metadata(window)
    assert dialog is not None
    qtbot.addWidget(dialog)
    finished(qtbot, dialog)
    dialog.accept_current()
    assert dialog.paper_list.item(0).text().startswith("✓ ")
    dialog.reject_current()
    assert dialog.paper_list.item(0).text().startswith("✗ ")
    assert dialog.accepted_papers() == {} and not dialog.apply_button.isEnabled()


def test_stop_ends_the_lookup_between_requests(
    window: MainWindow, qtbot: QtBot, fake_api: FakeApi
) -> None:
    fake_api.queue("/crossref/", *[Reply(200, b'{"message": {"items": []}}', delay=0.3)] * 5)
    select_rows(window, range(5))
    dialog = lookup_actions.find_metadata(window)
    assert dialog is not None
    qtbot.addWidget(dialog)
    qtbot.mouseClick(dialog.cancel_button, Qt.MouseButton.LeftButton)
    finished(qtbot, dialog)
    assert dialog.status.text().startswith("Stopped after")
    assert len(dialog.proposals) < 5


def test_stop_ends_a_request_in_flight(window: MainWindow, qtbot: QtBot, fake_api: FakeApi) -> None:
    fake_api.queue("/crossref/", Reply(200, drip=0.02))  # a byte at a time, for seconds
    select_rows(window, range(5))
    dialog = lookup_actions.find_metadata(window)
    assert dialog is not None
    qtbot.addWidget(dialog)
    qtbot.waitUntil(lambda: bool(fake_api.paths("/crossref/")), timeout=10_000)
    qtbot.mouseClick(dialog.cancel_button, Qt.MouseButton.LeftButton)
    # well before the drip ends (8 s) or the request's deadline (15 s)
    qtbot.waitUntil(lambda: dialog.worker is None, timeout=3_000)
    assert dialog.status.text() == "Stopped after 0 of 5."


def test_offline_find_metadata_says_so_in_one_line(window: MainWindow, qtbot: QtBot) -> None:
    select_rows(window, [0])
    dialog = lookup_actions.find_metadata(window)
    assert dialog is not None
    qtbot.addWidget(dialog)
    finished(qtbot, dialog)
    assert dialog.status.text().startswith("Looking up metadata needs the network:")
    assert "\n" not in dialog.status.text()


@pytest.mark.usefixtures("fake_api")
def test_refresh_from_a_doi_shows_what_would_change(window: MainWindow, qtbot: QtBot) -> None:
    pid = window.library.papers.add_paper(NewPaper(title="Half a record", doi="10.5555/w2sg.0001"))
    window.refresh_all()
    select(window, pid)
    dialog = lookup_actions.refresh_papers(window)
    assert dialog is not None
    qtbot.addWidget(dialog)
    finished(qtbot, dialog)
    rows = {cell(dialog.changes, r, 0) for r in range(dialog.changes.rowCount())}
    assert {"authors", "year", "venue", "abstract"} <= rows and "title" not in rows
    assert window.library.get(pid).authors == ()  # nothing written before Apply
