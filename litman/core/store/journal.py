"""The change journal: what each write transaction changed, in the library itself.

Every `Library` write appends, in its own transaction, one row per kind of change it made
(`added`, `deleted`, `text` for searched fields and tags, `fields` for the others, `tags`
for the tag list) with the papers' ids, under a sequence number that only grows. A reader
(the search index, the window, a saved index on disk) remembers the last number it saw and
catches up by reading the rows after it: ten papers tagged by another process cost reading
ten papers, where comparing every paper's digest cost about 1 s at 100k papers.

The journal is bounded: each write drops the rows more than `KEEP` behind it, and a write
touching more than `MAX_IDS` papers is one `all` row. A reader that finds its number
compacted away, an `all` row, or a library that went back (a restored backup) gets None,
and reconciles with the whole library instead. Each row also carries the generation its
transaction left (`litman.core.store.rows.generation`), so that a saved index proves that the
library it was saved from is the one it is reading, not a restored copy with the same
numbers.

On SQLite the write lock is taken at BEGIN, so numbers are given in commit order. A store
with concurrent writers (PostgreSQL) must append under a lock held to commit, or a reader
could pass a number whose transaction commits later. On PostgreSQL the append also sends
`NOTIFY litman_journal` with its last number, which the server delivers to every listening
client when (and only if) the transaction commits: a window there hears of another's write
at once (`litman.core.store.live`) instead of polling.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field

from sqlalchemy import Connection, delete, func, insert, select

from litman.core.records import Changes
from litman.core.store import dialects, models

J = models.journal
ADDED, DELETED, TEXT, FIELDS, TAGS, ALL = "added", "deleted", "text", "fields", "tags", "all"
# A write touching more papers than this is one `all` row: replaying it would cost about
# what a reconcile costs, and its row would be long.
MAX_IDS = 2000
# Rows kept behind the newest: a reader more than this many writes behind reconciles.
KEEP = 1000
# The channel a write's commit is announced on (PostgreSQL's LISTEN/NOTIFY).
CHANNEL = "litman_journal"


@dataclass(frozen=True)
class Position:
    """Where the library is: its newest journal number (0 for none) and its generation."""

    seq: int
    generation: str


@dataclass
class Replay:
    """The papers to re-read to catch up from one journal number to a later one."""

    text: set[int] = field(default_factory=set)  # added, deleted, or searched fields edited
    attrs: set[int] = field(default_factory=set)  # other fields (status, rating, notes)
    added: set[int] = field(default_factory=set)  # (in `text` too)
    deleted: set[int] = field(default_factory=set)  # (in `text` too)
    tags: bool = False  # the tag list changed (a rename, a colour, a new tag)
    seqs: list[int] = field(default_factory=list)  # the numbers read, oldest first

    @property
    def size(self) -> int:
        return len(self.text | self.attrs)

    @property
    def last(self) -> int | None:
        return self.seqs[-1] if self.seqs else None


def rows_for(changes: Sequence[Changes]) -> list[tuple[str, list[int]]]:
    """The journal rows (kind, ids) for what one transaction published."""
    ids: dict[str, dict[int, None]] = {k: {} for k in (ADDED, DELETED, TEXT, FIELDS)}
    tags = False
    for c in changes:
        ids[ADDED].update(dict.fromkeys(c.added))
        ids[DELETED].update(dict.fromkeys(c.deleted))
        ids[TEXT if c.text_changed else FIELDS].update(dict.fromkeys(c.updated))
        # The sidebar's lists (tags, saved searches, duplicates) are read again.
        tags = tags or c.tags_changed or c.saved_changed or c.dismissed_changed
    if sum(len(v) for v in ids.values()) > MAX_IDS:
        return [(ALL, [])]
    rows = [(kind, list(found)) for kind, found in ids.items() if found]
    return [*rows, (TAGS, [])] if tags else rows


def record(
    conn: Connection, generation: str, rows: Sequence[tuple[str, Sequence[int]]]
) -> tuple[int, int]:
    """Append rows in the caller's transaction and compact; (first, last) numbers given."""
    values = [{"generation": generation, "kind": k, "ids": list(ids)} for k, ids in rows]
    seqs = list(
        conn.execute(insert(J).returning(J.c.seq, sort_by_parameter_order=True), values).scalars()
    )
    conn.execute(delete(J).where(J.c.seq <= seqs[-1] - KEEP))
    dialects.of(conn).notify(conn, CHANNEL, str(seqs[-1]))
    return seqs[0], seqs[-1]


def position(conn: Connection, generation: str) -> Position:
    """The newest number, with the library's generation read by the caller in the same
    transaction."""
    newest = conn.execute(select(func.coalesce(func.max(J.c.seq), 0))).scalar_one()
    return Position(int(newest), generation)


def since(conn: Connection, after: int, upto: int | None = None) -> Replay | None:
    """What changed after number `after` (up to `upto`); None when that cannot be told: rows
    compacted away, an `all` row, or a journal that now ends before `after`."""
    newest, oldest = conn.execute(select(func.max(J.c.seq), func.min(J.c.seq))).one()
    if newest is None:
        return Replay() if after == 0 else None
    if after > newest or oldest > after + 1:
        return None
    query = select(J.c.seq, J.c.kind, J.c.ids).where(J.c.seq > after).order_by(J.c.seq)
    if upto is not None:
        query = query.where(J.c.seq <= upto)
    replay = Replay()
    for seq, kind, ids in conn.execute(query):
        if kind == ALL:
            return None
        replay.seqs.append(seq)
        replay.tags = replay.tags or kind == TAGS
        (replay.attrs if kind == FIELDS else replay.text).update(ids)
        if kind in (ADDED, DELETED):  # the last word on a paper holds (trashed, restored)
            came, went = (replay.added, replay.deleted)[:: 1 if kind == ADDED else -1]
            came.update(ids)
            went.difference_update(ids)
    return replay


def since_proven(conn: Connection, after: Position, now: Position) -> Replay | None:
    """As `since`, from `after` to `now`, for a reader that saw the library at `after` some
    time ago: None unless the rows at both numbers hold those generations (the same history,
    not a restored backup that reached the same numbers, and no write since that the
    journal does not tell)."""
    if after.seq <= 0:
        return None
    for at in (after, now):
        found = conn.execute(select(J.c.generation).where(J.c.seq == at.seq)).scalar()
        if found != at.generation:
            return None
    return since(conn, after.seq, now.seq)


class Follower:
    """One reader's place in the journal: the last number it has taken in, and which later
    numbers are its own writes (news to others, not to itself)."""

    def __init__(self, seq: int) -> None:
        self.seen = seq
        self._own: set[int] = set()

    def wrote(self, first: int, last: int) -> None:
        """Numbers this reader's own transaction was given."""
        if self.seen == first - 1:
            self.seen = last  # nothing from elsewhere came between
        else:
            self._own.update(range(first, last + 1))

    def follow(self, conn: Connection) -> tuple[bool, Replay | None]:
        """Take in the rows after the last seen: (whether any came from elsewhere, what
        they changed); None for what, when the journal cannot tell (see `since`)."""
        replay = since(conn, self.seen)
        if replay is None:
            self.seen = position(conn, "").seq
            self._own.clear()
            return True, None
        outside = any(s not in self._own for s in replay.seqs)
        if replay.last is not None:
            self.seen = replay.last
            self._own = {s for s in self._own if s > self.seen}
        return outside, replay
