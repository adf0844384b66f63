"""What a .bib file holds comes through an import and back out as BibTeX users wrote it:
LaTeX litman cannot read, commented-out fields, macros from another file, quoted months,
citekeys with unusual characters and keywords that name JabRef groups. Each test has its
own small inline `.bib`, or the real file the loss was found in."""

from pathlib import Path

import pytest

from litman import app
from litman.core.library.facade import Library
from litman.formats import biblatex, bibtex, latex
from tests.conftest import corpora_dir, require_tool
from tests.formats import tex_run

REAL = Path(__file__).resolve().parent.parent / "data" / "bib-real"


@pytest.fixture
def tex() -> None:
    require_tool(*tex_run.TOOLS)


def write(tmp_path: Path, text: str, name: str = "in.bib") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def entry_of(out: str, key: str) -> str:
    start = out.index("{" + key + ",")
    return out[start : out.index("\n}", start)]


def round_trip(library: Library, path: Path) -> str:
    app.import_files(library, [path])
    return bibtex.dumps(library.list_papers("id"), blocks=library.kept_blocks())


# -- LaTeX that cannot be decoded ----------------------------------------------------------


def test_href_reads_as_the_text_it_prints() -> None:
    assert latex.decode(r"See \href{https://example.org}{the Example page}") == (
        "See the Example page"
    )


def test_latex_pylatexenc_cannot_read_is_kept_as_written() -> None:
    assert latex.decode(r"Notes on \input") == r"Notes on \input"


def test_an_undecodable_field_is_imported_as_written_and_reported() -> None:
    papers, _, skipped, warnings = bibtex.parse(
        "@misc{a, title = {Notes on \\input}}\n@misc{b, title = {Fine}}\n"
    )
    assert [p.title for p in papers] == [r"Notes on \input", "Fine"] and not skipped
    assert any("'title'" in w and "'a'" in w and "as written" in w for w in warnings)


def test_an_undecodable_field_is_exported_as_read(library: Library, tmp_path: Path) -> None:
    out = round_trip(library, write(tmp_path, "@misc{a, title = {Notes on \\input}}"))
    assert "title = {Notes on \\input}" in out


def test_a_file_with_href_in_howpublished_imports_whole(library: Library) -> None:
    path = REAL / "Allow_spaces_between_href_arguments_for_import_2504.bib"
    (report,) = app.import_files(library, [path])
    assert len(report.added) == 4 and not report.skipped
    assert "GAP – Groups, Algorithms, and Programming, Version 4.13dev" in [
        p.title for p in library.list_papers("id")
    ]


# -- citekeys --------------------------------------------------------------------------------

SCOPUS = """@ARTICLE{O'Barr19975458,
author={O'Barr, W.M.},
title={Language and Law},
journal={Law and Society Review},
year={1997},
volume={31},
pages={54--58}
}
@article{z, author = {Roe, Rick}, title = {After}, journal = {J}, year = {2000}}
"""


def test_a_key_bibtex_reads_is_written_as_read(library: Library, tmp_path: Path) -> None:
    out = round_trip(library, write(tmp_path, SCOPUS))
    assert "@article{O'Barr19975458," in out


def test_a_scopus_key_with_an_apostrophe_still_cites_through_bibtex(
    library: Library, tmp_path: Path, tex: None
) -> None:
    bib = write(tmp_path, round_trip(library, write(tmp_path, SCOPUS)), "out.bib")
    errors, _ = tex_run.bibtex_plain(bib, tmp_path / "tex")
    # `\\cite{O'Barr19975458}` finds this item
    assert not errors and "\\bibitem{O'Barr19975458}" in (tmp_path / "tex" / "doc.bbl").read_text()


@pytest.mark.slow
def test_a_biblatex_export_never_holds_a_key_biber_stops_at(
    library: Library, tmp_path: Path, tex: None
) -> None:
    app.import_files(library, [write(tmp_path, SCOPUS)])
    bib = tmp_path / "out.bib"
    biblatex.export(library.list_papers("id"), bib)
    errors, _ = tex_run.biber_run(bib, tmp_path / "tex")
    assert not errors and "\\entry{z}" in (tmp_path / "tex" / "doc.bbl").read_text()


def test_the_first_of_a_repeated_key_keeps_it(library: Library, tmp_path: Path) -> None:
    text = (
        "@misc{dup, title = {First}, year = {2001}, year = {2003}}\n"
        "@misc{dup, title = {Second}}\n@misc{Dup, title = {Third}}\n"
    )
    app.import_files(library, [write(tmp_path, text)])
    keys = {p.title: p.citekey for p in library.list_papers("id")}
    assert keys["First"] == "dup" and keys["Second"] != "dup" and keys["Third"].lower() != "dup"


# -- months ----------------------------------------------------------------------------------

MONTHS = """@misc{quoted, title = {Q}, author = {Doe, Jane}, month = "Jul", year = 2000}
@misc{braced, title = {B}, author = {Doe, Jane}, month = {aug}, year = 2000}
@misc{macro, title = {M}, author = {Doe, Jane}, month = sep, year = 2000}
"""


def test_a_month_written_as_text_is_not_exported_as_a_macro(
    library: Library, tmp_path: Path
) -> None:
    out = round_trip(library, write(tmp_path, MONTHS))
    assert "month = jul" not in entry_of(out, "quoted")
    assert "month = aug" not in entry_of(out, "braced")
    assert "month = sep," in entry_of(out, "macro")


def test_months_print_through_bibtex_as_the_source_wrote_them(
    library: Library, tmp_path: Path, tex: None
) -> None:
    bib = write(tmp_path, round_trip(library, write(tmp_path, MONTHS)), "out.bib")
    errors, _ = tex_run.bibtex_plain(bib, tmp_path / "tex")
    bbl = " ".join((tmp_path / "tex" / "doc.bbl").read_text().split())
    bbl = bbl.replace("{", "").replace("}", "")  # `{Jul}` prints as `Jul`
    assert not errors and "Jul 2000" in bbl and "aug 2000" in bbl and "September 2000" in bbl


# -- @string macros defined in another file ---------------------------------------------------

USES = """@article{a, author = Cordon #and# Herrera_F, title = {T}, journal = ejor, year = 2001}
@article{b, author = {Roe, Rick}, title = {Fine}, journal = {J}, year = 2002}
"""
DEFINES = """@string{and = " and "}
@string{Cordon = "Cord{\\'o}n, Oscar"}
@string{Herrera_F = "Herrera, Francisco"}
@string{ejor = "European Journal of Operational Research"}
"""


def test_an_undefined_macro_is_exported_as_a_reference(library: Library, tmp_path: Path) -> None:
    out = round_trip(library, write(tmp_path, USES))
    assert "author = Cordon #and# Herrera_F," in entry_of(out, "a")
    assert "journal = ejor," in entry_of(out, "a")


def test_names_around_an_undefined_macro_are_not_glued(library: Library, tmp_path: Path) -> None:
    app.import_files(library, [write(tmp_path, USES)])
    paper = next(p for p in library.list_papers("id") if p.citekey == "a")
    assert paper.authors == ("Cordon", "Herrera_F")


def test_undefined_macros_are_counted_in_the_summary(library: Library, tmp_path: Path) -> None:
    (report,) = app.import_files(library, [write(tmp_path, USES)])
    assert "4 undefined @string macros in 1 entry" in report.summary()


def test_an_export_with_its_macros_file_compiles_as_the_source_does(
    library: Library, tmp_path: Path, tex: None
) -> None:
    out = round_trip(library, write(tmp_path, USES))
    errors, warnings = tex_run.bibtex_plain(write(tmp_path, DEFINES + out, "both.bib"), tmp_path)
    bbl = " ".join((tmp_path / "doc.bbl").read_text().split())
    assert not errors and not warnings
    assert "Oscar Cord{\\'o}n and Francisco Herrera" in bbl and "European Journal of" in bbl


def test_a_real_file_without_its_macros_file_keeps_its_references(
    library: Library, tmp_path: Path
) -> None:
    source = corpora_dir("bib", "real", "iridia") / "articles.bib"
    (report,) = app.import_files(library, [source])
    out = " ".join(bibtex.dumps(library.list_papers("id")).split())
    assert "CordonandHerrera" not in out and "Cordon #and# Herrera_F #and# Stuetzle" in out
    assert "undefined @string macros" in report.summary()


# -- commented-out lines inside an entry -------------------------------------------------------

COMMENTED = """@article{a,
   author = {Doe, Jane},
   %note = {a note kept out},
   title = {T},
   journal = {J},
   year = {1956},
   URL = {https://doi.org/10.1143/JPSJ.11.33},
   %eprint = {https://doi.org/10.1143/JPSJ.11.33}
}
"""


def test_commented_out_lines_in_an_entry_are_written_back_in_place(
    library: Library, tmp_path: Path
) -> None:
    out = round_trip(library, write(tmp_path, COMMENTED))
    lines = [line.strip() for line in entry_of(out, "a").splitlines()]
    assert lines.index("%note = {a note kept out},") == lines.index("author = {Doe, Jane},") + 1
    assert lines[-1] == "%eprint = {https://doi.org/10.1143/JPSJ.11.33}"


def test_the_field_before_a_commented_out_line_keeps_its_comma(
    library: Library, tmp_path: Path
) -> None:
    """BibTeX reads `%eprint = {…}` after `url = {…},` as a field with no name ("missing a
    field name"); without the comma it loses the entry's end ("expecting a `,' or a `}'")."""
    out = round_trip(library, write(tmp_path, COMMENTED))
    lines = [line.strip() for line in entry_of(out, "a").splitlines()]
    assert lines[lines.index("%eprint = {https://doi.org/10.1143/JPSJ.11.33}") - 1].endswith("},")


def test_commented_out_lines_are_comments_to_the_reader_still(
    library: Library, tmp_path: Path
) -> None:
    (paper,), _, skipped, _ = bibtex.parse(round_trip(library, write(tmp_path, COMMENTED)))
    assert "note" not in paper.extra and "eprint" not in paper.extra and not skipped


def test_a_real_files_commented_out_fields_come_back(library: Library, tmp_path: Path) -> None:
    source = REAL / "nmr_relaxation.bib"
    text = source.read_text(encoding="utf-8")
    out = round_trip(library, source)
    commented = [line.strip() for line in text.splitlines() if line.lstrip().startswith("%")]
    inside = [c for c in commented if c.startswith("%eprint")]
    assert inside and all(c in out for c in inside)


@pytest.mark.slow
@pytest.mark.parametrize("tool", ["bibtex", "biber"])
def test_commented_out_lines_compile_as_in_the_source(
    library: Library, tmp_path: Path, tex: None, tool: str
) -> None:
    source = write(tmp_path, COMMENTED)
    out = write(tmp_path, round_trip(library, source), "out.bib")
    run = tex_run.bibtex_plain if tool == "bibtex" else tex_run.biber_run
    assert run(out, tmp_path / "out") == run(source, tmp_path / "src")


def test_a_comment_block_keeps_its_percent_lines(library: Library, tmp_path: Path) -> None:
    text = "@comment{old,\n  year={2001},\n  %comment out ={}\n}\n\n@misc{a, title={A}}\n"
    out = round_trip(library, write(tmp_path, text))
    assert "@comment{old,\n  year={2001},\n  %comment out ={}\n}" in out
    assert "%comment" not in entry_of(out, "a")


# -- a raw `%` -------------------------------------------------------------------------------

PERCENT = """@article{a, author = {Doe, Jane}, title = {T}, journal = {J}, year = {2000},
  abstract = {About 50% of the cases improve, and effi%ciency too.}}
@misc{b, title = {Meant}, school = {EECS), %
    University of California}, howpublished = {\\url{https://x.org/a%20b}},
  url = {https://x.org/a%20b}}
"""


def test_a_raw_percent_in_a_value_is_escaped_on_export(library: Library, tmp_path: Path) -> None:
    out = entry_of(round_trip(library, write(tmp_path, PERCENT)), "a")
    assert "About 50\\% of the cases improve, and effi\\%ciency too." in out


def test_a_percent_the_source_meant_as_a_comment_or_in_a_url_stays(
    library: Library, tmp_path: Path
) -> None:
    out = entry_of(round_trip(library, write(tmp_path, PERCENT)), "b")
    assert "school = {EECS), %\n" in out and "\\url{https://x.org/a%20b}" in out
    assert "url = {https://x.org/a%20b}" in out


@pytest.mark.slow
def test_a_real_abstract_with_percents_compiles_through_biber(
    library: Library, tmp_path: Path, tex: None
) -> None:
    source = REAL / "Problem_when_importing_BibTeX_entries_with_percent_sign_95_or_preamble_96.bib"
    app.import_files(library, [source])
    # ASCII: tex_run reads pdflatex's messages as UTF-8, and it echoes Latin-1 bytes
    out = write(tmp_path, bibtex.dumps(library.list_papers("id"), mode="ascii"), "out.bib")
    errors, _ = tex_run.biber_run(out, tmp_path / "tex")
    assert not errors
    assert "50\\% in a narrow" in " ".join((tmp_path / "tex" / "doc.bbl").read_text().split())


# -- a raw `&` or `#` ------------------------------------------------------------------------

SPECIALS = """@misc{a, title = {Cats & Dogs, # 1, and 90% of $x_2$ | \\& \\# kept},
  howpublished = {\\url{https://x.org/?a=1&b=2#top}}, url = {https://x.org/?a=1&b=2#top}}
@misc{t, title = {A table \\begin{tabular}{cc} a & b \\end{tabular}}}
"""


def test_a_raw_ampersand_or_hash_in_a_value_is_escaped_on_export(
    library: Library, tmp_path: Path
) -> None:
    # BibTeX puts them in the .bbl as they are: pdflatex then stops on "Misplaced alignment
    # tab character &" or "You can't use `macro parameter character #'" (a Mendeley title,
    # a biber example once its raw `%` no longer hid the rest of its line).
    out = entry_of(round_trip(library, write(tmp_path, SPECIALS)), "a")
    assert "title = {Cats \\& Dogs, \\# 1, and 90\\% of $x_2$ | \\& \\# kept}" in out
    assert (
        "\\url{https://x.org/?a=1&b=2#top}" in out and "url = {https://x.org/?a=1&b=2#top}" in out
    )


def test_an_ampersand_in_a_tabular_stays(library: Library, tmp_path: Path) -> None:
    out = entry_of(round_trip(library, write(tmp_path, SPECIALS)), "t")
    assert "a & b" in out


# -- @preamble naming a @string ---------------------------------------------------------------


def test_a_preamble_keeps_the_strings_it_names(library: Library, tmp_path: Path) -> None:
    # BibTeX: `Warning--string name "maintainer" is undefined` when the preamble comes back
    # without the @string it names (litman writes entries with their macros expanded).
    text = (
        '@String {maintainer = "Xavier D\\\'ecoret"}\n@string{unused = "u"}\n'
        '@preamble { "Maintained by " # maintainer }\n@misc{a, title = {A}}\n'
    )
    out = round_trip(library, write(tmp_path, text))
    assert out.index('@String {maintainer = "Xavier D\\\'ecoret"}') < out.index("@preamble")
    assert "unused" not in out
