"""The PostgreSQL store, on a real server the test run starts (tests/pg_server.py): a shared
library used through the same Library as a file, other clients' writes seen through the
change journal, passwords never shown, readers kept read-only, and `litman copy` lossless
both ways."""

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from litman import app
from litman.cli import main
from litman.core.errors import LitmanError, ReadOnlyError, ServerUnreachableError
from litman.core.library.facade import Library
from litman.core.records import NewPaper
from litman.core.search.index import SearchIndex
from tests.pg_server import Cluster


def snapshot(lib: Library) -> dict[str, object]:
    """What a lossless copy keeps: every paper whole (ids, citekeys, fields, tags, status,
    dates), the tags with colours and counts, the sources."""
    ids = lib.list_ids("id")
    return {
        "papers": list(lib.iter_papers(ids)),
        "tags": [(t.name, t.colour, t.count) for t in lib.tags()],
        "statuses": lib.status_counts(),
        "citekeys": lib.citekeys(),
        "sources": lib.sources(),
        "fields": lib.stored_field_names(),
        "blocks": sorted(lib.kept_blocks()),
    }


def test_a_shared_library_is_made_and_used_like_a_file(pg_url: str) -> None:
    with Library.open(pg_url) as lib:
        app.import_seeds(lib)
        lib.papers.set_status([1, 2], "read")
        lib.tags.add_tag("Lab > Reading group", [3, 4])
        lib.papers.update_paper(5, title="Hyperbolic Walrus Embeddings")
        before = snapshot(lib)
    with Library.open(pg_url) as again:
        assert snapshot(again) == before
        assert again.search("walrus").ids == [5]
        assert again.tags.tag_tree_counts()["Lab"] == 2
        undone = again.undo(again.papers.delete_papers([5]))
        assert undone.added == (5,) and again.get(5).title == "Hyperbolic Walrus Embeddings"


def test_another_clients_write_reaches_the_index_through_the_journal(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Library.open(pg_url) as window, Library.open(pg_url) as other:
        app.import_seeds(other)
        assert window.changed_elsewhere()
        window.search("warm up")
        assert not window.changed_elsewhere()  # nothing new
        monkeypatch.setattr(SearchIndex, "reconcile", lambda self: pytest.fail("reconciled"))
        other.tags.add_tag("from-elsewhere", [5, 7])
        window.tags.add_tag("mine", [1])  # its own write is not news
        assert window.changed_elsewhere()
        assert sorted(window.search("tag:from-elsewhere").ids) == [5, 7]
        assert window.search("tag:mine").ids == [1]


def test_the_password_is_never_shown(pg_cluster: Cluster, pg_url: str) -> None:
    with_password = pg_url.replace("litman@", "litman:s3cret-pw@")
    with Library.open(with_password) as lib:  # the test server trusts: it is not needed
        where = lib._store.site.where
        assert "s3cret" not in where and "litman@" in where
    missing = with_password.replace(pg_url.split("/")[-1].split("?")[0], "no_such_db")
    with pytest.raises(LitmanError) as refused:
        Library.open(missing)
    assert "no_such_db" in str(refused.value) and "s3cret" not in str(refused.value)


def test_a_role_that_may_only_read_opens_read_only(pg_url: str) -> None:
    with Library.open(pg_url) as lib:
        lib.papers.add_paper(NewPaper(title="Shared"))
    admin = create_engine(pg_url)
    with admin.begin() as conn:
        conn.execute(text("DROP ROLE IF EXISTS reader"))
        conn.execute(text("CREATE ROLE reader LOGIN"))
        conn.execute(text("GRANT SELECT ON ALL TABLES IN SCHEMA public TO reader"))
    admin.dispose()
    with Library.open(pg_url.replace("litman@", "reader@")) as reader:
        assert reader.read_only and "may only read" in reader.read_only_reason
        assert reader.get(1).title == "Shared"
        with pytest.raises(ReadOnlyError):
            reader.papers.set_status([1], "read")
    with create_engine(pg_url).begin() as conn:
        conn.execute(text("DROP OWNED BY reader"))
        conn.execute(text("DROP ROLE reader"))


def test_copy_from_a_file_to_a_database_and_back_is_lossless(
    seeded_path: Path, pg_url: str, tmp_path: Path
) -> None:
    with Library.open(seeded_path) as lib:
        lib.papers.set_status([1, 2, 3], "read")
        lib.tags.add_tag("Lab > Reading group", [3, 4])
        lib.tags.set_tag_colour("Lab > Reading group", "#d97706")
        lib.papers.update_paper(5, notes="Discussed 3 May.", rating=4)
        lib.papers.set_field(6, "volume", "12")
        original = snapshot(lib)
    assert main(["copy", str(seeded_path), pg_url]) == 0
    back = tmp_path / "back.sqlite"
    assert main(["copy", pg_url, str(back)]) == 0
    with Library.open(pg_url) as shared, Library.open(back) as returned:
        assert snapshot(shared) == original
        assert snapshot(returned) == original
        new = shared.papers.add_paper(NewPaper(title="Numbered after the copied ones"))
        assert new == max(p.id for p in original["papers"]) + 1  # type: ignore[attr-defined]


def test_copy_refuses_a_destination_that_holds_papers(seeded_path: Path, pg_url: str) -> None:
    with Library.open(pg_url) as shared:
        shared.papers.add_paper(NewPaper(title="Already here"))
    assert main(["copy", str(seeded_path), pg_url]) == 1
    with Library.open(pg_url) as shared:
        assert shared.count() == 1


def test_copy_of_a_generated_library_of_10k_papers_is_lossless(pg_url: str, tmp_path: Path) -> None:
    from benchmarks.synthetic import papers

    source = tmp_path / "10k.sqlite"
    with Library.open(source, backup=False) as lib:
        lib.papers.add_papers(list(papers(10_000)))
        lib.papers.set_status(list(range(1, 10_001, 7)), "reading")
        original = snapshot(lib)
    assert len(original["papers"]) == 10_000  # type: ignore[arg-type]
    back = tmp_path / "back.sqlite"
    with Library.open(source, read_only=True) as src, Library.open(pg_url) as shared:
        assert src.copy_to(shared) == 10_000
        assert snapshot(shared) == original
        with Library.open(back, backup=False) as returned:
            shared.copy_to(returned)
            assert snapshot(returned) == original


def test_backup_and_restore_of_a_shared_library_point_to_pg_dump(
    pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with Library.open(pg_url) as lib:
        lib.papers.add_paper(NewPaper(title="Shared"))
    assert main(["--library", pg_url, "backup"]) == 1
    assert "pg_dump" in capsys.readouterr().err
    assert main(["--library", pg_url, "restore"]) == 1
    assert "pg_restore" in capsys.readouterr().err
    assert main(["--library", pg_url, "backup", "--list"]) == 0
    assert "pg_dump" in capsys.readouterr().out
    assert main(["--library", pg_url, "check"]) == 0


def test_kept_bibtex_blocks_are_copied_in_their_order(tmp_path: Path, pg_url: str) -> None:
    bib = tmp_path / "blocks.bib"
    bib.write_text(
        '@comment{zeta first}\n@preamble{"\\newcommand{\\x}{y}"}\n@comment{alpha last}\n'
        "@article{a, title={A paper}, author={Lee, Ann}, year={2020}}\n"
    )
    source, back = tmp_path / "source.sqlite", tmp_path / "back.sqlite"
    assert main(["--library", str(source), "import", str(bib)]) == 0
    with sqlite3.connect(source) as conn:  # kept as an older litman kept them: no positions
        conn.execute(
            "UPDATE meta SET key = 'bibtex-block:' || substr(key, 21)"
            " WHERE key LIKE 'bibtex-block:%'"
        )
    conn.close()
    assert main(["copy", str(source), pg_url]) == 0
    assert main(["copy", pg_url, str(tmp_path / "via.sqlite")]) == 0
    assert main(["copy", str(source), str(back)]) == 0
    with (
        Library.open(source) as a,
        Library.open(back) as b,
        Library.open(pg_url) as shared,
        Library.open(tmp_path / "via.sqlite") as via,
    ):
        blocks = a.kept_blocks()
        assert blocks[0][1] == "@comment{zeta first}" and len(blocks) == 3
        assert b.kept_blocks() == shared.kept_blocks() == via.kept_blocks() == blocks


def test_a_large_first_import_leaves_other_clients_reading(pg_url: str) -> None:
    """Dropping the indexes around a large insert would lock the papers table against every
    other client's reads until the import commits (DROP INDEX takes an exclusive lock)."""
    from sqlalchemy import event
    from sqlalchemy.exc import OperationalError

    from litman.core.store.rows import DEFER_INDEXES_FROM

    other = create_engine(pg_url)
    blocked: list[str] = []

    def read_meanwhile(_conn: object, _cursor: object, statement: str, *_args: object) -> None:
        if statement.startswith("INSERT INTO papers") and not blocked:
            with other.connect() as conn:
                conn.execute(text("SET lock_timeout = 500"))
                try:
                    conn.execute(text("SELECT count(*) FROM papers")).scalar()
                    blocked.append("no")
                except OperationalError as exc:
                    blocked.append(str(exc.orig))

    with Library.open(pg_url) as lib:
        event.listen(lib.engine, "after_cursor_execute", read_meanwhile)
        lib.papers.add_papers([NewPaper(title=f"Paper {i}") for i in range(DEFER_INDEXES_FROM)])
    other.dispose()
    assert blocked == ["no"]


def test_a_hung_server_is_said_and_no_statement_waits_without_a_limit(
    own_cluster: Cluster, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LITMAN_SERVER_TIMEOUT", "1")
    with Library.open(own_cluster.url()) as lib:
        before = lib.get(1).status
        own_cluster.freeze()
        try:
            with pytest.raises(ServerUnreachableError, match="not answering") as reading:
                lib.get(1)
            with pytest.raises(ServerUnreachableError, match="not answering") as writing:
                lib.papers.set_status([1], "read" if before.value != "read" else "unread")
        finally:
            own_cluster.thaw()
        assert "\n" not in str(reading.value) + str(writing.value)
        assert lib.get(1).status == before  # answering again, and nothing half-written


def test_a_copy_cut_by_the_server_going_away_blames_the_server(
    own_cluster: Cluster, tmp_path: Path
) -> None:
    target = tmp_path / "snapshot.sqlite"
    with Library.open(own_cluster.url(), read_only=True) as source, Library.open(target) as copy:
        try:
            with pytest.raises(LitmanError) as cut:
                # After the papers, before the tags: the server restarts under the copy.
                source.copy_to(copy, progress=lambda _done, _total: own_cluster.halt())
        finally:
            own_cluster.resume()
        said = str(cut.value)
        assert isinstance(cut.value, ServerUnreachableError), said
        assert "snapshot.sqlite" not in said and "\n" not in said
        assert copy.count() == 0  # the copy is whole or nothing


def test_copy_carries_the_compressed_full_text_both_ways(
    library_path: Path, pg_url: str, tmp_path: Path
) -> None:
    """The full text is kept compressed (a BLOB in a file, a bytea on a server): a copy
    either way keeps it readable, searched and shown with its page."""
    from litman.core.attached import PDF, NewAttachment

    pages = ("Walrus page.", "On page two the zooplankton glow.")
    with Library.open(library_path) as lib:
        att = NewAttachment("/p/w.pdf", "", PDF, pages)
        lib.papers.add_papers([NewPaper(title="Walrus", attachments=(att,))])
    back = tmp_path / "back.sqlite"
    assert main(["copy", str(library_path), pg_url]) == 0
    assert main(["copy", pg_url, str(back)]) == 0
    for where in (pg_url, back):
        with Library.open(where) as lib:
            assert lib.search("fulltext:zooplancton").ids.tolist() == [1]
            found = lib.attachments.passage(1, "zooplankton glow")
            assert found is not None and found.page == 2
