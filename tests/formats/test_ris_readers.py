"""litman's RIS as reference managers read it, checked with rispy (the parser scripts around
EndNote, Zotero and Mendeley exports use): every modelled field under the tag rispy expects,
text as the window shows it, dates with their months, and names inverted with their
particles, as `Family, Given`."""

import io
import re
from pathlib import Path
from typing import Any

import pytest
import rispy

from litman import app
from litman.core.library.facade import Library
from litman.formats import ris, shown
from tests.conftest import ROOT
from tests.formats.csl_render import papers_of

KINDS = ROOT / "tests" / "data" / "csl" / "kinds.bib"


@pytest.fixture
def entries(library: Library) -> dict[str, dict[str, Any]]:
    """kinds.bib exported as RIS and read by rispy, by each record's ID."""
    app.import_files(library, [KINDS])
    out = io.StringIO()
    ris.write(library.list_papers(), out)
    return {e["id"]: e for e in rispy.loads(out.getvalue())}


def test_every_modelled_field_is_where_rispy_expects_it(entries: dict[str, dict[str, Any]]) -> None:
    full = entries["full"]
    expected = {
        "type_of_reference": "JOUR",
        "title": "Full Record",
        "authors": ["Doe, Jane", "Roe, Rick"],
        "secondary_authors": ["Poe, Pat"],
        "year": "2018",
        "date": "2018/03/09/",
        "secondary_title": "Journal of Things",
        "alternate_title1": "J. Things",
        "volume": "12",
        "number": "3",
        "start_page": "101",
        "end_page": "130",
        "publisher": "Society",
        "place_published": "Berlin",
        "issn": "1234-5678",
        "edition": "2",
        "tertiary_title": "Lecture Notes",
        "language": "English",
        "doi": "10.1000/full",
        "urls": ["https://example.org/full"],
        "abstract": "An abstract.",
        "keywords": ["alpha", "beta"],
        "notes": ["A note."],
    }
    assert {k: full.get(k) for k in expected} == expected


@pytest.mark.parametrize(
    ("key", "date"),
    [("month-macro", "2020/10//"), ("month-word", "2020/05//"), ("iso-date", "2020/05/12/")],
)
def test_the_month_and_day_are_in_da(
    entries: dict[str, dict[str, Any]], key: str, date: str
) -> None:
    assert entries[key]["date"] == date and entries[key]["year"] == date[:4]


def test_names_with_a_particle_are_family_comma_given(entries: dict[str, dict[str, Any]]) -> None:
    assert entries["particle"]["authors"] == ["v. Bechtolsheim, Stephan", "van Beethoven, Ludwig"]


def test_latex_is_written_as_text(entries: dict[str, dict[str, Any]]) -> None:
    e = entries["latex-title"]
    assert e["title"] == "fedqueue: A Queue-Aware Federated Protocol for 𝐱₀"
    assert e["authors"] == ["Antušek, A."]
    assert e["abstract"] == "Gains of 20% at ϵ\u00a0small."


@pytest.mark.parametrize(
    ("key", "kind"),
    [("biblatex-thesis", "THES"), ("biblatex-report", "RPRT"), ("masters-project", "THES")],
)
def test_biblatex_thesis_and_report_have_their_ris_types(
    entries: dict[str, dict[str, Any]], key: str, kind: str
) -> None:
    assert entries[key]["type_of_reference"] == kind


def test_the_kind_of_work_and_the_date_visited_have_their_tags(
    entries: dict[str, dict[str, Any]],
) -> None:
    assert entries["masters-project"]["type_of_work"] == "Master's project"
    assert entries["visited"]["access_date"] == "2021/03/04/"


@pytest.mark.parametrize(
    ("key", "doi"),
    [("url-doi", "10.1007/s00779-005-0347-6"), ("acm-doi", "10.1145/1137627.1137630")],
)
def test_a_doi_read_as_a_link_is_the_bare_doi(
    entries: dict[str, dict[str, Any]], key: str, doi: str
) -> None:
    assert entries[key]["doi"] == doi


def test_an_issue_field_without_a_number_is_is(entries: dict[str, dict[str, Any]]) -> None:
    # APS exports write `issue = {7}` and no `number`
    assert entries["aps-issue"]["number"] == "7"


def test_an_issue_field_is_not_reported_unexpressed(library: Library) -> None:
    app.import_files(library, [KINDS])
    report = ris.write(library.list_papers(), io.StringIO())
    assert "issue" not in report.unexpressed


def test_litman_reads_its_own_ris_back_as_it_was(library: Library, tmp_path: Path) -> None:
    app.import_files(library, [KINDS])
    before = {p.citekey: p for p in library.list_papers()}
    path = tmp_path / "out.ris"
    with path.open("w", encoding="utf-8", newline="") as out:
        ris.write(before.values(), out)
    again = Library.open(tmp_path / "again.sqlite")
    app.import_files(again, [path])
    after = {p.citekey: p for p in again.list_papers()}
    key = "latex-title"
    assert (after[key].title, after[key].authors, after[key].abstract) == (
        before[key].title,
        before[key].authors,
        before[key].abstract,
    )
    # a person, as BibTeX reads the name written either way, not an organisation
    assert after["particle"].authors == ("v. Bechtolsheim, Stephan", "van Beethoven, Ludwig")
    assert after["month-macro"].extra["month"] == "10"
    assert after["iso-date"].extra["day"] == "12"
    assert after["aps-issue"].extra["number"] == "7"  # IS is read as `number`, as ever


TEXT_KEYS = ("title", "abstract", "secondary_title", "authors")


@pytest.mark.parametrize(
    "source", ["seeds", "nmr_relaxation.bib", "cern_ISOLDE.bib", "complex.bib"]
)
def test_a_library_read_by_rispy_holds_no_latex(
    seeded: Library, library: Library, source: str
) -> None:
    papers = papers_of(source, seeded, library)
    out = io.StringIO()
    ris.write(papers, out)
    read = rispy.loads(out.getvalue())
    assert len(read) == len(papers)
    values = [v for e in read for k in TEXT_KEYS for v in _listed(e.get(k))]
    # braces the window shows too (`{±1}ⁿ` in a seed, a set in math) are text, not LaTeX
    shown_text = " ".join(shown.plain_text(f"{p.title} {p.abstract}") for p in papers)
    allowed = set(re.findall(r"\{[^{}]*\}", shown_text))
    left = [_without(v, allowed) for v in values]
    assert [v for v in left if "--" in v or any(c in v for c in "\\{}")] == []


def _without(text: str, allowed: set[str]) -> str:
    for braces in allowed:
        text = text.replace(braces, "")
    return text


def _listed(value: object) -> list[str]:
    return [value] if isinstance(value, str) else list(value or [])  # type: ignore[call-overload]
