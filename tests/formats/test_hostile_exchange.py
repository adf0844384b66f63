"""Hostile input for the RIS and CSL-JSON readers, as tests/formats/test_hostile.py does for
BibTeX: a clear error or a clean import, never a crash or a hang; errors change nothing, and
a value cannot break out of its field when written back."""

import contextlib
import io
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from litman import app
from litman.core.errors import ImportFailed
from litman.core.library.facade import Library
from litman.core.records import NewPaper
from litman.formats import csljson, ris
from tests.formats import hostile

# What reaches a shared library's server is parameterised: the same imports run there too.
pytestmark = pytest.mark.both_stores

SUFFIXES = [".ris", ".json"]


@pytest.mark.parametrize("suffix", SUFFIXES)
@pytest.mark.parametrize("source", ["empty.txt", "binary.txt", "nul-bytes.txt"])
def test_empty_and_binary_files_are_refused(
    seeded: Library, tmp_path: Path, source: str, suffix: str
) -> None:
    path = tmp_path / (Path(source).stem + suffix)
    path.write_bytes((hostile.HOSTILE / source).read_bytes())
    assert hostile.import_outcome(seeded, path) == "refused"


def test_broken_utf8_and_bomless_utf16_risimport_outcome(library: Library, tmp_path: Path) -> None:
    broken = tmp_path / "broken.ris"
    broken.write_bytes(b"TY  - JOUR\nTI  - caf\xc3\xa9 na\xc3\xafve \xff\nER  - \n")
    utf16 = tmp_path / "utf16.ris"
    utf16.write_bytes("TY  - JOUR\nTI  - Wide\nER  - \n".encode("utf-16-le"))
    reports = app.import_files(library, [broken, utf16])
    assert [len(r.added) for r in reports] == [1, 1]
    assert {p.title for p in library.list_papers()} == {"café naïve \ufffd", "Wide"}


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_html_and_scripts_stay_text_never_markup(
    library: Library, tmp_path: Path, suffix: str
) -> None:
    title = "<script>alert(1)</script> Safe"
    path = tmp_path / f"html{suffix}"
    text = f"TY  - JOUR\nTI  - {title}\nER  - \n"
    path.write_text(text if suffix == ".ris" else json.dumps([{"title": title}]))
    app.import_files(library, [path])
    assert [p.title for p in library.list_papers()] == [title]  # shown as text, by Qt


@pytest.mark.parametrize("module", [ris, csljson], ids=["ris", "csljson"])
def test_a_title_cannot_break_out_of_its_record(library: Library, module: object) -> None:
    sneaky = "Safe\r\nER  - \r\nTY  - JOUR\r\nTI  - Injected"
    library.papers.add_papers([NewPaper(title="x", notes=sneaky, abstract=sneaky, citekey="k")])
    out = io.StringIO()
    module.write(library.list_papers(), out)  # type: ignore[attr-defined]
    parse = ris.parse if module is ris else csljson.parse
    papers = parse(out.getvalue())[0]
    assert [p.citekey for p in papers] == ["k"]
    assert "Injected" in papers[0].notes and "Injected" in papers[0].abstract


@pytest.mark.slow
@pytest.mark.parametrize("suffix", SUFFIXES)
def test_a_50_mb_value_is_refused_quickly(seeded: Library, tmp_path: Path, suffix: str) -> None:
    body = "regret " * 7_000_000
    path = tmp_path / f"one-line{suffix}"
    text = f"TY  - JOUR\nTI  - {body}\nER  - \n"
    path.write_text(text if suffix == ".ris" else json.dumps([{"title": body}]))
    before = hostile.snapshot(seeded)
    reports = hostile.timed_import(seeded, path)
    assert not isinstance(reports, ImportFailed)
    assert not reports[0].added and "characters" in reports[0].skipped[0].reason
    assert hostile.snapshot(seeded) == before


def test_json_nested_too_deeply_is_refused(seeded: Library, tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    assert hostile.import_outcome(seeded, path) == "refused"


def test_json_of_the_wrong_shape_is_refused_or_skipped(seeded: Library, tmp_path: Path) -> None:
    for i, text in enumerate(["42", '"text"', "null", "[1, 2, 3]", '{"items": 5}', "[]"]):
        path = tmp_path / f"shape{i}.json"
        path.write_text(text)
        assert hostile.import_outcome(seeded, path) in ("refused", "imported")
    assert seeded.check() == "ok"


def test_wrongly_typed_csl_values_are_ignored() -> None:
    item = {"title": ["A", 3], "author": "Doe", "issued": {"date-parts": "x"}, "keyword": 5}
    item |= {"custom": [], "editor": [None, {"family": 3}], "page": {"a": 1}}
    p = csljson.parse(json.dumps([item]))[0][0]
    assert p.title == "A" and p.authors == () and p.year is None  # a list: its first


# -- fuzzing the readers -----------------------------------------------------------------

ris_text = st.lists(
    st.one_of(
        st.sampled_from(["TY  - ", "ER  - ", "AU  - ", "KW  - ", "U1  - litman-", "\r\n", "\n"]),
        st.sampled_from(["JOUR", "Doe, J", "status: read", "rating: 9", "type: x", "\ufeff"]),
        st.text(max_size=12),
    ),
    max_size=40,
).map("".join)
json_text = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda kids: (
        st.lists(kids, max_size=4)
        | st.dictionaries(
            st.sampled_from(["title", "author", "issued", "date-parts", "custom", "family", "id"]),
            kids,
            max_size=4,
        )
    ),
    max_leaves=20,
).map(lambda v: json.dumps([v]))


@pytest.mark.slow
@hostile.fuzz
@given(ris_text)
def test_fuzz_ris_reader(text: str) -> None:
    with contextlib.suppress(ImportFailed):
        ris.parse(text)


@pytest.mark.slow
@hostile.fuzz
@given(st.one_of(json_text, st.text(max_size=60)))
def test_fuzz_csljson_reader(text: str) -> None:
    with contextlib.suppress(ImportFailed):
        csljson.parse(text)


def test_fuzz_whole_imports_leave_the_library_consistent(library: Library, tmp_path: Path) -> None:
    pieces = ["TY  - JOUR\n", "ER  - \n", "TI  - x", "[", "{", '"title":', "}", "]", ",", "\x00"]
    hostile.import_noise(library, tmp_path, pieces, SUFFIXES, files=40, seed=13, longest=60)


CORPUS = sorted(p.name for p in hostile.HOSTILE.iterdir() if p.suffix in (".txt", ".bib"))


@pytest.mark.parametrize("suffix", SUFFIXES)
@pytest.mark.parametrize("source", CORPUS)
def test_each_file_of_the_bibtex_corpus_read_as_ris_or_csl_is_refused_or_imported(
    seeded: Library, tmp_path: Path, source: str, suffix: str
) -> None:
    """The BibTeX reader's hostile corpus, named .ris or .json: a clear error or a clean
    import (of whatever records it holds), never a crash, and a refusal changes nothing."""
    path = tmp_path / (Path(source).stem + suffix)
    path.write_bytes((hostile.HOSTILE / source).read_bytes())
    assert hostile.import_outcome(seeded, path) in ("refused", "imported")


SQL_VALUES = [
    "Robert'); DROP TABLE papers; --",
    "%s %(id)s :id $1 ? @x",
    "$$; DELETE FROM tags; $$",
]


@pytest.mark.parametrize("suffix", SUFFIXES)
def test_values_written_as_sql_come_back_whole(
    library: Library, tmp_path: Path, suffix: str
) -> None:
    path = tmp_path / f"sql{suffix}"
    title, venue, abstract = SQL_VALUES
    if suffix == ".ris":
        path.write_text(f"TY  - JOUR\nTI  - {title}\nJO  - {venue}\nAB  - {abstract}\nER  - \n")
    else:
        item = {"type": "article-journal", "title": title, "container-title": venue}
        path.write_text(json.dumps([item | {"abstract": abstract}]))
    app.import_files(library, [path])
    (paper,) = library.list_papers()
    assert (paper.title, paper.venue, paper.abstract) == tuple(SQL_VALUES)
    assert library.check() == "ok"
