"""The library's schema on PostgreSQL: created, migrated and journalled as on SQLite, on a
real server the test run starts (tests/pg_server.py)."""

from sqlalchemy import Connection, create_engine, inspect, text, update

from litman.core.store import journal, models, schema
from litman.core.store import rows as store


def test_the_schema_is_created_on_postgresql(pg_url: str) -> None:
    engine = create_engine(pg_url)
    schema.create(engine)
    with engine.connect() as conn:
        assert schema.stored_version(conn) == models.SCHEMA_VERSION
        names = set(inspect(conn).get_table_names())
        indexes = {ix["name"] for ix in inspect(conn).get_indexes("papers")}
    assert {"papers", "tags", "paper_tags", "meta", "sources", "journal"} <= names
    assert {"ix_papers_added", "ix_papers_doi"} <= indexes
    assert "reading" in names
    engine.dispose()


def test_an_older_schema_is_migrated_on_postgresql(pg_url: str) -> None:
    """A database made before the change journal (schema 3) gains it."""
    engine = create_engine(pg_url)
    schema.create(engine)
    with engine.begin() as conn:
        _before_versions(conn)
        conn.execute(text("DROP TABLE journal"))
        conn.execute(
            update(models.meta).where(models.meta.c.key == "schema_version").values(value="3")
        )
    assert schema.needs_migration(3)
    assert schema.migrate(engine, 3) == models.SCHEMA_VERSION
    with engine.connect() as conn:
        assert schema.stored_version(conn) == models.SCHEMA_VERSION
        assert "journal" in inspect(conn).get_table_names()
    engine.dispose()


def _before_versions(conn: Connection) -> None:
    """Take schema 5's parts away again (paper versions and the conflict record)."""
    conn.execute(text("DROP TABLE conflicts"))
    conn.execute(text("ALTER TABLE papers DROP COLUMN version, DROP COLUMN field_versions"))


def test_a_schema_4_database_gains_versions_and_the_conflict_record(pg_url: str) -> None:
    engine = create_engine(pg_url)
    schema.create(engine)
    with engine.begin() as conn:
        _before_versions(conn)
        conn.execute(
            text(
                "INSERT INTO papers (citekey, entry_type, title, title_sort, "
                "title_derived, authors, authors_sort, venue, doi, url, abstract, "
                "abstract_truncated, abstract_key, title_key, "
                "source, extra, added_at, modified_at) VALUES ('k', 'misc', 't', 't', "
                "false, '[]', '', '', '', '', '', false, '', '', '', "
                "'{}', now(), now())"
            )
        )
        conn.execute(
            update(models.meta).where(models.meta.c.key == "schema_version").values(value="4")
        )
    assert schema.migrate(engine, 4) == models.SCHEMA_VERSION
    with engine.connect() as conn:
        row = conn.execute(text("SELECT version, field_versions FROM papers")).one()
        assert (row.version, row.field_versions) == (0, {})
        assert "conflicts" in inspect(conn).get_table_names()
    engine.dispose()


def test_the_journal_numbers_and_replays_writes_on_postgresql(pg_url: str) -> None:
    engine = create_engine(pg_url)
    schema.create(engine)
    with engine.begin() as conn:
        first = journal.record(conn, store.bump_generation(conn), [("added", [1, 2])])
    with engine.begin() as conn:
        second = journal.record(conn, store.bump_generation(conn), [("fields", [2]), ("tags", [])])
    with engine.connect() as conn:
        replay = journal.since(conn, first[1])
        everything = journal.since(conn, 0)
        now = journal.position(conn, store.generation(conn))
    assert second == (first[1] + 1, first[1] + 2)
    assert replay is not None and replay.attrs == {2} and replay.tags and not replay.text
    assert everything is not None and everything.text == {1, 2}
    assert now.seq == second[1]
    engine.dispose()


def test_a_schema_15_database_keeps_its_text_compressed(pg_url: str) -> None:
    """Schema 16 on a server: the text a schema 15 database kept as it is, now in a bytea
    column, compressed, and read back the same."""
    from litman.core.attached import PDF, NewAttachment
    from litman.core.library.facade import Library
    from litman.core.records import NewPaper
    from litman.core.store import attachments

    pages = ("Walrus page.", "On page two the zooplankton glow.")
    with Library.open(pg_url) as lib:
        att = NewAttachment("/p/w.pdf", "", PDF, pages)
        lib.papers.add_papers([NewPaper(title="Walrus", attachments=(att,))])
    engine = create_engine(pg_url)
    with engine.begin() as conn:  # back to schema 15's column
        conn.execute(text("ALTER TABLE fulltext ADD COLUMN text VARCHAR NOT NULL DEFAULT ''"))
        conn.execute(text("UPDATE fulltext SET text = :t"), {"t": "\f".join(pages)})
        conn.execute(text("ALTER TABLE fulltext DROP COLUMN packed"))
        conn.execute(
            update(models.meta).where(models.meta.c.key == "schema_version").values(value="15")
        )
    assert schema.migrate(engine, 15) == models.SCHEMA_VERSION
    with engine.connect() as conn:
        columns = {c["name"]: c["type"] for c in inspect(conn).get_columns("fulltext")}
        assert "text" not in columns and "BYTEA" in str(columns["packed"])
        assert attachments.texts_of(conn, [1]) == {1: "\f".join(pages)}
    engine.dispose()
    with Library.open(pg_url) as lib:
        assert lib.search("fulltext:zooplancton").ids.tolist() == [1]
