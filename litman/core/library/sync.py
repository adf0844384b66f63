"""Keeping a library's search index and its view of the change journal in step with its
store: `Sync`, the one object that writes, journals, follows and catches up.

The invariant, kept here and nowhere else:

- Every write transaction journals what it published before it commits (one that
  published nothing is journalled as `all`: every reader reconciles), and bumps the
  generation (`litman.core.store.journal`).
- `index_seq` is the journal number the search index's state holds: it holds every write
  up to that number. `follower.seen` is the newest number this library has been told of,
  by its own writes or by following the journal. While `index_seq < follower.seen`, the
  index is behind: a search first replays the journal from `index_seq`, or marks the index
  stale (it compares every paper on next use) where the journal cannot tell.
- `follow_lock` is held while following the journal, and by a write from before its commit
  until the follower has taken in its own rows: a look in between (the window's poll, a
  shared library's watch) would take this library's commit for another client's.
- The index changes, and is read for tag counts, only under its own lock; `index_lock`
  only guards making it, so that a search never waits on a write.

After a commit, in this order: the index takes the changes in, the library's caches are
forgotten (`forget`), and listeners are told.
"""

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from threading import Lock, get_ident
from typing import TYPE_CHECKING

from sqlalchemy import Connection

from litman.core.errors import Cancelled
from litman.core.library.papers import UNSEARCHED_FIELDS
from litman.core.records import (
    SORT_FIELDS,
    STATUS_CODES,
    Changes,
    Doc,
    FieldValues,
    SearchFields,
    Status,
    ToTrash,
)
from litman.core.store import journal, reading_state
from litman.core.store import rows as store
from litman.core.store.interface import Store

if TYPE_CHECKING:  # made on first use: they bring numpy
    from litman.core.search.index import SearchIndex
    from litman.core.search.index_cache import SavedIndex

Listener = Callable[[Changes], None]


class Sync:
    """A library's writes, journal and search index, kept in step (the module says how)."""

    def __init__(self, store: Store, index_cache: Path | None, forget: Callable[[], None]):
        self.store, self.index_cache, self.forget = store, index_cache, forget
        self.listeners: list[Listener] = []
        self.saved_index: SavedIndex | None = None
        self._index: SearchIndex | None = None
        self._index_lock = Lock()
        # What each thread's open write transaction has published so far (None: nothing
        # yet), journalled before it commits and told to listeners after.
        self._pending: dict[int, list[Changes] | None] = {}
        # Each thread's last write's journal number (None: it wrote nothing).
        self._written: dict[int, int | None] = {}
        self._follow_lock = Lock()  # the watch's thread and the window's both follow
        self.follower = journal.Follower(self.journal_position().seq)
        self.index_seq = 0
        self.stopping = False  # stop_index_build was called

    # -- the index -------------------------------------------------------------------------

    @property
    def index(self) -> "SearchIndex":
        index = self._index
        if index is None:
            with self._index_lock:
                if self._index is None:
                    self._index = self._new_index()
                index = self._index
        return index

    def built(self) -> bool:
        return self._index is not None and self._index.built

    def forget_index(self) -> None:
        """After the store was replaced underneath: the index and the journal start over."""
        self._index = None
        self.follower = journal.Follower(self.journal_position().seq)
        self.index_seq = 0

    def save_index(self) -> None:
        # The index holds every change made here; it is the file's state unless another
        # process wrote since we last looked.
        if self.saved_index is not None and self.built() and not self.changed_elsewhere():
            self.saved_index.save(self.index)

    def _new_index(self) -> "SearchIndex":
        from litman.core.search.index import SearchIndex
        from litman.core.search.index_cache import SavedIndex

        self.saved_index = (
            None
            if self.index_cache is None
            else SavedIndex(
                self.index_cache, self.journal_position, self._fingerprint, self.journal_since
            )
        )
        if self.saved_index is None:
            return SearchIndex(self.index_docs)
        return SearchIndex(self.index_docs, self._load_index, self.saved_index.after_build)

    def _load_index(self, index: "SearchIndex") -> bool:
        saved = self.saved_index
        if saved is None or not saved.load_into(index):
            return False
        if saved.seq is not None:  # else it reconciled, which noted the number itself
            self.index_seq = saved.seq
        return True

    def _fingerprint(self) -> list[int]:
        from litman.core.search.index_cache import fingerprint

        with self.store.read() as conn:
            return fingerprint(conn)

    def index_docs(self, ids: Sequence[int] | None) -> Iterable[Doc]:
        if ids is None:  # every paper: streamed in pages, in one read transaction
            return self._all_index_docs()
        with self.store.read() as conn:
            return store.index_docs(conn, ids)

    def _all_index_docs(self) -> Iterator[Doc]:
        with self.store.read() as conn:
            # A build or reconcile holds the library as of this transaction.
            self.index_seq = journal.position(conn, "").seq
            for doc in store.iter_index_docs(conn):
                if self.stopping:
                    raise Cancelled("The search index was not built: the library is closing.")
                yield doc

    def current_index(self) -> "SearchIndex":
        """The index, caught up with every write this library has been told of."""
        if self.index_seq < self.follower.seen:  # told of writes the index missed
            self.catch_up()
        return self.index

    def catch_up(self) -> None:
        """Replay the journal into a built index, from the number its state holds."""
        from litman.core.search.index_cache import COMPACT_AT, replay_into

        index = self._index
        if index is None:
            return
        with index.lock:
            if not index.built:
                return  # building or stale: that reads the library as it is then
            with self.store.read() as conn:
                replay = journal.since(conn, self.index_seq)
            if replay is None or replay.size > COMPACT_AT:
                index.mark_stale()
                return
            replay_into(index, replay)
            if replay.last is not None:
                self.index_seq = replay.last

    def tag_counts(self, paths: Mapping[str, Sequence[str]]) -> dict[str, int] | None:
        """Distinct papers under each path's tags (casefolded names), from the index's tag
        members when it holds every write this library has been told of; else None."""
        index = self._index
        if index is None or not index.built or self.index_seq < self.follower.seen:
            return None
        if not index.lock.acquire(blocking=False):
            return None  # being updated: SQL answers meanwhile
        try:
            members, none = index.tag_members, set[int]()
            return {
                path: len(members.get(keys[0], none))
                if len(keys) == 1
                else len(none.union(*(members.get(k, none) for k in keys)))
                for path, keys in paths.items()
            }
        finally:
            index.lock.release()

    # -- the journal -----------------------------------------------------------------------

    def journal_position(self) -> journal.Position:
        with self.store.read() as conn:
            return journal.position(conn, store.generation(conn))

    def journal_since(
        self, after: journal.Position, now: journal.Position
    ) -> journal.Replay | None:
        """What changed from `after` to `now`, if the journal proves it (a saved index's
        catching up)."""
        with self.store.read() as conn:
            return journal.since_proven(conn, after, now)

    def changed_elsewhere(self) -> bool:
        found = self.changes_elsewhere()
        return found is None or bool(found)

    def changes_elsewhere(self) -> list[Changes] | None:
        # One caller at a time (a shared library's watch calls from its thread): two that
        # interleave could each see half the news, and one take it for a write the journal
        # does not tell of, which costs a rebuild of the index (seconds at 100k papers).
        with self._follow_lock:
            poked = self.store.changed_elsewhere()
            with self.store.read() as conn:
                outside, replay = self.follower.follow(conn)
        if not (poked or outside):
            return []
        self.forget()
        known = replay is not None and outside  # else unknown, or not journalled
        if self._index is not None:
            if known:
                self.catch_up()
            else:
                self._index.mark_stale()
        return _told(replay) if known and replay is not None else None

    # -- writing ---------------------------------------------------------------------------

    @contextmanager
    def write(self) -> Iterator[Connection]:
        """One write transaction of the store, which journals what the mutation publishes
        inside it (`publish`) before it commits, and tells the index and listeners after."""
        self._written[get_ident()] = None
        following = False
        try:
            with self.store.write() as conn:
                self._pending[get_ident()] = None
                try:
                    yield conn
                finally:
                    published = self._pending.pop(get_ident())
                seqs = self._journal(conn, published)
                # Held from before the commit until this library has taken in its own
                # journal rows: a look from another thread meanwhile (the window's poll)
                # took the commit for another client's and redrew everything (seconds
                # at 100k papers, after a write long enough to be caught committing).
                self._follow_lock.acquire()
                following = True
            if seqs is not None:
                self.follower.wrote(*seqs)
        finally:
            if following:
                self._follow_lock.release()
        self._written[get_ident()] = None if seqs is None else seqs[1]
        self._announce(published or [], seqs)

    def last_write_seq(self) -> int | None:
        return self._written.get(get_ident())

    def _journal(self, conn: Connection, published: list[Changes] | None) -> tuple[int, int] | None:
        """Journal the transaction's changes before it commits (nothing for a write that
        published only empty records: it wrote nothing). A write that published nothing
        before committing is journalled as `all`: every reader reconciles."""
        if published is not None and all(c.empty for c in published):
            return None
        rows = journal.rows_for(published) if published is not None else [(journal.ALL, [])]
        after = store.bump_generation(conn)  # saved search indexes are now behind
        return journal.record(conn, after, rows)

    def publish(self, changes: Changes) -> Changes:
        """Record what a mutation changed: inside its write transaction, journalled with
        it and told after the commit; outside one, told now."""
        ident = get_ident()
        if ident in self._pending:
            self._pending[ident] = [*(self._pending[ident] or []), changes]
        else:
            self._announce([changes], None)
        return changes

    def _announce(self, published: Sequence[Changes], seqs: tuple[int, int] | None) -> None:
        """After a commit: bring the search index up to date, then tell listeners."""
        self.forget()
        index = self._index
        if index is not None and index.built:  # else a build reads the library as it is
            with index.lock:
                for changes in published:
                    self._apply(index, changes)
                if seqs is not None and self.index_seq == seqs[0] - 1:
                    self.index_seq = seqs[1]
        for changes in published:
            if not changes.empty:
                for listener in list(self.listeners):
                    listener(changes)

    def _apply(self, index: "SearchIndex", changes: Changes) -> None:
        if not changes.papers_changed:
            return
        if isinstance(changes.inverse, ToTrash):  # back from the trash: nothing re-indexed
            back = changes.added
            rest = index.unbury(back, self._status_codes(back))
            if rest:
                index.apply(rest, (), ())
        elif changes.links is not None:
            index.link(changes.links.tag, changes.links.ids, changes.links.added)
        elif changes.fields == {"tags"} and not changes.added and not changes.deleted:
            index.retag(self._tags_of(changes.updated))
        elif not changes.text_changed:
            known = _statuses_written(changes)
            if known is not None:
                index.set_statuses(known)
            else:
                index.set_statuses(self._status_codes(changes.updated))
        else:
            index.apply(changes.added, changes.updated, changes.deleted, changes.text_changed)

    def _tags_of(self, ids: Sequence[int]) -> dict[int, list[str]]:
        """Each paper's tag names (papers without tags included, with none)."""
        with self.store.read() as conn:
            found = store.tags_of(conn, ids)
        return {pid: found.get(pid, []) for pid in ids}

    def _status_codes(self, ids: Sequence[int]) -> dict[int, int]:
        """Each paper's status as the index codes it, read without the texts."""
        with self.store.read() as conn:
            return reading_state.status_codes(conn, ids)


# The fields a journal `fields` row may stand for (`litman.core.store.journal`): all unsearched;
# and a `text` row: any other (every sort key but the date added).
_UNSEARCHED = frozenset({*UNSEARCHED_FIELDS, "extra"})
_ANY_BUT_ADDED = frozenset({*SORT_FIELDS, *SearchFields._fields, "extra"} - {"added", "id"})


def _told(replay: journal.Replay) -> list[Changes]:
    """What a view must redraw for what the journal told: papers whose searched fields
    changed, or which came or went (which fields, it does not say), and papers of which only
    unsearched fields changed."""
    told = []
    if replay.text or replay.tags:  # tag links are searched text: their counts may change
        edited = replay.text - replay.added - replay.deleted
        told.append(
            Changes(
                added=tuple(sorted(replay.added - replay.deleted)),
                updated=tuple(sorted(edited)),
                deleted=tuple(sorted(replay.deleted)),
                tags_changed=True,
                fields=_ANY_BUT_ADDED,
            )
        )
    if attrs := replay.attrs - replay.text:
        told.append(Changes(updated=tuple(sorted(attrs)), text_changed=False, fields=_UNSEARCHED))
    return told


def _statuses_written(changes: Changes) -> dict[int, int] | None:
    """The status codes a change wrote, when its record holds them for every paper it
    updated (a bulk status and its undo do): the index takes them without a read. {} when
    it wrote no status."""
    if changes.fields and "status" not in changes.fields:
        return {}
    now = changes.inverse.now if isinstance(changes.inverse, FieldValues) else None
    if now is None or len(now) != len(changes.updated):
        return None
    try:
        return {pid: STATUS_CODES[Status(values["status"])] for pid, values in now.items()}
    except KeyError:  # a paper whose record holds no status
        return None
