"""`store.in_ids`, the one way the core asks for many ids: one statement for any number of
ids, and on SQLite an index search, never a scan of the table."""

from sqlalchemy import create_engine, select, update

from litman.core.library.facade import Library
from litman.core.store import models
from litman.core.store import rows as store

P = models.papers


def test_many_ids_are_an_index_search_not_a_scan(seeded: Library) -> None:
    query = select(P.c.id).where(store.in_ids(P.c.id, [3, 1, 2]))
    with seeded._read() as conn:
        assert sorted(conn.execute(query).scalars()) == [1, 2, 3]
        if conn.dialect.name == "sqlite":
            sql = str(query.compile(conn))
            plan = conn.exec_driver_sql(f"EXPLAIN QUERY PLAN {sql}", ("[3,1,2]",)).fetchall()
            assert "= 1" not in sql  # `(id IN ...) = 1` walks no index
            assert any("SEARCH papers" in str(row) for row in plan), plan


def test_in_ids_is_spelled_for_each_database() -> None:
    stmt = update(P).where(store.in_ids(P.c.id, [1, 2])).values(year=2020)
    assert "json_array_elements_text" in str(
        stmt.compile(dialect=create_engine("postgresql+psycopg://").dialect)
    )
