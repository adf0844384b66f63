"""Hostile input: a clear error or a clean import, never a crash or a hang; errors change
nothing. The corpus is in tests/data/hostile (see its README)."""

import contextlib
import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import event

from litman import app
from litman.core.errors import ImportFailed, NotFoundError
from litman.core.library.facade import Library
from litman.formats import bibtex, seed_text
from litman.formats.decoding import decode
from tests.formats.hostile import (
    HOSTILE,
    fuzz,
    import_noise,
    import_outcome,
    snapshot,
    timed_import,
)

# What reaches a shared library's server is parameterised: the same imports run there too.
pytestmark = pytest.mark.both_stores

FILES = sorted(p for p in HOSTILE.iterdir() if p.suffix in (".txt", ".bib"))
WORDS = "bandit regret convex gradient safety policy kernel sparse tensor graph".split()


EXPECTED = {
    "empty.txt": "refused",
    "empty.bib": "refused",
    "binary.txt": "refused",
    "binary.bib": "refused",
    "nul-bytes.txt": "refused",
    "invalid-utf8.txt": "imported",
    "utf16-no-bom.txt": "imported",
    "nested-braces.bib": "imported",
    "title-breakout.bib": "imported",
    "html-script.txt": "imported",
    "html-script.bib": "imported",
    "sql-injection.bib": "imported",
}


def test_the_corpus_is_all_there() -> None:
    assert {p.name for p in FILES} == set(EXPECTED)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_each_hostile_file_is_refused_or_imported_cleanly(seeded: Library, path: Path) -> None:
    assert import_outcome(seeded, path) == EXPECTED[path.name]


def test_broken_utf8_keeps_its_good_accents(library: Library) -> None:
    app.import_files(library, [HOSTILE / "invalid-utf8.txt"])
    text = " ".join(p.abstract for p in library.list_papers())
    assert "café" in text and "naïve" in text and "\ufffd" in text


@pytest.mark.slow
def test_utf16_without_bom_reads_as_text(library: Library) -> None:
    report = app.import_files(library, [HOSTILE / "utf16-no-bom.txt"])[0]
    assert len(report.added) == 2 and "UTF-16" in report.warnings[0]


def test_html_and_scripts_become_plain_text(library: Library) -> None:
    app.import_files(library, [HOSTILE / "html-script.txt", HOSTILE / "html-script.bib"])
    for p in library.list_papers():
        for text in (p.title, p.abstract):
            assert "<" not in text and "alert" not in text and "http" not in text, text


def test_a_title_cannot_break_out_of_its_field(library: Library, tmp_path: Path) -> None:
    app.import_files(library, [HOSTILE / "title-breakout.bib"])
    out = tmp_path / "out.bib"
    bibtex.export(library.list_papers(), out)
    again = bibtex.read(out)
    by_key = {p.citekey: p for p in again.papers}
    assert by_key["breakout"].title == "Safe }, author = {X"
    assert by_key["breakout"].authors == ("Real, Author",)
    assert by_key["breakout2"].authors == ()  # the X never became an author
    assert by_key["breakout2"].title == library.get_by_citekey("breakout2").title


# Strings of sql-injection.bib found in no statement litman sends: values go as parameters.
SQL_MARKERS = ("Robert'", "Bobby", "pg_sleep", "pg_authid", "1'='1", "DELETE FROM tags")


def test_values_written_as_sql_are_sent_as_parameters_and_kept_whole(library: Library) -> None:
    sent: list[str] = []
    event.listen(library.engine, "before_cursor_execute", lambda *a: sent.append(a[2]))
    app.import_files(library, [HOSTILE / "sql-injection.bib"])
    one = library.get_by_citekey("inject1")
    assert one.title == "Robert'); DROP TABLE papers; --"
    assert one.authors == ("O'Brien, Seán", "Tables, Bobby") and one.doi == "10.1000/1' OR '1'='1"
    assert one.venue == "%s %(id)s :id $1 ? @x"
    assert set(one.tags) >= {"'; DROP TABLE tags; --", "100%_sure", 'a"b'}
    assert one.extra["howpublished"] == "x'); DELETE FROM papers; -- and more"
    hostile_tag = "x'); DELETE FROM papers WHERE '1'='1"
    library.tags.add_tag(hostile_tag, [one.id])
    library.tags.rename_tag(hostile_tag, "%' OR 1=1; SELECT pg_sleep(10); --")
    assert library.search("tag:100%_sure").ids == [one.id]
    assert library.search("Robert DROP").ids == [one.id]
    with pytest.raises(NotFoundError):
        library.get_by_citekey("inject1' OR '1'='1")
    assert library.count() == 2 and library.check() == "ok"
    assert not [s for s in sent if any(marker in s for marker in SQL_MARKERS)]


def test_ten_thousand_nested_braces(library: Library) -> None:
    app.import_files(library, [HOSTILE / "nested-braces.bib"])
    assert library.get_by_citekey("deep").title == "Deep"


@pytest.mark.slow
@pytest.mark.parametrize("suffix", [".txt", ".bib"])
def test_a_50_mb_line_is_refused_quickly(seeded: Library, tmp_path: Path, suffix: str) -> None:
    rng = random.Random(3)
    body = " ".join(rng.choice(WORDS) for _ in range(7_000_000))[:50_000_000]
    path = tmp_path / f"one-line{suffix}"
    path.write_text(body if suffix == ".txt" else "@article{x, title={" + body + "}}")
    before = snapshot(seeded)
    reports = timed_import(seeded, path)
    if isinstance(reports, ImportFailed):
        assert "characters" in str(reports)
    else:
        assert [len(r.added) for r in reports] == [0]
        assert "characters" in reports[0].skipped[0].reason
    assert snapshot(seeded) == before


@pytest.mark.slow
def test_a_hundred_thousand_abstracts_import_cleanly(library_path: Path, tmp_path: Path) -> None:
    """On a library file only: into PostgreSQL the same import takes 2.5 times as long
    (150 s against 59 s at load 12; psycopg rewrites each 1,000-row INSERT's placeholders),
    and the shared library's 100k figures are bench_shared.py's."""
    library = Library.open(library_path)
    rng = random.Random(5)
    path = tmp_path / "100k.txt"
    path.write_text(
        "\n\n".join(
            f"We study problem {i}: " + " ".join(rng.choice(WORDS) for _ in range(40)) + "."
            for i in range(100_000)
        )
    )
    report = app.import_files(library, [path])[0]
    assert len(report.added) == 100_000
    assert library.count() == 100_000
    assert len(set(library.citekeys())) == 100_000
    library.close()


# -- fuzzing the readers -----------------------------------------------------------------

bib_text = st.lists(
    st.one_of(
        st.sampled_from(
            ["@article{", "@string{", "@comment{", "}", "{", '"', ",", "=", "#", "\\", "\n"]
        ),
        st.sampled_from(["title", "author", "year", " and ", "key1", '{\\"u}', "$x^2$"]),
        st.text(max_size=12),
    ),
    max_size=40,
).map("".join)


@fuzz
@given(st.binary(max_size=2000))
def test_fuzz_decoding_never_raises_anything_but_import_failed(data: bytes) -> None:
    with contextlib.suppress(ImportFailed):
        decode(data, "fuzz.txt")


@pytest.mark.slow
@fuzz
@given(bib_text)
def test_fuzz_bibtex_reader(text: str) -> None:
    with contextlib.suppress(ImportFailed):
        bibtex.parse(text)


@pytest.mark.slow
@fuzz
@given(
    st.lists(
        st.one_of(
            st.text(max_size=200),
            st.sampled_from(["Area · Subarea", "59 accepted papers", "…", "<sub>", "\n\n"]),
        ),
        max_size=20,
    ).map("\n".join)
)
def test_fuzz_seed_text_reader(tmp_path_factory: pytest.TempPathFactory, text: str) -> None:
    path = tmp_path_factory.mktemp("fuzz") / "fuzz.txt"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    with contextlib.suppress(ImportFailed):
        seed_text.read(path)


@pytest.mark.slow
def test_fuzz_whole_imports_leave_the_library_consistent(library: Library, tmp_path: Path) -> None:
    """Random bytes and random BibTeX through the whole import, into one library."""
    pieces = ["@article{k", ",", "title={", "}", "author=", '"', "#", "\x00", "é", "\\", "\n"]
    import_noise(library, tmp_path, pieces, [".txt", ".bib"], files=60, seed=11, longest=80)
