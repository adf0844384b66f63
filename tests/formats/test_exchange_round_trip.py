"""litman -> BibTeX / BibLaTeX / RIS / CSL-JSON -> litman keeps every modelled field: tags, reading status and
rating (through each format's custom field), notes, flags, and the BibTeX fields each format
has a place for. What a format cannot carry is named in the export report."""

import io
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from litman import app
from litman.core.library.facade import Library
from litman.core.records import NewPaper, Paper, Status
from litman.formats import csljson, exchange, registry, ris

PAPERS = [
    NewPaper(
        citekey="doe2013bandits",
        entry_type="article",
        title="Bandits with knapsacks: a “study” of ER  - tags",
        authors=("Doe, Jane", "van Beethoven, Ludwig", "Doe, Jr., John"),
        year=2013,
        venue="Journal of Regret",
        doi="10.1000/xyz",
        url="https://example.org/a",
        abstract="We study bandits. TY  - JOUR is not a tag here.",
        tags=("bandits", "ml > online learning", "to read"),
        status=Status.READ,
        rating=4,
        notes="First paragraph\nTY  - JOUR inside a note\n\nSecond paragraph",
        extra={"volume": "7", "number": "2", "pages": "10--20", "publisher": "ACM"},
    ),
    NewPaper(
        citekey="roe2020",
        entry_type="inproceedings",
        title="Convex regret",
        authors=("World Health Organization",),
        year=2020,
        venue="Proceedings of COLT",
        status=Status.READING,
        abstract="An abstract cut short",
        abstract_truncated=True,
        title_derived=True,
    ),
    NewPaper(citekey="book1", entry_type="book", title="A book", venue="Springer", year=1999),
    NewPaper(citekey="thesis1", entry_type="mastersthesis", title="A thesis", venue="ETH"),
    NewPaper(citekey="misc1", entry_type="proceedings", title="Proceedings of X"),
    NewPaper(citekey="report1", entry_type="techreport", title="A report", venue="MIT"),
]
FIELDS = tuple("citekey entry_type title title_derived authors year venue doi".split())
FIELDS += ("url", "abstract", "abstract_truncated", "status", "rating", "notes", "tags")
Write = Callable[..., exchange.ExportReport]


def _modelled(p: Paper) -> tuple[object, ...]:
    return (*(getattr(p, f) for f in FIELDS), dict(exchange.visible_extra(p.extra)))


def _round_trip(library: Library, tmp_path: Path, name: str) -> tuple[list[Paper], list[Paper]]:
    library.papers.add_papers(PAPERS)
    before = library.list_papers("citekey")
    path = tmp_path / f"out{registry.suffix_of(name)}"
    with path.open("w", encoding="utf-8") as out:
        registry.writer_for(name)(before, out)
    again = Library.open(tmp_path / "again.sqlite")
    app.import_files(again, [path])
    return before, again.list_papers("citekey")


@pytest.mark.slow
@pytest.mark.parametrize("name", ["bibtex", "ris", "csljson"])
def test_every_modelled_field_comes_back(library: Library, tmp_path: Path, name: str) -> None:
    before, after = _round_trip(library, tmp_path, name)
    assert [_modelled(p) for p in after] == [_modelled(p) for p in before]


def test_biblatex_keeps_every_modelled_field_but_the_types_it_renames(
    library: Library, tmp_path: Path
) -> None:
    """biblatex's @report and @thesis are read back as written (reading maps no type), and
    an ISO `date` is kept beside the year it gives: the rest is as before."""
    before, after = _round_trip(library, tmp_path, "biblatex")
    renamed = {"techreport": "report", "mastersthesis": "thesis"}
    assert [p.entry_type for p in after] == [
        renamed.get(p.entry_type, p.entry_type) for p in before
    ]
    same = [f for f in FIELDS if f != "entry_type"]
    assert [[getattr(p, f) for f in same] for p in after] == [
        [getattr(p, f) for f in same] for p in before
    ]
    for p, q in zip(after, before, strict=True):
        new = set(dict(exchange.visible_extra(p.extra))) - set(
            dict(exchange.visible_extra(q.extra))
        )
        assert new <= {"date", "type"}


@pytest.mark.parametrize("module", [ris, csljson], ids=["ris", "csljson"])
def test_a_field_the_format_lacks_is_reported(library: Library, module: object) -> None:
    library.papers.add_papers(
        [NewPaper(title="A", extra={"howpublished": "Online", "volume": "1"})]
    )
    report = module.write(library.list_papers(), io.StringIO())  # type: ignore[attr-defined]
    assert report.written == 1 and report.unexpressed == {"howpublished": 1}
    assert "'howpublished': left out of 1 paper" in report.describe("X")[0]


def test_ris_tags_it_does_not_model_come_back_as_they_were() -> None:
    text = "TY  - JOUR\nTI  - A\nM1  - 42\nL2  - http://x\nER  - \n"
    papers = ris.parse(text)[0]
    back = ris.record_of(_as_paper(papers[0]))
    assert ("M1", "42") in back and ("L2", "http://x") in back


def _as_paper(p: NewPaper) -> Paper:
    from datetime import datetime

    now = datetime.now()
    return Paper(
        id=1,
        citekey=p.citekey,
        entry_type=p.entry_type,
        title=p.title,
        title_derived=p.title_derived,
        authors=p.authors,
        year=p.year,
        venue=p.venue,
        doi=p.doi,
        url=p.url,
        abstract=p.abstract,
        abstract_truncated=p.abstract_truncated,
        status=p.status,
        rating=p.rating,
        notes=p.notes,
        source=p.source,
        extra=p.extra,
        tags=p.tags,
        added_at=now,
        modified_at=now,
        read_at=None,
    )


# -- any text a field can hold -------------------------------------------------------------

_word = st.text(
    st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp", "Zs")), min_size=1, max_size=8
)
_line = st.lists(st.one_of(_word, st.sampled_from(["TY  -", "ER  - ", "U1  -", ","])), min_size=1)
one_line = _line.map(lambda words: " ".join(" ".join(words).split()))
lines = st.lists(one_line, min_size=1, max_size=3).map("\n".join)
# a name is `Last, First` or written whole (`World Health Organization`)
_part = one_line.filter(lambda w: "," not in w)
name = st.one_of(_part, st.tuples(_part, _part).map(", ".join))


@pytest.mark.slow
@settings(max_examples=120, deadline=None)
@given(
    title=one_line,
    authors=st.lists(name, max_size=3).map(tuple),
    abstract=lines,
    notes=st.lists(lines, max_size=3).map("\n\n".join),
    tags=st.lists(one_line, max_size=3, unique=True).map(tuple),
    status=st.sampled_from(list(Status)),
    rating=st.integers(0, 5),
    venue=one_line,
    year=st.one_of(st.none(), st.integers(1000, 2999)),
    entry_type=st.sampled_from([*ris.WRITE_TYPES, "misc", "manual", "dataset"]),
    url=_part.map(lambda u: "https://x.org/" + u.replace(" ", "_")),
)
@pytest.mark.parametrize("module", [ris, csljson], ids=["ris", "csljson"])
def test_any_text_comes_back(module: object, **fields: object) -> None:
    paper = _as_paper(NewPaper(citekey="k", **fields))  # type: ignore[arg-type]
    out = io.StringIO()
    module.write([paper], out)  # type: ignore[attr-defined]
    parse = ris.parse if module is ris else csljson.parse
    again = parse(out.getvalue())[0]
    assert len(again) == 1
    assert [getattr(again[0], f) for f in fields] == list(fields.values())


@pytest.mark.parametrize(
    ("kind", "field"),
    [("phdthesis", "school"), ("mastersthesis", "school"), ("techreport", "institution")],
)
def test_a_thesis_or_report_from_ris_names_its_school_or_institution(kind: str, field: str) -> None:
    """BibTeX requires `school` of a thesis and `institution` of a report: a venue read from
    RIS, CSL-JSON or Zotero goes there, not to `howpublished`, which BibTeX ignores."""
    from litman.formats import bibtex

    paper = _as_paper(NewPaper(citekey="k", entry_type=kind, title="T", venue="ETH Zurich"))
    assert (field, "ETH Zurich") in bibtex.fields_of(paper)
    assert "howpublished" not in dict(bibtex.fields_of(paper))
