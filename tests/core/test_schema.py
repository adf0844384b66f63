"""Schema versions and migrations, tested against real library files of each shipped schema."""

import shutil
import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import Connection, text

from litman.core.errors import LitmanError, SchemaTooNewError
from litman.core.library.facade import Library
from litman.core.records import Status
from litman.core.store import backups, models, schema

FIXTURES = Path(__file__).resolve().parents[1] / "data" / "libraries"
SHIPPED = sorted(FIXTURES.glob("schema-*.sqlite"))


def _version(path: Path) -> int:
    conn = sqlite3.connect(path)
    try:
        return int(conn.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()[0])
    finally:
        conn.close()


def test_the_current_schema_has_a_committed_fixture() -> None:
    assert FIXTURES / f"schema-{models.SCHEMA_VERSION}.sqlite" in SHIPPED, (
        "run tests/data/libraries/make_fixture.py and commit its file"
    )


@pytest.mark.parametrize("fixture", SHIPPED, ids=lambda p: p.stem)
def test_every_shipped_library_opens_with_its_data(fixture: Path, tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    shutil.copyfile(fixture, path)
    with Library.open(path) as lib:
        assert lib.count() == 89
        counts = lib.status_counts()
        assert (counts[Status.READ], counts[Status.READING]) == (5, 3)
        assert {t.name: t.count for t in lib.tags()}["To Read > Soon"] == 3
        first = lib.get(lib.list_ids("id")[0])
        assert (first.notes, first.rating) == ("Notes survive upgrades.", 4)
        assert lib.search("bandit").ids
    assert _version(path) == models.SCHEMA_VERSION


def _add_column(conn: Connection) -> None:
    conn.execute(text("ALTER TABLE papers ADD COLUMN pages TEXT"))


def test_an_older_library_is_backed_up_then_upgraded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A pretend next schema: version N + 1 adds a column."""
    path = tmp_path / "old.sqlite"
    shutil.copyfile(FIXTURES / f"schema-{models.SCHEMA_VERSION}.sqlite", path)
    old = models.SCHEMA_VERSION
    monkeypatch.setattr(models, "SCHEMA_VERSION", old + 1)
    monkeypatch.setitem(schema.MIGRATIONS, old, _add_column)
    with Library.open(path) as lib:
        assert lib.count() == 89
    assert _version(path) == old + 1
    kept = backups.list_backups(path)
    assert [b.reason for b in kept] == ["pre-migration"]
    assert _version(kept[0].path) == old


def test_a_failing_migration_leaves_the_library_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "old.sqlite"
    shutil.copyfile(FIXTURES / f"schema-{models.SCHEMA_VERSION}.sqlite", path)
    old = models.SCHEMA_VERSION

    def broken(conn: Connection) -> None:
        _add_column(conn)
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(models, "SCHEMA_VERSION", old + 1)
    monkeypatch.setitem(schema.MIGRATIONS, old, broken)
    with pytest.raises(LitmanError, match="left as it was"):
        Library.open(path)
    assert _version(path) == old
    conn = sqlite3.connect(path)
    cols = [r[1] for r in conn.execute("PRAGMA table_info(papers)")]
    conn.close()
    assert "pages" not in cols  # the step's own change was rolled back with it


def test_a_library_from_a_newer_litman_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite"
    shutil.copyfile(FIXTURES / f"schema-{models.SCHEMA_VERSION}.sqlite", path)
    conn = sqlite3.connect(path)
    conn.execute("UPDATE meta SET value = '999' WHERE key = 'schema_version'")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    with pytest.raises(SchemaTooNewError, match="newer litman"):
        Library.open(path)
    assert path.read_bytes() == before


def test_schema_1_gains_the_sort_and_status_indexes(tmp_path: Path) -> None:
    path = tmp_path / "v1.sqlite"
    shutil.copyfile(FIXTURES / "schema-1.sqlite", path)
    Library.open(path).close()
    conn = sqlite3.connect(path)
    names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='index'")}
    conn.close()
    assert {"ix_papers_added", "ix_reading_status"} <= names
    assert [b.reason for b in backups.list_backups(path)] == ["pre-migration"]


def test_schema_9_sorts_names_written_whole_by_family_name(tmp_path: Path) -> None:
    """Schema 10 makes every stored Authors sort key again: `Zoe Adams` sorted under Z."""
    path = tmp_path / "v9.sqlite"
    shutil.copyfile(FIXTURES / "schema-9.sqlite", path)
    conn = sqlite3.connect(path)
    zoe, bob, ann = (r[0] for r in conn.execute("SELECT id FROM papers ORDER BY id LIMIT 3"))
    for pid, name in ((zoe, "Zoe Adams"), (bob, "Bob Brown"), (ann, "Cole, Ann")):
        conn.execute(
            "UPDATE papers SET authors = json_array(?), authors_sort = lower(?) WHERE id = ?",
            (name, name, pid),
        )
    conn.commit()
    conn.close()
    with Library.open(path) as lib:
        named = [pid for pid in lib.list_ids("authors") if pid in (zoe, bob, ann)]
    assert named == [zoe, bob, ann]


def test_schema_12_sorts_a_chinese_title_by_its_pinyin(tmp_path: Path) -> None:
    """Schema 13 makes the stored keys again where they change: its update named a bound
    value after a column (`title`), which SQLAlchemy refuses, so a library holding one
    Chinese title could not be upgraded at all."""
    path = tmp_path / "v12.sqlite"
    shutil.copyfile(FIXTURES / "schema-12.sqlite", path)
    conn = sqlite3.connect(path)
    (pid,) = conn.execute("SELECT id FROM papers ORDER BY id LIMIT 1").fetchone()
    title = "深度学习的图像识别"
    conn.execute("UPDATE papers SET title = ?, title_sort = ? WHERE id = ?", (title, title, pid))
    conn.commit()
    conn.close()
    with Library.open(path) as lib:
        assert lib.get(pid).title == title
        assert _version(path) == models.SCHEMA_VERSION
    conn = sqlite3.connect(path)
    (stored,) = conn.execute("SELECT title_sort FROM papers WHERE id = ?", (pid,)).fetchone()
    conn.close()
    assert stored != title and stored.isascii()


def test_schema_15_text_is_kept_compressed_and_still_searched(tmp_path: Path) -> None:
    """Schema 16 compresses each attachment's text, a page of rows at a time: the text a
    schema 15 library kept is read, searched and shown as before."""
    path = tmp_path / "v15.sqlite"
    shutil.copyfile(FIXTURES / "schema-15.sqlite", path)
    conn = sqlite3.connect(path)
    pids = [r[0] for r in conn.execute("SELECT id FROM papers ORDER BY id LIMIT 3")]
    pages = ["Page one of the walrus.", "On page two the zooplankton glow."]
    for n, pid in enumerate(pids, start=1):
        conn.execute(
            "INSERT INTO attachments (id, paper_id, kind, path, title, content_type, added_at)"
            " VALUES (?, ?, 'file', ?, '', 'application/pdf', '2026-01-01 00:00:00')",
            (n, pid, f"/p/{n}.pdf"),
        )
        text_n = "\f".join(pages) if n == 2 else f"Nothing of note {n}."
        conn.execute(
            "INSERT INTO fulltext (attachment_id, paper_id, pages, text) VALUES (?, ?, ?, ?)",
            (n, pid, text_n.count("\f") + 1, text_n),
        )
    conn.commit()
    conn.close()
    with Library.open(path) as lib:
        assert _version(path) == models.SCHEMA_VERSION
        assert lib.search("fulltext:zooplancton").ids.tolist() == [pids[1]]
        found = lib.attachments.passage(pids[1], "zooplankton glow")
        assert found is not None and found.page == 2
        assert found.text == "On page two the zooplankton glow."
    conn = sqlite3.connect(path)
    columns = [r[1] for r in conn.execute("PRAGMA table_info(fulltext)")]
    conn.close()
    assert "text" not in columns and "packed" in columns
