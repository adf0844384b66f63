"""How ids and stored values cross between Python and SQL, for every part alike: many ids
as one JSON array that the database expands (`in_ids`, `json_ids`), and stored times read
back as aware datetimes (`stored_datetime`).
"""

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import BindParameter, Boolean, ColumnElement, String, bindparam
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.visitors import InternalTraversal


def json_ids(ids: Sequence[int]) -> str:
    return "[" + ",".join(map(str, ids)) + "]"


def in_ids(column: ColumnElement[int], ids: Sequence[int]) -> ColumnElement[bool]:
    """`column IN (ids)` for any number of ids as one statement: the ids go in as one JSON
    array that the database expands (SQLite's json_each, PostgreSQL's
    json_array_elements_text). (IN-lists of 500 made `status read` on 20k ids 40
    statements to compile and run each way.)"""
    return InIds(column, bindparam(None, json_ids(ids), type_=String))


class InIds(ColumnElement[bool]):
    """`column IN (the ids of a JSON array)`, compiled for each dialect below."""

    inherit_cache = True
    type = Boolean()
    # A comparison already: SQLite must not get `(... IN ...) = 1`, which walks no index.
    _is_implicitly_boolean = True
    _traverse_internals = [  # noqa: RUF012 (SQLAlchemy's own declaration)
        ("column", InternalTraversal.dp_clauseelement),
        ("ids", InternalTraversal.dp_clauseelement),
    ]

    def __init__(self, column: ColumnElement[int], ids: BindParameter[str]) -> None:
        self.column = column
        self.ids = ids


@compiles(InIds)
def _in_ids_sqlite(element: InIds, compiler: Any, **kw: Any) -> str:
    column, ids = compiler.process(element.column, **kw), compiler.process(element.ids, **kw)
    return f"{column} IN (SELECT each_id.value FROM json_each({ids}) AS each_id)"


@compiles(InIds, "postgresql")
def _in_ids_postgresql(element: InIds, compiler: Any, **kw: Any) -> str:
    column, ids = compiler.process(element.column, **kw), compiler.process(element.ids, **kw)
    return f"{column} IN (SELECT value::bigint FROM json_array_elements_text(CAST({ids} AS json)))"


def stored_datetime(stored: str | datetime) -> datetime:
    # SQLAlchemy's 'YYYY-MM-DD HH:MM:SS.ffffff', with '+00:00' or without it: an UPDATE
    # stores the time without its offset. Every stored time is UTC. (PostgreSQL's driver
    # gives a datetime.)
    found = stored if isinstance(stored, datetime) else datetime.fromisoformat(stored)
    return found if found.tzinfo else found.replace(tzinfo=UTC)
