"""BibTeX `@preamble` and `@comment` blocks kept from imports, so that an export writes them
back, in the order they were first read, on every store.

Each is one row of the library's settings (`meta`), keyed `bibtex-block:NNNNNN:DIGEST`: its
position among the kept blocks, then a digest of its kind and text, which keeps a block read
twice from being kept twice. Its value is `[kind, text, [file names]]`: the files it was read
from, so that an export writes only the blocks of the files its papers came from (a block
kept by an older litman, `[kind, text]`, names none and is written in whole exports only).
The position is what orders them: a database has no order of insertion to read back
(SQLite's rowid is one; PostgreSQL has none). Blocks kept by an
older litman have no position (`bibtex-block:DIGEST`); they come first, in the order the
store lists them, and a copy gives them their positions (`numbered`).
"""

import hashlib
import json
from collections.abc import Collection, Iterable, Sequence

from sqlalchemy import Connection, insert, select, update

from litman.core.store import dialects, models

BLOCK = "bibtex-block:"
_M = models.meta


def keep(conn: Connection, blocks: Iterable[tuple[str, str, str]]) -> None:
    """Keep each new (kind, text, file name) block once, after the blocks already kept; a
    block kept already gains the file's name."""
    rows = conn.execute(select(_M.c.key, _M.c.value).where(_M.c.key.startswith(BLOCK))).all()
    kept = {_digest_of(row.key): (row.key, json.loads(row.value)) for row in rows}
    position = len(rows)
    for kind, body, source in blocks:
        digest = hashlib.sha256(f"{kind}\n{body}".encode()).hexdigest()[:32]
        if digest in kept:
            key, value = kept[digest]
            if len(value) > 2 and source not in value[2]:
                value[2].append(source)
                conn.execute(update(_M).where(_M.c.key == key).values(value=json.dumps(value)))
            continue
        key, value = f"{BLOCK}{position:06d}:{digest}", [kind, body, [source]]
        kept[digest] = (key, value)
        conn.execute(insert(_M).values(key=key, value=json.dumps(value)))
        position += 1


def listed(conn: Connection, sources: Collection[str] | None = None) -> list[tuple[str, str]]:
    """The kept blocks as (kind, text), in the order first read: all of them, or those read
    from one of the files named `sources`."""
    # Blocks without a position in the order the store keeps them (SQLite's rowid).
    written = dialects.of(conn).insertion_order()
    order = _M.c.key if written is None else written
    query = select(_M.c.key, _M.c.value).where(_M.c.key.startswith(BLOCK)).order_by(order)
    rows = conn.execute(query).all()
    ranked = sorted(enumerate(rows), key=lambda pair: _position(pair[1].key, pair[0]))
    values = [json.loads(row.value) for _, row in ranked]
    if sources is not None:
        values = [v for v in values if len(v) > 2 and not set(v[2]).isdisjoint(sources)]
    return [(v[0], v[1]) for v in values]


def files_of(conn: Connection, ids: Sequence[int]) -> set[str]:
    """The names of the files papers `ids` were imported from (their `source` is the file's
    name and the line: `refs.bib:12`)."""
    papers = models.papers
    names: set[str] = set()
    for at in range(0, len(ids), 500):
        query = select(papers.c.source).where(papers.c.id.in_(ids[at : at + 500])).distinct()
        names.update(src.rsplit(":", 1)[0] for src in conn.execute(query).scalars() if src)
    return names


def numbered(key: str, position: int) -> str:
    """A kept block's key with a position: one kept by an older litman (none) gets
    `position`, its place among the blocks as listed; any other key is returned as it is."""
    if not key.startswith(BLOCK) or key.count(":") > 1:
        return key
    return f"{BLOCK}{position:06d}:{_digest_of(key)}"


def _digest_of(key: str) -> str:
    return key.rsplit(":", 1)[-1]


def _position(key: str, listed_at: int) -> int:
    parts = key.split(":")
    return int(parts[1]) if len(parts) == 3 and parts[1].isdigit() else listed_at
