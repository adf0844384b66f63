"""Merging duplicates into one paper (`library.merging`), as JabRef's merge-entries dialog
and Zotero's duplicate merge do, and undoing it.

The kept paper takes, field by field, the value of the paper chosen for it: by default the
fuller abstract (an abstract cut short loses), the published record's venue, DOI, entry
type, year, authors and BibTeX fields over a preprint's, a title that was not made from
the abstract, and otherwise the kept paper's own value, or the first paper's that has
one. Its tags become those of all; its reader's status the furthest (read, reading,
unread), its rating the highest, its notes all of them joined. The other papers go to the
trash, where they stay whole, and their citekeys become aliases of the kept one
(`models.aliases`), so that `litman show OLDKEY` and `key:OLDKEY` still find it; they are
written in the kept paper's `ids` field too, which biblatex reads as the entry's other keys,
so that a document citing an old key still compiles (Better BibTeX does the same).

A merge is one transaction, with the version checks of any edit: given the versions the
user saw, a field of any of the papers changed since refuses the whole merge. Its `Changes`
record holds a `MergeRecord`, whose undo puts every paper back as it was, in one
transaction too.
"""

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from sqlalchemy import Connection, delete, insert, select, update

from litman.core import fields
from litman.core.errors import ConflictError, LitmanError, NotFoundError
from litman.core.library.parts import Part
from litman.core.library.preprints import IN_LINK
from litman.core.messages import _
from litman.core.records import Changes, FieldConflict, MergeRecord, Paper, Status
from litman.core.store import models, reading_state, trash, versions
from litman.core.store import rows as store

P, A, PT, AT = models.papers, models.aliases, models.paper_tags, models.attachments
# The fields a user chooses a value for (besides the BibTeX fields in `extra`), and the
# flag each carries along.
CHOSEN = ("title", "authors", "year", "entry_type", "venue", "doi", "url", "abstract")
CARRIED = {"title": "title_derived", "abstract": "abstract_truncated"}
FROM_PUBLISHED = ("venue", "doi", "entry_type", "year", "authors")
_PREPRINT_VENUE = re.compile(r"(?i)arxiv|\bcorr\b|preprint|biorxiv|medrxiv|ssrn")
_FURTHEST = (Status.UNREAD, Status.READING, Status.READ)
NOTES_JOIN = "\n\n"
ALIASES_FIELD = "ids"  # biblatex's field of an entry's other keys


def published(p: Paper) -> int:
    """How much a paper reads as a published record rather than a preprint: a DOI not
    arXiv's, a venue that names no preprint server, an entry type not `misc` (0 to 3)."""
    doi = bool(p.doi) and not IN_LINK.search(p.doi)
    venue = bool(p.venue) and not _PREPRINT_VENUE.search(p.venue)
    return doi + venue + (p.entry_type not in ("misc", "unpublished"))


def defaults(papers: Sequence[Paper]) -> dict[str, int]:
    """For each field (and each BibTeX field any paper stores), the id of the paper whose
    value the merge keeps unless told otherwise; `papers[0]` is the paper kept."""
    keep = papers[0]
    pub = max(papers, key=published)  # the first of the most published

    def first(name: str, *prefer: Paper) -> int:
        for p in (*prefer, *papers):
            if _value(p, name) not in ("", None, (), {}):
                return p.id
        return keep.id

    out = {name: first(name, keep) for name in CHOSEN}
    out.update({name: first(name, pub, keep) for name in FROM_PUBLISHED})
    titled = [p for p in papers if p.title and not p.title_derived]
    out["title"] = titled[0].id if titled else keep.id
    whole = [p for p in papers if p.abstract and not p.abstract_truncated] or list(papers)
    out["abstract"] = max(whole, key=lambda p: len(p.abstract)).id
    for key in sorted({k for p in papers for k in fields.visible_extra(dict(p.extra))}):
        out[key] = first(key, pub, keep)
    return out


def _value(p: Paper, name: str) -> Any:
    return getattr(p, name) if name in CHOSEN else p.extra.get(name, "")


def merged_values(papers: Sequence[Paper], choose: Mapping[str, int]) -> dict[str, Any]:
    """The kept paper's fields after the merge (`papers[0]` kept), each taken from the paper
    `choose` names (unnamed fields: `defaults`)."""
    by_id = {p.id: p for p in papers}
    unknown = set(choose.values()) - set(by_id)
    if unknown:
        raise LitmanError(_("Paper {0} is not one of the papers merged.").format(min(unknown)))
    choice = {**defaults(papers), **choose}
    keep = papers[0]
    values: dict[str, Any] = {}
    for name in CHOSEN:
        source = by_id[choice[name]]
        values[name] = versions.plain(getattr(source, name))
        if name in CARRIED:
            values[CARRIED[name]] = getattr(source, CARRIED[name])
    extra = {k: v for k, v in keep.extra.items() if k.startswith(fields.HIDDEN_PREFIX)}
    for key in sorted(set(choice) - set(CHOSEN)):
        value = by_id[choice[key]].extra.get(key, "")
        if value:
            extra[key] = value
    keys = [k for p in papers for k in (p.citekey, *_ids(p)) if k != keep.citekey]
    if keys:  # biblatex's aliases, as Better BibTeX writes them: \cite{OLDKEY} still works
        extra[ALIASES_FIELD] = ", ".join(dict.fromkeys(keys))
    values["extra"] = extra
    values.update(_reading(papers))
    return values


def _ids(p: Paper) -> list[str]:
    return [k.strip() for k in p.extra.get(ALIASES_FIELD, "").split(",") if k.strip()]


def _reading(papers: Sequence[Paper]) -> dict[str, Any]:
    """The reader's state of all: the furthest status (with its date), the highest rating,
    every note."""
    furthest = max(papers, key=lambda p: _FURTHEST.index(p.status))
    notes = list(dict.fromkeys(p.notes.strip() for p in papers if p.notes.strip()))
    return {
        "status": furthest.status,
        "read_at": furthest.read_at,
        "rating": max(p.rating for p in papers),
        "notes": NOTES_JOIN.join(notes),
    }


class Merging(Part):
    """Merging papers into one, and undoing it."""

    def merge(
        self,
        keep: int,
        others: Sequence[int],
        choose: Mapping[str, int] | None = None,
        seen: Mapping[int, int] | None = None,
    ) -> Changes:
        """Merge papers `others` into paper `keep` in one transaction: each field from the
        paper `choose` names for it (by default `defaults`). With `seen` (each paper's
        `Paper.version` as the user saw it), a field changed since in any of them refuses
        the merge: kept in the conflict record, ConflictError raised."""
        others = tuple(dict.fromkeys(o for o in others if o != keep))
        if not others:
            raise LitmanError(_("A merge needs at least two different papers."))
        with self._write() as conn:
            papers = _load(conn, keep, others)
            refused = _stale(conn, papers, seen or {})
            if refused is None:
                record = _plan(conn, papers, choose or {})
                return self._publish(_apply(conn, record, True))
            self._publish(Changes())  # only the conflict record: nothing journalled
        raise refused

    def remerge(self, record: MergeRecord) -> Changes:
        """Carry out a `MergeRecord`: undo a merge, or (`undone`) do it again. Refused, as
        any undo, when someone changed a field of the kept paper since."""
        merging = record.undone
        back, wrote = (record.now, record.old) if merging else (record.old, record.now)
        with self._write() as conn:
            if not store.existing_ids(conn, [record.keep]):
                raise NotFoundError(
                    _("Paper {0} no longer exists; nothing was undone.").format(record.keep)
                )
            refused = versions.refuse_undo(
                conn, {record.keep: _shared(back)}, {record.keep: _shared(wrote)}
            )
            if refused is None:
                return self._publish(_apply(conn, record, merging))
            self._publish(Changes())
        raise refused


def _load(conn: Connection, keep: int, others: Sequence[int]) -> list[Paper]:
    ids = [keep, *others]
    found = store.load_papers(conn, ids)
    missing = [i for i in ids if i not in found]
    if missing:
        raise NotFoundError(_("No paper with id {0}; nothing was merged.").format(missing[0]))
    gone = trash.among(conn, ids)
    if gone:
        raise NotFoundError(_("Paper {0} is in the trash: restore it to merge it.").format(gone[0]))
    return [found[i] for i in ids]


def _stale(
    conn: Connection, papers: Sequence[Paper], seen: Mapping[int, int]
) -> ConflictError | None:
    """The error of the first paper with a field changed after the version the user saw:
    each such field with its value now (theirs), and nothing of the merge's (mine)."""
    for p in papers:
        if p.id not in seen:
            continue
        version, stamps = versions.state(conn, p.id)
        changed = [
            FieldConflict(name, versions.plain(getattr(p, name, p.extra.get(name, ""))), None)
            for name, at in sorted(stamps.items())
            if at > seen[p.id] and name not in versions.FLAGS
        ]
        if changed:
            return versions.refuse(conn, p, seen[p.id], version, changed)
    return None


def _plan(conn: Connection, papers: Sequence[Paper], choose: Mapping[str, int]) -> MergeRecord:
    keep, others = papers[0], papers[1:]
    now = merged_values(papers, choose)
    old = {k: versions.plain(getattr(keep, k)) for k in now}
    kept_tags = {t.casefold() for t in keep.tags}
    tags = tuple(dict.fromkeys(t for p in others for t in p.tags if t.casefold() not in kept_tags))
    ids = [p.id for p in others]
    had = store.aliases_of(conn, ids)
    moved = tuple((k, pid) for pid in ids for k in had.get(pid, ()) if k != keep.citekey)
    keys = tuple(p.citekey for p in others if p.citekey != keep.citekey)
    owned = select(AT.c.id, AT.c.paper_id).where(AT.c.paper_id.in_(ids)).order_by(AT.c.id)
    files = tuple((aid, pid) for aid, pid in conn.execute(owned))
    return MergeRecord(
        keep.id, tuple(ids), old, now, tags, keys, tuple(ids), moved=moved, files=files
    )


def _shared(values: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in values.items() if k not in models.READING_FIELDS}


def _apply(conn: Connection, record: MergeRecord, merging: bool) -> Changes:
    """Write a merge (`merging`) or its undo; the record's next use (undone when not
    `merging`) goes in the Changes."""
    values = record.now if merging else record.old
    _write_values(conn, record.keep, values)
    _link(conn, record.keep, record.tags, merging)
    _alias(conn, record, merging)
    _move_files(conn, record, merging)
    gone = trash.move_in(conn, record.trashed, store.now()) if merging else ()
    back = () if merging else trash.move_out(conn, record.trashed)
    return Changes(
        added=back,
        updated=(record.keep,),
        deleted=gone,
        tags_changed=True,
        fields=frozenset({*values, "tags"}),
        inverse=replace(record, undone=not merging),
        dismissed_changed=True,
    )


def _write_values(conn: Connection, pid: int, values: Mapping[str, Any]) -> None:
    mine = {k: v for k, v in values.items() if k in models.READING_FIELDS}
    shared = _shared(values)
    reading_state.write_rows(conn, {pid: mine})
    versions.restamp(conn, {pid: shared})
    row = dict(shared, modified_at=store.now())
    conn.execute(update(P).where(P.c.id == pid).values(**store.with_derived(conn, pid, row)))


def _link(conn: Connection, pid: int, tags: Sequence[str], add: bool) -> None:
    if not tags:
        return
    tid = store.tag_ids(conn, tags, create=add)
    if add:
        store.link_tags(conn, ((pid, t) for t in tid.values()))
    else:
        conn.execute(delete(PT).where(PT.c.paper_id == pid, PT.c.tag_id.in_(list(tid.values()))))


def _move_files(conn: Connection, record: MergeRecord, merging: bool) -> None:
    """The others' attachments to the kept paper (or back to their own, undoing)."""
    owners: dict[int, list[int]] = {}
    for aid, pid in record.files:
        owners.setdefault(record.keep if merging else pid, []).append(aid)
    for pid, aids in owners.items():
        conn.execute(update(AT).where(AT.c.id.in_(aids)).values(paper_id=pid))


def _alias(conn: Connection, record: MergeRecord, add: bool) -> None:
    keys = [*record.aliases, *(k for k, _ in record.moved)]
    for part in store.chunks(keys):
        conn.execute(delete(A).where(A.c.citekey.in_(part)))
    rows = (
        [{"citekey": k, "paper_id": record.keep} for k in keys]
        if add
        else [{"citekey": k, "paper_id": pid} for k, pid in record.moved]
    )
    if rows:
        conn.execute(insert(A), rows)
