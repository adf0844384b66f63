"""Reading state (status, rating, notes, when read): each reader's own, in the narrow
`reading` table (schema 5), beside the papers rather than in their rows.

A library file has one implicit reader (''); in a shared PostgreSQL library the reader is
the connection's role (`CURRENT_USER`), so that each researcher keeps their own reading
list while papers, fields and tags are shared. A paper without a row of the reader's is
unread, unrated and without notes (`DEFAULTS`). Every reader of the state goes through
here: `joined()` and `column()` for queries over papers, `values()` and `status_codes()`
for a few papers, `counts()` for the sidebar, `order()` for a sort.

Why a table of its own: a `papers` row holds its abstract (two rows to a SQLite page), so
rewriting every paper's status cost SQLite 1.0 s of CPU at 100k papers before any of
litman's work; a row here is a few dozen bytes.
"""

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Connection,
    FromClause,
    Select,
    String,
    and_,
    exists,
    func,
    inspect,
    literal,
    select,
    text,
    true,
    type_coerce,
)
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.sql.expression import Label

from litman.core.records import STATUS_CODES, Status
from litman.core.store import dialects, models
from litman.core.store.sql_values import in_ids, json_ids, stored_datetime

P, R = models.papers, models.reading
NAMES = models.READING_FIELDS
DEFAULTS: Mapping[str, Any] = {"status": "unread", "rating": 0, "notes": "", "read_at": None}
_STATUS = {s.value: s for s in Status}


class Me(ColumnElement[str]):
    """The reader whose state a query reads or writes: '' in a file, the connection's
    role on PostgreSQL (compiled below, so no query needs a round trip to learn it)."""

    inherit_cache = True
    type = String()
    # Nothing to tell one Me from another: without this SQLAlchemy could make no cache key
    # for a query that reads the reading state, and compiled each again (1.5 ms of the
    # 3.5 ms that reading a page of 64 papers took).
    _traverse_internals = []  # noqa: RUF012 (SQLAlchemy's own declaration)


@compiles(Me)
def _me_file(element: Me, compiler: Any, **kw: Any) -> str:
    return "''"


@compiles(Me, "postgresql")
def _me_postgresql(element: Me, compiler: Any, **kw: Any) -> str:
    return "CAST(CURRENT_USER AS VARCHAR)"


ME = Me()


def mine() -> ColumnElement[bool]:
    return R.c.reader == ME


def reader_name(conn: Connection) -> str:
    """Who `ME` is on this connection."""
    return str(conn.execute(select(ME)).scalar_one())


def joined(base: FromClause = P) -> FromClause:
    """`base` (papers) with the reader's row of each paper, when there is one."""
    return base.outerjoin(R, and_(R.c.paper_id == P.c.id, mine()))


def column(name: str, *, raw_dates: bool = False) -> Label[Any]:
    """A reading field as a column of `joined()`, its default where the reader has no row
    (`raw_dates`: read_at as the stored text, for the C parsers)."""
    col: ColumnElement[Any] = R.c[name]
    if name == "read_at":
        return (type_coerce(col, String) if raw_dates else col).label(name)
    return func.coalesce(col, DEFAULTS[name]).label(name)


def typed(name: str, value: Any) -> Any:
    """A stored value as `Paper` holds it (a `Status`; a datetime in UTC)."""
    if name == "status":
        return _STATUS[value]
    if name == "read_at" and value is not None:
        return stored_datetime(value)
    return value


def values(conn: Connection, ids: Sequence[int], names: Sequence[str]) -> dict[int, dict[str, Any]]:
    """The reader's `names` of these papers, typed, for the ones that have a row of theirs
    (a narrow read: 100k rows in a tenth of a second)."""
    cols = [R.c[n] for n in names]
    query = select(R.c.paper_id, *cols).where(mine(), in_ids(R.c.paper_id, ids))
    rows = _rows(conn, query)
    dates: dict[Any, Any] = {}  # a bulk write stores one time for all its papers: parsed once
    return {
        row[0]: {
            n: dates.get(v) or dates.setdefault(v, typed(n, v)) if n == "read_at" else typed(n, v)
            for n, v in zip(names, row[1:], strict=True)
        }
        for row in rows
    }


def _rows(conn: Connection, query: Select[Any]) -> Iterable[Sequence[Any]]:
    """A query's rows; on SQLite through the driver's cursor, as stored (SQLAlchemy's
    processors per value doubled the time of 100k rows)."""
    if not dialects.of(conn).sqlite_fast_paths:
        return conn.execute(query)
    compiled = query.compile(dialect=conn.dialect)
    params = [compiled.params[name] for name in compiled.positiontup or ()]
    driver: Any = conn.connection.driver_connection
    rows: Iterable[Sequence[Any]] = driver.execute(str(compiled), params)
    return rows


def with_defaults(
    found: Mapping[int, Mapping[str, Any]], ids: Sequence[int], names: Sequence[str]
) -> dict[int, dict[str, Any]]:
    """`found` for every one of `ids`, a paper without a row given the defaults."""
    default = {n: typed(n, DEFAULTS[n]) for n in names}
    return {pid: dict(found.get(pid, default)) for pid in ids}


def status_codes(conn: Connection, ids: Sequence[int]) -> dict[int, int]:
    """Paper id -> the reader's status of it as the search index codes it."""
    query = select(R.c.paper_id, R.c.status).where(mine(), in_ids(R.c.paper_id, ids))
    codes = dict.fromkeys(ids, STATUS_CODES[Status.UNREAD.value])
    # Stored text to code directly, not through `values`' typed rows: 100k papers back from
    # the trash took 0.87 s that way.
    codes.update((pid, STATUS_CODES[status]) for pid, status in _rows(conn, query))
    return codes


def counts(
    conn: Connection, papers: int, live: ColumnElement[bool] | None = None
) -> dict[Status, int]:
    """How many of the `papers` the reader has in each status (of the rows that meet
    `live`, when given: those of papers not in the trash)."""
    query = select(R.c.status, func.count()).where(mine()).group_by(R.c.status)
    if live is not None:
        query = query.where(live)
    found = {_STATUS[s]: int(n) for s, n in conn.execute(query)}
    found[Status.UNREAD] = papers - sum(n for s, n in found.items() if s is not Status.UNREAD)
    return {s: found.get(s, 0) for s in Status}


def statuses_among(conn: Connection, ids: Sequence[int]) -> set[Status]:
    """The statuses the reader gave these papers between them (unread where any has no
    other), in one read for any number of ids."""
    query = select(R.c.status, func.count()).where(mine(), in_ids(R.c.paper_id, ids))
    found = {_STATUS[s]: int(n) for s, n in conn.execute(query.group_by(R.c.status))}
    if sum(n for s, n in found.items() if s is not Status.UNREAD) < len(set(ids)):
        found[Status.UNREAD] = 1
    return {s for s, n in found.items() if n}


def having(name: str, value: Any) -> ColumnElement[bool]:
    """Papers whose reading field `name` is `value` (for the reader), without a join."""
    own = select(R.c.paper_id).where(mine())
    if value == DEFAULTS[name]:
        return P.c.id.not_in(own.where(R.c[name] != value))
    return P.c.id.in_(own.where(R.c[name] == value))


def filled(conn: Connection, name: str, among: Sequence[int] | None) -> bool:
    """Whether the reader holds a value other than the default in field `name` for any
    paper (of `among`, when given)."""
    value = R.c[name]
    held = value.is_not(None) if name == "read_at" else value != DEFAULTS[name]
    query = exists().where(mine(), held)
    if among is not None:
        query = query.where(in_ids(R.c.paper_id, among))
    return bool(conn.execute(select(query)).scalar())


def order(conn: Connection, ids: Sequence[int], name: str, descending: bool) -> list[int]:
    """`ids` by a reading field, ties by id, both ascending or both descending; papers
    without a read date last. Sorted here from the narrow table: the field has no index
    among the papers, and a join would read every paper's row."""
    query = select(R.c.paper_id, R.c[name]).where(mine())
    stored = {pid: value for pid, value in _rows(conn, query)}
    default = DEFAULTS[name]
    if name == "read_at":  # stored text or datetimes: each sorts in time order
        filled = sorted((stored[i], i) for i in ids if stored.get(i) is not None)
        empty = sorted(i for i in ids if stored.get(i) is None)
        if descending:
            filled.reverse()
            empty.reverse()
        return [i for _, i in filled] + empty
    return [i for _, i in sorted(((stored.get(i, default), i) for i in ids), reverse=descending)]


def _insert(conn: Connection) -> Any:
    return dialects.of(conn).upsert_into(R)


def _upsert(conn: Connection, stmt: Any, names: Sequence[str]) -> Any:
    return stmt.on_conflict_do_update(
        index_elements=[R.c.reader, R.c.paper_id],
        set_={n: stmt.excluded[n] for n in names},
    )


def write_same(conn: Connection, ids: Sequence[int], values: Mapping[str, Any]) -> None:
    """Give the reader's rows of these papers the same `values` (made where missing, the
    other fields at their defaults) in one statement, the ids going in as one JSON array."""
    given = {**DEFAULTS, **{n: _stored(v) for n, v in values.items()}}
    each = dialects.of(conn).each_id(json_ids(ids))
    cols = [literal(given[n], R.c[n].type) for n in NAMES]
    source = select(ME, each, *cols).where(true())  # SQLite: WHERE before ON CONFLICT
    stmt = _insert(conn).from_select(["reader", "paper_id", *NAMES], source)
    conn.execute(_upsert(conn, stmt, list(values)))


def write_rows(conn: Connection, rows: Mapping[int, Mapping[str, Any]]) -> None:
    """Give each paper's reader row its own values (made where missing), one statement
    executed for every paper that writes the same fields."""
    by_fields: dict[tuple[str, ...], list[dict[str, Any]]] = {}
    me = reader_name(conn)
    for pid, vals in rows.items():
        row = {**DEFAULTS, **{n: _stored(v) for n, v in vals.items()}}
        by_fields.setdefault(tuple(sorted(vals)), []).append(dict(row, reader=me, paper_id=pid))
    for names, group in by_fields.items():
        conn.execute(_upsert(conn, _insert(conn), names), group)


def _stored(value: Any) -> Any:
    return value.value if isinstance(value, Status) else value


def new_rows(conn: Connection, states: Mapping[int, Mapping[str, Any]]) -> None:
    """Rows for papers just inserted (imports, restores): only those not at the defaults."""
    wanted = {
        pid: vals
        for pid, vals in states.items()
        if any(_stored(v) != DEFAULTS[n] for n, v in vals.items())
    }
    if wanted:
        me = reader_name(conn)
        rows = [
            {**DEFAULTS, **{n: _stored(v) for n, v in vals.items()}, "reader": me, "paper_id": pid}
            for pid, vals in wanted.items()
        ]
        conn.execute(_insert(conn), rows)


POLICY = "reading_is_the_readers_own"


def keep_private(conn: Connection) -> None:
    """On PostgreSQL, make each role's rows of `reading` its own in the database itself, not
    only in litman's queries: with row-level security a member's plain `psql` can neither
    read nor write another member's status, rating or notes, and a reader reads only their
    own. The table's owner (who creates and upgrades it) is exempt, as PostgreSQL makes
    owners; a paper's delete still takes every reader's rows (foreign keys bypass the
    policy). A library file has one reader and nothing to keep apart."""
    if not dialects.of(conn).per_user_reading:
        return
    mine_only = "reader = CAST(CURRENT_USER AS VARCHAR)"
    conn.execute(text("ALTER TABLE reading ENABLE ROW LEVEL SECURITY"))
    conn.execute(text(f"DROP POLICY IF EXISTS {POLICY} ON reading"))
    conn.execute(
        text(f"CREATE POLICY {POLICY} ON reading USING ({mine_only}) WITH CHECK ({mine_only})")
    )


def migrate_from_papers(conn: Connection) -> None:
    """Schema 4 to 5: move the reading state out of `papers` into `reading`, as the state
    of the reader who upgrades (a file's one reader; on a shared library, the role that
    opened it first: the state was everyone's until now)."""
    R.create(conn, checkfirst=True)
    if "status" not in {c["name"] for c in inspect(conn).get_columns("papers")}:
        return  # made by this litman, or moved already
    kept = " OR ".join(("status != 'unread'", "rating != 0", "notes != ''", "read_at IS NOT NULL"))
    reader = select(ME).compile(dialect=conn.dialect)
    me = str(reader).removeprefix("SELECT ")
    conn.execute(
        text(
            "INSERT INTO reading (reader, paper_id, status, rating, notes, read_at) "
            f"SELECT {me}, id, status, rating, notes, read_at FROM papers WHERE {kept}"
        )
    )
    for index in ("ix_papers_status", "ix_papers_sort_rating", "ix_papers_sort_read_at"):
        conn.execute(text(f"DROP INDEX IF EXISTS {index}"))
    for name in NAMES:
        conn.execute(text(f"ALTER TABLE papers DROP COLUMN {name}"))
