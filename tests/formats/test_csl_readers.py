"""litman's CSL-JSON as CSL processors read it: pandoc's citeproc and citeproc-py render each
item with a style that labels every variable (tests/data/csl/fields.csl), and the test reads
what they printed: dates with their months and days, pages as a range, a report's number, a
thesis's genre, the date a page was visited, translators, and titles as text."""

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from litman import app
from litman.core.library.facade import Library
from litman.formats import csljson, shown
from tests.conftest import ROOT
from tests.formats.csl_render import FIELDS_STYLE, RENDERERS, chicago, papers_of

KINDS = ROOT / "tests" / "data" / "csl" / "kinds.bib"


@pytest.fixture(params=list(RENDERERS))
def rendered(request: pytest.FixtureRequest, library: Library, tmp_path: Path) -> dict[str, str]:
    """Each entry of kinds.bib as the renderer printed it, by its title."""
    app.import_files(library, [KINDS])
    out = io.StringIO()
    csljson.write(library.list_papers(), out)
    items = json.loads(out.getvalue())
    lines = RENDERERS[request.param](items, FIELDS_STYLE, tmp_path)
    by_title = {}
    for line in lines:
        title = line.split(" | ")[0].removeprefix("title=")
        by_title[title] = line
    return by_title


@pytest.mark.parametrize(
    ("title", "issued"),
    [
        ("Month Macro", "issued=2020-10"),
        ("Month Word", "issued=2020-05"),
        ("Iso Date", "issued=2020-05-12"),
    ],
)
def test_dates_keep_their_month_and_day(rendered: dict[str, str], title: str, issued: str) -> None:
    assert f"| {issued} |" in rendered[title] + " |"


def test_pages_are_a_range_not_two_hyphens(rendered: dict[str, str]) -> None:
    assert "page=2" in rendered["Month Word"] and "--" not in rendered["Month Word"]


def test_a_reports_number_is_its_number_not_an_issue(rendered: dict[str, str]) -> None:
    line = rendered["Report Number"]
    assert "number=TR-7" in line and "issue=" not in line
    assert "genre=Working paper" in line


def test_a_masters_project_keeps_its_genre(rendered: dict[str, str]) -> None:
    # pandoc prints the apostrophe typographically
    assert "genre=Master's project" in rendered["Masters Project"].replace("\u2019", "'")


@pytest.mark.parametrize(
    ("title", "kept"), [("Biblatex Thesis", "publisher=ETH"), ("Biblatex Report", "number=7")]
)
def test_biblatex_thesis_and_report_are_a_thesis_and_a_report(
    rendered: dict[str, str], title: str, kept: str
) -> None:
    assert kept in rendered[title] and "container=" not in rendered[title]


def test_urldate_is_the_accessed_date(rendered: dict[str, str]) -> None:
    assert "accessed=2021-03-04" in rendered["Visited"]


@pytest.mark.parametrize(
    ("title", "doi"),
    [("Url Doi", "10.1007/s00779-005-0347-6"), ("Acm Doi", "10.1145/1137627.1137630")],
)
def test_a_doi_read_as_a_link_is_the_bare_doi(
    rendered: dict[str, str], title: str, doi: str
) -> None:
    # a processor puts https://doi.org/ before DOI: a link there was printed twice
    assert f"DOI={doi}" in rendered[title].split(" | ")


def test_an_issue_field_without_a_number_is_the_issue(rendered: dict[str, str]) -> None:
    # APS exports write `issue = {7}` and no `number`
    assert "issue=7" in rendered["Aps Issue"].split(" | ")


def test_an_issue_field_is_not_reported_unexpressed(library: Library) -> None:
    app.import_files(library, [KINDS])
    report = csljson.write(library.list_papers(), io.StringIO())
    assert "issue" not in report.unexpressed


def test_translators_are_names(rendered: dict[str, str]) -> None:
    assert "translator=Roe, Rick; Poe, Pat" in rendered["Translated"]


def test_latex_in_titles_abstracts_and_names_is_written_as_text(rendered: dict[str, str]) -> None:
    (line,) = [v for k, v in rendered.items() if "Queue-Aware" in k]
    assert "title=fedqueue: A Queue-Aware Federated Protocol for 𝐱₀ |" in line
    assert "author=Antušek, A." in line
    assert "abstract=Gains of 20% at ϵ\u00a0small." in line
    assert not any(c in line for c in "\\{}$")


# Real libraries rendered in pandoc's default style (Chicago author-date) by both processors.
REAL = ["nmr_relaxation.bib", "cern_ISOLDE.bib", "complex.bib"]


def _shown_braces(papers: list[Any]) -> set[str]:
    """Braces the window itself shows: a set in math (`$\\{-1,1\\}^n$` reads `{−1, 1}ⁿ`)."""
    text = " ".join(shown.plain_text(f"{p.title} {p.abstract}") for p in papers)
    return set(re.findall(r"\{[^{}]*\}", text))


def _literal_latex(entries: list[str], allowed: set[str]) -> list[str]:
    out = []
    for entry in entries:
        for braces in allowed:
            entry = entry.replace(braces, "")
        if "--" in entry or any(c in entry for c in "\\{}"):
            out.append(entry)
    return out


@pytest.mark.slow
@pytest.mark.parametrize("renderer", list(RENDERERS))
@pytest.mark.parametrize("source", ["seeds", *REAL])
def test_a_rendered_library_shows_no_latex(
    seeded: Library, library: Library, tmp_path: Path, renderer: str, source: str
) -> None:
    papers = papers_of(source, seeded, library)
    out = io.StringIO()
    csljson.write(papers, out)
    items = json.loads(out.getvalue())
    entries = RENDERERS[renderer](items, chicago(tmp_path), tmp_path)
    assert len(entries) == len(papers)
    assert _literal_latex(entries, _shown_braces(papers)) == []
