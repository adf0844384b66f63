"""BibTeX: export that compiles and round-trips, import of real and awkward files."""

from pathlib import Path
from typing import Any

import pybtex.database
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from litman import app
from litman.cli import main
from litman.core.library.dedupe import Candidate, DuplicateFinder
from litman.core.library.facade import Library
from litman.core.records import NewPaper, Paper, Status
from litman.formats import bibtex, registry

SPECIAL = "{}\\%,>@#&$_~^\n"
text = st.text(
    alphabet=st.characters(blacklist_categories=("Cs", "Cc"), whitelist_characters=SPECIAL),
    max_size=40,
)
line = text.map(lambda s: " ".join(s.split())).filter(bool)
tag = st.lists(line.filter(lambda s: s.strip(" >")), min_size=1, max_size=3).map(
    lambda levels: " > ".join(" ".join(lv.replace(">", " ").split()) or "x" for lv in levels)
)


@st.composite
def papers(draw: st.DrawFn) -> NewPaper:
    return NewPaper(
        title=draw(line),
        abstract=draw(text),
        authors=tuple(draw(st.lists(line, max_size=4))),
        year=draw(st.none() | st.integers(1900, 2100)),
        venue=draw(st.just("") | line),
        entry_type=draw(st.sampled_from(["article", "inproceedings", "misc", "book"])),
        tags=tuple(draw(st.lists(tag, max_size=3, unique_by=str.casefold))),
        status=draw(st.sampled_from(list(Status))),
        abstract_truncated=draw(st.booleans()),
        title_derived=draw(st.booleans()),
        rating=draw(st.integers(0, 5)),
        doi=draw(st.just("") | st.from_regex(r"10\.\d{4}/[a-z0-9.]{1,10}", fullmatch=True)),
    )


def round_trip(tmp_path: Path, items: list[NewPaper]) -> tuple[list[Any], list[Any]]:
    for f in tmp_path.glob("*.sqlite*"):
        f.unlink()
    with Library.open(tmp_path / "a.sqlite") as a:
        a.papers.add_papers(items)
        before = a.list_papers("citekey")
    out = tmp_path / "out.bib"
    bibtex.export(before, out, mode="utf8")  # lossless; pdflatex's LaTeX forms are not all
    with Library.open(tmp_path / "b.sqlite") as b:
        app.import_files(b, [out])
        after = b.list_papers("citekey")
    return before, after


def not_duplicates(items: list[NewPaper]) -> bool:
    finder = DuplicateFinder()
    for i, paper in enumerate(items):
        candidate = Candidate.of(-(i + 1), paper)
        if finder.find(candidate):
            return False
        finder.add(candidate)
    return True


KEYS = (
    "citekey",
    "abstract_truncated",
    "title_derived",
    "entry_type",
    "title",
    "authors",
    "year",
    "venue",
    "doi",
    "abstract",
    "status",
    "rating",
)


@pytest.mark.slow
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    st.lists(
        papers(),
        min_size=1,
        max_size=4,
        unique_by=(
            lambda p: p.title.casefold(),
            lambda p: p.doi or object(),
            lambda p: p.abstract or object(),
        ),
    )
)
@example([NewPaper(title="x", authors=("0 AND", "0"))])  # "and" at a name's end
@example([NewPaper(title="x", authors=("and 0",))])
def test_random_papers_survive_export_and_reimport(tmp_path: Path, items: list[NewPaper]) -> None:
    # Papers litman itself takes for one (titles "E" and "Ē") come back too: two citekeys.
    before, after = round_trip(tmp_path, items)
    assert len(before) == len(after)
    for x, y in zip(before, after, strict=True):
        assert {k: getattr(x, k) for k in KEYS} == {k: getattr(y, k) for k in KEYS}
        assert sorted(x.tags) == sorted(y.tags)


@pytest.mark.slow
@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(papers(), min_size=1, max_size=4))
def test_exports_parse_in_bibtexparser_and_pybtex(items: list[NewPaper]) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as tmp, Library.open(Path(tmp) / "p.sqlite") as lib:
        lib.papers.add_papers(items)
        out = bibtex.dumps(lib.list_papers())
    assert len(pybtex.database.parse_string(out, "bibtex").entries) == len(items)
    import bibtexparser

    parsed = bibtexparser.parse_string(out)  # type: ignore[attr-defined]
    assert len(parsed.entries) == len(items) and not parsed.failed_blocks


def test_field_content_cannot_break_out(tmp_path: Path) -> None:
    hostile = NewPaper(title="}, author = {X", abstract="a } b { c @misc{y,")
    _, after = round_trip(tmp_path, [hostile])
    assert after[0].title == "}, author = {X" and after[0].authors == ()


def test_latex_math_in_abstracts_stays_latex() -> None:
    fields = dict(
        bibtex.fields_of(_paper(NewPaper(abstract=r"signal $\mathbf{x}_0$ at 50% & more")))
    )
    assert fields["abstract"] == r"signal $\mathbf{x}_0$ at 50\% \& more"


def _paper(new: NewPaper) -> "Paper":
    from datetime import UTC, datetime

    from litman.core.records import Paper

    now = datetime.now(UTC)
    return Paper(
        1,
        "k",
        new.entry_type,
        new.title,
        False,
        new.authors,
        new.year,
        new.venue,
        new.doi,
        new.url,
        new.abstract,
        False,
        new.status,
        new.rating,
        "",
        "",
        dict(new.extra),
        new.tags,
        now,
        now,
        None,
    )


def test_tags_status_and_rating_use_jabref_fields() -> None:
    p = _paper(NewPaper(title="t", tags=("a, b", "Opt > Convex"), status=Status.READING, rating=3))
    fields = dict(bibtex.fields_of(p))
    assert fields["keywords"] == r"a\, b, Opt > Convex"
    assert fields["readstatus"] == "skimmed" and fields["ranking"] == "rank3"


def test_ascii_option_writes_latex_escapes() -> None:
    out = bibtex.dumps([_paper(NewPaper(title="Müller"))], ascii_only=True)
    assert out.isascii() and 'M{\\"u}ller' in out


EDGE = r"""% Encoding: UTF-8
@string{jnl = "Journal"}
@comment{ignored}
@preamble{"\newcommand{\noop}[1]{}"}
@article{key1, title = {On {DNA} and M{\"u}ller}, author = {M{\"u}ller, Hans and {World Health and Peace Org} and others},
  journal = jnl # " of Things", year = 2020, month = jan, keywords = {a\, b; c, Opt > Convex},
  readstatus = {read}, ranking = {rank4}, priority = {prio1}, custom = {kept {as} is}}
@article{key1, title = {Same key again}}
@article{broken, title = {unbalanced
@article{dupfield, title = {one}, title = {two}}
@article{last, title = {Last one}}
"""


def test_edge_cases_import_as_a_careful_reader_would(tmp_path: Path) -> None:
    path = tmp_path / "edge.bib"
    path.write_text(EDGE, encoding="utf-8")
    batch = bibtex.read(path)
    first = batch.papers[0]
    assert first.title == "On DNA and Müller"
    assert first.authors == ("Müller, Hans", "World Health and Peace Org", "others")
    assert first.venue == "Journal of Things" and first.year == 2020
    assert first.tags == ("a, b; c", "Opt > Convex")  # `;` is part of a keyword
    assert (first.status, first.rating) == (Status.READ, 4)
    assert first.extra["custom"] == "kept {as} is" and first.extra["priority"] == "prio1"
    titles = ["On DNA and Müller", "Same key again", "one", "Last one"]
    assert [p.title for p in batch.papers] == titles  # a repeated field keeps its first value
    assert [s.line for s in batch.skipped] == [9]
    assert any("'title' appears twice in 'dupfield'" in w for w in batch.warnings)


def test_duplicate_key_gets_a_suffix_and_a_report_line(tmp_path: Path) -> None:
    path = tmp_path / "edge.bib"
    path.write_text(EDGE, encoding="utf-8")
    with Library.open(tmp_path / "l.sqlite") as lib:
        (report,) = app.import_files(lib, [path])
        assert len(report.added) == 4 and len(report.skipped) == 1
        assert any("'key1' was taken" in r for r in report.renamed_keys)


def test_unedited_fields_are_written_back_byte_for_byte(tmp_path: Path) -> None:
    path = tmp_path / "edge.bib"
    path.write_text(EDGE, encoding="utf-8")
    with Library.open(tmp_path / "l.sqlite") as lib:
        app.import_files(lib, [path])
        out = bibtex.dumps(lib.list_papers("id"))
    assert 'title = {On {DNA} and M{\\"u}ller}' in out


def test_seed_library_round_trips_as_89_papers(seeded: Library, tmp_path: Path) -> None:
    out = tmp_path / "seeds.bib"
    bibtex.export(seeded.list_papers(), out)
    with Library.open(tmp_path / "again.sqlite") as lib:
        (report,) = app.import_files(lib, [out])
        assert len(report.added) == 89
        assert sorted(p.abstract for p in lib.list_papers()) == sorted(
            p.abstract for p in seeded.list_papers()
        )


def test_export_command_writes_a_tag_to_a_file(seeded_path: Path, tmp_path: Path) -> None:
    out = tmp_path / "opt.bib"
    assert main(["--library", str(seeded_path), "export", "tag:Optimization", "-o", str(out)]) == 0
    assert len(pybtex.database.parse_file(str(out)).entries) == 7


def test_export_to_stdout(seeded_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--library", str(seeded_path), "export", "softsignum", "-o", "-"]) == 0
    assert capsys.readouterr().out.startswith("@misc{softsignum")


def test_our_writer_lays_entries_out_exactly_as_bibtexparser_does(seeded: Library) -> None:
    import bibtexparser
    from bibtexparser import model

    from litman.core.records import NewPaper
    from litman.formats.bibtex import dumps, fields_of

    seeded.papers.add_papers([NewPaper(title="", entry_type="")])  # an entry with no fields at all
    papers = seeded.list_papers("citekey")
    for ascii_only in (False, True):
        lib = bibtexparser.Library()  # type: ignore[attr-defined]
        for p in papers:
            fields = [model.Field(k, "{" + v + "}") for k, v in fields_of(p, ascii_only)]
            lib.add(model.Entry(p.entry_type or "misc", p.citekey, fields))
        written = bibtexparser.write_string(lib, unparse_stack=[])  # type: ignore[attr-defined]
        assert dumps(papers, ascii_only) == written


def test_entries_written_without_a_key_get_one(library: Library) -> None:
    """EndNote writes `@article{` followed at once by the fields."""
    from litman.core.records import ImportBatch
    from litman.formats.bibtex import parse

    text = (
        '@string{cell = "Cell"}\n'
        "@article{\n  author = {Huang, Y.},\n  title = {Alzheimer Mechanisms},\n"
        "  journal = cell,\n  year = {2012}\n}\n"
        "@article{ title = {Second Keyless}, year = {2013}}\n"
        "@article{kept, title = {Has a Key}}\n"
        "@misc{,\n  title = {Empty Key}\n}\n"
        "@web_page{ , title = {Another Empty Key}}\n"
    )
    papers, lines, skipped, warnings = parse(text)
    assert [p.title for p in papers] == [
        "Alzheimer Mechanisms",
        "Second Keyless",
        "Has a Key",
        "Empty Key",
        "Another Empty Key",
    ]
    assert [p.citekey for p in papers] == ["", "", "kept", "", ""] and not skipped
    assert papers[0].venue == "Cell" and lines == [2, 8, 9, 10, 13]
    assert warnings[:2] == [
        "line 2: entry without a citation key; litman made one",
        "line 8: entry without a citation key; litman made one",
    ]
    library.import_batch(ImportBatch("endnote.bib", tuple(papers), tuple(lines)))
    assert sorted(library.citekeys()) == [
        "2013second",
        "another-empty",
        "empty-key",
        "huang2012alzheimer",
        "kept",
    ]


def test_papers_litman_deems_alike_come_back_as_two(tmp_path: Path) -> None:
    """The case hypothesis found: titles "E" and "Ē" look like one paper, but their two
    citekeys make them two records; the import proposes them for review instead."""
    items = [NewPaper(title="E", entry_type="article"), NewPaper(title="Ē", entry_type="article")]
    assert not not_duplicates(items)
    _before, after = round_trip(tmp_path, items)
    assert len(after) == 2


def test_a_keyword_with_an_empty_level_is_reported_not_dropped_silently() -> None:
    papers, _lines, _skipped, warnings = bibtex.parse(
        "@article{k, title={T}, keywords={Good > Tag, Method > , > Lead}}"
    )
    assert papers[0].tags == ("Good > Tag",)
    assert any("'Method >'" in w and "empty level" in w and "line 1" in w for w in warnings)
    assert any("'> Lead'" in w for w in warnings)


def test_a_corporate_author_keeps_its_braces_when_the_author_list_is_edited(tmp_path: Path) -> None:
    """Adding an author in the window wrote `World Health Organization and ...`, which
    BibTeX reads as a person, "Organization, World Health"."""
    import dataclasses

    path = tmp_path / "who.bib"
    path.write_text(
        "@techreport{who,\n  author = {{World Health Organization} and Smith, J.},\n}\n"
    )
    (paper,) = registry.read(path).papers
    edited = dataclasses.replace(paper, authors=(*paper.authors, "Doe, Jane"))
    text = bibtex.dumps([_paper(edited)])
    assert "author = {{World Health Organization} and Smith, J. and Doe, Jane}" in text
    again = tmp_path / "again.bib"
    again.write_text(text)
    assert registry.read(again).papers[0].authors == edited.authors
