"""Paper versions: a stale edit of a field is refused, while an edit of another field lands.

Each paper carries a `version`, bumped by every write of its shared fields, and
`field_versions`: for each shared field (a column such as `title`, or a stored BibTeX field
by its name, `volume`) the version that last changed it. An editor hands back the version
of the paper it showed (`seen`). A field the edit changes that has changed after `seen` is
a conflict, unless the edit writes what is stored already (two people making the same fix).
Then nothing of the edit is written: the refusal is kept in the `conflicts` table, in a
transaction of its own that commits, so that no refused edit is lost silently, and the
caller gets a `ConflictError` naming the paper and each field with theirs and mine.

The per-user fields (reading status, rating, notes) carry no version: each user's own,
last save wins. Tags are sets: putting one on and taking one off never conflict.
An edit without `seen` (an import's merge, a command that read nothing) always lands.
"""

import getpass
import socket
from collections.abc import Mapping, Sequence
from datetime import UTC
from typing import Any

from sqlalchemy import Connection, bindparam, insert, select, update

from litman.core.errors import ConflictError
from litman.core.records import EDITABLE_FIELDS, ConflictRecord, FieldConflict, Paper
from litman.core.store import models, reading_state
from litman.core.store import rows as store

P, C = models.papers, models.conflicts
# The columns whose edits are versioned; `extra` is versioned key by key.
PER_USER = frozenset({"rating", "notes"})
SHARED_COLUMNS = EDITABLE_FIELDS - PER_USER - {"extra"}
# Bookkeeping of another field (whether the title was derived, the abstract cut short):
# versioned with it, but never a conflict of its own, nor named to a user.
FLAGS = frozenset({"title_derived", "abstract_truncated"})


def plain(value: Any) -> Any:
    """A field's value as JSON holds it, so that stored and edited values compare."""
    if isinstance(value, tuple):
        return list(value)
    if isinstance(value, Mapping):
        return dict(value)
    return value


def changed(current: Paper, values: Mapping[str, Any]) -> dict[str, tuple[Any, Any]]:
    """Each shared field these values change, by name: (stored, new). `extra` is compared
    key by key, an absent key as the empty string."""
    out: dict[str, tuple[Any, Any]] = {}
    for name, value in values.items():
        if name == "extra":
            old, new = current.extra, value
            for key in sorted(set(old) | set(new)):
                if old.get(key, "") != new.get(key, ""):
                    out[key] = (old.get(key, ""), new.get(key, ""))
        elif name in SHARED_COLUMNS and plain(getattr(current, name)) != plain(value):
            out[name] = (plain(getattr(current, name)), plain(value))
    return out


def for_edit(conn: Connection, paper_id: int) -> tuple[Paper, dict[str, int]] | None:
    """A paper as an edit of its fields reads it (without its tags, which no such edit
    writes) and its fields' versions, in one query; None when there is no such paper."""
    query = select(*store.PAPER_COLUMNS, P.c.field_versions).select_from(reading_state.joined())
    query = query.where(P.c.id == paper_id)
    row = conn.execute(query).first()
    if row is None:
        return None
    return store.to_paper(row[:-1], ()), dict(row[-1] or {})


def state(conn: Connection, paper_id: int) -> tuple[int, dict[str, int]]:
    """A paper's version and its fields' versions, as stored now."""
    row = conn.execute(select(P.c.version, P.c.field_versions).where(P.c.id == paper_id)).one()
    return int(row.version), dict(row.field_versions or {})


def stale(
    versions: Mapping[str, int], seen: int | None, changes: Mapping[str, tuple[Any, Any]]
) -> list[FieldConflict]:
    """The changes to fields written after version `seen` (none without one)."""
    if seen is None:
        return []
    return [
        FieldConflict(name, theirs, mine)
        for name, (theirs, mine) in changes.items()
        if versions.get(name, 0) > seen and name not in FLAGS
    ]


def stamped(version: int, versions: Mapping[str, int], names: Sequence[str]) -> dict[str, Any]:
    """The `version` and `field_versions` values for an UPDATE that changes these fields
    (nothing when it changes none)."""
    if not names:
        return {}
    after = version + 1
    return {"version": after, "field_versions": {**versions, **dict.fromkeys(names, after)}}


def restamp(conn: Connection, values: Mapping[int, Mapping[str, Any]]) -> None:
    """Stamp new versions on the papers whose shared fields these values (an undo or a
    redo, about to be written) change."""
    ids = [pid for pid, v in values.items() if _shared(v)]
    if not ids:
        return
    current = store.load_papers(conn, ids)
    query = select(P.c.id, P.c.version, P.c.field_versions).where(store.in_ids(P.c.id, ids))
    rows = []
    for pid, version, stamps in conn.execute(query).all():
        names = list(changed(current[pid], values[pid]))
        if names:
            new = stamped(version, dict(stamps or {}), names)
            rows.append({"p_id": pid, "p_v": new["version"], "p_fv": new["field_versions"]})
    if rows:
        stmt = update(P).where(P.c.id == bindparam("p_id"))
        conn.execute(
            stmt.values(version=bindparam("p_v"), field_versions=bindparam("p_fv")),
            rows,
        )


Values = Mapping[int, Mapping[str, Any]]


def rebase_extra(conn: Connection, old: Values, wrote: Values) -> tuple[Values, Values]:
    """An undo's `old` and the undone change's `wrote` with each `extra` mapping made the
    stored one with only the keys that change touched put back: a stored BibTeX field
    someone else added since stays."""
    ids = [pid for pid, v in old.items() if "extra" in v and "extra" in wrote.get(pid, {})]
    if not ids:
        return old, wrote
    query = select(P.c.id, P.c.extra).where(store.in_ids(P.c.id, ids))
    stored = {pid: dict(extra or {}) for pid, extra in conn.execute(query)}
    old, wrote = dict(old), dict(wrote)
    for pid in ids:
        if pid not in stored:
            continue
        before, after = old[pid]["extra"], wrote[pid]["extra"]
        touched = {k for k in {*before, *after} if before.get(k, "") != after.get(k, "")}
        rest = {k: v for k, v in stored[pid].items() if k not in touched}
        old[pid] = {**old[pid], "extra": rest | _filled(before, touched)}
        wrote[pid] = {**wrote[pid], "extra": rest | _filled(after, touched)}
    return old, wrote


def _filled(extra: Mapping[str, str], keys: set[str]) -> dict[str, str]:
    return {k: extra[k] for k in sorted(keys) if extra.get(k, "")}


def refuse_undo(
    conn: Connection,
    old: Mapping[int, Mapping[str, Any]],
    wrote: Mapping[int, Mapping[str, Any]],
) -> ConflictError | None:
    """An undo (or redo) that would write `old` over what a change `wrote`: refused, and
    kept in the conflict record, when a shared field it puts back no longer holds what
    the change wrote (someone else changed it since) and holds something else than the
    value put back. The first such paper's error (None: none)."""
    ids = [pid for pid, v in wrote.items() if pid in old and _shared(v)]
    if not ids:
        return None
    current = store.load_papers(conn, ids)
    first = None
    for pid in ids:
        paper = current.get(pid)
        if paper is None:
            continue
        since = changed(paper, wrote[pid])  # fields not as the change left them
        back = changed(paper, old[pid])  # fields the undo would change
        stale = [
            FieldConflict(n, t, back[n][1])
            for n, (t, _) in since.items()
            if n in back and n not in FLAGS
        ]
        if stale:
            version, stamps = state(conn, pid)
            seen = min(stamps.get(c.field, version) for c in stale) - 1
            error = refuse(conn, paper, seen, version, stale, undoing=True)
            first = first or error
    return first


def _shared(values: Mapping[str, Any]) -> bool:
    return not SHARED_COLUMNS.isdisjoint(values) or "extra" in values


def refuse(
    conn: Connection,
    paper: Paper,
    seen: int,
    version: int,
    conflicts: Sequence[FieldConflict],
    *,
    undoing: bool = False,
) -> ConflictError:
    """Keep the refused fields in the conflict record (the caller's transaction, which must
    commit) and the error to raise after it has (`undoing`: the refused write was an undo
    or a redo)."""
    stamp, who = store.now(), _who(conn)
    conn.execute(
        insert(C),
        [
            {
                "paper_id": paper.id,
                "citekey": paper.citekey,
                "field": c.field,
                "seen": seen,
                "version": version,
                "theirs": c.theirs,
                "mine": c.mine,
                "who": who,
                "at": stamp,
            }
            for c in conflicts
        ],
    )
    return ConflictError(
        _message(paper.citekey, conflicts, undoing),
        paper_id=paper.id,
        citekey=paper.citekey,
        seen=seen,
        version=version,
        conflicts=conflicts,
    )


def _message(citekey: str, conflicts: Sequence[FieldConflict], undoing: bool) -> str:
    said = "; ".join(
        f"{c.field} is now {_short(c.theirs)}, yours {_short(c.mine)}" for c in conflicts
    )
    if undoing:
        return (
            f"'{citekey}' was changed by someone else since ({said}): putting yours back "
            "would write over theirs, so nothing was undone."
        )
    return (
        f"'{citekey}' was changed by someone else since you read it ({said}). "
        "Nothing was saved; read it again and redo the edit."
    )


def _short(value: Any) -> str:
    text = "; ".join(map(str, value)) if isinstance(value, list) else str(value)
    text = " ".join(text.split())
    return repr(text if len(text) <= 40 else text[:39] + "…")


def _who(conn: Connection) -> str:
    """Who made a refused edit, as the library knows them: the database role of a shared
    library (what every member sees as its user), the login and machine of a file's."""
    role = reading_state.reader_name(conn)
    if role:
        return role
    try:
        user = getpass.getuser()
    except (KeyError, OSError):  # no user name in this environment
        user = "?"
    return f"{user}@{socket.gethostname()}"


def records(conn: Connection, paper_id: int | None = None, after: int = 0) -> list[ConflictRecord]:
    """The kept conflicts, oldest first: after record `after`, of one paper or of all."""
    query = select(C).where(C.c.id > after).order_by(C.c.id)
    if paper_id is not None:
        query = query.where(C.c.paper_id == paper_id)
    return [
        ConflictRecord(
            r.id,
            r.paper_id,
            r.citekey,
            r.field,
            r.seen,
            r.version,
            r.theirs,
            r.mine,
            r.who,
            r.at if r.at.tzinfo else r.at.replace(tzinfo=UTC),
        )
        for r in conn.execute(query)
    ]
