"""A Zotero database crafted to make the import run for ever: a view where Zotero has a
table, or real tables whose joins multiply. Only ordinary tables are read, and the work a
read may take is bounded by the file's size; either way the file is refused in one line and
nothing is imported."""

from pathlib import Path

import pytest

from litman import app
from litman.core.errors import ImportFailed
from litman.core.library.facade import Library
from litman.formats import zotero
from tests.formats.test_zotero import Zotero

ENDLESS = (
    "CREATE VIEW itemTags AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n "
    "LIMIT {rows}) SELECT i AS itemID, 1 AS tagID, 0 AS type FROM n"
)


def _database(path: Path) -> Zotero:
    z = Zotero(path)
    item = z.item("journalArticle", "K1", title="A Paper")
    z.tag(item, "ml")
    return z


def test_a_view_in_place_of_a_table_is_refused(library_path: Path, tmp_path: Path) -> None:
    path = tmp_path / "zotero.sqlite"
    z = _database(path)
    z.db.execute("DROP TABLE itemTags")
    # endless but for the LIMIT, which keeps a reader that follows it from running for ever
    z.db.execute(ENDLESS.format(rows=500_000))
    z.close()
    with Library.open(library_path) as lib:
        with pytest.raises(ImportFailed) as caught:
            app.import_files(lib, [path])
        assert lib.count() == 0
    assert str(caught.value) == (
        "zotero.sqlite: is not a Zotero database as Zotero writes it (itemTags is not a "
        "table); nothing was imported."
    )


def test_a_virtual_table_in_place_of_a_table_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "zotero.sqlite"
    z = _database(path)
    z.db.execute("DROP TABLE tags")
    z.db.execute("CREATE VIRTUAL TABLE tags USING fts5(tagID, name)")
    z.close()
    with pytest.raises(ImportFailed, match=r"\(tags is not a table\)"):
        zotero.read(path)


@pytest.mark.slow
def test_tables_whose_joins_multiply_are_refused_as_too_much_work(tmp_path: Path) -> None:
    """Without its primary key, `fields` can hold one field many times: each of an item's
    values is then read once per copy, 2,000 x 2,000 rows from a file of a few hundred kB."""
    path = tmp_path / "zotero.sqlite"
    z = _database(path)
    z.db.execute("ALTER TABLE fields RENAME TO fieldsKept")
    z.db.execute("CREATE TABLE fields (fieldID INT, fieldName TEXT, fieldFormatID INT)")
    z.db.executemany("INSERT INTO fields VALUES (1, 'title', NULL)", [()] * 2000)
    z.db.executemany("INSERT INTO itemData VALUES (?, 1, 1)", [(i,) for i in range(2, 2002)])
    z.db.executemany(
        "INSERT INTO items (itemID, itemTypeID, libraryID, key) VALUES (?, 1, 1, ?)",
        [(i, f"K{i}") for i in range(2, 2002)],
    )
    z.close()
    assert path.stat().st_size < 1_000_000
    with pytest.raises(ImportFailed) as caught:
        zotero.read(path)
    assert str(caught.value).startswith(
        "zotero.sqlite: takes far more work to read than a Zotero database of its size"
    )


def test_a_large_real_database_is_well_within_the_bound(tmp_path: Path) -> None:
    path = tmp_path / "zotero.sqlite"
    z = Zotero(path)
    for i in range(300):
        item = z.item("journalArticle", f"K{i}", title=f"Paper {i}", DOI=f"10.1/{i}")
        z.creator(item, 0, f"Doe{i}", "Jane")
        z.tag(item, f"tag{i % 10}")
        z.note(item, f"<p>note {i}</p>")
    z.close()
    assert len(zotero.read(path).papers) == 300
