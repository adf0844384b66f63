"""The library's tags part (`library.tags`): counts for the sidebar, tagging many papers at
once, and renames, merges and deletes across the `A > B` hierarchy.

Every method goes through its host library's read and write transactions and publishes a
`Changes` record like the rest of the library. Calling the part (`library.tags()`) lists the
tags with their counts.
"""

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from sqlalchemy import Connection, delete, func, insert, select, update

from litman.core.errors import LitmanError, NotFoundError
from litman.core.library.parts import Part
from litman.core.messages import _
from litman.core.records import (
    Changes,
    DeletedTag,
    TagBack,
    TagColour,
    TagCount,
    TagGone,
    TagLinks,
    TagRename,
    TagRenamed,
)
from litman.core.search.filters import TagFilter
from litman.core.store import backups, dialects, models, tag_links, trash
from litman.core.store import rows as store
from litman.core.store.sorting import raw_rows

P, T, PT = models.papers, models.tags, models.paper_tags
TAGS = frozenset({"tags"})  # the field a tag operation writes, for Changes.fields


class Tags(Part):
    """The tags of a library and the operations on them."""

    def __call__(self) -> list[TagCount]:
        """Every tag with the number of papers that carry it, by name."""
        return self.tags()

    def tags(self) -> list[TagCount]:
        """Every tag with the number of papers that carry it, by name."""
        # A count per tag through the tag index: the outer join with GROUP BY read every
        # link into a sort (13 ms -> 1.6 ms CPU at 100k papers, 90k links).
        with self._read() as conn:
            live = trash.live(conn, PT.c.paper_id)
            if live is None:
                count = select(func.count()).where(PT.c.tag_id == T.c.id).scalar_subquery()
                q = select(T.c.id, T.c.name, T.c.colour, count).order_by(T.c.name_key)
                found = conn.execute(q)
                return [TagCount(id=i, name=n, count=c, colour=col) for i, n, col, c in found]
            named = select(T.c.id, T.c.name, T.c.colour).order_by(T.c.name_key)
            rows = list(conn.execute(named))
            # With papers in the trash, the search index's tag members count when it is
            # current (they hold no trashed paper); else every link is read once, grouped,
            # beside the trash's ids (70 ms CPU with 100k in the trash, where a count per
            # tag with that predicate took 0.4 s).
            known = self._host._tag_counts_from_index({n: [n.casefold()] for _, n, _ in rows})
            if known is None:
                grouped = select(PT.c.tag_id, func.count()).where(live).group_by(PT.c.tag_id)
                by_id = {tid: n for tid, n in conn.execute(grouped)}
                known = {n: by_id.get(i, 0) for i, n, _ in rows}
            return [TagCount(i, n, known[n], col) for i, n, col in rows]

    def tag_tree_counts(self) -> dict[str, int]:
        """For every tag and every ancestor path of one (`A` for `A > B`), how many papers
        carry it or anything below it: the sidebar's numbers.

        When the search index is current, its tag members answer (5 ms CPU at 100k papers
        and 90k links). Otherwise, in SQL: a path over one tag has that tag's count; only a
        path over several is counted again, as distinct papers over their links (75 ms ->
        25 ms CPU for all paths in one join, benchmarks/bench_search.py)."""
        tags = self.tags()
        below: dict[str, list[int]] = {}
        for t in tags:
            parts = t.name.split(" > ")
            for i in range(len(parts)):
                below.setdefault(" > ".join(parts[: i + 1]), []).append(t.id)
        names = {t.id: t.name.casefold() for t in tags}
        known = self._host._tag_counts_from_index(
            {path: [names[i] for i in ids] for path, ids in below.items()}
        )
        if known is not None:
            return known
        own = {t.id: t.count for t in tags}
        counts = {path: own[tids[0]] for path, tids in below.items() if len(tids) == 1}
        with self._read() as conn:
            for path, tids in below.items():
                if len(tids) > 1:
                    counts[path] = store.distinct_papers(conn, tids)
        return {path: counts[path] for path in below}

    def tags_among(self, ids: Sequence[int]) -> list[str]:
        """The names of the tags any of these papers carries, by name, in one read for any
        number of ids (a selection of all 100k papers: 0.07 s CPU)."""
        carried = select(PT.c.tag_id).where(store.in_ids(PT.c.paper_id, ids)).distinct()
        q = select(T.c.name).where(T.c.id.in_(carried.scalar_subquery())).order_by(T.c.name_key)
        with self._read() as conn:
            return list(conn.execute(q).scalars())

    def paper_ids_with_tag(self, name: str, *, subtree: bool = True) -> list[int]:
        """The papers outside the trash that carry tag `name` (and, with `subtree`, a tag
        below it: the sidebar's `TagFilter`, `litman.core.search.filters`)."""
        clean = store.clean_tag(name)
        with self._read() as conn:
            if subtree:
                q = select(P.c.id).where(TagFilter(clean).where(conn))
                column = P.c.id
            else:
                q = select(PT.c.paper_id).join(T, T.c.id == PT.c.tag_id)
                q = q.where(T.c.name_key == clean.casefold())
                column = PT.c.paper_id
            if (live := trash.live(conn, column)) is not None:
                q = q.where(live)
            return list(conn.execute(q).scalars())

    def add_tag(self, name: str, ids: Sequence[int]) -> Changes:
        """Put one tag on many papers; `updated` holds the ids that did not have it before."""
        with self._write() as conn:
            store.require_all(ids, dict.fromkeys(store.existing_ids(conn, ids)))
            done = tag_links.link(conn, store.clean_tag(name), ids)
            return self._linked(done)

    def remove_tag(self, name: str, ids: Sequence[int]) -> Changes:
        with self._write() as conn:
            clean = store.clean_tag(name)
            if not store.tag_ids(conn, [clean], create=False):
                raise NotFoundError(_("No tag named '{0}'.").format(clean))
            done = tag_links.unlink(conn, clean, ids)
            return self._linked(done)

    def relink(self, links: TagLinks) -> Changes:
        """Do what a TagLinks record says (an undo): papers deleted since are left out."""
        with self._write() as conn:
            if links.added:
                alive = store.existing_ids(conn, links.ids)
                done = tag_links.link(conn, links.tag, alive)
            else:
                done = tag_links.unlink(conn, links.tag, links.ids, drop=links.created)
            return self._linked(done)

    def _linked(self, done: TagLinks) -> Changes:
        inverse = replace(done, added=not done.added)
        return self._publish(
            Changes(updated=done.ids, tags_changed=True, fields=TAGS, links=done, inverse=inverse)
        )

    def rename_tag(self, old: str, new: str) -> Changes:
        """Rename a tag and its subtree; renaming onto an existing tag merges the two."""
        from litman.core.store.tagging import rename_subtree

        if (
            self._tag_exists(new)
            and store.clean_tag(new).casefold() != store.clean_tag(old).casefold()
        ):
            self._backup_before(backups.PRE_MERGE)
        old, new = store.clean_tag(old), store.clean_tag(new)
        with self._write() as conn:
            inverse = tag_links.before_rename(conn, old, new)
            touched = rename_subtree(conn, old, new)
            return self._publish(
                Changes(updated=tuple(touched), tags_changed=True, fields=TAGS, inverse=inverse)
            )

    def unrename(self, renamed: TagRenamed) -> Changes:
        """Undo a rename or merge in one transaction (see `tag_links.unrename`)."""
        with self._write() as conn:
            touched = tag_links.unrename(conn, renamed)
            return self._publish(
                Changes(
                    updated=touched,
                    tags_changed=True,
                    fields=TAGS,
                    inverse=TagRename(renamed.old, renamed.new),
                )
            )

    def delete_tag(self, name: str) -> Changes:
        """Delete a tag, taking it off every paper, after a backup; its subtags stay. The
        Changes record's inverse puts it back exactly."""
        clean = store.clean_tag(name)
        if self._tag_exists(clean):
            self._backup_before(backups.PRE_DELETE)
        with self._write() as conn:
            row = conn.execute(
                select(T.c.id, T.c.name, T.c.colour).where(T.c.name_key == clean.casefold())
            ).first()
            if row is None:
                raise NotFoundError(_no_such_tag(conn, clean))
            had = tuple(
                conn.execute(
                    select(PT.c.paper_id).where(PT.c.tag_id == row.id).order_by(PT.c.paper_id)
                ).scalars()
            )
            conn.execute(delete(PT).where(PT.c.tag_id == row.id))
            conn.execute(delete(T).where(T.c.id == row.id))
            gone = DeletedTag(id=row.id, name=row.name, colour=row.colour, paper_ids=had)
            return self._publish(
                Changes(updated=had, tags_changed=True, fields=TAGS, inverse=TagGone(gone))
            )

    def restore_tag(self, tag: DeletedTag) -> Changes:
        """Put a deleted tag back (undo of `delete_tag`): same id when it is free, same name,
        colour and papers (those still in the library)."""
        with self._write() as conn:
            if store.tag_ids(conn, [tag.name], create=False):
                raise LitmanError(
                    _("A tag named '{0}' exists again; it was not replaced.").format(tag.name)
                )
            taken = conn.execute(select(T.c.id).where(T.c.id == tag.id)).first() is not None
            values: dict[str, object] = {
                "name": tag.name,
                "name_key": tag.name.casefold(),
                "colour": tag.colour,
            }
            if not taken:
                values["id"] = tag.id
            tid = conn.execute(insert(T).values(**values).returning(T.c.id)).scalar_one()
            alive = set(store.existing_ids(conn, tag.paper_ids))
            store.link_tags(conn, ((pid, tid) for pid in tag.paper_ids if pid in alive))
            back = tuple(pid for pid in tag.paper_ids if pid in alive)
            return self._publish(
                Changes(updated=back, tags_changed=True, fields=TAGS, inverse=TagBack(tag.name))
            )

    def set_tag_colour(self, name: str, colour: str | None) -> Changes:
        with self._write() as conn:
            found = store.tag_ids(conn, [name], create=False)
            if not found:
                raise NotFoundError(_("No tag named '{0}'.").format(store.clean_tag(name)))
            was = conn.execute(select(T.c.colour).where(T.c.id.in_(found.values()))).scalar()
            conn.execute(update(T).where(T.c.id.in_(found.values())).values(colour=colour))
            inverse = TagColour(store.clean_tag(name), was)
            return self._publish(Changes(tags_changed=True, fields=TAGS, inverse=inverse))

    def _tag_exists(self, name: str) -> bool:
        with self._read() as conn:
            return bool(store.tag_ids(conn, [name], create=False))


def _no_such_tag(conn: Connection, name: str) -> str:
    """Why a tag cannot be deleted: it does not exist, or it is only a parent path."""
    prefix = name.casefold() + " > "
    children = list(
        conn.execute(
            select(T.c.name).where(T.c.name_key.startswith(prefix, autoescape=True)).limit(4)
        ).scalars()
    )
    if not children:
        return f"No tag named '{name}'."
    shown = ", ".join(f"'{c}'" for c in children[:3]) + (", …" if len(children) > 3 else "")
    return (
        f"'{name}' is not a tag itself, only the parent of {shown}: "
        "delete or rename those subtags instead."
    )


def _joined_ids(sql: dialects.SQLDialect) -> tuple[str, str]:
    """Each tag's papers, and every paper, as comma-joined ids: one string per tag rather
    than a row per link, which SQLite and numpy read far faster (see `tag_order`)."""
    members = f"SELECT tag_id, {sql.joined_ids('paper_id')} FROM paper_tags GROUP BY tag_id"
    every = f"SELECT {sql.joined_ids('id')} FROM {sql.scan('papers', 'ix_papers_added')}"
    return members, every


def tag_order(conn: Connection, descending: bool) -> list[int]:
    """Every paper id in the order of its tags as the table shows them (names joined, case
    folded), ties by id; papers without tags come last either way.

    Papers with the same set of tags share a key, so each paper gets the number of its set
    (numpy, tag by tag in name order) and only the few distinct sets' keys are sorted as
    text. At 100k papers with 90k links this took 110-120 ms of CPU grouping the link rows
    in SQL, then reading and sorting every id apart; now 40-50 ms."""
    import numpy as np

    by_tag, by_paper = _joined_ids(dialects.of(conn))
    names = dict(raw_rows(conn, select(T.c.id, T.c.name_key)))
    members = {int(tid): _int_array(np, ids) for tid, ids in raw_rows(conn, by_tag)}
    every = np.unique(_int_array(np, next(iter(raw_rows(conn, by_paper)))[0]))
    top = max([int(every[-1]) if len(every) else 0, *(int(a.max()) for a in members.values())])
    sets = np.zeros(top + 1, dtype=np.int64)
    keys = [""]  # set number -> its key; 0: no tags
    for tid in sorted(members, key=lambda t: (names[t], t)):
        ids = members[tid]
        # The papers' sets so far, each grown by this tag: one new set per distinct old one.
        grown, inverse = np.unique(sets[ids], return_inverse=True)
        sets[ids] = len(keys) + inverse
        keys += [f"{keys[g]}, {names[tid]}" if g else names[tid] for g in grown.tolist()]
    rank = np.empty(len(keys), dtype=np.int64)
    rank[sorted(range(1, len(keys)), key=keys.__getitem__)] = np.arange(1, len(keys))
    rank[0] = len(keys)  # papers without tags after every set
    if descending:  # tagged papers reversed, ties by id too; untagged ones by id, downwards
        every = every[::-1]
        rank[1:] = -rank[1:]
    ranks = rank[sets[every]]
    order: list[int] = every[np.argsort(ranks, kind="stable")].tolist()
    return order


def _int_array(np: Any, joined: str | None) -> Any:
    """Comma-joined ids as an int64 array."""
    return np.fromstring(joined, dtype=np.int64, sep=",") if joined else np.zeros(0, np.int64)
