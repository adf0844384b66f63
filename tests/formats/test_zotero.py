"""Importing Zotero's database directly: a small database built with Zotero's own schema
(tests/data/zotero/userdata-tables.sql, see its SOURCES.md) is read without being changed,
collections become tags of their path, creators keep their order, notes become text and
attachments' paths a field; anything that is not a Zotero database is refused cleanly."""

import hashlib
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from litman import app
from litman.core.errors import ImportFailed
from litman.core.library.facade import Library
from litman.formats import registry, zotero
from tests.conftest import ROOT

HOSTILE = ROOT / "tests" / "data" / "hostile"
SCHEMA = ROOT / "tests" / "data" / "zotero" / "userdata-tables.sql"
TYPES = ["journalArticle", "conferencePaper", "thesis", "note", "attachment", "book"]
FIELDS = ["title", "abstractNote", "publicationTitle", "date", "DOI", "url", "volume", "issue"]
FIELDS += ["extra", "proceedingsTitle", "university", "accessDate", "thesisType"]


class Zotero:
    """A Zotero database being filled, with names resolved to the schema's ids."""

    def __init__(self, path: Path) -> None:
        self.db = sqlite3.connect(path)
        self.db.executescript(SCHEMA.read_text(encoding="utf-8"))
        self.db.executemany("INSERT INTO itemTypes (typeName) VALUES (?)", [(t,) for t in TYPES])
        self.db.executemany("INSERT INTO fields (fieldName) VALUES (?)", [(f,) for f in FIELDS])
        self.db.executemany("INSERT INTO creatorTypes (creatorType) VALUES (?)",
                            [("author",), ("editor",)])  # fmt: skip
        self.db.execute("INSERT INTO libraries VALUES (1, 'user', 1, 1, 0, 0, 0, 0, 0, 0)")

    def item(self, kind: str, key: str, library: int = 1, **values: str) -> int:
        type_id = self._id("itemTypes", "itemTypeID", "typeName", kind)
        cur = self.db.execute(
            "INSERT INTO items (itemTypeID, libraryID, key) VALUES (?, ?, ?)",
            (type_id, library, key),
        )
        item = int(cur.lastrowid or 0)
        for name, value in values.items():
            self.db.execute("INSERT OR IGNORE INTO itemDataValues (value) VALUES (?)", (value,))
            value_id = self._id("itemDataValues", "valueID", "value", value)
            field_id = self._id("fields", "fieldID", "fieldName", name)
            self.db.execute("INSERT INTO itemData VALUES (?, ?, ?)", (item, field_id, value_id))
        return item

    def creator(self, item: int, order: int, last: str, first: str = "", role: str = "author",
                mode: int = 0) -> None:  # fmt: skip
        self.db.execute("INSERT OR IGNORE INTO creators (firstName, lastName, fieldMode) "
                        "VALUES (?, ?, ?)", (first, last, mode))  # fmt: skip
        creator = self.db.execute(
            "SELECT creatorID FROM creators WHERE firstName = ? AND lastName = ? AND fieldMode = ?",
            (first, last, mode),
        ).fetchone()[0]
        role_id = self._id("creatorTypes", "creatorTypeID", "creatorType", role)
        self.db.execute("INSERT INTO itemCreators VALUES (?, ?, ?, ?)",
                        (item, creator, role_id, order))  # fmt: skip

    def tag(self, item: int, name: str) -> None:
        self.db.execute("INSERT OR IGNORE INTO tags (name) VALUES (?)", (name,))
        tag = self._id("tags", "tagID", "name", name)
        self.db.execute("INSERT INTO itemTags VALUES (?, ?, 0)", (item, tag))

    def collection(self, name: str, parent: int | None = None) -> int:
        cur = self.db.execute(
            "INSERT INTO collections (collectionName, parentCollectionID, libraryID, key) "
            "VALUES (?, ?, 1, ?)",
            (name, parent, name.upper()[:8]),
        )
        return int(cur.lastrowid or 0)

    def file(self, collection: int, item: int) -> None:
        self.db.execute("INSERT INTO collectionItems VALUES (?, ?, 0)", (collection, item))

    def note(self, parent: int | None, html: str) -> None:
        note = self.item("note", f"NOTE{parent}{len(html)}")
        self.db.execute("INSERT INTO itemNotes VALUES (?, ?, ?, '')", (note, parent, html))

    def attachment(
        self, parent: int, key: str, path: str | None, mode: int = 0, **values: str
    ) -> int:
        item = self.item("attachment", key, 1, **values)
        self.db.execute(
            "INSERT INTO itemAttachments (itemID, parentItemID, linkMode, path) VALUES (?,?,?,?)",
            (item, parent, mode, path),
        )
        return item

    def _id(self, table: str, column: str, by: str, value: str) -> int:
        row = self.db.execute(f"SELECT {column} FROM {table} WHERE {by} = ?", (value,)).fetchone()
        return int(row[0])

    def close(self) -> None:
        self.db.commit()
        self.db.close()


@pytest.fixture
def zotero_db(tmp_path: Path) -> Path:
    path = tmp_path / "zotero" / "zotero.sqlite"
    path.parent.mkdir()
    z = Zotero(path)
    a = z.item(
        "journalArticle", "AAAA1111", title="Safe  Bandits", abstractNote="We study bandits.",
        publicationTitle="Journal of Bandits", date="2021-06-00 June 2021", DOI="10.1/x",
        url="https://example.org/x", volume="3", issue="2",
        extra="Citation Key: agosta21\nPMID: 123",
    )  # fmt: skip
    z.creator(a, 2, "Doe", "Jane", role="editor")
    z.creator(a, 1, "World Health Organization", mode=1)
    z.creator(a, 0, "Agosta", "Giovanni")
    z.tag(a, "ml")
    z.tag(a, "to read")
    thesis_folder = z.collection("Thesis")
    z.file(z.collection("Methods", thesis_folder), a)
    z.file(thesis_folder, a)
    z.note(a, "<div><p>First point</p><p>Second &amp; last</p></div>")
    z.attachment(a, "ATT00001", "storage:paper.pdf")
    z.attachment(a, "ATT00002", "/home/u/linked.pdf")
    b = z.item("conferencePaper", "BBBB2222", title="Regret", proceedingsTitle="Proc. X",
               date="2019-00-00 2019")  # fmt: skip
    z.creator(b, 0, "Zed", "Zoe")
    z.creator(b, 1, "Alpha", "Al")
    z.item("thesis", "CCCC3333", title="A Thesis", university="MIT", date="2020-03-15 15/3/2020",
           thesisType="PhD")  # fmt: skip
    trashed = z.item("journalArticle", "DDDD4444", title="Trashed")
    z.db.execute("INSERT INTO deletedItems (itemID) VALUES (?)", (trashed,))
    z.note(None, "<p>A standalone note</p>")
    z.db.execute("INSERT INTO libraries VALUES (2, 'feed', 0, 0, 0, 0, 0, 0, 0, 0)")
    z.db.execute("INSERT INTO feeds (libraryID, name, url) VALUES (2, 'News', 'https://f')")
    z.item("journalArticle", "EEEE5555", library=2, title="From a feed")
    z.close()
    return path


def _papers(path: Path) -> dict[str, object]:
    return {p.title: p for p in zotero.read(path).papers}


def test_regular_items_are_papers_and_the_rest_is_said(zotero_db: Path) -> None:
    batch = zotero.read(zotero_db)
    assert sorted(p.title for p in batch.papers) == ["A Thesis", "Regret", "Safe Bandits"]
    said = " | ".join(batch.warnings)
    assert "1 standalone note not imported" in said and "attachments" not in said
    assert "2 items in the trash or in feeds" in said


def test_fields_types_and_citekey(zotero_db: Path) -> None:
    p = _papers(zotero_db)["Safe Bandits"]
    assert (p.entry_type, p.year, p.venue, p.doi, p.url) == (  # type: ignore[attr-defined]
        "article",
        2021,
        "Journal of Bandits",
        "10.1/x",
        "https://example.org/x",
    )
    assert p.abstract == "We study bandits." and p.citekey == "agosta21"  # type: ignore[attr-defined]
    extra = p.extra  # type: ignore[attr-defined]
    assert (extra["volume"], extra["number"], extra["month"]) == ("3", "2", "jun")
    assert extra["zotero-extra"] == "Citation Key: agosta21\nPMID: 123"


def test_creators_keep_their_order_and_roles(zotero_db: Path) -> None:
    papers = _papers(zotero_db)
    a = papers["Safe Bandits"]
    assert a.authors == ("Agosta, Giovanni", "World Health Organization")  # type: ignore[attr-defined]
    assert a.extra["editor"] == "Doe, Jane"  # type: ignore[attr-defined]
    assert papers["Regret"].authors == ("Zed, Zoe", "Alpha, Al")  # type: ignore[attr-defined]


def test_collections_become_tags_of_their_path(zotero_db: Path) -> None:
    tags = _papers(zotero_db)["Safe Bandits"].tags  # type: ignore[attr-defined]
    assert sorted(tags) == ["Thesis", "Thesis > Methods", "ml", "to read"]


def test_notes_become_text_and_attachments_a_field(zotero_db: Path) -> None:
    p = _papers(zotero_db)["Safe Bandits"]
    assert p.notes == "First point\nSecond & last"  # type: ignore[attr-defined]
    stored = zotero_db.parent / "storage" / "ATT00001" / "paper.pdf"
    assert p.extra["file"] == f"{stored};/home/u/linked.pdf"  # type: ignore[attr-defined]


def test_venues_of_other_types(zotero_db: Path) -> None:
    papers = _papers(zotero_db)
    assert papers["Regret"].venue == "Proc. X"  # type: ignore[attr-defined]
    thesis = papers["A Thesis"]
    assert (thesis.entry_type, thesis.venue, thesis.year) == ("phdthesis", "MIT", 2020)  # type: ignore[attr-defined]
    assert thesis.extra["date"] == "2020-03-15" and thesis.extra["type"] == "PhD"  # type: ignore[attr-defined]
    assert thesis.extra["zotero-type"] == "thesis"  # type: ignore[attr-defined]


def test_the_database_is_read_without_being_changed(zotero_db: Path, tmp_path: Path) -> None:
    before = hashlib.sha256(zotero_db.read_bytes()).hexdigest()
    listing = sorted(p.name for p in zotero_db.parent.iterdir())
    with Library.open(tmp_path / "lib.sqlite") as lib:
        reports = app.import_files(lib, [zotero_db])
        assert len(reports[0].added) == 3 and lib.count() == 3
    assert hashlib.sha256(zotero_db.read_bytes()).hexdigest() == before
    assert sorted(p.name for p in zotero_db.parent.iterdir()) == listing


def test_the_window_and_the_command_line_offer_it() -> None:
    assert "*.sqlite" in registry.open_filter() and ".sqlite" in registry.supported_suffixes()


def test_a_litman_library_is_not_a_zotero_database(seeded_path: Path, tmp_path: Path) -> None:
    other = tmp_path / "other.sqlite"
    other.write_bytes(seeded_path.read_bytes())
    with pytest.raises(ImportFailed, match=r"other\.sqlite: is not a Zotero database"):
        zotero.read(other)


@pytest.mark.parametrize(
    "data",
    [b"", b"not a database at all", b"SQLite format 3\x00" + b"\xff" * 5000],
    ids=["empty", "text", "corrupt"],
)
def test_what_is_not_a_database_is_refused_and_changes_nothing(
    seeded: Library, tmp_path: Path, data: bytes
) -> None:
    path = tmp_path / "zotero.sqlite"
    path.write_bytes(data)
    before = seeded.count()
    with pytest.raises(ImportFailed, match=r"^zotero\.sqlite: "):
        app.import_files(seeded, [path])
    assert seeded.count() == before


def test_a_cut_database_is_refused(zotero_db: Path, tmp_path: Path) -> None:
    cut = tmp_path / "cut.sqlite"
    cut.write_bytes(zotero_db.read_bytes()[:6000])
    with pytest.raises(ImportFailed, match=r"^cut\.sqlite: "):
        zotero.read(cut)


def test_an_attachment_in_the_trash_is_not_kept_as_a_file(tmp_path: Path) -> None:
    path = tmp_path / "zotero.sqlite"
    z = Zotero(path)
    item = z.item("journalArticle", "K1", title="T")
    z.attachment(item, "ATT00001", "/home/u/kept.pdf")
    trashed = z.attachment(item, "ATT00002", "/home/u/trashed.pdf")
    z.db.execute("INSERT INTO deletedItems (itemID) VALUES (?)", (trashed,))
    z.close()
    assert zotero.read(path).papers[0].extra["file"] == "/home/u/kept.pdf"


def test_a_collection_in_the_trash_and_those_in_it_are_not_tags(tmp_path: Path) -> None:
    path = tmp_path / "zotero.sqlite"
    z = Zotero(path)
    item = z.item("journalArticle", "K1", title="T")
    old = z.collection("Old")
    for collection in (z.collection("Kept"), old, z.collection("Inside", old)):
        z.file(collection, item)
    z.db.execute("INSERT INTO deletedCollections (collectionID) VALUES (?)", (old,))
    z.close()
    assert zotero.read(path).papers[0].tags == ("Kept",)


def test_a_database_older_than_the_collections_trash_is_read(zotero_db: Path) -> None:
    with sqlite3.connect(zotero_db) as db:
        db.execute("DROP TABLE deletedCollections")
    db.close()
    assert "Thesis > Methods" in _papers(zotero_db)["Safe Bandits"].tags  # type: ignore[attr-defined]


def test_a_collection_loop_and_hostile_values_import_cleanly(tmp_path: Path) -> None:
    path = tmp_path / "zotero.sqlite"
    z = Zotero(path)
    item = z.item("journalArticle", "K1", title="<script>x</script>T", date="garbage")
    z.db.execute("INSERT INTO collections VALUES (1, 'A', 2, 0, 1, 'A', 0, 0, 0)")
    z.db.execute("INSERT INTO collections VALUES (2, 'B', 1, 0, 1, 'B', 0, 0, 0)")
    z.file(1, item)
    z.creator(item, 0, "", "")
    z.tag(item, " > ")
    long = z.item("journalArticle", "K2", title="x" * 200_001)
    z.close()
    batch = zotero.read(path)
    assert [p.title for p in batch.papers] == ["T"]
    assert [p.tags for p in batch.papers] == [("B > A",)]
    assert batch.papers[0].authors == () and batch.papers[0].year is None
    assert [s.line for s in batch.skipped] == [long]


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.binary(max_size=2000), st.integers(0, 20000))
def test_fuzz_damaged_databases_are_refused_or_read(
    zotero_db: Path, tmp_path: Path, noise: bytes, at: int
) -> None:
    data = bytearray(zotero_db.read_bytes())
    data[at : at + len(noise)] = noise
    path = tmp_path / "fuzz.sqlite"
    path.write_bytes(bytes(data))
    try:
        zotero.read(path)
    except ImportFailed as exc:
        assert str(exc).startswith("fuzz.sqlite: ")


@pytest.mark.parametrize("source", sorted(p.name for p in HOSTILE.iterdir() if p.suffix != ".md"))
def test_each_hostile_file_as_a_database_is_refused(
    seeded: Library, tmp_path: Path, source: str
) -> None:
    path = tmp_path / "zotero.sqlite"
    path.write_bytes((HOSTILE / source).read_bytes())
    before = seeded.count()
    with pytest.raises(ImportFailed, match=r"^zotero\.sqlite: "):
        app.import_files(seeded, [path])
    assert seeded.count() == before


def test_a_title_cannot_break_out_of_its_field(tmp_path: Path) -> None:
    path = tmp_path / "zotero.sqlite"
    z = Zotero(path)
    title = "Evil}, author = {X}}\n@misc{injected, title = {Y"
    z.item("journalArticle", "K1", title=title, extra="}\n@misc{z,")
    z.close()
    with Library.open(tmp_path / "lib.sqlite") as lib:
        app.import_files(lib, [path])
        out = tmp_path / "out.bib"
        app.export_papers(lib.list_papers(), out)
    again = registry.read(out).papers
    assert len(again) == 1 and again[0].title == " ".join(title.split())


def test_the_command_line_imports_it(
    zotero_db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from litman.cli import main

    lib = tmp_path / "lib.sqlite"
    assert main(["--library", str(lib), "import", str(zotero_db)]) == 0
    out = capsys.readouterr().out
    assert "zotero.sqlite: 3 added, 0 merged, 0 skipped" in out
    assert main(["--library", str(lib), "search", "tag:Thesis"]) == 0
    assert "Safe Bandits" in capsys.readouterr().out


def test_a_database_zotero_holds_is_refused_with_a_hint(
    zotero_db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Zotero keeps its database locked while it runs (locking_mode EXCLUSIVE): the import
    says to close it, known by SQLite's BUSY code, and does not wait seconds for it (the
    connection's busy timeout, which SQLite waits for a lock, is under a second)."""
    timeouts: list[float] = []
    connect = sqlite3.connect

    def recording(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        timeouts.append(kwargs.get("timeout", 5.0))
        made: sqlite3.Connection = connect(*args, **kwargs)
        return made

    holder = sqlite3.connect(zotero_db)
    holder.execute("PRAGMA locking_mode = EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    monkeypatch.setattr(sqlite3, "connect", recording)
    try:
        with pytest.raises(ImportFailed, match="close Zotero, or import a copy of it"):
            zotero.read(zotero_db)
    finally:
        holder.close()
    assert timeouts and max(timeouts) < 1
