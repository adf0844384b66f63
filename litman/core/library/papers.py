"""The library's papers part (`library.papers`): adding (with citekeys), editing, deleting,
reading status, and the restores that undo them.

Every method is one write transaction of its host library and publishes a `Changes` record,
with the old values undo needs. `insert_new` is the one way new papers get their rows, for
`add` here and for imports (`litman.core.library.importing`) alike.
"""

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from sqlalchemy import Connection, bindparam, func, select, update
from sqlalchemy.exc import IntegrityError

from litman.core import fields
from litman.core.batch import gc_paused
from litman.core.errors import ConflictError, LitmanError, NotFoundError
from litman.core.library import key_patterns
from litman.core.library.attachments import files_folder, link_new, remove_stored, stored_paths
from litman.core.library.citekeys import KeyAllocator
from litman.core.library.parts import Part
from litman.core.messages import _
from litman.core.records import (
    EDITABLE_FIELDS,
    Changes,
    ConflictRecord,
    FieldValues,
    FromTrash,
    NewPaper,
    Paper,
    Status,
    ToTrash,
)
from litman.core.store import backups, models, reading_state, trash, versions
from litman.core.store import rows as store

P = models.papers
# Fields the search index does not read: restoring only these re-indexes nothing.
UNSEARCHED_FIELDS = frozenset({"status", "read_at", "rating", "notes", "modified_at"})
# Papers given back the same values from this many on share one statement (restore_fields).
ALIKE_FROM = 100
# The reader's own fields, kept in `reading` (`litman.core.store.reading_state`), not `papers`.
READING = frozenset(models.READING_FIELDS)


class Papers(Part):
    """Adding, editing and deleting papers, and undoing it."""

    def add_papers(self, papers: Sequence[NewPaper]) -> Changes:
        """Add papers in one transaction, giving each a unique citekey."""
        with gc_paused(), self._write() as conn:
            ids = insert_new(conn, papers)
            return self._publish(
                Changes(added=tuple(ids), tags_changed=any(p.tags for p in papers))
            )

    def add_paper(self, paper: NewPaper) -> int:
        return self.add_papers([paper]).added[0]

    def update_paper(
        self, paper_id: int, /, seen_version: int | None = None, **fields: Any
    ) -> Changes:
        """Change some fields of one paper; the Changes record holds their old values.

        With `seen_version` (the `Paper.version` the editor showed), a shared field that
        changed since is not overwritten: the edit is refused whole, kept in the conflict
        record, and ConflictError raised (`litman.core.store.versions`)."""
        unknown = set(fields) - EDITABLE_FIELDS
        if unknown:
            raise LitmanError(_("Cannot edit {0}.").format(", ".join(sorted(unknown))))
        return self.edit(paper_id, fields, seen_version)

    def edit(
        self, paper_id: int, values: Mapping[str, Any], seen_version: int | None = None
    ) -> Changes:
        """Change fields of one paper in one transaction: its own fields by column name
        (`title`, `year`), any other name a stored BibTeX field (`volume`; an empty value
        removes it). Conflicts as `update_paper`."""
        with self._write() as conn:
            found = versions.for_edit(conn, paper_id)
            if found is None:
                raise NotFoundError(_("No paper with id {0}.").format(paper_id))
            if trash.among(conn, [paper_id]):
                raise NotFoundError(
                    _("Paper {0} is in the trash: restore it to edit it.").format(paper_id)
                )
            old, stamps = found
            columns = _columns(old, values)
            if columns.get("extra", old.extra) == old.extra and set(columns) == {"extra"}:
                return self._publish(Changes())  # nothing written: nothing journalled
            refused = self._save(conn, old, stamps, columns, seen_version)
            if refused is None:
                return self._publish(
                    Changes(
                        updated=(paper_id,),
                        text_changed=not set(columns) <= UNSEARCHED_FIELDS | {"extra"},
                        fields=frozenset(columns),
                        inverse=FieldValues(
                            {paper_id: {k: getattr(old, k) for k in columns}},
                            {paper_id: columns},
                        ),
                    )
                )
            self._publish(Changes())  # only the conflict record: nothing journalled
        raise refused

    def _save(
        self,
        conn: Connection,
        old: Paper,
        stamps: dict[str, int],
        columns: dict[str, Any],
        seen: int | None,
    ) -> ConflictError | None:
        """Write `columns` over paper `old` (whose fields' versions are `stamps`) unless a
        field they change changed after version `seen`; then the conflict record is
        written instead, and its error given."""
        version = old.version
        diff = versions.changed(old, columns)
        stale = versions.stale(stamps, seen, diff)
        if stale and seen is not None:
            return versions.refuse(conn, old, seen, version, stale)
        mine = {k: v for k, v in columns.items() if k in READING}
        if mine:  # the reader's own: no version, and the paper is not modified
            reading_state.write_rows(conn, {old.id: mine})
        shared = {k: v for k, v in columns.items() if k not in READING}
        if not shared:
            return None
        values = dict(
            shared, modified_at=store.now(), **versions.stamped(version, stamps, list(diff))
        )
        try:
            conn.execute(
                update(P).where(P.c.id == old.id).values(**store.with_derived(conn, old.id, values))
            )
        except IntegrityError as exc:
            raise LitmanError(
                _("Citekey '{0}' is already taken.").format(columns.get("citekey"))
            ) from exc
        return None

    def free_citekey(self, base: str, paper_id: int | None = None) -> str:
        """`base`, or `base` with the first clash suffix no other paper's key has (compared
        as `KeyAllocator` does); the paper's own key does not count, so regenerating a key
        may give it back. Only keys starting with `base` are read."""
        with self._read() as conn:
            rows = conn.execute(
                select(P.c.citekey).where(
                    func.lower(P.c.citekey).like(base.lower() + "%"), P.c.id != (paper_id or 0)
                )
            )
            return KeyAllocator(rows.scalars()).key(base)

    def set_field(
        self, paper_id: int, name: str, value: str, seen_version: int | None = None
    ) -> Changes:
        """Set one stored BibTeX field (`volume`, `pages`, `note`, ...) as typed; an empty
        value removes it. `old` holds the whole previous `extra` mapping, for undo. With
        `seen_version`, conflicts as `update_paper`."""
        if name.strip().lower() in EDITABLE_FIELDS:
            raise LitmanError(
                _("'{0}' is one of the paper's own fields: edit it there.").format(name.strip())
            )
        return self.edit(paper_id, {name: value}, seen_version)

    def conflicts(self, paper_id: int | None = None, after: int = 0) -> list[ConflictRecord]:
        """The refused edits the library kept, oldest first (of one paper, or all; after
        record number `after`)."""
        with self._read() as conn:
            return versions.records(conn, paper_id, after)

    def delete_papers(self, ids: Sequence[int]) -> Changes:
        """Move papers to the trash (`litman.core.store.trash`), in one statement: out of every
        list, count and search, their rows, tags and reading state untouched. Undo (or
        `restore`) takes them out again; `delete_permanently` deletes them for good."""
        with self._write() as conn:
            moved = trash.move_in(conn, ids, store.now())
            return self._publish(
                Changes(deleted=moved, tags_changed=True, inverse=FromTrash(moved))
            )

    def restore(self, ids: Sequence[int]) -> Changes:
        """Take papers out of the trash, in one statement (undo of `delete_papers`); the
        ids not in it are left as they are."""
        with self._write() as conn:
            back = trash.move_out(conn, ids)
            return self._publish(Changes(added=back, tags_changed=True, inverse=ToTrash(back)))

    def delete_permanently(
        self, ids: Sequence[int], progress: Callable[[int, int], None] | None = None
    ) -> Changes:
        """Delete papers for good, trashed or not: not undoable, so the library is backed up
        first, even for one paper (the backup, named in `Changes.backup`, is the way back).
        `progress(done, total)` hears of the backup and of the delete, and may stop it
        (raising) before anything is deleted."""
        ids = list(dict.fromkeys(ids))
        return self._purge(lambda conn: store.existing_ids(conn, ids), len(ids), progress)

    def empty_trash(self, progress: Callable[[int, int], None] | None = None) -> Changes:
        """Delete every paper in the trash for good (backed up first, as
        `delete_permanently`)."""
        with self._read() as conn:
            n = trash.count(conn)
        return self._purge(trash.listed, n, progress)

    def _purge(
        self,
        which: Callable[[Connection], Sequence[int]],
        n: int,
        progress: Callable[[int, int], None] | None,
    ) -> Changes:
        tell = progress or (lambda done, total: None)
        backup = None
        if n:
            tell(0, n)
            backup = self._backup_before(backups.PRE_DELETE)
        with self._write() as conn:
            gone = tuple(which(conn))
            tell(0, len(gone))  # the last moment a cancel stops it: nothing deleted yet
            files = stored_paths(conn, gone)
            folder = files_folder(conn, self._host._default_files_folder())
            store.delete_rows(conn, gone)
            done = self._publish(Changes(deleted=gone, tags_changed=bool(gone), backup=backup))
        if files:  # once the rows are gone for good: a failed delete keeps its files
            remove_stored(folder, files)
        return done

    def set_status(self, ids: Sequence[int], status: Status | str) -> Changes:
        """Set the reader's status of many papers; setting read stamps read_at. The papers
        themselves are not modified: reading state is the reader's own."""
        status = Status(status)
        values: dict[str, Any] = {"status": status}
        if status is Status.READ:
            values["read_at"] = store.now()
        return self._set_many(ids, values, ("status", "read_at"))

    def set_rating(self, ids: Sequence[int], rating: int) -> Changes:
        """Give many papers one rating, 0 to 5 (the reader's own)."""
        if not 0 <= rating <= 5:
            raise LitmanError(_("A rating is 0 to 5, not {0}.").format(rating))
        return self._set_many(ids, {"rating": rating}, ("rating",))

    def _set_many(
        self, ids: Sequence[int], values: dict[str, Any], saved: tuple[str, ...]
    ) -> Changes:
        """One statement giving the reader's rows of papers `ids`, which must all exist,
        the same `values`; the inverse holds each paper's `saved` fields as they were."""
        ids = list(dict.fromkeys(ids))
        with self._write() as conn:
            old = reading_state.with_defaults(reading_state.values(conn, ids, saved), ids, saved)
            try:
                with conn.begin_nested():  # a paper that is not there fails its row's key
                    reading_state.write_same(conn, ids, values)
            except IntegrityError:
                store.require_all(ids, set(store.existing_ids(conn, ids)))
                raise
            return self._publish(
                Changes(
                    updated=tuple(ids),
                    text_changed=False,
                    fields=frozenset(values),
                    inverse=FieldValues(old, dict.fromkeys(ids, values)),
                )
            )

    def restore_fields(
        self,
        old: Mapping[int, Mapping[str, Any]],
        redo: Mapping[int, Mapping[str, Any]] | None = None,
    ) -> Changes:
        """Write back per-paper old values from a Changes record (undo of an edit); the
        inverse holds the values they replaced (`redo`, when the caller knows them: it
        saves reading them).

        With `redo`, a shared field that no longer holds what the undone change wrote was
        changed by someone else since: the undo is refused whole, kept in the conflict
        record, and ConflictError raised (`litman.core.store.versions`)."""
        written = {name for values in old.values() for name in values}
        with self._write() as conn:
            _refuse_gone(conn, list(old))
            refused = None
            if redo is not None:
                old, redo = versions.rebase_extra(conn, old, redo)
                refused = versions.refuse_undo(conn, old, redo)
            if refused is None:
                if redo is None:
                    replaced = _current_values(conn, list(old), sorted(written))
                    redo = {
                        pid: {k: replaced[pid][k] for k in values}
                        for pid, values in old.items()
                        if pid in replaced
                    }
                return self._undone(conn, old, redo, written)
            self._publish(Changes())  # only the conflict record: nothing journalled
        raise refused

    def _undone(
        self,
        conn: Connection,
        old: Mapping[int, Mapping[str, Any]],
        redo: Mapping[int, Mapping[str, Any]],
        written: set[str],
    ) -> Changes:
        versions.restamp(conn, old)
        self._write_back(conn, old, derived=not store.DERIVED_FROM.isdisjoint(written))
        return self._publish(
            Changes(
                updated=tuple(old),
                text_changed=not written <= UNSEARCHED_FIELDS,
                fields=frozenset(written),
                inverse=FieldValues(redo, old),
            )
        )

    def _write_back(
        self, conn: Connection, old: Mapping[int, Mapping[str, Any]], derived: bool
    ) -> None:
        shared: dict[int, dict[str, Any]] = {}
        mine: dict[int, dict[str, Any]] = {}
        for pid, values in old.items():
            shared[pid] = {k: v for k, v in values.items() if k not in READING}
            mine[pid] = {k: v for k, v in values.items() if k in READING}
        _write_mine(conn, {pid: v for pid, v in mine.items() if v})
        self._write_shared(conn, {pid: v for pid, v in shared.items() if v}, derived)

    def _write_shared(
        self, conn: Connection, old: Mapping[int, Mapping[str, Any]], derived: bool
    ) -> None:
        # Papers given back the same values share one UPDATE; the rest, one statement per
        # set of fields executed for many rows: 100k separate UPDATEs took seconds.
        alike: dict[tuple[tuple[str, Any], ...], list[int]] = {}
        rows: dict[tuple[str, ...], list[dict[str, Any]]] = {}
        for pid, values in old.items():
            if not derived:  # the same values make the same row
                try:
                    alike.setdefault(tuple(sorted(values.items())), []).append(pid)
                    continue
                except TypeError:  # a list or mapping value (authors, extra)
                    pass
            _add_row(rows, pid, self._restored_values(conn, pid, values))
        for same, pids in alike.items():
            vals = self._restored_values(conn, pids[0], dict(same))
            if len(pids) >= ALIKE_FROM:
                conn.execute(update(P).where(store.in_ids(P.c.id, pids)).values(vals))
            else:
                for pid in pids:
                    _add_row(rows, pid, vals)
        for keys, group in rows.items():
            stmt = update(P).where(P.c.id == bindparam("v__id"))
            conn.execute(stmt.values({k: bindparam(f"v_{k}") for k in keys}), group)

    @staticmethod
    def _restored_values(conn: Connection, pid: int, values: Mapping[str, Any]) -> dict[str, Any]:
        vals = {k: (v.value if isinstance(v, Status) else v) for k, v in values.items()}
        vals = {k: (list(v) if isinstance(v, tuple) else v) for k, v in vals.items()}
        return store.with_derived(conn, pid, vals)


def _columns(old: Paper, values: Mapping[str, Any]) -> dict[str, Any]:
    """An edit's values as columns: stored BibTeX fields named on their own go into a copy
    of the paper's `extra` (checked against its entry type; empty removes one)."""
    columns = {k: v for k, v in values.items() if k in EDITABLE_FIELDS}
    if "authors" in columns:
        columns["authors"] = list(columns["authors"])
    if "extra" in columns:
        columns["extra"] = dict(columns["extra"])
    keys = {k: v for k, v in values.items() if k not in EDITABLE_FIELDS}
    if keys:
        kind = columns.get("entry_type", old.entry_type)
        extra = dict(columns.get("extra", old.extra))
        for name, value in keys.items():
            key = fields.check_name(name, kind)
            if str(value).strip():
                extra[key] = value
            else:
                extra.pop(key, None)
        columns["extra"] = extra
    _pin_typed_key(old, columns)
    return columns


def _pin_typed_key(old: Paper, columns: dict[str, Any]) -> None:
    """A key given by an edit is pinned, unless the edit says itself (a lookup making the
    key again by the pattern says "no")."""
    key, extra = columns.get("citekey"), columns.get("extra", old.extra)
    said = extra.get(fields.KEY_PINNED) != old.extra.get(fields.KEY_PINNED)
    if key and key != old.citekey and not said:
        columns["extra"] = {**extra, fields.KEY_PINNED: "yes"}


def _write_mine(conn: Connection, old: Mapping[int, Mapping[str, Any]]) -> None:
    """Give readers' fields back: papers given the same values share one statement (an
    undone bulk status gives most papers back `unread`), the rest one per set of fields."""
    alike: dict[tuple[tuple[str, Any], ...], list[int]] = {}
    for pid, values in old.items():
        alike.setdefault(tuple(sorted(values.items())), []).append(pid)
    rest: dict[int, Mapping[str, Any]] = {}
    for same, pids in alike.items():
        if len(pids) >= ALIKE_FROM:
            reading_state.write_same(conn, pids, dict(same))
        else:
            rest.update((pid, old[pid]) for pid in pids)
    if rest:
        reading_state.write_rows(conn, rest)


def _add_row(
    rows: dict[tuple[str, ...], list[dict[str, Any]]], pid: int, vals: dict[str, Any]
) -> None:
    row = {f"v_{k}": v for k, v in vals.items()}
    rows.setdefault(tuple(sorted(vals)), []).append(dict(row, v__id=pid))


def _old_values(names: Sequence[str], values: Sequence[Any]) -> dict[str, Any]:
    return {
        name: Status(v) if name == "status" else v for name, v in zip(names, values, strict=True)
    }


def _current_values(
    conn: Connection, ids: Sequence[int], names: Sequence[str]
) -> dict[int, dict[str, Any]]:
    """These fields of these papers as they are now, typed as `Paper` holds them."""
    mine = [n for n in names if n in READING]
    cols = [P.c[n] for n in names if n not in READING]
    rows = conn.execute(select(P.c.id, *cols).where(store.in_ids(P.c.id, ids)))
    found = {row[0]: _old_values([c.name for c in cols], row[1:]) for row in rows}
    if mine:
        state = reading_state.values(conn, list(found), mine)
        for pid, values in reading_state.with_defaults(state, list(found), mine).items():
            found[pid].update(values)
    for values in found.values():
        for name in ("authors", "extra"):
            if name in values:
                raw = values[name]
                values[name] = tuple(raw) if name == "authors" else dict(raw or {})
    return found


def insert_new(
    conn: Connection,
    papers: Sequence[NewPaper],
    rows: Sequence[dict[str, Any]] | None = None,
) -> list[int]:
    """Insert new papers in the caller's transaction, each with a unique citekey; their ids
    in the order given. `rows`: each paper's `store.paper_row`, when the caller made them
    (an import, for its duplicate checks); they are completed in place with the citekey
    given and the dates."""
    if not papers:
        return []
    keys = KeyAllocator(conn.execute(select(P.c.citekey)).scalars(), (p.citekey for p in papers))
    stamp = store.now()
    if rows is None:
        rows = [store.paper_row(p) for p in papers]
    rule = _key_pattern(conn) if any(not p.citekey for p in papers) else ""
    for p, row in zip(papers, rows, strict=True):
        wanted = bool(p.citekey)
        key = keys.key(p.citekey or key_patterns.key(rule, p.authors, p.year, p.title), wanted)
        row.update(citekey=key, added_at=stamp, modified_at=stamp)
    ids = store.insert_papers(conn, rows)
    reading_state.new_rows(
        conn,
        {
            pid: store.reading_values(p, stamp)
            for pid, p in zip(ids, papers, strict=True)
            if p.status is not Status.UNREAD or p.rating or p.notes
        },
    )
    names = list(dict.fromkeys(t for p in papers for t in p.tags))
    if names:
        by_name = store.tag_ids(conn, names)
        tid = {name: by_name[store.clean_tag(name)] for name in names}
        store.link_tags(
            conn,
            ((pid, tid[t]) for pid, p in zip(ids, papers, strict=True) for t in p.tags),
            new_papers=True,
        )
    link_new(conn, [(pid, p.attachments) for pid, p in zip(ids, papers, strict=True)])
    return ids


def _refuse_gone(conn: Connection, ids: Sequence[int]) -> None:
    """An undo of an edit of papers someone deleted for good since: said, not attempted."""
    gone = sorted(set(ids) - set(store.existing_ids(conn, ids)))
    if gone:
        which = ", ".join(map(str, gone[:5])) + (" ..." if len(gone) > 5 else "")
        raise NotFoundError(
            _("Paper {0} no longer exists (deleted for good since); nothing was undone.").format(
                which
            )
        )


def _key_pattern(conn: Connection) -> str:
    """The library's key pattern (`rekeying.PATTERN_KEY` in `meta`; "" for litman's own
    rule), read here since `rekeying` imports this module."""
    found = conn.execute(select(models.meta.c.value).where(models.meta.c.key == "citekey_pattern"))
    return str(found.scalar() or "")
