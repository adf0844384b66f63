"""Row-level helpers for the `Library`: turning rows into records, tags into ids.

Each function takes an open connection and does portable SQLAlchemy Core work; the facade in
`library.py` owns transactions and change records.
"""

import json
import secrets
from collections import defaultdict
from collections.abc import Callable, Container, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import fields
from datetime import UTC, datetime
from itertools import chain
from operator import itemgetter
from typing import Any, TypeVar

from sqlalchemy import (
    ColumnElement,
    Connection,
    String,
    Table,
    delete,
    func,
    insert,
    select,
    type_coerce,
    update,
)

from litman.core import cjk, pinyin
from litman.core.errors import LitmanError, NotFoundError
from litman.core.messages import _
from litman.core.names import first_sort_key
from litman.core.records import Doc, NewPaper, Paper, Status, stored_paper
from litman.core.store import attachments, dialects, models, reading_state, trash
from litman.core.store.sql_values import in_ids as in_ids  # the parts' way to many ids
from litman.core.store.sql_values import stored_datetime
from litman.core.text import abstract_key, fold, title_key, title_words

P, T, PT = models.papers, models.tags, models.paper_tags
_PAPER_FIELDS = [f.name for f in fields(Paper) if f.name != "tags"]
_TEXT_READ = {"authors", "extra", "added_at", "modified_at"}
_T = TypeVar("_T")
CHUNK = 500  # ids per IN (...): well under SQLite's variable limit


def now() -> datetime:
    return datetime.now(UTC)


def chunks(ids: Sequence[_T], size: int = CHUNK) -> Iterable[Sequence[_T]]:
    for start in range(0, len(ids), size):
        yield ids[start : start + size]


def clean_tag(name: str) -> str:
    """`  a>b  >c ` becomes `a > b > c`; an empty level is an error."""
    levels = [" ".join(level.split()) for level in name.split(">")]
    if not all(levels):
        raise LitmanError(f"'{name}' is not a valid tag name: a level is empty.")
    return " > ".join(levels)


# The fields the derived columns are computed from (`extra`: the author field as read from
# a .bib file says which names were braced whole).
DERIVED_FROM = frozenset({"title", "authors", "abstract", "extra"})


def derived_columns(
    title: str, authors: Sequence[str], abstract: str, extra: Mapping[str, str]
) -> dict[str, str]:
    """The columns litman computes from a paper's text, for sorting and duplicate blocking.

    The one definition: insert, update, merge and restore all write these through
    `paper_values` or `with_derived`, so no write can leave one stale; a change of
    definition makes the stored values again in a schema step (`schema._v9_to_v10`)."""
    return {
        "title_sort": title_sort(title),
        "title_key": title_key(title),
        "authors_sort": first_sort_key(authors, extra),  # the column's family name first
        "abstract_key": abstract_key(abstract),
        "match_title": title_words(title),
    }


def title_sort(title: str) -> str:
    """The Title column's sort key: folded, Han characters by their pinyin (`litman.core.pinyin`)
    so that Chinese titles sort among Latin ones as a Chinese user expects."""
    folded = fold(title).strip()
    if folded.isascii() or not cjk.has_cjk(folded):
        return folded
    return fold(pinyin.sort_text(folded))


def with_derived(conn: Connection, paper_id: int, values: Mapping[str, Any]) -> dict[str, Any]:
    """`values` for an UPDATE of one paper, plus its derived columns when any field they come
    from is among them (the other such fields are read from the row)."""
    out = dict(values)
    if DERIVED_FROM.isdisjoint(values):
        return out
    current = conn.execute(
        select(P.c.title, P.c.authors, P.c.abstract, P.c.extra).where(P.c.id == paper_id)
    ).one()
    title, authors, abstract, extra = (
        values.get(name, getattr(current, name))
        for name in ("title", "authors", "abstract", "extra")
    )
    out.update(derived_columns(title, authors or (), abstract, extra or {}))
    return out


def one_line(text: str) -> str:
    return " ".join(text.split())


def paper_row(p: NewPaper) -> dict[str, Any]:
    """Column values for a new paper, but its citekey and dates (one-line fields
    whitespace-normalised): what an import makes once per paper, its derived columns being
    its duplicate checks' blocking keys too."""
    # one_line written out: this runs for every author of a 10k import
    authors = [" ".join(a.split()) for a in p.authors if a.strip()]
    title = one_line(p.title)
    return {
        "entry_type": p.entry_type,
        "title": title,
        "title_derived": p.title_derived,
        "authors": authors,
        "year": p.year,
        "venue": one_line(p.venue),
        "doi": p.doi,
        "url": p.url,
        "abstract": p.abstract,
        "abstract_truncated": p.abstract_truncated,
        "source": p.source,
        "extra": dict(p.extra),
        **derived_columns(title, authors, p.abstract, p.extra),
    }


def reading_values(p: NewPaper, stamp: datetime) -> dict[str, Any]:
    """A new paper's reading state, for its reader (`litman.core.store.reading_state`)."""
    read_at = stamp if p.status is Status.READ else None
    return {"status": p.status, "rating": p.rating, "notes": p.notes, "read_at": read_at}


def tags_of(conn: Connection, ids: Sequence[int]) -> dict[int, list[str]]:
    out: dict[int, list[str]] = defaultdict(list)
    rows = conn.execute(
        select(PT.c.paper_id, T.c.name)
        .join(T, T.c.id == PT.c.tag_id)
        .where(in_ids(PT.c.paper_id, ids))
        .order_by(T.c.name_key)
    )
    for pid, name in rows:
        out[pid].append(name)
    return out


def _paper_column(name: str) -> ColumnElement[Any]:
    if name in models.READING_FIELDS:
        return reading_state.column(name, raw_dates=True)
    column = P.c[name]
    return type_coerce(column, String).label(name) if name in _TEXT_READ else column


# A paper's columns in `Paper`'s field order, over `reading_state.joined()`. The JSON and
# date columns are read as their stored text and converted here with the C parsers:
# SQLAlchemy's per-value processors cost more than SQLite's own reading (3.4 s of 6.2 s for
# 100k papers, machine loaded).
PAPER_COLUMNS = tuple(_paper_column(name) for name in _PAPER_FIELDS)


def to_paper(row: Sequence[Any], tag_names: Sequence[str]) -> Paper:
    """A `Paper` from a row of PAPER_COLUMNS and its tag names. Positional, and JSON read by
    the C scanner: this runs 100k times for a listing or an export."""
    (pid, key, etype, title, derived, authors, year, venue, doi, url, abstract, truncated,
     status, rating, notes, source, extra, added, modified, read, version) = row  # fmt: skip
    return stored_paper(
        (
            pid,
            key,
            etype,
            title,
            bool(derived),
            tuple(_json(authors)) if authors and authors != "[]" else (),
            year,
            venue,
            doi,
            url,
            abstract,
            bool(truncated),
            _STATUS[status],
            rating,
            notes,
            source,
            _json(extra) if extra and extra != "{}" else {},
            tuple(tag_names),
            stored_datetime(added),
            stored_datetime(modified),
            stored_datetime(read) if read else None,
            version,
        )
    )


_STATUS = {s.value: s for s in Status}
# The C scanner, without the loads() and decode() wrappers (a third of the cost of loads).
_SCAN: Callable[[str, int], tuple[Any, int]] = getattr(json.JSONDecoder(), "scan_once")  # noqa: B009


def _json(stored: Any) -> Any:
    # SQLite gives the stored text; PostgreSQL's driver has parsed it already.
    return _SCAN(stored, 0)[0] if isinstance(stored, str) else stored


def load_papers(conn: Connection, ids: Sequence[int]) -> dict[int, Paper]:
    query = select(*PAPER_COLUMNS).select_from(reading_state.joined())
    rows = conn.execute(query.where(in_ids(P.c.id, ids))).fetchall()
    tag_map = tags_of(conn, [r[0] for r in rows])
    return {r[0]: to_paper(r, tag_map.get(r[0], ())) for r in rows}


def tag_ids(conn: Connection, names: Iterable[str], create: bool = True) -> dict[str, int]:
    """Map each (cleaned) tag name to its id, creating missing tags when asked.

    Names that differ only in case share one tag; the first spelling seen names a new tag.
    """
    cleaned = [clean_tag(n) for n in names]
    spelling: dict[str, str] = {}
    for name in cleaned:
        spelling.setdefault(name.casefold(), name)
    by_key: dict[str, int] = {}
    for part in chunks(list(spelling)):
        rows = conn.execute(select(T.c.id, T.c.name_key).where(T.c.name_key.in_(part)))
        by_key.update({key: tid for tid, key in rows})
    missing = [spelling[k] for k in spelling if k not in by_key]
    if missing and create:
        rows = conn.execute(
            insert(T).returning(T.c.id, T.c.name_key, sort_by_parameter_order=True),
            [{"name": n, "name_key": n.casefold()} for n in missing],
        )
        by_key.update({key: tid for tid, key in rows})
    return {n: by_key[n.casefold()] for n in cleaned if n.casefold() in by_key}


def link_tags(
    conn: Connection, pairs: Iterable[tuple[int, int]], *, new_papers: bool = False
) -> int:
    """Insert (paper_id, tag_id) links that are not there yet; returns how many were new.

    Papers inserted in this transaction (`new_papers`) have no links to look for."""
    pairs = list(dict.fromkeys(pairs))
    if not pairs:
        return 0
    if new_papers:
        bulk_insert(conn, PT, [{"paper_id": p, "tag_id": t} for p, t in pairs])
        return len(pairs)
    existing: set[tuple[int, int]] = set()
    for tid in {t for _pid, t in pairs}:
        pids = [p for p, t in pairs if t == tid]
        q = select(PT.c.paper_id, PT.c.tag_id).where(PT.c.tag_id == tid)
        existing.update(conn.execute(q.where(in_ids(PT.c.paper_id, pids))))
    new = [{"paper_id": p, "tag_id": t} for p, t in pairs if (p, t) not in existing]
    bulk_insert(conn, PT, new)
    return len(new)


# A batch this large, and larger than the table it goes into, is inserted before the
# secondary indexes are built again over the whole table: one sort each instead of a random
# B-tree insert per row. Measured at 100k papers: add_papers 5.46 s -> 5.0 s (median of 3,
# interleaved with the previous commit); bench_store.py times SQLite alone both ways.
DEFER_INDEXES_FROM = 10_000


def insert_papers(conn: Connection, rows: Sequence[Mapping[str, Any]]) -> list[int]:
    """Insert paper rows in the caller's transaction: all of them, indexes included, or none.
    Returns their new ids, in the order of `rows`, as the INSERT itself reports them."""
    with _indexes_deferred(conn, len(rows)):
        ids = bulk_insert(conn, P, rows, returning=P.c.id)
    return ids


def delete_rows(conn: Connection, ids: Sequence[int]) -> None:
    """Delete these papers (their tag links go with them) in the caller's transaction.

    Deleting most of a large library drops the secondary indexes first and builds them
    again over the rows left: each deleted row edited 14 index B-trees. All 100k papers,
    SQLite alone: 3.6 -> 1.3 s CPU (load 14). On SQLite only: PostgreSQL would lock the
    table against other clients' reads for the whole delete."""
    with _indexes_deferred(conn, len(ids), lambda: count_papers(conn) - len(ids)):
        conn.execute(delete(P).where(in_ids(P.c.id, ids)))


@contextmanager
def _indexes_deferred(
    conn: Connection, n: int, left: Callable[[], int] | None = None
) -> Iterator[None]:
    """Around an insert of `n` papers, or a delete that leaves `left()`: drop the secondary
    indexes first and build them again after, when `n` is large and larger than the rows
    the indexes keep (the table, or what is left). On SQLite only: on PostgreSQL a DROP
    INDEX locks the table against every other client's reads until the commit."""
    defer = (
        dialects.of(conn).drops_indexes_for_bulk
        and n >= DEFER_INDEXES_FROM
        and n > (count_papers(conn) if left is None else left())
    )
    deferred = sorted(P.indexes, key=lambda ix: str(ix.name)) if defer else []
    for index in deferred:
        index.drop(conn)
    yield
    for index in deferred:
        index.create(conn)


# Bind variables per statement when rows are inserted with RETURNING: under SQLite's limit
# (32766 since 3.32) and PostgreSQL's (65535).
VARIABLES = 30_000


def bulk_insert(
    conn: Connection,
    table: Table,
    rows: Sequence[Mapping[str, Any]],
    *,
    returning: ColumnElement[int] | None = None,
) -> list[int]:
    """Insert many rows with one compiled Core `insert()`; with `returning` (an integer key
    the database assigns), the values it gave each row, in the order of `rows`.

    The statement is compiled once and each column's bind processor (JSON, dates) applied
    here; letting SQLAlchemy build parameters row by row cost as much as SQLite's own work
    (3.3 s of 8.6 s for 100k papers, see benchmarks/bench_store.py). Without `returning`
    it is one executemany; with it, multi-row VALUES statements ending in RETURNING, whose
    keys are sorted: one statement assigns ascending keys in the order of its VALUES.
    """
    if not rows:
        return []
    if not dialects.of(conn).sqlite_fast_paths:  # below: SQLite's (its JSON)
        stmt = insert(table)
        if returning is not None:
            stmt = stmt.returning(returning, sort_by_parameter_order=True)
        result = conn.execute(stmt, list(rows))
        return [] if returning is None else list(result.scalars())
    cols = list(rows[0])
    compiled = insert(table).compile(dialect=conn.dialect, column_keys=cols)
    order = list(compiled.positiontup or cols) if compiled.positional else cols
    if returning is not None and not compiled.positional:  # a named paramstyle: portable
        stmt = insert(table).returning(returning, sort_by_parameter_order=True)
        return list(conn.execute(stmt, list(rows)).scalars())
    params = _bound(conn, table, order, rows)
    if returning is None:
        conn.exec_driver_sql(
            str(compiled), params if compiled.positional else _named(order, params)
        )
        return []
    head, group = str(compiled).rsplit(" VALUES ", 1)
    ids: list[int] = []
    for part in chunks(params, max(1, VARIABLES // len(order))):
        sql = f"{head} VALUES {', '.join([group] * len(part))} RETURNING {returning.name}"
        flat = tuple(chain.from_iterable(part))
        ids.extend(sorted(conn.exec_driver_sql(sql, flat).scalars().all()))
    return ids


def _bound(
    conn: Connection, table: Table, order: list[str], rows: Sequence[Mapping[str, Any]]
) -> list[tuple[Any, ...]]:
    """Each row's values in `order`, through its column's bind processor."""
    found = [(i, table.c[c].type.bind_processor(conn.dialect)) for i, c in enumerate(order)]
    procs = [(i, _remembering(p)) for i, p in found if p is not None]
    getter = itemgetter(*order)
    params: list[tuple[Any, ...]] = []
    for row in rows:
        values = list(getter(row)) if len(order) > 1 else [row[order[0]]]
        for i, proc in procs:
            values[i] = proc(values[i])
        params.append(tuple(values))
    return params


def _named(order: list[str], params: list[tuple[Any, ...]]) -> list[dict[str, Any]]:
    return [dict(zip(order, values, strict=True)) for values in params]


def _remembering(proc: Any) -> Any:
    """A bind processor that reuses its last answer for the same object (every row of a
    batch shares one timestamp) and for empty lists and dicts (most `extra` fields)."""
    last: list[Any] = [_NOTHING, None]
    empties: dict[type, Any] = {}

    def process(value: Any) -> Any:
        if value is last[0]:
            return last[1]
        if type(value) in (list, dict) and not value:
            if type(value) not in empties:
                empties[type(value)] = proc(value)
            return empties[type(value)]
        last[0], last[1] = value, proc(value)
        return last[1]

    return process


_NOTHING = object()


def count_papers(conn: Connection) -> int:
    return int(conn.execute(select(func.count()).select_from(P)).scalar_one())


# What `_docs` reads of a paper, in its order (authors as the stored JSON text), then the
# reader's status (`litman.core.store.reading_state`).
_INDEX_FIELDS = ("id", "title", "authors", "venue", "citekey", "year", "abstract")
_INDEX_COLUMNS = select(
    *(type_coerce(P.c[n], String) if n == "authors" else P.c[n] for n in _INDEX_FIELDS),
    reading_state.column("status"),
).select_from(reading_state.joined())


def index_docs(conn: Connection, ids: Sequence[int] | None) -> list[Doc]:
    """Lean rows for the search index: searchable texts only, authors as raw JSON text
    (its tokens are the names), no Paper objects."""
    if ids is None:
        return list(iter_index_docs(conn))
    cols = _INDEX_COLUMNS
    if (live := trash.live(conn)) is not None:  # a paper in the trash is not searched
        cols = cols.where(live)
    rows = [r for part in chunks(list(ids)) for r in conn.execute(cols.where(P.c.id.in_(part)))]
    found = [r[0] for r in rows]
    return _docs(
        rows, tags_of(conn, found), attachments.texts_of(conn, found), aliases_of(conn, found)
    )


# Papers whose attachments' text `iter_index_docs` reads at a time: 1,000 papers with 10
# pages each were 35 MB of text held together with their documents, pages the process kept
# after the build (at 2,000 such papers, the index build's resident memory 200 -> 144 MB).
TEXT_PAGE = 200


def iter_index_docs(conn: Connection, page: int = 1000) -> Iterator[Doc]:
    """Every paper's `index_docs` row, a page at a time in id order, so that a full index
    build (or a reconcile) never holds every abstract at once. A page holds its rows and
    their documents: 5,000 papers were 17 MB of a reconcile's peak at 100k papers. Their
    full text is read `TEXT_PAGE` papers at a time."""
    tags, aliases = _all_tags(conn), aliases_of(conn, None)
    cols = _INDEX_COLUMNS
    if (live := trash.live(conn)) is not None:  # a paper in the trash is not searched
        cols = cols.where(live)
    after = -1
    while rows := list(conn.execute(cols.where(P.c.id > after).order_by(P.c.id).limit(page))):
        for start in range(0, len(rows), TEXT_PAGE):
            part = rows[start : start + TEXT_PAGE]
            texts = attachments.texts_of(conn, [r[0] for r in part])
            yield from _docs(part, tags, texts, aliases)
        after = rows[-1][0]


def _text(stored: Any) -> str:
    """A JSON column as its text: SQLite gives it so; PostgreSQL's driver parses it."""
    return stored if isinstance(stored, str) else _JSON_TEXT.encode(stored)


_JSON_TEXT = json.JSONEncoder(ensure_ascii=False)


def aliases_of(conn: Connection, ids: Sequence[int] | None) -> dict[int, list[str]]:
    """The citekeys each paper answers to besides its own (those of papers merged into it),
    of these papers or (None) of all."""
    A = models.aliases
    query = select(A.c.paper_id, A.c.citekey).order_by(A.c.citekey)
    parts = [query] if ids is None else [query.where(A.c.paper_id.in_(p)) for p in chunks(ids)]
    out: dict[int, list[str]] = defaultdict(list)
    for part in parts:
        for pid, key in conn.execute(part):
            out[pid].append(key)
    return out


def _docs(
    rows: Sequence[Any],
    tags: Mapping[int, Sequence[str]],
    texts: Mapping[int, str],
    aliases: Mapping[int, Sequence[str]] | None = None,
) -> list[Doc]:
    aliases = aliases or {}
    status = {s.value: i for i, s in enumerate(Status)}
    return [
        Doc(
            pid,
            # In `SearchFields` order; a plain tuple, as 100k are made per read.
            (
                title,
                _text(authors),
                ", ".join(tags.get(pid, ())),
                venue,
                " ".join((key, *aliases[pid])) if pid in aliases else key,
                str(year or ""),
                abstract,
                texts.get(pid, ""),
            ),
            year or 0,
            status[st],
            tuple(tags.get(pid, ())),
        )
        for pid, title, authors, venue, key, year, abstract, st in rows
    ]


def _all_tags(conn: Connection) -> dict[int, list[str]]:
    """Each paper's tag names, one string per tag shared by its papers: a string per link
    was 13 of the 37 MB a reconcile held at 100k papers (235k links)."""
    names = {tid: name for tid, name in conn.execute(select(T.c.id, T.c.name))}
    out: dict[int, list[str]] = defaultdict(list)
    for pid, tid in conn.execute(select(PT.c.paper_id, PT.c.tag_id)):
        if tid in names:  # as the join did: a link to no tag is no tag
            out[pid].append(names[tid])
    return out


def distinct_papers(conn: Connection, tag_ids: Sequence[int]) -> int:
    """How many papers carry at least one of these tags (read through the tag index)."""
    q = select(func.count(func.distinct(PT.c.paper_id))).where(PT.c.tag_id.in_(list(tag_ids)))
    if (live := trash.live(conn, PT.c.paper_id)) is not None:
        q = q.where(live)
    return int(conn.execute(q).scalar_one())


GENERATION = "generation"


def generation(conn: Connection) -> str:
    """A token that every litman write transaction replaces ('' before the first)."""
    row = conn.execute(select(models.meta.c.value).where(models.meta.c.key == GENERATION)).scalar()
    return row or ""


def bump_generation(conn: Connection) -> str:
    """A new random token, not a counter: a restored backup that is then edited can never
    arrive back at a value some saved index was made for."""
    token = secrets.token_hex(8)
    done = conn.execute(
        update(models.meta).where(models.meta.c.key == GENERATION).values(value=token)
    )
    if done.rowcount == 0:
        conn.execute(insert(models.meta).values(key=GENERATION, value=token))
    return token


def existing_ids(conn: Connection, ids: Sequence[int]) -> list[int]:
    """Those of `ids` that are papers (an id check, without loading the papers)."""
    return list(conn.execute(select(P.c.id).where(in_ids(P.c.id, ids))).scalars())


def require_all(ids: Sequence[int], found: Container[int]) -> None:
    missing = [i for i in ids if i not in found]
    if missing:
        raise NotFoundError(
            _("No paper with id {0}; nothing was changed.").format(
                _(", ").join(map(str, missing[:5]))
            )
        )
