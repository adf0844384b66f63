"""The BibTeX writer keeps every value inside its field, as BibTeX, bibtexparser and pybtex
read it: raw text kept from an import (`\\{`, a line starting with `@`, math) included."""

from datetime import datetime

import bibtexparser
import pybtex.database
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from litman.core.records import Paper, Status
from litman.formats import bibtex, bibtex_plain, latex

# Pieces that attack a braced value: BibTeX counts `\{` and `\}`, bibtexparser does not;
# bibtexparser starts a new entry at a line beginning with `@`.
PIECES = ["\\{", "\\}", "{", "}", "\\", "\n@preamble{", "\n  @misc{x,", "$", "$\\{$", "@", "\n"]
hostile = st.lists(
    st.sampled_from(PIECES) | st.text(max_size=6) | st.characters(), max_size=12
).map("".join)
NOW = datetime(2024, 1, 1)


def paper(raw_title: str, note: str, abstract: str, key: str = "k") -> Paper:
    extra = {bibtex.RAW + "title": raw_title, "note": note, bibtex.RAW + "abstract": abstract}
    return Paper(
        id=1,
        citekey=key,
        entry_type="article",
        title=latex.decode(raw_title),  # unedited since import: the raw text is written
        title_derived=False,
        authors=("Doe, Jane",),
        year=2020,
        venue="",
        doi="",
        url="",
        abstract=latex.decode(abstract),
        abstract_truncated=False,
        status=Status.UNREAD,
        rating=0,
        notes="",
        source="",
        extra=extra,
        tags=(),
        added_at=NOW,
        modified_at=NOW,
        read_at=None,
    )


def written(p: Paper) -> dict[str, str]:
    """The fields the BibTeX export writes: the paper's, in BibTeX's names (a Chinese title
    gains `language`)."""
    return dict(bibtex_plain.entry(p.entry_type, bibtex.fields_of(p))[1])


def check_reads_back(p: Paper) -> None:
    text = bibtex.dumps([p])
    fields = written(p)
    for value in fields.values():
        assert bibtex.stays_inside(value), value
    parsed = bibtexparser.parse_string(text)  # type: ignore[attr-defined]
    assert not parsed.failed_blocks and not parsed.preambles and not parsed.strings, text
    assert [e.key for e in parsed.entries] == [p.citekey]
    got = {f.key: f.value for f in parsed.entries[0].fields}
    assert got == fields, text
    bib = pybtex.database.parse_string(text, "bibtex")
    assert list(bib.entries) == [p.citekey] and not bib.preamble_list, text
    entry = bib.entries[p.citekey]
    assert {k.lower(): v for k, v in entry.fields.items()} == {
        k: " ".join(v.split()) for k, v in fields.items() if k != "author"
    }, text  # pybtex folds white space


def test_an_escaped_brace_cannot_open_a_preamble() -> None:
    # The attack found: `\}` ends the field for BibTeX, which then reads the preamble.
    raw = "x \\} @preamble{\\immediate\\write18{touch /tmp/pwned}} \\{"
    p = paper(raw, "n", "a")
    assert written(p)["title"] != raw
    check_reads_back(p)


def test_a_line_starting_with_at_stays_in_its_field() -> None:
    p = paper("t", "first line\n@misc{evil, title = {x}}", "a\n @article{y,")
    check_reads_back(p)


def test_an_escaped_brace_inside_math_is_counted() -> None:
    check_reads_back(paper("$\\{$ and {b}", "$a\\}$", "$\\{}$"))


def test_a_value_ending_in_a_backslash_is_reencoded() -> None:
    check_reads_back(paper("t\\", "n\\\\", "a"))


def test_a_key_or_field_name_cannot_break_out() -> None:
    p = paper("t", "n", "a", key="k},\n@preamble{x")
    p = Paper(**{**vars(p), "extra": {**p.extra, "x = {1}, y": "v"}})
    text = bibtex.dumps([p])
    parsed = bibtexparser.parse_string(text)  # type: ignore[attr-defined]
    assert len(parsed.entries) == 1 and not parsed.preambles and not parsed.failed_blocks


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(hostile, hostile, hostile)
def test_any_value_reads_back_as_written(raw_title: str, note: str, abstract: str) -> None:
    check_reads_back(paper(raw_title, note, abstract))


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(hostile, hostile)
def test_ascii_export_keeps_values_inside_too(raw_title: str, note: str) -> None:
    p = paper(raw_title, note, "a")
    text = bibtex.dumps([p], ascii_only=True)
    parsed = bibtexparser.parse_string(text)  # type: ignore[attr-defined]
    assert len(parsed.entries) == 1 and not parsed.failed_blocks and not parsed.preambles
    assert list(pybtex.database.parse_string(text, "bibtex").entries) == ["k"]
