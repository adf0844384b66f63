"""BibTeX `@preamble` and `@comment` blocks kept from imports, so that an export writes them
back, in the order they were first read, on every store.

Each is one row of the library's settings (`meta`), keyed `bibtex-block:NNNNNN:DIGEST`: its
position among the kept blocks, then a digest of its kind and text, which keeps a block read
twice from being kept twice. The position is what orders them: a database has no order of
insertion to read back (SQLite's rowid is one; PostgreSQL has none). Blocks kept by an
older litman have no position (`bibtex-block:DIGEST`); they come first, in the order the
store lists them, and a copy gives them their positions (`numbered`).
"""

import hashlib
import json
from collections.abc import Iterable

from sqlalchemy import Connection, insert, select

from litman.core.store import dialects, models

BLOCK = "bibtex-block:"
_M = models.meta


def keep(conn: Connection, blocks: Iterable[tuple[str, str]]) -> None:
    """Keep each new (kind, text) block once, after the blocks already kept."""
    keys = list(conn.execute(select(_M.c.key).where(_M.c.key.startswith(BLOCK))).scalars())
    digests = {_digest_of(key) for key in keys}
    position = len(keys)
    for kind, body in blocks:
        digest = hashlib.sha256(f"{kind}\n{body}".encode()).hexdigest()[:32]
        if digest in digests:
            continue
        digests.add(digest)
        value = json.dumps([kind, body])
        conn.execute(insert(_M).values(key=f"{BLOCK}{position:06d}:{digest}", value=value))
        position += 1


def listed(conn: Connection) -> list[tuple[str, str]]:
    """The kept blocks as (kind, text), in the order first read."""
    # Blocks without a position in the order the store keeps them (SQLite's rowid).
    written = dialects.of(conn).insertion_order()
    order = _M.c.key if written is None else written
    query = select(_M.c.key, _M.c.value).where(_M.c.key.startswith(BLOCK)).order_by(order)
    rows = conn.execute(query).all()
    ranked = sorted(enumerate(rows), key=lambda pair: _position(pair[1].key, pair[0]))
    return [(kind, body) for kind, body in (json.loads(row.value) for _, row in ranked)]


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
