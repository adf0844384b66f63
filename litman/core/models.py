"""The tables of a litman library, declared once as SQLAlchemy Core tables.

Queries go through SQLAlchemy Core on these tables, so reads return plain rows and bulk
inserts stay fast; no ORM object exists at all. (They were SQLModel classes, used only for
their tables: importing SQLModel, pydantic and SQLAlchemy's ORM and building the classes
cost every `litman` command 0.18 s of CPU, a third of a warm search's, issue 23.) A column
that is not NULL and has a Python default gets it on insert, as the classes gave it.
"""

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    TypeDecorator,
    UniqueConstraint,
    func,
    text,
)
from sqlalchemy.engine import Dialect

# Bump with a migration in `litman.core.schema` whenever a table below changes.
SCHEMA_VERSION = 5
# Sortable columns indexed since schema 3 (the others had an index already).
SORT_INDEXED = (
    "authors_sort",
    "year",
    "venue",
    "modified_at",
    "rating",
    "entry_type",
    "read_at",
    "doi",
)


class UTCDateTime(TypeDecorator[datetime]):
    """An aware time, stored in UTC and read back aware (SQLite keeps no offset: what it
    gives is UTC). A time without an offset is refused rather than guessed."""

    impl = DateTime
    cache_ok = True

    def __init__(self) -> None:
        super().__init__(timezone=True)

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.utcoffset() is None:
            raise ValueError("a stored time must carry its offset (datetime.now(UTC))")
        return value.astimezone(UTC)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.utcoffset() is None else value.astimezone(UTC)


metadata = MetaData()


def _text(name: str, default: str | None = "", **kwargs: Any) -> Column[str]:
    """A text column, NOT NULL, given `default` on insert (None: no default)."""
    return Column(name, String, nullable=False, default=default, **kwargs)


def _int(name: str, default: int | None = None, *, nullable: bool = False) -> Column[int]:
    return Column(name, Integer, nullable=nullable, default=default)


def _flag(name: str) -> Column[bool]:
    return Column(name, Boolean, nullable=False, default=False)


def _time(name: str, *, nullable: bool = False) -> Column[datetime]:
    return Column(name, UTCDateTime(), nullable=nullable)


def _json(name: str, *, nullable: bool = False, **kwargs: Any) -> Column[Any]:
    return Column(name, JSON, nullable=nullable, **kwargs)


# Key/value facts about the library itself: schema version, settings.
meta = Table("meta", metadata, _text("key", None, primary_key=True), _text("value"))

papers = Table(
    "papers",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("citekey", String, unique=True, nullable=False),
    _text("entry_type", "misc"),
    _text("title"),
    # Lower-cased, accent-folded title: sorting 100k titles is an index walk, not a sort.
    _text("title_sort"),
    _flag("title_derived"),
    _json("authors"),
    _text("authors_sort"),
    _int("year", nullable=True),
    _text("venue"),
    _text("doi"),
    _text("url"),
    _text("abstract"),
    _flag("abstract_truncated"),
    # Blocking keys for duplicate detection: the first words of the folded abstract and title.
    _text("abstract_key"),
    _text("title_key"),
    _text("status", "unread"),
    _int("rating", 0),
    _text("notes"),
    _text("source"),
    _json("extra"),
    _time("added_at"),
    _time("modified_at"),
    _time("read_at", nullable=True),
    # Schema 5 (`litman.core.versions`): a count of the writes of the paper's shared fields,
    # and for each such field (a column, or an `extra` key by its BibTeX name) the version
    # that last changed it, so that a stale edit of a field is refused and one of another
    # field lands.
    Column("version", Integer, nullable=False, server_default=text("0")),
    _json("field_versions", server_default=text("'{}'")),
    Index("ix_papers_title_nocase", "title_sort"),
    # Schema 2: the window's first view (newest first) and its status counts read these
    # small indexes instead of scanning every row with its abstract (145 ms -> 30 ms and
    # 70 ms -> 8 ms at 100k papers, benchmarks/bench_gui.py). Dates grow with ids, so
    # inserts append to them.
    Index("ix_papers_added", "added_at", "id"),
    Index("ix_papers_status", "status"),
    # Schema 3: every other sortable column, so that a header's first click walks an
    # index instead of scanning every row (authors, year, venue: 190-286 ms -> under
    # 100 ms at 100k papers, litman.core.sorting). A large import builds them after
    # its rows (store.insert_papers).
    *(Index(f"ix_papers_sort_{name}", name) for name in SORT_INDEXED),
    Index("ix_papers_doi", func.lower(text("doi"))),
    Index("ix_papers_abstract_key", "abstract_key"),
    Index("ix_papers_title_key", "title_key"),
    sqlite_autoincrement=True,
)

# A tag; `name` holds the whole path of a hierarchical tag, levels joined by ' > '.
tags = Table(
    "tags",
    metadata,
    Column("id", Integer, primary_key=True),
    _text("name", None),
    # casefolded name: tags are unique case-insensitively, and portable SQL can say so.
    _text("name_key", None),
    Column("colour", String, nullable=True),
    UniqueConstraint("name_key"),
)

paper_tags = Table(
    "paper_tags",
    metadata,
    Column("paper_id", Integer, ForeignKey("papers.id", ondelete="CASCADE"), primary_key=True),
    Column("tag_id", Integer, ForeignKey("tags.id", ondelete="CASCADE"), primary_key=True),
    Index("ix_paper_tags_tag", "tag_id"),
)

# One kind of change one write transaction made (schema 4; `litman.core.journal`). `seq`
# only grows (AUTOINCREMENT: never reused after compaction); `generation` is the library's
# generation that transaction left, so that a reader can prove it follows the same history;
# `ids` the papers (a JSON list).
journal = Table(
    "journal",
    metadata,
    Column("seq", Integer, primary_key=True),
    _text("generation", None),
    _text("kind", None),
    _json("ids"),
    sqlite_autoincrement=True,
)

# A field edit refused because the field had changed since the editor read the paper
# (schema 5; `litman.core.versions`): kept, so that no refused edit is lost silently.
# `seen` is the version the editor saw, `version` the paper's then; `theirs` the stored
# value, `mine` the refused one (JSON). No foreign key: the record outlives the paper.
conflicts = Table(
    "conflicts",
    metadata,
    Column("id", Integer, primary_key=True),
    _int("paper_id"),
    _text("citekey", None),
    _text("field", None),
    _int("seen"),
    _int("version"),
    _json("theirs", nullable=True),
    _json("mine", nullable=True),
    _text("who"),
    _time("at"),
    Index("ix_conflicts_paper", "paper_id"),
    sqlite_autoincrement=True,
)

# A file that was imported: its name, the collection label it carried, its digest.
sources = Table(
    "sources",
    metadata,
    Column("id", Integer, primary_key=True),
    _text("name", None),
    _text("label"),
    _text("digest", None, index=True),
    _time("imported_at"),
)
