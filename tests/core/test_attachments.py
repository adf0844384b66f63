"""Attachments (schema 11): files copied into the library's files folder or linked where they
are, URLs, listed in order with where they are now; relative paths resolved against the base
folder the user sets; trash, empty trash and undo carry the stored files with the paper."""

from pathlib import Path

import pytest

from litman.core.attached import LINKED, PDF, STORED, Files, relinked
from litman.core.errors import LitmanError
from litman.core.library.facade import Library
from litman.core.records import NewPaper


@pytest.fixture
def lib(library: Library, store: str, tmp_path: Path) -> Library:
    """A library with one paper; a shared library gets a base folder (it has none)."""
    if store == "postgresql":
        library.attachments.set_folder(tmp_path / "files")
    library.papers.add_papers([NewPaper(title="Walrus embeddings"), NewPaper(title="Other")])
    return library


def pdf(tmp_path: Path, name: str = "walrus.pdf", body: bytes = b"%PDF-1.4\n%%EOF\n") -> Path:
    path = tmp_path / "in" / name
    path.parent.mkdir(exist_ok=True)
    path.write_bytes(body)
    return path


def test_a_file_is_copied_into_the_files_folder(lib: Library, tmp_path: Path) -> None:
    source = pdf(tmp_path)
    lib.attachments.attach(1, [source])
    (att,) = lib.attachments.of(1)
    assert att.kind == STORED and att.content_type == PDF and att.size == source.stat().st_size
    folder = lib.attachments.folder()
    assert folder is not None and Path(att.location).parent.parent == folder
    assert Path(att.location).read_bytes() == source.read_bytes() and not att.missing
    source.unlink()  # the copy is the library's own
    assert not lib.attachments.of(1)[0].missing


@pytest.mark.file_only
def test_the_files_folder_is_beside_the_library_file(library_path: Path, tmp_path: Path) -> None:
    with Library.open(library_path) as lib:
        lib.papers.add_paper(NewPaper(title="A"))
        lib.attachments.attach(1, [pdf(tmp_path)])
        assert lib.attachments.folder() == library_path.with_name("lib-files")
        assert Path(lib.attachments.of(1)[0].location).is_relative_to(library_path.parent)


def test_a_linked_file_stays_where_it_is_and_goes_missing(lib: Library, tmp_path: Path) -> None:
    source = pdf(tmp_path)
    lib.attachments.attach(1, [source], link=True)
    (att,) = lib.attachments.of(1)
    assert (att.kind, att.location, att.missing) == (LINKED, str(source), False)
    source.unlink()
    assert lib.attachments.of(1)[0].missing


def test_relative_paths_resolve_against_the_base_folder(lib: Library, tmp_path: Path) -> None:
    base = tmp_path / "mine"
    lib.attachments.set_folder(base)
    (base / "sub").mkdir(parents=True)
    (base / "sub" / "x.pdf").write_bytes(b"%PDF-1.4")
    lib.attachments.attach(1, [base / "sub" / "x.pdf"], link=True)
    (att,) = lib.attachments.of(1)
    assert att.path == "sub/x.pdf"  # kept relative: moves with the folder
    moved = tmp_path / "elsewhere"
    base.rename(moved)
    assert lib.attachments.of(1)[0].missing
    lib.attachments.set_folder(moved)
    assert lib.attachments.of(1)[0].location == str(moved / "sub" / "x.pdf")
    assert not lib.attachments.of(1)[0].missing


def test_urls_are_links_and_never_missing(lib: Library) -> None:
    lib.attachments.attach(1, ["https://arxiv.org/pdf/2101.00001"])
    (att,) = lib.attachments.of(1)
    assert (att.kind, att.url, att.missing) == (LINKED, True, False)


def test_attachments_keep_their_order_and_the_first_pdf_opens(lib: Library, tmp_path: Path) -> None:
    note = tmp_path / "in" / "notes.txt"
    pdf(tmp_path)
    note.write_text("notes")
    lib.attachments.attach(1, ["https://example.org/x", note, pdf(tmp_path)])
    kinds = [(a.kind, Path(a.path).name) for a in lib.attachments.of(1)]
    assert kinds == [(LINKED, "x"), (STORED, "notes.txt"), (STORED, "walrus.pdf")]
    opened = lib.attachments.to_open(1)
    assert opened is not None and opened.pdf
    assert lib.attachments.to_open(2) is None
    assert lib.attachments.with_attachments([1, 2]) == {1}


def test_a_missing_source_attaches_nothing(lib: Library, tmp_path: Path) -> None:
    with pytest.raises(LitmanError, match="no such file"):
        lib.attachments.attach(1, [pdf(tmp_path), tmp_path / "gone.pdf"])
    assert lib.attachments.of(1) == []
    folder = lib.attachments.folder()
    assert folder is None or not folder.exists() or not any(folder.iterdir())


def test_attach_is_undone_and_redone(lib: Library, tmp_path: Path) -> None:
    changes = lib.attachments.attach(1, [pdf(tmp_path)])
    assert changes.updated == (1,) and not changes.text_changed
    redo = lib.undo(changes)
    assert lib.attachments.of(1) == []
    lib.undo(redo)
    (att,) = lib.attachments.of(1)
    assert not att.missing  # the copy was kept for the redo


def test_detach_is_undone_with_the_same_row(lib: Library, tmp_path: Path) -> None:
    lib.attachments.attach(1, [pdf(tmp_path)])
    before = lib.attachments.of(1)
    changes = lib.attachments.detach([before[0].id])
    assert lib.attachments.of(1) == []
    lib.undo(changes)
    assert lib.attachments.of(1) == before


def test_relink_points_a_missing_file_at_its_new_place(lib: Library, tmp_path: Path) -> None:
    source = pdf(tmp_path)
    lib.attachments.attach(1, [source], link=True)
    moved = source.rename(tmp_path / "moved.pdf")
    (att,) = lib.attachments.of(1)
    changes = lib.attachments.relink(att.id, moved)
    assert lib.attachments.of(1)[0].location == str(moved)
    lib.undo(changes)
    assert lib.attachments.of(1) == [att]


def test_trash_keeps_stored_files_and_emptying_deletes_them(lib: Library, tmp_path: Path) -> None:
    linked = pdf(tmp_path, "linked.pdf")
    lib.attachments.attach(1, [pdf(tmp_path)])
    lib.attachments.attach(1, [linked], link=True)
    stored = Path(lib.attachments.of(1)[0].location)
    deleted = lib.papers.delete_papers([1])
    assert stored.exists() and len(lib.attachments.of(1)) == 2
    lib.undo(deleted)
    assert [a.missing for a in lib.attachments.of(1)] == [False, False]
    lib.papers.delete_papers([1])
    lib.papers.empty_trash()
    assert not stored.exists() and not stored.parent.exists()
    assert linked.exists()  # a linked file is never deleted
    assert lib.attachments.of(1) == []


def test_attaching_to_a_paper_in_the_trash_is_refused(lib: Library, tmp_path: Path) -> None:
    lib.papers.delete_papers([1])
    with pytest.raises(LitmanError, match="in the trash"):
        lib.attachments.attach(1, [pdf(tmp_path)])


@pytest.mark.file_only
def test_a_shared_user_sets_their_own_folder(library_path: Path, tmp_path: Path) -> None:
    """On a file (one user) the setting is the library's; `mine=False` too."""
    with Library.open(library_path) as lib:
        lib.attachments.set_folder(tmp_path / "a", mine=True)
        assert lib.attachments.folder() == tmp_path / "a"
        lib.attachments.set_folder(None)
        assert lib.attachments.folder() == library_path.with_name("lib-files")


@pytest.mark.file_only
def test_a_copied_library_keeps_its_attachments(library_path: Path, tmp_path: Path) -> None:
    with Library.open(library_path) as lib, Library.open(tmp_path / "copy.sqlite") as copy:
        lib.papers.add_paper(NewPaper(title="A"))
        lib.attachments.attach(1, [pdf(tmp_path)], link=True)
        lib.copy_to(copy)
        assert copy.attachments.of(1) == lib.attachments.of(1)
        copy.attachments.attach(1, ["https://example.org"])  # numbering goes on after
        assert [a.id for a in copy.attachments.of(1)] == [1, 2]


def test_find_missing_relinks_by_name_under_a_folder(lib: Library, tmp_path: Path) -> None:
    source = pdf(tmp_path, "lost.pdf")
    lib.attachments.attach(1, [source], link=True)
    lib.attachments.attach(2, [pdf(tmp_path, "kept.pdf")], link=True)
    moved = tmp_path / "found" / "deep"
    moved.mkdir(parents=True)
    source.rename(moved / "lost.pdf")
    done = lib.attachments.find_missing([1, 2], tmp_path / "found")
    assert relinked(done.inverse) == 1
    assert lib.attachments.of(1)[0].location == str(moved / "lost.pdf")
    lib.undo(done)
    assert lib.attachments.of(1)[0].missing


def test_find_missing_relinks_every_file_in_one_undoable_change(
    lib: Library, tmp_path: Path
) -> None:
    lost = [pdf(tmp_path, "one.pdf"), pdf(tmp_path, "two.pdf")]
    for pid, source in zip((1, 2), lost, strict=True):
        lib.attachments.attach(pid, [source], link=True)
    moved = tmp_path / "found"
    moved.mkdir()
    for source in lost:
        source.rename(moved / source.name)
    done = lib.attachments.find_missing([1, 2], moved)
    assert (relinked(done.inverse), sorted(done.updated)) == (2, [1, 2])
    redo = lib.undo(done)
    assert [lib.attachments.of(p)[0].missing for p in (1, 2)] == [True, True]
    lib.undo(redo)
    assert [lib.attachments.of(p)[0].location for p in (1, 2)] == [
        str(moved / "one.pdf"),
        str(moved / "two.pdf"),
    ]


def test_find_missing_under_a_folder_that_is_not_there_changes_nothing(
    lib: Library, tmp_path: Path
) -> None:
    with pytest.raises(LitmanError, match="No folder"):
        lib.attachments.find_missing([1], tmp_path / "nowhere")


def test_a_rename_rule_names_stored_files(lib: Library, tmp_path: Path) -> None:
    assert lib.attachments.rename_rule() == ""
    lib.papers.update_paper(1, authors=("Doe, Jane",), year=2020)
    lib.attachments.set_rename_rule("{author}{year} - {title}")
    lib.attachments.attach(1, [pdf(tmp_path, "download (3).pdf")])
    (att,) = lib.attachments.of(1)
    assert Path(att.location).name == "Doe2020 - Walrus embeddings.pdf"
    lib.attachments.set_rename_rule("")
    lib.attachments.attach(2, [pdf(tmp_path, "kept.pdf")])
    assert Path(lib.attachments.of(2)[0].location).name == "kept.pdf"
    with pytest.raises(LitmanError, match="not journal"):
        lib.attachments.set_rename_rule("{journal}")


def test_what_each_papers_attachments_come_to(lib: Library, tmp_path: Path) -> None:
    lost = pdf(tmp_path, "lost.pdf")
    lib.attachments.attach(1, [pdf(tmp_path, "kept.pdf"), lost], link=True)
    lib.attachments.attach(2, ["https://example.org/paper"])
    assert lib.attachments.files([1, 2]) == {1: Files.PRESENT, 2: Files.LINKS}
    lost.unlink()
    assert lib.attachments.files([1, 2]) == {1: Files.MISSING, 2: Files.LINKS}


def test_sorting_by_attachments_puts_missing_files_first_and_papers_without_last(
    lib: Library, tmp_path: Path
) -> None:
    lib.papers.add_papers([NewPaper(title="Third"), NewPaper(title="Fourth")])
    lost = pdf(tmp_path, "lost.pdf")
    lib.attachments.attach(2, [pdf(tmp_path, "kept.pdf")], link=True)
    lib.attachments.attach(3, [lost], link=True)
    lib.attachments.attach(4, ["https://example.org/paper"])
    lost.unlink()
    assert lib.list_ids("attachments") == [3, 2, 4, 1]
    assert lib.list_ids("attachments", descending=True) == [4, 2, 3, 1]


def test_the_pdfs_without_text_are_those_there_to_read(lib: Library, tmp_path: Path) -> None:
    kept, lost = pdf(tmp_path, "kept.pdf"), pdf(tmp_path, "lost.pdf")
    lib.attachments.attach(1, [kept, lost, pdf(tmp_path, "notes.txt", b"walrus")], link=True)
    lib.attachments.attach(1, ["https://example.org/paper.pdf"])
    lost.unlink()
    (att,) = lib.attachments.without_text()
    assert att.location == str(kept)
    lib.attachments.set_text(att.id, ["walrus"])
    assert lib.attachments.without_text([1]) == []
