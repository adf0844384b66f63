"""Plain records of a paper's attachments (`litman.core.library.attachments`): what a reader
hands in (`NewAttachment`), what a read hands out (`Attachment`), and the inverses of
attaching and detaching that `Library.undo` carries out.

Two kinds: a `file` the library keeps in its files folder (copied there; `path` relative
to that folder), and a `link`: a file left where it is, or a URL (`path` as given).
"""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any

STORED = "file"  # copied into the library's files folder, deleted when the trash is emptied
LINKED = "link"  # left where it is (or a URL): litman never deletes it
KINDS = (STORED, LINKED)
PDF = "application/pdf"


def is_url(path: str) -> bool:
    """Whether an attachment's path is a URL rather than a file's path."""
    head = path.split(":", 1)[0].lower()
    return ":" in path and head in ("http", "https", "ftp", "doi", "mailto")


@dataclass(frozen=True)
class NewAttachment:
    """An attachment as a reader found it (a `file` field, a Zotero item, an RIS `L1`), not
    yet in the library: always a link, to a path as written (or a URL)."""

    path: str
    title: str = ""
    content_type: str = ""
    # The file's text, page by page, when the reader extracted it (a PDF's): kept for
    # full-text search.
    pages: tuple[str, ...] = ()


@dataclass(frozen=True)
class Attachment:
    """One attachment of a paper. `location` is where it is now: the absolute path of its
    file (relative paths resolved against the base folder) or its URL; "" for a relative
    path when no base folder is set. `missing`: a file that is not there."""

    id: int
    paper_id: int
    kind: str
    path: str
    title: str
    content_type: str
    size: int | None
    added_at: datetime
    location: str
    missing: bool

    @property
    def url(self) -> bool:
        return is_url(self.path)

    @property
    def pdf(self) -> bool:
        return self.content_type == PDF or self.path.lower().endswith(".pdf")

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "paper": self.paper_id,
            "kind": self.kind,
            "path": self.path,
            "location": self.location,
            "title": self.title,
            "content_type": self.content_type,
            "size": self.size,
            "added": self.added_at.isoformat(),
            "missing": self.missing,
        }


class Files(StrEnum):
    """What a paper's attachments come to, as the table's Attachment column shows them and
    its sort groups them: a file missing on disk first (what needs the user), then papers
    with their files there, then those with links only; papers with none come last."""

    MISSING = "missing"
    PRESENT = "file"
    LINKS = "link"


FILES_ORDER = tuple(Files)


def files_of(attachments: Sequence[Attachment]) -> Files | None:
    """What these attachments (one paper's) come to; None when there are none."""
    files = [a for a in attachments if not a.url]
    if any(a.missing for a in files):
        return Files.MISSING
    if files:
        return Files.PRESENT
    return Files.LINKS if attachments else None


@dataclass(frozen=True)
class Detach:
    """The inverse of attaching: take these attachments off again. A file the attach copied
    stays in the files folder, so that a redo (`Reattach`) finds it."""

    ids: tuple[int, ...]


@dataclass(frozen=True)
class Reattach:
    """The inverse of detaching or relinking: put these rows back as they were, ids and all,
    in place of any row that has their id now (each row the `attachments` table's columns,
    as sorted pairs)."""

    rows: tuple[tuple[tuple[str, Any], ...], ...]


def relinked(inverse: object) -> int:
    """How many attachments a relink (Find Missing Files) changed, from its Changes
    record's inverse: the rows it put back on undo."""
    return len(inverse.rows) if isinstance(inverse, Reattach) else 0
