"""The SQLModel tables of a litman library.

Queries go through SQLAlchemy Core on these tables (`table_of(PaperRow)`, below), so reads
return plain rows and bulk inserts stay fast; no live ORM object leaves the core. No
`from __future__ import annotations` here: it breaks SQLModel's relationship resolution.
"""

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Column, Index, Integer, String, Table, UniqueConstraint, func, text
from sqlmodel import Field, SQLModel

# Bump with a migration in `litman.core.store.schema` whenever a table below changes.
SCHEMA_VERSION = 16
# Sortable columns indexed since schema 3 (the others had an index already).
SORT_INDEXED = (
    "authors_sort",
    "year",
    "venue",
    "modified_at",
    "entry_type",
    "doi",
)
# Reading state: one reader's own, in `ReadingRow` since schema 6.
READING_FIELDS = ("status", "rating", "notes", "read_at")


class MetaRow(SQLModel, table=True):
    """Key/value facts about the library itself: schema version, settings."""

    __tablename__ = "meta"
    key: str = Field(primary_key=True)
    value: str = ""


class PaperRow(SQLModel, table=True):
    __tablename__ = "papers"
    __table_args__ = (
        Index("ix_papers_title_nocase", "title_sort"),
        # Schema 2: the window's first view (newest first) and its status counts read these
        # small indexes instead of scanning every row with its abstract (145 ms -> 30 ms and
        # 70 ms -> 8 ms at 100k papers, benchmarks/bench_gui.py). Dates grow with ids, so
        # inserts append to them.
        Index("ix_papers_added", "added_at", "id"),
        # Schema 3: every other sortable column, so that a header's first click walks an
        # index instead of scanning every row (authors, year, venue: 190-286 ms -> under
        # 100 ms at 100k papers, litman.core.store.sorting). A large import builds them after
        # its rows (store.insert_papers).
        *(Index(f"ix_papers_sort_{name}", name) for name in SORT_INDEXED),
        Index("ix_papers_doi", func.lower(text("doi"))),
        # Schema 11: with each abstract's length, so that the duplicate finder groups papers
        # whose abstracts open alike and are as long by this index alone, without reading
        # 100k abstracts (`litman.core.library.duplicates`); imports look keys up by it.
        Index("ix_papers_abstract_size", "abstract_key", func.length(text("abstract"))),
        Index("ix_papers_title_key", "title_key"),
        {"sqlite_autoincrement": True},
    )

    id: int | None = Field(default=None, sa_column=Column(Integer, primary_key=True))
    citekey: str = Field(sa_column=Column(String, unique=True, nullable=False))
    entry_type: str = "misc"
    title: str = ""
    # Lower-cased, accent-folded title: sorting 100k titles is an index walk, not a sort.
    title_sort: str = ""
    title_derived: bool = False
    authors: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    authors_sort: str = ""
    year: int | None = None
    venue: str = ""
    doi: str = ""
    url: str = ""
    abstract: str = ""
    abstract_truncated: bool = False
    # Blocking keys for duplicate detection: the first words of the folded abstract and title.
    abstract_key: str = ""
    title_key: str = ""
    # Schema 11: the title's folded words (`text.title_words`) and the abstract's digest
    # (`text.abstract_digest`), for finding duplicates over the whole library.
    match_title: str = Field(
        default="", sa_column=Column(String, nullable=False, server_default="")
    )
    abstract_digest: str = Field(
        default="", sa_column=Column(String, nullable=False, server_default="")
    )
    source: str = ""
    extra: dict[str, str] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    added_at: datetime
    modified_at: datetime
    # Schema 5 (`litman.core.store.versions`): a count of the writes of the paper's shared fields,
    # and for each such field (a column, or an `extra` key by its BibTeX name) the version
    # that last changed it, so that a stale edit of a field is refused and one of another
    # field lands.
    version: int = Field(
        default=0, sa_column=Column(Integer, nullable=False, server_default=text("0"))
    )
    field_versions: dict[str, int] = Field(
        default_factory=dict,
        sa_column=Column(JSON, nullable=False, server_default=text("'{}'")),
    )


class ReadingRow(SQLModel, table=True):
    """One reader's reading state of one paper (schema 6): status, rating, notes and when
    it was read. A paper without a row is unread, unrated and without notes.

    `reader` is '' in a library file (one implicit user) and the database role in a shared
    PostgreSQL library, so that each researcher keeps their own reading list
    (`litman.core.store.reading_state`). Kept apart from `papers`, whose rows hold abstracts (two
    to a page): marking 100k papers read rewrites this narrow table, not the papers."""

    __tablename__ = "reading"
    __table_args__ = (
        Index("ix_reading_status", "reader", "status"),
        # Schema 7: deleting a paper looks for its rows here by paper alone (the foreign
        # key's cascade); without this, a scan of the table per paper deleted: 100k papers
        # took 34 minutes.
        Index("ix_reading_paper", "paper_id"),
    )

    reader: str = Field(default="", primary_key=True)
    paper_id: int = Field(foreign_key="papers.id", primary_key=True, ondelete="CASCADE")
    status: str = "unread"
    rating: int = 0
    notes: str = ""
    read_at: datetime | None = None


class TrashRow(SQLModel, table=True):
    """A paper in the trash (schema 8; `litman.core.store.trash`): left out of every view, count
    and search until it is restored or deleted for good. A narrow table of its own, like
    Zotero's `deletedItems`: moving 100k papers in or out writes 100k small rows, not the
    papers' own rows (abstracts, 14 indexes), which SQLite took seconds to rewrite."""

    __tablename__ = "trash"

    paper_id: int = Field(foreign_key="papers.id", primary_key=True, ondelete="CASCADE")
    trashed_at: datetime


class TagRow(SQLModel, table=True):
    """A tag; `name` holds the whole path of a hierarchical tag, levels joined by ' > '."""

    __tablename__ = "tags"
    __table_args__ = (UniqueConstraint("name_key"),)

    id: int | None = Field(default=None, primary_key=True)
    name: str
    # casefolded name: tags are unique case-insensitively, and portable SQL can say so.
    name_key: str
    colour: str | None = None


class PaperTagRow(SQLModel, table=True):
    __tablename__ = "paper_tags"
    __table_args__ = (Index("ix_paper_tags_tag", "tag_id"),)

    paper_id: int = Field(foreign_key="papers.id", primary_key=True, ondelete="CASCADE")
    tag_id: int = Field(foreign_key="tags.id", primary_key=True, ondelete="CASCADE")


class JournalRow(SQLModel, table=True):
    """One kind of change one write transaction made (schema 4; `litman.core.store.journal`).

    `seq` only grows (AUTOINCREMENT: never reused after compaction); `generation` is the
    library's generation that transaction left, so that a reader can prove it follows the
    same history; `ids` the papers (a JSON list)."""

    __tablename__ = "journal"
    __table_args__ = ({"sqlite_autoincrement": True},)

    seq: int | None = Field(default=None, sa_column=Column(Integer, primary_key=True))
    generation: str
    kind: str
    ids: list[int] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))


class ConflictRow(SQLModel, table=True):
    """A field edit refused because the field had changed since the editor read the paper
    (schema 5; `litman.core.store.versions`): kept, so that no refused edit is lost silently.
    `seen` is the version the editor saw, `version` the paper's then; `theirs` the stored
    value, `mine` the refused one (JSON). No foreign key: the record outlives the paper."""

    __tablename__ = "conflicts"
    __table_args__ = (Index("ix_conflicts_paper", "paper_id"), {"sqlite_autoincrement": True})

    id: int | None = Field(default=None, sa_column=Column(Integer, primary_key=True))
    paper_id: int
    citekey: str
    field: str
    seen: int
    version: int
    theirs: Any = Field(default=None, sa_column=Column(JSON))
    mine: Any = Field(default=None, sa_column=Column(JSON))
    who: str = ""
    at: datetime


class AttachmentRow(SQLModel, table=True):
    """A file or link attached to a paper (schema 11; `litman.core.library.attachments`).

    `kind` is "file" for a file the library keeps in its files folder (copied there; its
    `path` relative to that folder, deleted with the paper when the trash is emptied) or
    "link" for a file left where it is, or a URL (its `path` as given: absolute, or relative
    to the base folder the user sets; never deleted by litman). Its own table, not a BibTeX
    field, as Zotero's `itemAttachments`: a paper has any number, each with its own title,
    type and size, and the `file` field is written from these rows."""

    __tablename__ = "attachments"
    __table_args__ = (Index("ix_attachments_paper", "paper_id"), {"sqlite_autoincrement": True})

    id: int | None = Field(default=None, sa_column=Column(Integer, primary_key=True))
    paper_id: int = Field(foreign_key="papers.id", ondelete="CASCADE")
    kind: str
    path: str
    title: str = ""
    content_type: str = ""
    size: int | None = None
    added_at: datetime


class FullTextRow(SQLModel, table=True):
    """The text of an attachment (schema 12): a PDF's pages, joined by form feeds, as the
    search index reads it (`litman.core.store.attachments`). Kept apart from `attachments`,
    whose rows a listing reads: a 10-page paper's text is 30-60 kB, kept zlib-compressed
    (schema 16) to a third of that, so the store on disk is smaller than the text."""

    __tablename__ = "fulltext"
    __table_args__ = (Index("ix_fulltext_paper", "paper_id"),)

    attachment_id: int = Field(foreign_key="attachments.id", primary_key=True, ondelete="CASCADE")
    paper_id: int = Field(foreign_key="papers.id", ondelete="CASCADE")
    pages: int = 0
    packed: bytes = b""  # the text, UTF-8, zlib-compressed (`attachments.pack`)


class SourceRow(SQLModel, table=True):
    """A file that was imported: its name, the collection label it carried, its digest."""

    __tablename__ = "sources"

    id: int | None = Field(default=None, primary_key=True)
    name: str
    label: str = ""
    digest: str = Field(index=True)
    imported_at: datetime


class AliasRow(SQLModel, table=True):
    """A citekey that names a paper besides its own (schema 11): the key of a paper merged
    into it (`litman.core.library.merging`), so that a document citing the old key, `litman
    show OLDKEY` and `key:OLDKEY` still find it, as Better BibTeX keeps aliases."""

    __tablename__ = "aliases"
    __table_args__ = (Index("ix_aliases_paper", "paper_id"),)

    citekey: str = Field(primary_key=True)
    paper_id: int = Field(foreign_key="papers.id", ondelete="CASCADE")


class DistinctRow(SQLModel, table=True):
    """Two papers the user said are not duplicates (schema 11; `low` < `high`): never
    proposed together again (`litman.core.library.duplicates`)."""

    __tablename__ = "distinct_papers"

    low: int = Field(foreign_key="papers.id", primary_key=True, ondelete="CASCADE")
    high: int = Field(foreign_key="papers.id", primary_key=True, ondelete="CASCADE")


class SavedSearchRow(SQLModel, table=True):
    """A search kept under a name (schema 11; `litman.core.library.saved`): in the library,
    so that a shared library shares them. Names are unique case-insensitively. Since schema
    15 with the sidebar filter it was saved in (`filters.filter_text`; "" for all papers)."""

    __tablename__ = "saved_searches"
    __table_args__ = (UniqueConstraint("name_key"),)

    id: int | None = Field(default=None, primary_key=True)
    name: str
    name_key: str
    query: str
    sidebar_filter: str = Field(
        default="", sa_column=Column(String, nullable=False, server_default="")
    )


def table_of(model: type[SQLModel]) -> Table:
    """The Core table behind a SQLModel class: the one typed way from the declarations to
    the tables the store's queries are written against."""
    name = model.__tablename__
    if not isinstance(name, str):
        raise TypeError(f"{model.__name__} names its table by a function")
    return model.metadata.tables[name]


papers = table_of(PaperRow)
tags = table_of(TagRow)
paper_tags = table_of(PaperTagRow)
meta = table_of(MetaRow)
sources = table_of(SourceRow)
journal = table_of(JournalRow)
conflicts = table_of(ConflictRow)
reading = table_of(ReadingRow)
trash = table_of(TrashRow)
attachments = table_of(AttachmentRow)
fulltext = table_of(FullTextRow)
aliases = table_of(AliasRow)
distinct_papers = table_of(DistinctRow)
saved_searches = table_of(SavedSearchRow)
