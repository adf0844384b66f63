"""The `Library` facade: the one API the CLI, the GUI and the tests use.

Methods block, may be called from any thread, and return plain records, never ORM objects.
Every mutation is one transaction (it lands whole or not at all) and returns a `Changes`
record, with old values where undo needs them. Every read and write goes through the
library's `Store` (`litman.core.store.interface`), which serialises writes.
"""

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, Engine, exists, select

from litman.core import fields
from litman.core.batch import gc_paused
from litman.core.errors import LitmanError, NotFoundError
from litman.core.library.attachments import Attachments, files_folder, files_order
from litman.core.library.autoexports import AutoExports
from litman.core.library.backups import Backups
from litman.core.library.duplicates import Duplicates
from litman.core.library.merging import Merging
from litman.core.library.papers import Papers
from litman.core.library.rekeying import Citekeys
from litman.core.library.saved import Saved
from litman.core.library.sync import Listener, Sync
from litman.core.library.tags import Tags, tag_order
from litman.core.library.undo import undo as undo_change
from litman.core.messages import N_, _
from litman.core.records import (
    SORT_FIELDS,
    Changes,
    Doc,
    ImportBatch,
    ImportReport,
    Inverse,
    Paper,
    SavedSearch,
    Status,
)
from litman.core.search.filters import ALL, Narrowing, Trash, filter_from_text
from litman.core.search.query import Query, parse
from litman.core.store import journal, models, reading, reading_state, trash
from litman.core.store import rows as store
from litman.core.store.interface import Backup, Site, Store
from litman.core.store.sorting import column_order

if TYPE_CHECKING:  # made on first use (Library.index): they bring numpy
    from litman.core.search.index import SearchIndex
    from litman.core.search.index_cache import SavedIndex
    from litman.core.search.ranking import SearchResult, Stages
    from litman.core.store import live

P, T, PT = models.papers, models.tags, models.paper_tags

_SORT_COLUMNS = {
    "title": P.c.title_sort,
    "authors": P.c.authors_sort,
    "year": P.c.year,
    "venue": P.c.venue,
    "added": P.c.added_at,
    "modified": P.c.modified_at,
    "citekey": P.c.citekey,
    "entry_type": P.c.entry_type,
    "doi": P.c.doi,
    "id": P.c.id,
}
# Sorts by the reader's own state (`litman.core.store.reading_state.order`).
_READING_SORTS = {"status": "status", "rating": "rating", "read": "read_at"}


# Refusing to read or write one of the library's own files, a whole sentence for each
# thing refused (a verb put inside a translated sentence would stay English).
_OWN_FILE_REFUSED = {
    "import": N_(
        "Cannot import {0}: it is one of the files of the open library {1}, which only "
        "the database itself may touch."
    ),
    "export to": N_(
        "Cannot export to {0}: it is one of the files of the open library {1}, which only "
        "the database itself may touch."
    ),
}


class Library:
    """One litman library, over one `Store`, made of parts, as Anki's `Collection` is of its
    managers. What changes the library is a part's and is spelled through it: `papers`
    (adding, editing, deleting, reading status: `litman.core.library.papers`), `tags`,
    `attachments` (files and links), `saved` (saved searches), `duplicates`, `merging`,
    `citekey_rule`, `autoexports` and `backups`. The library's own methods open and close it,
    read papers and ids, search, and follow other clients' writes; `undo` takes any part's
    change record."""

    def __init__(self, store: Store, *, index_cache: Path | None = None) -> None:
        self._store = store
        self.papers = Papers(self)
        self.tags = Tags(self)
        self.backups = Backups(self)
        self.attachments = Attachments(self)
        self.duplicates = Duplicates(self)
        self.merging = Merging(self)
        self.saved = Saved(self)
        self.citekey_rule = Citekeys(self, self.papers)
        self.autoexports = AutoExports(self)
        self._closed = False
        self._orders: dict[tuple[str, bool], list[int]] = {}
        # The writes, the journal and the search index, in step (its invariant is there).
        self._sync = Sync(store, index_cache, self._orders.clear)

    # -- opening -------------------------------------------------------------------------

    @classmethod
    def open(
        cls,
        path: Path | str,
        *,
        read_only: bool = False,
        password: str | None = None,
        check: bool | None = True,
        backup: bool = True,
        daily: bool = True,
        index_cache: Path | None = None,
    ) -> "Library":
        """Open (creating if missing) the library file at `path`, in the SQLite store.

        `check` runs PRAGMA quick_check first (None: when it can matter, see
        `litman.core.store.opening`); `backup` takes the backups before migrations and bulk
        changes, and with `daily` the day's first backup. (The window opens with
        neither check nor daily backup and runs both on a worker thread, through `check()`
        and `take_daily_backup()`, so that a large library shows at once.) With
        `index_cache`, the search index is saved to that file and loaded from it while the
        library has not changed since (see `litman.core.search.index_cache`).

        A `postgresql://` URL, a libpq connection string or `service=NAME` opens a shared
        library in the PostgreSQL store instead
        (`litman.core.store.postgres_store`), where the file options do not apply; `password`
        (asked of the user, never stored) is for it only. (`litman.core.store.stores`
        chooses the store.)
        """
        from litman.core.store.stores import open_store

        store = open_store(
            path, read_only=read_only, password=password, check=check, backup=backup, daily=daily
        )
        return cls(store, index_cache=index_cache)

    @staticmethod
    def is_shared(where: Path | str) -> bool:
        """Whether `where` names a shared library in a database (a `postgresql://` URL, a
        connection string, `service=NAME`) rather than a library file."""
        from litman.core.store.urls import is_shared

        return is_shared(where)

    def copy_to(self, target: "Library", progress: Callable[[int, int], None] | None = None) -> int:
        """Copy this whole library, row for row, into the empty library `target` (another
        file, or a shared database); the papers copied (`litman.core.library.copying`)."""
        from litman.core.library.copying import copy_library

        return copy_library(self, target, progress)

    @staticmethod
    def site_at(path: Path | str) -> Site:
        """Where the library file at `path` lives, without opening it (its backups, its
        writer claim): for a library that is damaged, or not open yet."""
        from litman.core.store.sqlite_store import FileSite

        return FileSite(Path(path))

    @property
    def site(self) -> Site:
        return self._store.site

    @property
    def path(self) -> Path:
        """The library file (the SQLite store only: tests and the file dialogs use it)."""
        path: Path = getattr(self._store, "path")  # noqa: B009
        return path

    @property
    def engine(self) -> Engine:
        return self._store.engine

    @property
    def read_only(self) -> bool:
        return self._store.read_only

    @property
    def read_only_reason(self) -> str:
        """Why the library is read-only when the caller did not ask for it, for a notice."""
        return self._store.read_only_reason

    def _default_files_folder(self) -> Path | None:
        """Where stored attachments go unless the user says: the store's own folder."""
        return self._store.files_folder

    def take_daily_backup(self) -> Backup | None:
        """The day's backup, unless one exists or backups are off for this library."""
        return self._store.take_daily_backup()

    def check(self) -> str:
        """The store's integrity check: 'ok' or what is wrong."""
        return self._store.check()

    def check_due(self) -> bool:
        """Whether the integrity check can matter now (the day's first open, or after an
        unclean shutdown): the window checks only then, or when asked."""
        return self._store.check_due()

    def _backup_before(self, reason: str) -> Path | None:
        """Back up before a change, where the store keeps copies; the copy's path."""
        backup = self._store.take_backup(reason)
        return None if backup is None else backup.path

    @property
    def index(self) -> "SearchIndex":
        """The search index, made on first use: numpy and the index code load then, so a
        window shows its first rows without them (55 ms of start-up). Its own lock, not the
        write lock: a search must not wait for an import running on a worker."""
        return self._sync.index

    @property
    def saved_index(self) -> "SavedIndex | None":
        """Where the search index is saved between runs (None without a cache)."""
        return self._sync.saved_index

    def build_index(self) -> None:
        """Build the search index now, if it is not built (the window does it on a worker,
        so that its first search answers at once)."""
        self.index.ensure_built()

    def index_built(self) -> bool:
        """Whether searching can start at once (never makes the index)."""
        return self._sync.built()

    def index_free(self) -> bool:
        """Whether a search would answer now: the index is built and no other thread is
        updating it (a write to most of the library rebuilds it, for seconds)."""
        return self.index_built() and not self.index.busy()

    def generation(self) -> str:
        """A token that changes with every write transaction ('' before the first)."""
        with self._read() as conn:
            return store.generation(conn)

    def journal_position(self) -> journal.Position:
        """The newest change journal number and the generation, read together."""
        return self._sync.journal_position()

    def owns_file(self, path: Path) -> bool:
        """Whether `path` is one of this library's own files (see core/store/own_files.py):
        reading or writing it from litman would drop SQLite's locks."""
        return self._store.owns_file(path)

    def refuse_own_file(self, path: Path, doing: str) -> None:
        """Refuse to `doing` ("import" or "export to") one of the library's own files."""
        if self.owns_file(path):
            raise LitmanError(_(_OWN_FILE_REFUSED[doing]).format(path, self.site.name))

    def close(self) -> None:
        """Save the search index (when there is a cache to save it in) and let go of the
        file. Closing twice is harmless."""
        if self._closed:
            return
        self.save_index()
        self._closed = True
        self._store.close()

    def save_index(self) -> None:
        """Save the search index now, if it changed since it was last saved and there is a
        cache to save it in (the window does it when writes pause, so quitting has nothing
        left to save)."""
        self._sync.save_index()

    def reload(self) -> None:
        """Reopen the file after it was replaced underneath (a restore): checks it, forgets
        the search index. Listeners are kept; they should refresh everything."""
        self.close()
        self._store.reload()
        self._closed = False
        self._orders.clear()
        self._sync.forget_index()

    def changed_elsewhere(self) -> bool:
        """Whether another process (or Library) has committed since the last look.

        What they changed is read from the change journal, and a built search index is
        brought up to date before this returns (re-reading only those papers). A write
        the journal does not tell of (another tool) makes the index compare every paper
        on its next use instead.
        """
        return self._sync.changed_elsewhere()

    def changes_elsewhere(self) -> list[Changes] | None:
        """As `changed_elsewhere`, saying for a view what changed: records naming the papers
        the journal tells of (the fields too, when only unsearched ones changed); [] when
        nothing did, None when the journal cannot tell (redraw everything)."""
        return self._sync.changes_elsewhere()

    def watch(self, changed: "live.Changed", state: "live.State") -> "live.Watch | None":
        """For a shared library, a watch (not started) that calls `changed()` on its own
        thread when another client commits, and `state(up, why)` when the server goes away
        or comes back (`litman.core.store.live`); None for a file, whose window polls
        `changed_elsewhere()`. `changed` should call `changed_elsewhere()`, which catches up."""
        return self._store.watch(changed, state)

    def _tag_counts_from_index(self, paths: Mapping[str, Sequence[str]]) -> dict[str, int] | None:
        """Distinct papers under each path's tags (casefolded names), from the search index's
        tag members when it holds every write this library has been told of; else None."""
        return self._sync.tag_counts(paths)

    def __enter__(self) -> "Library":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- plumbing ------------------------------------------------------------------------

    def undo(self, changes: Changes | Inverse) -> Changes:
        """Revert a mutation from its Changes record (or the inverse it holds) in one
        transaction (`litman.core.library.undo`); the record returned redoes it."""
        return undo_change(self, changes)

    def subscribe(self, listener: Listener) -> None:
        """Call `listener(changes)` after every committed mutation."""
        self._sync.listeners.append(listener)

    def unsubscribe(self, listener: Listener) -> None:
        """Stop calling `listener` (a window that closes)."""
        if listener in self._sync.listeners:
            self._sync.listeners.remove(listener)

    @contextmanager
    def _read(self) -> Iterator[Connection]:
        with self._store.read() as conn:
            yield conn

    def _write(self) -> AbstractContextManager[Connection]:
        """One write transaction (`litman.core.library.sync`): what the mutation publishes
        inside it is journalled before it commits, and told to the index and listeners after."""
        return self._sync.write()

    def last_write_seq(self) -> int | None:
        """The change journal number given to the calling thread's last write through this
        library (None when that write changed nothing): where it stands in the order every
        client's writes committed in."""
        return self._sync.last_write_seq()

    def _publish(self, changes: Changes) -> Changes:
        """Record what a mutation changed: inside its write transaction, journalled with
        it and told after the commit; outside one, told now."""
        return self._sync.publish(changes)

    # -- reading papers ------------------------------------------------------------------

    def count(self) -> int:
        """How many papers the library holds, those in the trash left out."""
        with self._read() as conn:
            return store.count_papers(conn) - trash.count(conn)

    def trash_ids(self) -> list[int]:
        """The papers in the trash, the most recently trashed first."""
        with self._read() as conn:
            return trash.listed(conn)

    def trash_count(self) -> int:
        with self._read() as conn:
            return trash.count(conn)

    def in_trash(self, ids: Sequence[int]) -> list[int]:
        """Those of `ids` that are in the trash."""
        with self._read() as conn:
            return trash.among(conn, ids)

    def get(self, paper_id: int) -> Paper:
        papers = self.get_many([paper_id])
        if not papers:
            raise NotFoundError(_("No paper with id {0}.").format(paper_id))
        return papers[0]

    def get_many(self, ids: Sequence[int]) -> list[Paper]:
        """The papers with these ids, in the order given; unknown ids are left out."""
        with self._read() as conn:
            found = store.load_papers(conn, list(ids))
        return [found[i] for i in ids if i in found]

    def iter_papers(self, ids: Sequence[int]) -> Iterator[Paper]:
        """Like `get_many`, read a page at a time in one transaction: memory stays flat."""
        with self._read() as conn:
            yield from reading.iter_papers(conn, list(ids))

    def iter_json(self, ids: Sequence[int]) -> Iterator[str]:
        """Each paper's `Paper.to_json()` as compact JSON text, in order, a page at a time."""
        with self._read() as conn:
            yield from reading.iter_json(conn, list(ids))

    def get_by_citekey(self, citekey: str) -> Paper:
        with self._read() as conn:
            pid = conn.execute(select(P.c.id).where(P.c.citekey == citekey)).scalar()
        if pid is None:
            raise NotFoundError(_("No paper with citekey '{0}'.").format(citekey))
        return self.get(pid)

    def resolve(self, ref: str) -> int:
        """A paper id from `ref`, which is an id or a citekey."""
        return self.resolve_many([ref])[0]

    def resolve_many(self, refs: Sequence[str]) -> list[int]:
        """Paper ids for ids or citekeys, in order, looked up 500 at a time; any unknown
        one raises NotFoundError."""
        with self._read() as conn:
            return reading.resolve(conn, refs)

    def list_ids(
        self, sort: str = "title", descending: bool = False, within: Narrowing = ALL
    ) -> list[int]:
        """Every paper's id in a column's order, those in the trash left out; with `within`
        (a filter, `litman.core.search.filters`) only those it holds, read from SQL."""
        if within != ALL:
            return self.quick_search_ids("", sort, descending, within)
        if sort not in SORT_FIELDS:
            raise LitmanError(
                _("Cannot sort by '{0}'; choose one of {1}.").format(sort, ", ".join(SORT_FIELDS))
            )
        cached = self._orders.get((sort, descending))
        if cached is not None:
            return list(cached)
        if sort in ("tags", "attachments"):
            with self._read() as conn:
                if sort == "tags":
                    ids = tag_order(conn, descending)
                else:  # what the disk held when sorted, until the next change
                    every = column_order(conn, P.c.id, False)
                    base = files_folder(conn, self._default_files_folder())
                    ids = files_order(conn, base, every, descending)
                ids = trash.without_trashed(conn, ids)
            self._orders[(sort, descending)] = ids
            return list(ids)
        with self._read() as conn:  # an index walk (litman.core.store.sorting)
            if sort in _READING_SORTS:
                every = column_order(conn, P.c.id, False)
                ids = reading_state.order(conn, every, _READING_SORTS[sort], descending)
            else:
                ids = column_order(conn, _SORT_COLUMNS[sort], descending)
            ids = trash.without_trashed(conn, ids)
        # Filter-only searches (year:, status:, tag:) reuse the order while typing; any
        # change, here or elsewhere, forgets it.
        self._orders[(sort, descending)] = ids
        return list(ids)

    def list_papers(self, sort: str = "title", descending: bool = False) -> list[Paper]:
        return self.get_many(self.list_ids(sort, descending))

    def kept_blocks(self, ids: Sequence[int] | None = None) -> list[tuple[str, str]]:
        """BibTeX `@preamble`, `@string` and `@comment` blocks kept from imports, as (kind,
        text): all of them for a whole-library export, else those of the files the papers
        `ids` were imported from (JabRef's export of selected entries writes its file's
        preamble, which they may need, and its groups; an export of nothing writes none)."""
        from litman.core.store import kept_blocks

        with self._read() as conn:
            if ids is None:
                return kept_blocks.listed(conn)
            return kept_blocks.listed(conn, kept_blocks.files_of(conn, ids))

    def citekeys(self) -> set[str]:
        with self._read() as conn:
            return {k.casefold() for k in conn.execute(select(P.c.citekey)).scalars()}

    def filled_columns(self, names: Iterable[str], among: Sequence[int] | None = None) -> set[str]:
        """Which of these columns (`authors`, `year`, `venue`, `doi`, ...) hold a value in
        at least one paper (of `among`, when given). Each answer stops at the first paper
        that has one: 2 ms at 100k papers; a column empty everywhere is a scan (250 ms),
        which `among` (the papers a change touched) avoids."""
        out: set[str] = set()
        with self._read() as conn:
            if store.count_papers(conn) == trash.count(conn):
                return out  # none, or all in the trash: the scans below would find none
            for name in names:
                if name in models.READING_FIELDS:
                    if reading_state.filled(conn, name, among):
                        out.add(name)
                    continue
                col = P.c[name]
                filled: Any = col.is_not(None) if name == "year" else col != ""
                if name == "authors":  # a JSON array
                    filled = self._store.sql.json_array_filled("authors")
                query = exists().where(filled).select_from(P)
                if (live := trash.live(conn)) is not None:
                    query = query.where(live)
                if among is not None and len(among) <= store.CHUNK:  # else: every paper
                    query = query.where(P.c.id.in_(list(among)))
                if conn.execute(select(query)).scalar():
                    out.add(name)
        return out

    def stored_field_names(self) -> list[str]:
        """Every BibTeX field some paper stores beyond its own columns (`volume`, ...)."""
        with self._read() as conn:
            names = conn.execute(self._store.sql.json_keys("papers", "extra")).scalars()
            return sorted(n for n in names if not n.startswith(fields.HIDDEN_PREFIX))

    # -- importing (adding, editing and deleting papers: library_papers.py) -----------------

    def import_batches(
        self,
        batches: Sequence[ImportBatch],
        *,
        progress: Callable[[int, int], None] | None = None,
        cancelled: Callable[[], bool] | None = None,
    ) -> list[ImportReport]:
        """Write what readers made of some files, in one transaction, merging duplicates."""
        from litman.core.library.importing import import_batches

        with gc_paused(), self._write() as conn:
            reports = import_batches(conn, batches, progress, cancelled)
            added = tuple(i for r in reports for i in r.added)
            merged = tuple(
                dict.fromkeys(
                    m.into_id for r in reports for m in r.merged if m.into_id not in added
                )
            )
            self._publish(Changes(added=added, updated=merged, tags_changed=True))
        return reports

    def sources(self) -> list[tuple[str, str]]:
        """Each imported file's name and the collection label it carried, oldest first."""
        q = select(models.sources.c.name, models.sources.c.label).order_by(models.sources.c.id)
        with self._read() as conn:
            return [(n, lbl) for n, lbl in conn.execute(q)]

    def import_batch(self, batch: ImportBatch) -> ImportReport:
        return self.import_batches([batch])[0]

    # -- search --------------------------------------------------------------------------

    def search(
        self, query: str | Query, stages: "Stages | None" = None, within: Narrowing = ALL
    ) -> "SearchResult":
        """Ranked matches for a query in the search language (see `litman.core.search.query`)
        among the papers `within` holds (`litman.core.search.filters`: the sidebar's filter);
        `stages` adds up the CPU time of each of its steps (benchmarks)."""
        return self._sync.current_index().search(query, stages, within)

    def search_ids(
        self,
        query: str | Query,
        sort: str | None = None,
        descending: bool = False,
        within: Narrowing = ALL,
    ) -> list[int]:
        """Ids for a table: by rank, or in a column's order when `sort` is given or the
        query only filters. An empty query lists every paper `within` holds."""
        q = parse(query) if isinstance(query, str) else query
        if q.empty and within == ALL:
            return self.list_ids(sort or "added", descending if sort else True)
        ids = self.search(q, within=within).ids
        if sort is None and q.ranked:
            return ids.tolist().copy()
        return self._in_table_order(set(ids.tolist()), sort, descending)

    def saved_ids(
        self, saved: SavedSearch, sort: str | None = None, descending: bool = False
    ) -> list[int]:
        """The papers a saved search finds now: its query within its sidebar filter (one
        saved in the trash: the trash's papers, as the window shows them)."""
        within = filter_from_text(saved.within)
        if isinstance(within, Trash):
            return self.trash_ids()
        return self.search_ids(saved.query, sort, descending, within)

    def _in_table_order(self, keep: set[int], sort: str | None, descending: bool) -> list[int]:
        """`keep` in a column's order (`sort`), else newest added first."""
        order = self.list_ids(sort or "added", descending if sort else True)
        return [i for i in order if i in keep]

    def related(self, paper_id: int, n: int = 10) -> list[int]:
        """The `n` papers whose titles and abstracts share the most rare words with this
        one, best first (`litman.core.search.related`: the search index's word weights)."""
        from litman.core.search.related import related

        paper = self.get(paper_id)
        index = self._sync.current_index()
        index.ensure_built()
        with index.lock:
            return related(index, paper.title, paper.abstract, paper_id, n)

    def quick_search_ids(
        self,
        query: str | Query,
        sort: str | None = None,
        descending: bool = False,
        within: Narrowing = ALL,
    ) -> list[int]:
        """Ids matching a query among the papers `within` holds, without the search index
        (which may still be building): exact words only, see `litman.core.search.quick.limits`."""
        from litman.core.search.quick import quick_ids

        q = parse(query) if isinstance(query, str) else query
        with self._read() as conn:
            keep = set(quick_ids(conn, q, within))
        return self._in_table_order(keep, sort, descending)

    def _index_docs(self, ids: Sequence[int] | None) -> Iterable[Doc]:
        """What the search index reads of these papers (None: every paper, streamed)."""
        return self._sync.index_docs(ids)

    def stop_index_build(self) -> None:
        """Stop a build of the search index running on another thread, and any later one,
        at its next paper: a window quitting in the first seconds waited 47 s at 100k
        papers (load 14) for an index that it would then not save."""
        self._sync.stopping = True

    # -- reading status ------------------------------------------------------------------

    def statuses_among(self, ids: Sequence[int]) -> set[Status]:
        """The statuses these papers hold between them, in one read for any number of ids
        (the user's own, when per user)."""
        with self._read() as conn:
            return reading_state.statuses_among(conn, ids)

    @property
    def reading_per_user(self) -> bool:
        """Whether each user of this library has their own reading state (status, rating,
        notes): a shared library does; a file has one user."""
        return self._store.sql.per_user_reading

    def status_counts(self) -> dict[Status, int]:
        """How many papers are in each reading status (the user's own, when per user)."""
        with self._read() as conn:
            live = trash.live(conn, models.reading.c.paper_id)
            return reading_state.counts(conn, store.count_papers(conn) - trash.count(conn), live)
