"""The sort and duplicate keys follow a paper's text through every kind of write."""

from sqlalchemy import select

from litman.core.library.facade import Library
from litman.core.records import ImportBatch, NewPaper
from litman.core.store import models
from litman.core.store import rows as store

P = models.papers
ABSTRACT = (
    "We study how the last layer of a deep classifier collapses to a simplex equiangular "
    "tight frame during the terminal phase of training, and what that means for transfer."
)


def assert_derived_current(lib: Library) -> None:
    """Every row's derived columns are what `derived_columns` makes of its text now."""
    cols = [P.c.id, P.c.title, P.c.authors, P.c.abstract, P.c.extra, *(P.c[c] for c in _DERIVED)]
    with lib._read() as conn:
        for pid, title, authors, abstract, extra, *stored in conn.execute(select(*cols)):
            expected = store.derived_columns(title, authors, abstract, extra)
            assert dict(zip(_DERIVED, stored, strict=True)) == expected, pid


_DERIVED = (
    "title_sort",
    "title_key",
    "authors_sort",
    "abstract_key",
    "match_title",
)


def test_a_merge_that_changes_the_title_updates_its_keys(library: Library) -> None:
    """A derived title follows the fuller abstract in a merge; its keys must follow too."""
    (pid,) = library.papers.add_papers(
        [
            NewPaper(
                title="Zebra truncated",
                title_derived=True,
                abstract=ABSTRACT[:100],
                abstract_truncated=True,
            )
        ]
    ).added
    fuller = NewPaper(title="Apple collapse", title_derived=True, abstract=ABSTRACT)
    (report,) = library.import_batches([ImportBatch("more.txt", (fuller,), (1,))])
    assert [m.into_id for m in report.merged] == [pid]
    assert library.get(pid).title == "Apple collapse"
    assert_derived_current(library)


def test_edits_and_their_undo_keep_the_keys_current(library: Library) -> None:
    (pid,) = library.papers.add_papers(
        [NewPaper(title="Old", authors=("Zed, A",), abstract="x")]
    ).added
    changes = [
        library.papers.update_paper(pid, title="Brand new title"),
        library.papers.update_paper(pid, authors=("Ames, B", "Cole, C")),
        library.papers.update_paper(pid, abstract=ABSTRACT),
    ]
    assert_derived_current(library)
    for change in reversed(changes):
        library.papers.restore_fields(change.old)
        assert_derived_current(library)
    assert library.get(pid).title == "Old"


def test_a_deleted_paper_comes_back_with_its_keys(library: Library) -> None:
    ids = library.papers.add_papers([NewPaper(title="Ünïcode Title", authors=("Ørsted, H",))]).added
    gone = library.papers.delete_papers(ids)
    library.undo(gone)
    assert_derived_current(library)


def test_the_window_title_order_follows_an_edit(library: Library) -> None:
    a, b = library.papers.add_papers([NewPaper(title="Alpha"), NewPaper(title="Beta")]).added
    library.papers.update_paper(a, title="Zulu")
    assert library.list_ids("title") == [b, a]
