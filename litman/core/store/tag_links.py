"""Tag links written in the caller's transaction, each returning the record of exactly what
it changed: putting one tag on many papers, taking it off, and undoing a rename or merge.

A whole-library tag is one statement each way: the ids go to SQLite as one JSON array that
`json_each` reads, never one row or one IN-list of 500 at a time.
"""

from collections.abc import Sequence

from sqlalchemy import Connection, delete, func, insert, literal, select, update

from litman.core.records import TagLinks, TagRenamed
from litman.core.store import dialects, models
from litman.core.store import rows as store

T, PT = models.tags, models.paper_tags


def _ids_json(ids: Sequence[int]) -> str:
    return "[" + ",".join(map(str, ids)) + "]"


def _tag_id(conn: Connection, name: str) -> int | None:
    found = store.tag_ids(conn, [name], create=False)
    return next(iter(found.values())) if found else None


def _having(conn: Connection, tid: int, ids: Sequence[int]) -> set[int]:
    q = select(PT.c.paper_id).where(PT.c.tag_id == tid, store.in_ids(PT.c.paper_id, ids))
    return set(conn.execute(q).scalars())


def link(conn: Connection, name: str, ids: Sequence[int]) -> TagLinks:
    """Put tag `name` (made when missing) on papers `ids`, which must exist."""
    tid = _tag_id(conn, name)
    created = tid is None
    if tid is None:
        tid = store.tag_ids(conn, [name])[name]
    before = set() if created else _having(conn, tid, ids)
    new = tuple(i for i in dict.fromkeys(ids) if i not in before)
    if new and not dialects.of(conn).sqlite_fast_paths:
        store.bulk_insert(conn, PT, [{"paper_id": pid, "tag_id": tid} for pid in new])
    elif new:
        each = func.json_each(_ids_json(new)).table_valued("value")
        rows = select(each.c.value, literal(tid))
        conn.execute(insert(PT).from_select([PT.c.paper_id, PT.c.tag_id], rows))
    return TagLinks(name, new, added=True, created=created)


def unlink(conn: Connection, name: str, ids: Sequence[int], *, drop: bool = False) -> TagLinks:
    """Take tag `name` off papers `ids`; with `drop`, also delete the tag when no paper
    carries it any more (the undo of a tagging that made it)."""
    tid = _tag_id(conn, name)
    if tid is None:
        return TagLinks(name, (), added=False)
    had = tuple(sorted(_having(conn, tid, ids)))
    conn.execute(delete(PT).where(PT.c.tag_id == tid, store.in_ids(PT.c.paper_id, had)))
    dropped = drop and conn.execute(select(PT.c.paper_id).where(PT.c.tag_id == tid)).first() is None
    if dropped:
        conn.execute(delete(T).where(T.c.id == tid))
    return TagLinks(name, had, added=False, created=dropped)


def _subtree(conn: Connection, root: str) -> list[tuple[int, str, str | None]]:
    key = root.casefold()
    cond = (T.c.name_key == key) | T.c.name_key.startswith(key + " > ", autoescape=True)
    rows = conn.execute(select(T.c.id, T.c.name, T.c.colour).where(cond))
    return [(r.id, r.name, r.colour) for r in rows]


def _members(conn: Connection, tid: int) -> tuple[int, ...]:
    q = select(PT.c.paper_id).where(PT.c.tag_id == tid).order_by(PT.c.paper_id)
    return tuple(conn.execute(q).scalars())


def before_rename(conn: Connection, old: str, new: str) -> TagRenamed:
    """What undoing the rename of `old` to `new` needs, read before it is done."""
    tags = _subtree(conn, old)
    members = tuple((name, colour, _members(conn, tid)) for tid, name, colour in tags)
    had = []
    for tid, name, _colour in tags:
        target = new + name[len(old) :]
        found = _tag_id(conn, target)
        # A change of case only renames the tag itself: its undo makes it anew.
        had.append((target, None if found is None or found == tid else _members(conn, found)))
    return TagRenamed(old, new, members, tuple(had))


def unrename(conn: Connection, renamed: TagRenamed) -> tuple[int, ...]:
    """Put each old tag back on exactly its papers, with its colour, and leave each target
    as it was before (gone when the rename made it); the papers touched. A tag the rename
    made is the old one under a new name: a colour given to it since goes back with it."""
    touched: set[int] = set()
    since: dict[str, str | None] = {}  # old name -> the colour its renamed self has now
    for target, had in renamed.had:
        tid = _tag_id(conn, target)
        if tid is None:
            continue
        if had is None:
            colour = conn.execute(select(T.c.colour).where(T.c.id == tid)).scalar()
            since[renamed.old + target[len(renamed.new) :]] = colour
        now = _members(conn, tid)
        keep = set(had or ())
        newcomers = [i for i in now if i not in keep]
        touched.update(newcomers)
        if had is None:
            conn.execute(delete(PT).where(PT.c.tag_id == tid))
            conn.execute(delete(T).where(T.c.id == tid))
        elif newcomers:
            conn.execute(
                delete(PT).where(PT.c.tag_id == tid, store.in_ids(PT.c.paper_id, newcomers))
            )
    for name, colour, ids in renamed.members:
        alive = store.existing_ids(conn, ids)
        done = link(conn, name, alive)
        touched.update(done.ids)
        tid = _tag_id(conn, name)
        colour = since.get(name, colour)
        conn.execute(update(T).where(T.c.id == tid).values(name=name, colour=colour))
    return tuple(sorted(touched))
