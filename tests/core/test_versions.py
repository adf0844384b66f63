"""Paper versions (`litman.core.store.versions`): a stale edit of a field is refused with both
values and kept in the conflict record; an edit of another field of the same paper lands;
on a file (two windows) and on PostgreSQL alike."""

from pathlib import Path

import pytest

from litman.core.errors import ConflictError, LitmanError
from litman.core.library.facade import Library
from litman.core.records import FieldConflict, NewPaper


def _paper(lib: Library) -> int:
    return lib.papers.add_paper(NewPaper(title="Walrus Embeddings", venue="NeurIPS", year=2020))


def test_a_stale_edit_of_a_field_is_refused_with_theirs_and_mine(library: Library) -> None:
    pid = _paper(library)
    seen = library.get(pid).version
    library.papers.update_paper(pid, seen_version=seen, title="Walrus Embeddings, Revised")
    with pytest.raises(ConflictError) as refused:
        library.papers.update_paper(pid, seen_version=seen, title="Walrus Embeddings (2nd ed.)")
    err = refused.value
    assert (err.paper_id, err.seen, err.version) == (pid, seen, seen + 1)
    assert err.conflicts == (
        FieldConflict("title", "Walrus Embeddings, Revised", "Walrus Embeddings (2nd ed.)"),
    )
    assert "title" in str(err) and "\n" not in str(err)
    assert library.get(pid).title == "Walrus Embeddings, Revised"


def test_the_refused_edit_is_kept_in_the_conflict_record(library: Library) -> None:
    pid = _paper(library)
    library.papers.update_paper(pid, seen_version=0, year=2021)
    with pytest.raises(ConflictError):
        library.papers.update_paper(pid, seen_version=0, year=2022, venue="ICML")
    [kept] = library.papers.conflicts()
    assert (kept.paper_id, kept.field, kept.theirs, kept.mine) == (pid, "year", 2021, 2022)
    assert (kept.seen, kept.version) == (0, 1)
    assert library.get(pid).venue == "NeurIPS"  # the whole edit was refused


def test_edits_of_different_fields_from_one_version_both_land(library: Library) -> None:
    pid = _paper(library)
    seen = library.get(pid).version
    library.papers.update_paper(pid, seen_version=seen, title="Walrus Embeddings II")
    library.papers.update_paper(pid, seen_version=seen, venue="ICML")
    library.papers.set_field(pid, "volume", "12", seen_version=seen)
    library.papers.set_field(pid, "pages", "1--9", seen_version=seen)
    paper = library.get(pid)
    assert (paper.title, paper.venue) == ("Walrus Embeddings II", "ICML")
    assert dict(paper.extra) == {"volume": "12", "pages": "1--9"}
    assert paper.version == seen + 4
    assert library.papers.conflicts() == []


def test_a_stale_edit_of_a_stored_bibtex_field_is_refused(library: Library) -> None:
    pid = _paper(library)
    library.papers.set_field(pid, "volume", "12", seen_version=0)
    with pytest.raises(ConflictError) as refused:
        library.papers.set_field(pid, "Volume", "13", seen_version=0)
    assert refused.value.conflicts == (FieldConflict("volume", "12", "13"),)
    with pytest.raises(ConflictError):  # removing it is an edit of it too
        library.papers.edit(pid, {"volume": ""}, seen_version=0)
    assert library.get(pid).extra == {"volume": "12"}


def test_writing_what_is_stored_already_is_no_conflict(library: Library) -> None:
    pid = _paper(library)
    library.papers.update_paper(pid, seen_version=0, title="Walrus Embeddings, Revised")
    library.papers.update_paper(pid, seen_version=0, title="Walrus Embeddings, Revised", year=2024)
    assert library.get(pid).year == 2024 and library.papers.conflicts() == []


def test_per_user_fields_and_edits_without_a_version_always_land(library: Library) -> None:
    pid = _paper(library)
    library.papers.update_paper(pid, notes="mine", rating=3)
    library.papers.update_paper(pid, seen_version=0, notes="also mine", rating=4)
    library.papers.set_status([pid], "read")
    assert library.get(pid).version == 0  # no shared field changed
    library.papers.update_paper(pid, title="Walrus")  # an import's merge, a command
    library.papers.update_paper(pid, title="Walrus, again")
    assert library.get(pid).version == 2 and library.papers.conflicts() == []


def test_an_undo_is_a_new_version_of_the_fields_it_puts_back(library: Library) -> None:
    pid = _paper(library)
    done = library.papers.update_paper(pid, seen_version=0, title="Walrus II")
    library.undo(done)
    paper = library.get(pid)
    assert (paper.title, paper.version) == ("Walrus Embeddings", 2)
    with pytest.raises(ConflictError):  # an editor that saw version 1 missed the undo
        library.papers.update_paper(pid, seen_version=1, title="Walrus III")
    library.papers.update_paper(pid, seen_version=1, venue="ICML")


def test_two_windows_on_one_file_refuse_each_others_stale_edits(tmp_path: Path) -> None:
    where = tmp_path / "lab.sqlite"
    with Library.open(where) as one, Library.open(where) as two:
        pid = _paper(one)
        seen = two.get(pid).version
        one.papers.update_paper(pid, seen_version=one.get(pid).version, title="From one")
        with pytest.raises(ConflictError):
            two.papers.update_paper(pid, seen_version=seen, title="From two")
        two.papers.update_paper(pid, seen_version=seen, year=1999)
        assert (one.get(pid).title, one.get(pid).year) == ("From one", 1999)
        assert [c.mine for c in one.papers.conflicts(pid)] == ["From two"]


def test_a_column_is_not_set_as_a_stored_field(library: Library) -> None:
    pid = _paper(library)
    with pytest.raises(LitmanError, match="own fields"):
        library.papers.set_field(pid, "Title", "x")
    with pytest.raises(LitmanError, match="own fields"):
        library.papers.set_field(pid, "extra", "x")


def test_a_write_tells_its_journal_number_and_a_refusal_none(library: Library) -> None:
    pid = _paper(library)
    first = library.last_write_seq()
    library.papers.update_paper(pid, seen_version=0, title="x")
    second = library.last_write_seq()
    assert first is not None and second is not None and second > first
    with pytest.raises(ConflictError):
        library.papers.update_paper(pid, seen_version=0, title="y")
    assert library.last_write_seq() is None


def test_a_library_from_before_versions_is_upgraded_with_papers_at_version_0(
    tmp_path: Path,
) -> None:
    fixture = Path(__file__).resolve().parents[1] / "data" / "libraries" / "schema-4.sqlite"
    path = tmp_path / "old.sqlite"
    path.write_bytes(fixture.read_bytes())
    with Library.open(path) as lib:
        pid = lib.list_ids("id")[0]
        assert lib.get(pid).version == 0 and lib.papers.conflicts() == []
        lib.papers.update_paper(pid, seen_version=0, title="Upgraded")
        with pytest.raises(ConflictError):
            lib.papers.update_paper(pid, seen_version=0, title="Stale")
        assert len(lib.papers.conflicts()) == 1


def test_an_imports_merge_is_a_new_version_of_the_fields_it_fills(library: Library) -> None:
    from litman.core.records import ImportBatch

    pid = library.papers.add_paper(NewPaper(title="Walrus Embeddings", doi="10.1/walrus"))
    more = NewPaper(title="Walrus Embeddings", doi="10.1/walrus", venue="ICML")
    batch = ImportBatch("more.bib", (more,), (1,))
    library.import_batch(batch)
    assert (library.get(pid).venue, library.get(pid).version) == ("ICML", 1)
    with pytest.raises(ConflictError):
        library.papers.update_paper(pid, seen_version=0, venue="NeurIPS")


def test_an_undo_over_someone_elses_later_edit_is_refused(library: Library) -> None:
    pid = _paper(library)
    mine = library.papers.update_paper(pid, seen_version=0, title="Mine")
    library.papers.update_paper(pid, seen_version=1, title="Theirs")  # another client, up to date
    with pytest.raises(ConflictError) as refused:
        library.undo(mine)
    assert refused.value.conflicts == (FieldConflict("title", "Theirs", "Walrus Embeddings"),)
    assert library.get(pid).title == "Theirs"
    assert [(c.field, c.theirs, c.mine) for c in library.papers.conflicts(pid)] == [
        ("title", "Theirs", "Walrus Embeddings")
    ]


def test_an_undo_lands_when_others_changed_other_fields(library: Library) -> None:
    pid = _paper(library)
    mine = library.papers.edit(pid, {"title": "Mine", "volume": "1"}, seen_version=0)
    library.papers.edit(pid, {"venue": "ICML", "pages": "2"}, seen_version=1)
    redo = library.undo(mine)
    paper = library.get(pid)
    assert (paper.title, paper.venue, dict(paper.extra)) == (
        "Walrus Embeddings",
        "ICML",
        {"pages": "2"},
    )
    library.undo(redo)
    assert library.get(pid).title == "Mine" and library.papers.conflicts() == []


def test_a_copy_keeps_the_versions_and_the_conflict_record(
    library: Library, tmp_path: Path
) -> None:
    pid = _paper(library)
    library.papers.update_paper(pid, seen_version=0, title="Theirs")
    with pytest.raises(ConflictError):
        library.papers.update_paper(pid, seen_version=0, title="Mine")
    with Library.open(tmp_path / "copy.sqlite") as copy:
        library.copy_to(copy)
        assert copy.get(pid).version == 1
        assert copy.papers.conflicts() == library.papers.conflicts()
        with pytest.raises(ConflictError):  # the fields' versions came along
            copy.papers.update_paper(pid, seen_version=0, title="Mine again")
        assert len(copy.papers.conflicts()) == 2


def test_a_copy_into_a_database_numbers_new_conflicts_after_the_copied(
    tmp_path: Path, pg_url: str
) -> None:
    with Library.open(tmp_path / "lab.sqlite") as lib, Library.open(pg_url) as shared:
        pid = _paper(lib)
        lib.papers.update_paper(pid, seen_version=0, title="Theirs")
        with pytest.raises(ConflictError):
            lib.papers.update_paper(pid, seen_version=0, title="Mine")
        lib.copy_to(shared)
        with pytest.raises(ConflictError):
            shared.papers.update_paper(pid, seen_version=0, title="Mine again")
        assert [c.id for c in shared.papers.conflicts()] == [1, 2]


def test_a_refusal_names_only_fields_a_user_edits(library: Library) -> None:
    """Whether a title was derived, or an abstract cut short, is bookkeeping of that field:
    another client's change of it alone is no conflict, and no message names it."""
    pid = _paper(library)
    mine = library.papers.update_paper(pid, seen_version=0, title="Mine", title_derived=False)
    library.papers.update_paper(pid, title_derived=True, abstract_truncated=True)  # another client
    library.undo(mine)
    assert library.get(pid).title == "Walrus Embeddings"
    seen = library.get(pid).version
    library.papers.update_paper(pid, abstract_truncated=False)
    library.papers.update_paper(pid, seen_version=seen, abstract="Whole", abstract_truncated=True)
    assert not library.papers.conflicts(pid)


def test_an_undo_refused_says_nothing_was_undone(library: Library) -> None:
    pid = _paper(library)
    mine = library.papers.update_paper(pid, seen_version=0, title="Mine")
    library.papers.update_paper(pid, seen_version=1, title="Theirs")
    with pytest.raises(ConflictError) as refused:
        library.undo(mine)
    assert "undone" in str(refused.value) and "redo the edit" not in str(refused.value)


def test_an_undo_of_an_edit_of_a_paper_deleted_for_good_says_so(library: Library) -> None:
    pid = _paper(library)
    mine = library.papers.update_paper(pid, title="Mine")
    library.papers.delete_permanently([pid])
    with pytest.raises(LitmanError) as refused:
        library.undo(mine)
    said = str(refused.value)
    assert "no longer" in said and "nothing was undone" in said.lower() and "\n" not in said


def test_a_conflict_record_names_who_as_the_library_knows_them(
    library: Library, store: str
) -> None:
    """On a shared library the database role (what the other members see as its user);
    in a file, the login on this machine."""
    import getpass

    pid = _paper(library)
    library.papers.update_paper(pid, seen_version=0, year=2021)
    with pytest.raises(ConflictError):
        library.papers.update_paper(pid, seen_version=0, year=2022)
    [kept] = library.papers.conflicts()
    if store == "postgresql":
        assert kept.who == library.engine.url.username  # the test server's role, not root
    else:
        assert kept.who.startswith(f"{getpass.getuser()}@")
