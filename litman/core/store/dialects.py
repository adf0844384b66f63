"""Where the SQL of SQLite and PostgreSQL differs, one object per database.

The library and search rooms (and the store's own modules) run portable SQLAlchemy Core;
where the two databases need different SQL (a JSON column's text, a JSON object's keys,
joining ids into one string, a case-folding LIKE, an insertion order, a sequence to move on,
news for listening clients, per-user reading state, an upsert, a JSON array's ids as rows)
they ask the connection's `SQLDialect` (`of(conn)`, or `Store.sql`) rather than check which
database they run on. A third backend adds its class here and one line to `_BY_NAME`, and
nothing outside `litman.core.store` changes (tests/test_dialect_in_store.py keeps it so).
"""

from typing import Any, Protocol

from sqlalchemy import (
    BigInteger,
    ColumnElement,
    Connection,
    String,
    Table,
    TextClause,
    cast,
    func,
    literal,
    select,
    text,
)


class SQLDialect(Protocol):
    """What differs between the databases a store keeps a library in."""

    # Whether each user of the library has their own reading state (status, rating, notes):
    # a server's roles do; a file has one user.
    per_user_reading: bool
    # Whether LIKE folds (ASCII) case by itself; where not, a search folds it with ILIKE.
    like_folds_case: bool
    # Whether the store's modules take SQLite's own fast paths (its driver's cursor and JSON
    # functions, past SQLAlchemy's row processing) in rows, reading, reading state, tag links
    # and the trash; every other database takes the portable SQLAlchemy path beside each.
    sqlite_fast_paths: bool
    # Whether a bulk write may drop the secondary indexes and build them after: SQLite's
    # pays; PostgreSQL's DROP INDEX locks the table against every other client's reads.
    drops_indexes_for_bulk: bool

    def json_array_filled(self, column: str) -> TextClause:
        """`column` (a JSON array) holds at least one item."""
        ...

    def text_before(self, column: ColumnElement[str], sep: str) -> ColumnElement[str]:
        """`column`'s text up to the first `sep` (all of it when it holds none)."""
        ...

    def json_keys(self, table: str, column: str) -> TextClause:
        """Each distinct key of the JSON objects in `table.column`, one row each."""
        ...

    def joined_ids(self, column: str) -> str:
        """An aggregate of `column`'s integers as one comma-joined string."""
        ...

    def scan(self, table: str, index: str) -> str:
        """`table` in a FROM clause, read through `index` where the database takes a hint."""
        ...

    def insertion_order(self) -> Any:
        """An ORDER BY term giving a table's rows in the order inserted; None when the
        database keeps no such order."""
        ...

    def continue_numbering(self, conn: Connection, tables: tuple[str, ...]) -> None:
        """After rows were inserted with their own ids, make new rows' ids follow them."""
        ...

    def notify(self, conn: Connection, channel: str, payload: str) -> None:
        """Tell every listening client at commit (nothing where clients cannot listen)."""
        ...

    def upsert_into(self, table: Table) -> Any:
        """An INSERT into `table` that takes `.on_conflict_do_update(...)`."""
        ...

    def each_id(self, ids: str) -> ColumnElement[int]:
        """The ids of a JSON array (text), one row each, as a column to select."""
        ...


class SQLiteSQL:
    """SQLite's SQL (a library file)."""

    per_user_reading = False
    like_folds_case = True
    sqlite_fast_paths = True
    drops_indexes_for_bulk = True

    def json_array_filled(self, column: str) -> TextClause:
        return text(f"{column} != '[]'")  # JSON is stored as its text

    def text_before(self, column: ColumnElement[str], sep: str) -> ColumnElement[str]:
        return func.substr(column, 1, func.instr(column + sep, sep) - 1)

    def json_keys(self, table: str, column: str) -> TextClause:
        return text(f"SELECT DISTINCT j.key FROM {table}, json_each({table}.{column}) AS j")

    def joined_ids(self, column: str) -> str:
        return f"group_concat({column})"

    def scan(self, table: str, index: str) -> str:
        return f"{table} INDEXED BY {index}"

    def insertion_order(self) -> Any:
        return text("rowid")

    def continue_numbering(self, conn: Connection, tables: tuple[str, ...]) -> None:
        """SQLite numbers new rows after the largest id by itself."""

    def notify(self, conn: Connection, channel: str, payload: str) -> None:
        """A file has no listeners: other windows poll `changed_elsewhere()`."""

    def upsert_into(self, table: Table) -> Any:
        from sqlalchemy.dialects import sqlite

        return sqlite.insert(table)

    def each_id(self, ids: str) -> ColumnElement[int]:
        return func.json_each(ids).table_valued("value").c.value


class PostgresSQL:
    """PostgreSQL's SQL (a shared library)."""

    per_user_reading = True
    like_folds_case = False
    sqlite_fast_paths = False
    drops_indexes_for_bulk = False

    def json_array_filled(self, column: str) -> TextClause:
        return text(f"{column}::text != '[]'")

    def text_before(self, column: ColumnElement[str], sep: str) -> ColumnElement[str]:
        return func.split_part(column, sep, 1)

    def json_keys(self, table: str, column: str) -> TextClause:
        return text(f"SELECT DISTINCT j FROM {table}, json_object_keys({table}.{column}) AS j")

    def joined_ids(self, column: str) -> str:
        return f"string_agg({column}::text, ',')"

    def scan(self, table: str, index: str) -> str:
        return table

    def insertion_order(self) -> Any:
        return None

    def continue_numbering(self, conn: Connection, tables: tuple[str, ...]) -> None:
        """A serial column's sequence must be told of the ids given."""
        for table in tables:
            largest = conn.execute(select(func.max(text("id"))).select_from(text(table))).scalar()
            if largest:
                conn.execute(
                    text("SELECT setval(pg_get_serial_sequence(:t, 'id'), :n)"),
                    {"t": table, "n": largest},
                )

    def notify(self, conn: Connection, channel: str, payload: str) -> None:
        conn.execute(select(func.pg_notify(channel, payload)))  # delivered at commit

    def upsert_into(self, table: Table) -> Any:
        from sqlalchemy.dialects import postgresql  # not imported by a library file's commands

        return postgresql.insert(table)

    def each_id(self, ids: str) -> ColumnElement[int]:
        from sqlalchemy.dialects import postgresql

        as_json = cast(literal(ids, String), postgresql.JSON)
        each = func.json_array_elements_text(as_json).table_valued("value")
        return cast(each.c.value, BigInteger)


SQLITE = SQLiteSQL()
POSTGRESQL = PostgresSQL()
_BY_NAME: dict[str, SQLDialect] = {"sqlite": SQLITE, "postgresql": POSTGRESQL}


def of(conn: Connection) -> SQLDialect:
    """The SQL dialect of the database `conn` is connected to."""
    return _BY_NAME[conn.dialect.name]
