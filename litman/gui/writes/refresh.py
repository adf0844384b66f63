"""What a change makes the window redraw: only what it touched.

A `Changes` record from the Library comes in; a `Refresh` plan comes out, naming which
sidebar counts to recount, whether the tag completer needs the tag names again, whether the
table must be searched again (its rows may no longer match or be in order) or only some rows
re-read, and whether the detail pane shows a paper that changed. A notes edit touches one row
and the detail pane, and nothing in the sidebar.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from litman.core.records import Changes, SearchFields

STATUS_FIELDS = frozenset({"status"})
# What a query or a sidebar filter can match on (the indexed texts, the status and the year).
QUERIED_FIELDS = frozenset({*SearchFields._fields, "status"})


@dataclass(frozen=True)
class Refresh:
    status_counts: bool
    tag_counts: bool
    tag_names: bool
    refilter: bool
    rows: tuple[int, ...]
    detail: bool


def touched_fields(changes: Changes) -> frozenset[str] | None:
    """The paper fields the change wrote, or None when the record does not say."""
    if changes.fields:
        return changes.fields
    if changes.old:
        first = next(iter(changes.old.values()))
        if "paper" not in first:
            return frozenset(first)
    return None


def plan(
    changes: Changes,
    narrowed: bool,
    sort: str | None,
    shown: Sequence[int] = (),
    partly: bool = False,
) -> Refresh:
    """What to redraw after `changes`, with the rows `narrowed` by a search or the sidebar's
    filter, the table in `sort` order (None: by rank or date added) and the detail pane
    showing papers `shown`, `partly`: only the first of a larger selection."""
    fields = touched_fields(changes)
    unknown = fields is None
    fields = fields or frozenset()
    papers_come_or_go = bool(changes.added or changes.deleted)
    status = papers_come_or_go or unknown or bool(fields & STATUS_FIELDS)
    refilter = (
        papers_come_or_go
        or unknown
        or (sort or "added") in fields
        or (narrowed and bool(fields & QUERIED_FIELDS))
    )
    touched = set(changes.updated) | set(changes.deleted)
    return Refresh(
        status_counts=status,
        tag_counts=changes.tags_changed or papers_come_or_go,
        tag_names=changes.tags_changed,
        refilter=refilter,
        rows=() if refilter else tuple(changes.updated),
        detail=any(pid in touched for pid in shown) or (partly and _among(changes, status)),
    )


def _among(changes: Changes, status: bool) -> bool:
    """Whether `changes` may change what a large selection's pane says: its statuses and
    tags are read over the whole selection, so a change to papers past the ones shown
    counts too (a mark written in chunks left "Mixed" after its last chunk)."""
    touched = bool(changes.updated or changes.deleted)
    return (touched and status) or changes.tags_changed
