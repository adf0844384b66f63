"""BibTeX fidelity: no entry merged away, no citekey on another entry, and
what litman did not change is written back as it was read. Each test has its own small
`.bib`, under tests/data/bib/ or inline."""

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from litman import app
from litman.cli import main
from litman.core.library.facade import Library
from litman.core.records import NewPaper
from litman.formats import bibtex
from tests.formats.test_exchange_round_trip import _as_paper, lines

DATA = Path(__file__).resolve().parent.parent / "data" / "bib"


def write(tmp_path: Path, text: str, name: str = "in.bib") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def export_of(lib: Library) -> str:
    return bibtex.dumps(lib.list_papers("id"))


def test_distinct_citekeys_are_never_merged(library: Library) -> None:
    (report,) = app.import_files(library, [DATA / "distinct-keys.bib"])
    assert sorted(library.citekeys()) == [
        "smith-article",
        "smith-erratum",
        "tug-editorial-1",
        "tug-editorial-2",
    ]
    assert not report.merged and len(report.added) == 4
    assert {(p.citekey, p.like_citekey) for p in report.proposed} == {
        ("tug-editorial-2", "tug-editorial-1"),
        ("smith-erratum", "smith-article"),
    }


def test_a_duplicate_across_imports_is_proposed_with_what_differs(
    library: Library, tmp_path: Path
) -> None:
    app.import_files(library, [DATA / "distinct-keys.bib"])
    again = write(
        tmp_path,
        "@article{other-key, title = {A Result}, author = {Smith, Ann},"
        " journal = {J. Things}, year = {2003}, doi = {10.1000/xyz}}",
    )
    (report,) = app.import_files(library, [again])
    (proposal,) = report.proposed
    assert proposal.citekey == "other-key" and proposal.like_citekey == "smith-article"
    assert proposal.how == "same DOI" and proposal.differs == ("year",)
    assert "other-key" in library.citekeys() and not report.merged


def test_the_same_file_imported_again_adds_nothing(library: Library) -> None:
    app.import_files(library, [DATA / "distinct-keys.bib"])
    (report,) = app.import_files(library, [DATA / "distinct-keys.bib"])
    assert not report.added and len(report.merged) == 4


def test_a_renamed_key_never_takes_a_key_of_the_batch(library: Library) -> None:
    (report,) = app.import_files(library, [DATA / "case-keys.bib"])
    by_key = {p.citekey: p.title for p in library.list_papers()}
    assert by_key["chen_2019"] == "First Paper" and by_key["Chen_2019a"] == "Third Paper"
    (renamed,) = report.renamed
    assert renamed.wanted == "Chen_2019" and by_key[renamed.stored] == "Second Paper"
    assert renamed.stored.casefold() not in {"chen_2019", "chen_2019a"}


def test_a_generated_key_never_takes_a_key_of_the_batch(library: Library, tmp_path: Path) -> None:
    text = (
        "@article{\n  author = {Huang, Y.}, title = {Alzheimer Mechanisms}, year = {2012}}\n"
        "@article{Huang2012alzheimer, title = {Other}, year = {2012}}\n"
    )
    app.import_files(library, [write(tmp_path, text)])
    by_key = {p.citekey: p.title for p in library.list_papers()}
    assert by_key["Huang2012alzheimer"] == "Other"


def test_import_json_lists_renamed_keys_and_proposals(
    library_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--library", str(library_path), "import", "--json"]
    assert main([*args, str(DATA / "case-keys.bib"), str(DATA / "distinct-keys.bib")]) == 0
    reports = json.loads(capsys.readouterr().out)
    (renamed,) = reports[0]["renamed"]
    assert renamed["wanted"] == "Chen_2019" and renamed["line"] == 3
    assert len(reports[1]["proposed"]) == 2 and reports[1]["proposed"][0]["differs"]


def imported(library: Library, *names: str) -> dict[str, object]:
    app.import_files(library, [DATA / n for n in names])
    return {p.citekey: p for p in library.list_papers()}


def entry_of(out: str, key: str) -> str:
    start = out.index("{" + key + ",")
    return out[start : out.index("\n}\n", start)]


def test_and_next_to_a_tab_or_newline_splits_authors(library: Library) -> None:
    who = imported(library, "names-and-logos.bib")["who2020"]
    assert len(who.authors) == 5 and who.authors[-1] == "E, F"  # type: ignore[attr-defined]


def test_braced_names_are_written_back_as_read(library: Library) -> None:
    imported(library, "names-and-logos.bib")
    author = bibtex.dumps(library.list_papers()).split("author = {", 1)[1].split("},\n")[0]
    assert author == (
        "{World Health Organization} and {van Kreveld}, M. and Smith, A, B and C, D\n\tand E, F"
    )


def test_logos_read_as_their_names_and_unknown_macros_are_kept(library: Library) -> None:
    papers = imported(library, "names-and-logos.bib")
    assert papers["who2020"].title == "LaTeX for beginners"  # type: ignore[attr-defined]
    knuth = papers["knuth1982"].title  # type: ignore[attr-defined]
    assert knuth == "The format of TeX's DVI files, with BibTeX and Metafont"
    assert papers["tug"].title == "\\TUG{}"  # type: ignore[attr-defined]
    assert library.search("TeX DVI").ids[:1] == [papers["knuth1982"].id]  # type: ignore[attr-defined]


def test_multi_line_titles_keep_their_case_protection(library: Library) -> None:
    imported(library, "fields.bib")
    out = bibtex.dumps(library.list_papers())
    assert "title = {Multi-line\n           title with {DNA}}" in out
    ascii_out = bibtex.dumps(library.list_papers(), mode="ascii")
    assert "title = {Multi-line\n           title with {DNA}}" in ascii_out


def test_urls_and_dois_are_verbatim() -> None:
    from tests.formats.test_bibtex import _paper

    p = _paper(NewPaper(title="t", url="https://x.org/a_b%20c~d", doi="10.1000/a_b"))
    fields = dict(bibtex.fields_of(p))
    assert fields["url"] == "https://x.org/a_b%20c~d" and fields["doi"] == "10.1000/a_b"


def test_preamble_and_comment_blocks_are_kept_and_written_back(library: Library) -> None:
    app.import_files(library, [DATA / "blocks-and-comments.bib"])
    out = bibtex.dumps(library.list_papers(), blocks=library.kept_blocks())
    assert out.startswith('@preamble{"\\providecommand{\\noopsort}[1]{}"}')
    assert out.rstrip().endswith("@comment{jabref-meta: databaseType:bibtex;}")


def test_commented_out_entries_and_fields_are_comments(library: Library) -> None:
    (report,) = app.import_files(library, [DATA / "blocks-and-comments.bib"])
    (real,) = library.list_papers()
    assert real.citekey == "real" and real.title == "The Real One"
    assert "note" not in real.extra and not any(k.startswith("%") for k in real.extra)
    assert any("commented-out entry 'real'" in w for w in report.warnings)


def test_a_repeated_field_keeps_the_first_value_with_a_report_line(library: Library) -> None:
    (report,) = app.import_files(library, [DATA / "blocks-and-comments.bib"])
    (real,) = library.list_papers()
    assert real.year == 2000 and not report.skipped
    assert any("'year' appears twice" in w for w in report.warnings)


def test_crossref_parents_are_written_after_their_children(library: Library) -> None:
    imported(library, "crossref.bib")
    out = bibtex.dumps(library.list_papers("citekey"))
    assert out.index("{b-paper,") < out.index("{a-proc,")


@pytest.mark.parametrize("pieces", [1, 2, 3])
def test_entries_spooled_a_few_at_a_time_come_out_as_one_by_one(
    library: Library, monkeypatch: pytest.MonkeyPatch, pieces: int
) -> None:
    imported(library, "crossref.bib")
    papers = library.list_papers("citekey")
    monkeypatch.setattr(bibtex, "SPOOL_PIECES", 1)
    one_by_one = bibtex.dumps(papers)
    monkeypatch.setattr(bibtex, "SPOOL_PIECES", pieces)
    assert bibtex.dumps(papers) == one_by_one
    assert one_by_one.index("{b-paper,") < one_by_one.index("{a-proc,")


@pytest.mark.parametrize("count", [0, 1, 2])
@pytest.mark.parametrize("with_blocks", [False, True])
def test_a_file_export_holds_exactly_what_dumps_writes(
    library: Library, tmp_path: Path, count: int, with_blocks: bool
) -> None:
    # The file export writes its entries straight into the file and moves them only when a
    # crossref needs it; `dumps` goes through the spool: the two must agree byte for byte.
    imported(library, "crossref.bib")
    papers = library.list_papers("citekey")[:count]
    blocks = [("preamble", '@preamble{"\\newcommand{\\x}{}"}'), ("comment", "@comment{é}")]
    kept = blocks if with_blocks else []
    out = tmp_path / "out.bib"
    assert bibtex.export(papers, out, blocks=kept) == count
    assert out.read_bytes() == bibtex.dumps(papers, blocks=kept).encode("utf-8")


def test_an_export_to_standard_output_is_what_dumps_writes(
    library: Library, library_path: Path, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    imported(library, "crossref.bib")
    assert main(["--library", str(library_path), "export", "-o", "-"]) == 0
    expected = bibtex.dumps(library.list_papers("citekey"), blocks=library.kept_blocks())
    assert capsysbinary.readouterr().out == expected.encode("utf-8")


def test_files_imported_together_share_their_macros(library: Library) -> None:
    reports = app.import_files(library, [DATA / "macros.bib", DATA / "uses-macros.bib"])
    (paper,) = library.list_papers()
    assert paper.venue == "Journal of Shared Macros"
    assert "no entries" in " ".join(reports[0].warnings) and not reports[1].warnings


def test_month_macros_stay_macros(library: Library) -> None:
    imported(library, "fields.bib")
    entry = entry_of(bibtex.dumps(library.list_papers()), "edited")
    assert "\tmonth = mar" in entry and "{mar}" not in entry and "{3}" not in entry


def test_an_editor_is_not_copied_into_author(library: Library) -> None:
    edited = imported(library, "fields.bib")["edited"]
    assert edited.authors == ("Doe, Jane",)  # type: ignore[attr-defined]
    entry = entry_of(bibtex.dumps(library.list_papers()), "edited")
    assert "\tauthor =" not in entry and "\teditor = {Doe, Jane}" in entry


def test_venue_fields_keep_their_names(library: Library) -> None:
    imported(library, "fields.bib")
    entry = entry_of(bibtex.dumps(library.list_papers()), "twovenues")
    assert "journal = {Journal of Talks}" in entry
    assert "booktitle = {Proceedings of Talks}" in entry and "howpublished" not in entry


def test_unparsable_years_keep_their_text(library: Library) -> None:
    papers = imported(library, "fields.bib")
    out = bibtex.dumps(library.list_papers())
    assert papers["edited"].year == 2020  # type: ignore[attr-defined]
    assert "year = {2020a}" in out and "year = {in press}" in out
    assert "year = {1982--1983}" in out


def test_derived_titles_protect_acronyms_and_math() -> None:
    from tests.formats.test_bibtex import _paper

    p = _paper(NewPaper(title="Scaling LLMs with ReLU and $x^T y$ Features"))
    title = dict(bibtex.fields_of(p))["title"]
    assert title == "Scaling {LLMs} with {ReLU} and {$x^T y$} Features"


def test_the_default_export_writes_what_pdflatex_cannot_set_as_latex() -> None:
    from tests.formats.test_bibtex import _paper

    p = [_paper(NewPaper(title="Müller", abstract="x₀ ∈ {−1, 1}ⁿ"))]
    assert "\\ensuremath{_0}" in bibtex.dumps(p) and "Müller" in bibtex.dumps(p)
    assert "x₀ ∈" in bibtex.dumps(p, mode="utf8")


def test_keywords_split_on_commas_only_and_keep_their_case(library: Library) -> None:
    library.papers.add_paper(NewPaper(title="x", tags=("machine learning",)))
    papers = imported(library, "fields.bib")
    assert papers["range"].tags == ("Humans; Adult", "machine learning")  # type: ignore[attr-defined]
    entry = entry_of(bibtex.dumps(library.list_papers()), "range")
    assert "keywords = {Humans; Adult, Machine Learning}" in entry


def test_biblatex_fields_give_venue_and_year(library: Library) -> None:
    zotero = imported(library, "fields.bib")["zotero"]
    assert zotero.venue == "Biblatex Journal" and zotero.year == 2019  # type: ignore[attr-defined]
    entry = entry_of(bibtex.dumps(library.list_papers()), "zotero")
    assert "journal = {Biblatex Journal}" in entry and "year = {2019}" in entry


def test_text_files_are_sniffed_before_they_are_read_as_abstracts(library: Library) -> None:
    app.import_files(library, [DATA / "bibtex-saved-as.txt"])
    assert [p.citekey for p in library.list_papers()] == ["fromtxt"]
    (report,) = app.import_files(library, [DATA / "ris-saved-as.txt"])
    titles = {p.title for p in library.list_papers()}
    assert len(report.added) == 1 and "A RIS record" in titles  # read as RIS, not abstracts
    assert not any(p.title_derived for p in library.list_papers())


def test_a_truncated_abstract_stays_truncated_through_bibtex(
    seeded: Library, tmp_path: Path
) -> None:
    out = tmp_path / "seeds.bib"
    bibtex.export(seeded.list_papers(), out)
    with Library.open(tmp_path / "again.sqlite") as again:
        app.import_files(again, [out])
        cut = {p.citekey for p in again.list_papers() if p.abstract_truncated}
        derived = {p.citekey for p in again.list_papers() if p.title_derived}
    assert cut == {p.citekey for p in seeded.list_papers() if p.abstract_truncated}
    assert len(cut) == 59 and derived


def test_litmans_own_keys_are_not_shown_as_fields(library: Library) -> None:
    from litman.core import fields

    zotero = imported(library, "fields.bib")["zotero"]
    shown = fields.visible_extra(dict(zotero.extra))  # type: ignore[attr-defined]
    assert set(shown) == {"date", "location"}
    assert fields.venue_field("article", zotero.extra) == "journaltitle"  # type: ignore[attr-defined]


def test_a_macro_defined_again_takes_the_later_value_with_a_warning() -> None:
    papers, _lines, skipped, warnings = bibtex.parse(
        "@string{a = {One}}\n@string{a = {Two}}\n@article{k, journal = a, title = {t}}\n"
    )
    assert papers[0].venue == "Two" and not skipped
    assert warnings == ["line 2: @string 'a' defined again; the later one is used"]


def test_the_keyword_separator_can_be_chosen(library_path: Path, tmp_path: Path) -> None:
    bib = write(tmp_path, "@article{k, title = {T}, keywords = {Humans; Adult, Old}}")
    args = ["--library", str(library_path), "import", str(bib)]
    assert main([*args, "--keyword-separator", ";"]) == 0
    with Library.open(library_path) as lib:
        (paper,) = lib.list_papers()
        assert paper.tags == ("Adult, Old", "Humans")
        assert "keywords = {Humans; Adult, Old}" in bibtex.dumps([paper])


def test_a_braced_name_across_a_line_break_is_written_back_as_read(
    library: Library, tmp_path: Path
) -> None:
    """TUGboat's `{\\acro{TUG} Election<newline> committee}`: the stored name has its white
    space folded, and must still be recognised as unedited so the field goes back as read."""
    src = write(
        tmp_path,
        '@article{c1, author = "K. C. and {Election\n committee}", title = "T", year = 2015}\n'
        '@article{c3, author = "K. C. and {\\acro{TUG}\n Election committee}", title = "T",'
        " year = 2015}\n",
    )
    app.import_files(library, [src])
    out = export_of(library)
    assert "author = {K. C. and {Election\n committee}}" in entry_of(out, "c1")
    assert "author = {K. C. and {\\acro{TUG}\n Election committee}}" in entry_of(out, "c3")


def test_notes_travel_as_jabrefs_comment_field(library: Library) -> None:
    library.papers.add_papers([NewPaper(citekey="k", title="T", notes="One & two\n\nThree")])
    text = bibtex.dumps(library.list_papers())
    assert "comment = {One \\& two\n\nThree}" in text
    papers = bibtex.parse(text)[0]
    assert papers[0].notes == "One & two\n\nThree" and "comment" not in papers[0].extra


def test_a_comment_field_is_read_as_notes_and_written_back_as_read() -> None:
    text = '@article{k,\n  title = {T},\n  comment = {First {\\"u}ber\n    second line},\n}\n'
    (paper,) = bibtex.parse(text)[0]
    assert paper.notes == "First über\nsecond line"
    assert 'comment = {First {\\"u}ber\n    second line}' in bibtex.dumps([_as_paper(paper)])


def test_a_comment_field_stored_beside_notes_keeps_both() -> None:
    paper = _as_paper(
        NewPaper(citekey="k", title="T", notes="mine", extra={"comment": "{\\'e}t{\\'e}"})
    )
    assert "comment = {{\\'e}t{\\'e}\n\nmine}" in bibtex.dumps([paper])


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(notes=st.lists(lines, max_size=3).map("\n\n".join))
def test_any_notes_come_back_through_a_utf8_export(notes: str) -> None:
    """Paragraphs, `TY  - `, commas, braces, any letter: the comment field gives them back
    (the default pdflatex export writes rare letters as LaTeX, as for every field)."""
    paper = _as_paper(NewPaper(citekey="k", title="T", notes=notes))
    assert bibtex.parse(bibtex.dumps([paper], mode="utf8"))[0][0].notes == notes
