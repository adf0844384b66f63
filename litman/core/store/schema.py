"""Creating a library's tables and upgrading older ones.

The schema version lives in the `meta` table from the first day. A file written by a newer
litman is refused before anything touches it. Each migration is a function from version N to
N + 1, run inside one transaction after the caller has taken a backup.
"""

from collections.abc import Callable

from sqlalchemy import (
    Connection,
    Engine,
    LargeBinary,
    String,
    bindparam,
    column,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy import table as columns_of
from sqlmodel import SQLModel

from litman.core.errors import SchemaTooNewError
from litman.core.names import first_sort_key
from litman.core.store import attachments, models, reading_state
from litman.core.store.rows import title_sort
from litman.core.text import title_words


def _v1_to_v2(conn: Connection) -> None:
    """Indexes for the default sort (newest first) and the status counts."""
    conn.execute(text("CREATE INDEX IF NOT EXISTS ix_papers_added ON papers (added_at, id)"))
    conn.execute(text("CREATE INDEX IF NOT EXISTS ix_papers_status ON papers (status)"))


def _v2_to_v3(conn: Connection) -> None:
    """An index for every sortable column (litman.core.store.sorting)."""
    for name in models.SORT_INDEXED:
        conn.execute(text(f"CREATE INDEX IF NOT EXISTS ix_papers_sort_{name} ON papers ({name})"))


def _v3_to_v4(conn: Connection) -> None:
    """The change journal (`litman.core.store.journal`): created empty, so a reader that saw the
    library before the upgrade has nothing to follow and reconciles once."""
    models.journal.create(conn)


def _v4_to_v5(conn: Connection) -> None:
    """A version per paper, and per shared field the version that last changed it, with
    the record of refused stale edits (`litman.core.store.versions`). Every paper starts at 0:
    an editor that read it before the upgrade saw version 0 too."""
    conn.execute(text("ALTER TABLE papers ADD COLUMN version INTEGER NOT NULL DEFAULT 0"))
    conn.execute(text("ALTER TABLE papers ADD COLUMN field_versions JSON NOT NULL DEFAULT '{}'"))
    models.conflicts.create(conn)  # with its index


def _v5_to_v6(conn: Connection) -> None:
    """Reading state in its own narrow table, per reader (`litman.core.store.reading_state`)."""
    reading_state.migrate_from_papers(conn)


def _v6_to_v7(conn: Connection) -> None:
    """The reading table indexed by paper, for the cascade of a paper's delete."""
    conn.execute(text("CREATE INDEX IF NOT EXISTS ix_reading_paper ON reading (paper_id)"))


def _v7_to_v8(conn: Connection) -> None:
    """The trash (`litman.core.store.trash`), empty: nothing was in it before."""
    models.trash.create(conn, checkfirst=True)


def _v8_to_v9(conn: Connection) -> None:
    """Each reader's reading rows private on PostgreSQL (`reading_state.keep_private`)."""
    reading_state.keep_private(conn)


def _v9_to_v10(conn: Connection) -> None:
    """The Authors sort by the first author's family name, as the column shows it
    (`litman.core.names`), where a name written `First Last` sorted by its given name: every
    stored key made again by the definition new writes use (`rows.derived_columns`)."""
    P = models.papers
    query = select(P.c.id, P.c.authors, P.c.extra, P.c.authors_sort)
    changed = [
        {"pid": pid, "key": key}
        for pid, authors, extra, old in conn.execute(query)
        if (key := first_sort_key(authors or (), extra or {})) != old
    ]
    if changed:  # only the rows whose key changes: most were written `Last, First`
        rekey = update(P).where(P.c.id == bindparam("pid")).values(authors_sort=bindparam("key"))
        conn.execute(rekey, changed)


def _v10_to_v11(conn: Connection) -> None:
    """Attachments in their own table (`litman.core.library.attachments`), empty: before,
    a paper's files were at most a BibTeX `file` field, which stays as it was read."""
    models.attachments.create(conn, checkfirst=True)


def _v11_to_v12(conn: Connection) -> None:
    """Attachments' text for full-text search (`litman.core.store.attachments`), empty:
    schema 11 lived for an hour, and its PDFs' text is read again when they are attached."""
    models.fulltext.create(conn, checkfirst=True)


def _v12_to_v13(conn: Connection) -> None:
    """Chinese titles and names sort by their pinyin, among Latin ones, and a Chinese name
    written whole sorts by its family name first (`张三`: zhang, san), where both sorted by
    code point after every Latin one: the stored keys made again where they change."""
    P = models.papers
    query = select(P.c.id, P.c.title, P.c.authors, P.c.extra, P.c.title_sort, P.c.authors_sort)
    changed = []
    for pid, title, authors, extra, old_title, old_authors in conn.execute(query):
        new_title = title_sort(title or "")
        new_authors = first_sort_key(authors or (), extra or {})
        if (new_title, new_authors) != (old_title, old_authors):
            changed.append({"pid": pid, "t_key": new_title, "a_key": new_authors})
    if changed:
        rekey = (
            update(P)
            .where(P.c.id == bindparam("pid"))
            .values(title_sort=bindparam("t_key"), authors_sort=bindparam("a_key"))
        )
        conn.execute(rekey, changed)


def _v13_to_v14(conn: Connection) -> None:
    """Citekey aliases of merged papers, pairs said not to be duplicates, and saved
    searches: three new tables, empty; every paper's folded title for the duplicate finder,
    made by the definition new writes use (`rows.derived_columns`); and the abstract key's
    index made one with the abstract's length."""
    for table in (models.aliases, models.distinct_papers, models.saved_searches):
        table.create(conn, checkfirst=True)
    have = {c["name"] for c in inspect(conn).get_columns("papers")}
    if "match_title" not in have:  # a database made new, its version put back (tests)
        conn.execute(text("ALTER TABLE papers ADD COLUMN match_title VARCHAR NOT NULL DEFAULT ''"))
    P = models.papers
    keys = [
        {"pid": pid, "t": folded}
        for pid, title in conn.execute(select(P.c.id, P.c.title))
        if (folded := title_words(title))
    ]
    if keys:
        stmt = update(P).where(P.c.id == bindparam("pid"))
        conn.execute(stmt.values(match_title=bindparam("t")), keys)
    conn.execute(text("DROP INDEX IF EXISTS ix_papers_abstract_key"))
    conn.execute(
        text(
            "CREATE INDEX IF NOT EXISTS ix_papers_abstract_size "
            "ON papers (abstract_key, length(abstract))"
        )
    )


def _v14_to_v15(conn: Connection) -> None:
    """A saved search keeps the sidebar filter it was saved in: none for those before."""
    have = {c["name"] for c in inspect(conn).get_columns("saved_searches")}
    if "sidebar_filter" not in have:
        conn.execute(
            text("ALTER TABLE saved_searches ADD COLUMN sidebar_filter VARCHAR NOT NULL DEFAULT ''")
        )


def _v15_to_v16(conn: Connection) -> None:
    """Attachments' text kept zlib-compressed (`attachments.pack`), where it was kept as
    it is: the store on disk was a little larger than the text, now about a third. Read and
    written back a page of rows at a time, so a large library's text is never all in memory."""
    have = {c["name"] for c in inspect(conn).get_columns("fulltext")}
    if "packed" not in have:
        kind = LargeBinary().compile(dialect=conn.dialect)
        conn.execute(text(f"ALTER TABLE fulltext ADD COLUMN packed {kind}"))
    if "text" not in have:  # a database made new, its version put back (tests)
        return
    old = columns_of(
        "fulltext",
        column("attachment_id"),
        column("text", String),
        column("packed", LargeBinary),
    )
    after = -1
    while True:
        page = conn.execute(
            select(old.c.attachment_id, old.c.text)
            .where(old.c.attachment_id > after)
            .order_by(old.c.attachment_id)
            .limit(500)
        ).all()
        if not page:
            break
        stmt = update(old).where(old.c.attachment_id == bindparam("aid"))
        packed = [{"aid": aid, "p": attachments.pack(t or "")} for aid, t in page]
        conn.execute(stmt.values(packed=bindparam("p")), packed)
        after = page[-1][0]
    conn.execute(text("ALTER TABLE fulltext DROP COLUMN text"))


# MIGRATIONS[n] upgrades a library from version n to n + 1.
MIGRATIONS: dict[int, Callable[[Connection], None]] = {
    1: _v1_to_v2,
    2: _v2_to_v3,
    3: _v3_to_v4,
    4: _v4_to_v5,
    5: _v5_to_v6,
    6: _v6_to_v7,
    7: _v7_to_v8,
    8: _v8_to_v9,
    9: _v9_to_v10,
    10: _v10_to_v11,
    11: _v11_to_v12,
    12: _v12_to_v13,
    13: _v13_to_v14,
    14: _v14_to_v15,
    15: _v15_to_v16,
}


def check_supported(version: int | None, where: str) -> None:
    if version is not None and version > models.SCHEMA_VERSION:
        raise SchemaTooNewError(
            f"{where} was written by a newer litman (schema {version}; this litman reads up to "
            f"{models.SCHEMA_VERSION}). Upgrade litman to open it; the file was not changed."
        )


def create(engine: Engine) -> None:
    """Create every table of an empty library and stamp the current version."""
    with engine.connect().execution_options(litman_write=True) as conn, conn.begin():
        SQLModel.metadata.create_all(conn)
        reading_state.keep_private(conn)
        conn.execute(
            insert(models.meta).values(key="schema_version", value=str(models.SCHEMA_VERSION))
        )


def needs_migration(version: int) -> bool:
    return version < models.SCHEMA_VERSION


def migrate(engine: Engine, version: int) -> int:
    """Upgrade step by step to the current version; each step is one transaction."""
    while version < models.SCHEMA_VERSION:
        step = MIGRATIONS[version]
        with engine.connect().execution_options(litman_write=True) as conn, conn.begin():
            step(conn)
            conn.execute(
                update(models.meta)
                .where(models.meta.c.key == "schema_version")
                .values(value=str(version + 1))
            )
        version += 1
    return version


def stored_version(conn: Connection) -> int:
    row = conn.execute(
        select(models.meta.c.value).where(models.meta.c.key == "schema_version")
    ).scalar_one()
    return int(row)
