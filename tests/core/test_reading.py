"""Reading papers a page at a time: the same papers, and SQLite's JSON equal to to_json."""

import json
import sqlite3
from pathlib import Path

import pytest

from litman.core.library.facade import Library
from litman.core.records import NewPaper, Status


def _varied(lib: Library) -> list[int]:
    ids = lib.papers.add_papers(
        [
            NewPaper(
                title='Ünïcode "quotes" \\ back\x1bslash\x7f\x9b',
                authors=("Müller, Jürgen", "{Corp & Co}"),
                year=2020,
                venue="NeurIPS",
                doi="10.1/x",
                url="https://x.org/?a=1&b=2",
                abstract="line\none\ttab 😀",
                abstract_truncated=True,
                title_derived=True,
                rating=4,
                notes="n",
                source="s.bib",
                extra={"note": "k", "raw:title": "{T}"},
                tags=("zeta", "Alpha > Beta", "mid"),
            ),
            NewPaper(title="Plain"),
            NewPaper(title="", authors=(), year=None),
        ]
    ).added
    lib.papers.set_status([ids[0]], Status.READ)
    return list(ids)


def test_sqlite_json_equals_to_json_for_every_field(library: Library) -> None:
    ids = _varied(library)
    got = [json.loads(row) for row in library.iter_json(ids)]
    assert got == [p.to_json() for p in library.get_many(ids)]


@pytest.mark.file_only
def test_a_date_with_a_zero_fraction_is_written_as_isoformat_writes_it(
    library: Library, library_path: Path
) -> None:
    (pid,) = library.papers.add_papers([NewPaper(title="x")]).added
    with sqlite3.connect(library_path) as conn:
        conn.execute(
            "UPDATE papers SET added_at = '2020-01-02 03:04:05.000000' WHERE id = ?", (pid,)
        )
    conn.close()
    (row,) = library.iter_json([pid])
    assert json.loads(row)["added_at"] == "2020-01-02T03:04:05+00:00"
    assert json.loads(row) == library.get(pid).to_json()


@pytest.mark.file_only
def test_times_stored_with_and_without_their_offset_read_alike(
    library: Library, library_path: Path
) -> None:
    (pid,) = library.papers.add_papers([NewPaper(title="x", status=Status.READ)]).added
    with sqlite3.connect(library_path) as conn:  # an insert keeps '+00:00', an UPDATE drops it
        conn.execute(
            "UPDATE papers SET added_at = '2020-01-02 03:04:05.000000+00:00',"
            " modified_at = '2020-01-02 03:04:05.250000+00:00' WHERE id = ?",
            (pid,),
        )
        conn.execute(
            "UPDATE reading SET read_at = '2020-01-02 03:04:05.250000' WHERE paper_id = ?", (pid,)
        )
    conn.close()
    (row,) = library.iter_json([pid])
    assert json.loads(row) == library.get(pid).to_json()


def test_pages_keep_the_order_asked_for_and_leave_out_unknown_ids(library: Library) -> None:
    ids = list(library.papers.add_papers([NewPaper(title=f"p{i}") for i in range(25)]).added)
    wanted = [*reversed(ids), 10_000]
    from litman.core.store import reading

    with library._read() as conn:
        papers = list(reading.iter_papers(conn, wanted, page=4))
        rows = list(reading.iter_json(conn, wanted, page=4))
    assert [p.id for p in papers] == wanted[:-1]
    assert [json.loads(r)["id"] for r in rows] == wanted[:-1]


def test_iter_papers_equals_get_many(library: Library) -> None:
    ids = _varied(library)
    assert list(library.iter_papers(ids)) == library.get_many(ids)


def test_a_stored_paper_is_the_frozen_record_its_values_make(library: Library) -> None:
    import dataclasses

    from litman.core.records import Paper, stored_paper

    (pid,) = _varied(library)[:1]
    paper = library.get(pid)
    values = [getattr(paper, f.name) for f in dataclasses.fields(Paper)]
    made = stored_paper(values)
    assert made == Paper(*values) and hash(made.id) == hash(paper.id)
    assert type(made) is Paper and made.to_json() == paper.to_json()
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.title = "changed"  # type: ignore[misc]
    with pytest.raises(ValueError):
        stored_paper(values[:-1])  # a value short: refused, not a record with a hole
