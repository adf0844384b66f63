"""Tag renames and merges across a hierarchy.

Renaming `Optimization` to `Optim` renames `Optimization > Non-Convex` too. When a new name
already exists (case-insensitively), the two tags merge: links move to the existing tag and
the old one goes away, so that no paper loses a tag.
"""

from sqlalchemy import Connection, delete, select, update

from litman.core.errors import LitmanError, NotFoundError
from litman.core.store import models
from litman.core.store import rows as store

T, PT = models.tags, models.paper_tags


def rename_subtree(conn: Connection, old: str, new: str) -> list[int]:
    """Rename `old` and its descendants to live under `new`; returns the papers touched."""
    old_key = old.casefold()
    if new.casefold().startswith(old_key + " > "):
        raise LitmanError(f"Cannot move '{old}' inside itself.")
    rows = conn.execute(
        select(T.c.id, T.c.name).where(
            (T.c.name_key == old_key) | T.c.name_key.startswith(old_key + " > ", autoescape=True)
        )
    ).all()
    if not rows:
        raise NotFoundError(f"No tag named '{old}'.")
    touched: set[int] = set()
    for tid, name in rows:
        touched.update(conn.execute(select(PT.c.paper_id).where(PT.c.tag_id == tid)).scalars())
        _rename_one(conn, tid, new + name[len(old) :])
    return sorted(touched)


def _rename_one(conn: Connection, tid: int, target: str) -> None:
    key = target.casefold()
    existing = conn.execute(select(T.c.id).where(T.c.name_key == key, T.c.id != tid)).scalar()
    if existing is None:
        conn.execute(update(T).where(T.c.id == tid).values(name=target, name_key=key))
        return
    pids = list(conn.execute(select(PT.c.paper_id).where(PT.c.tag_id == tid)).scalars())
    store.link_tags(conn, ((pid, existing) for pid in pids))
    conn.execute(delete(T).where(T.c.id == tid))
