"""Plain data that crosses the `Library` boundary: papers, tags, change records, reports.

Everything here is a frozen dataclass or an enum, so callers on any thread can hold results
without touching the database again.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from datetime import datetime
from enum import StrEnum
from pathlib import Path
from typing import Any, Generic, NamedTuple, TypeVar

from litman.core.attached import Detach, NewAttachment, Reattach
from litman.core.messages import N_, _, n_

T = TypeVar("T")


class SearchFields(NamedTuple, Generic[T]):
    """The search index's eight fields, declared once. A token's field index is the field's
    position here, and the bits a token's code gives it follow from their number
    (`litman.core.search.codes`, which refuses more than it can hold); the ranking's weights
    and the texts highlighted in a paper are each one of these, built by name. A document's
    texts come in this order as a plain tuple (the store reads 100k of them at a time, and a
    named tuple made by name costs 60% more); tests/core/test_search.py holds the store to
    the order by name."""

    title: T
    authors: T
    tags: T
    venue: T
    citekey: T
    year: T
    abstract: T
    fulltext: T  # the attachments' text (a PDF's pages), ranked below the abstract


class Doc(NamedTuple):
    """What the search index reads of a paper: its searchable texts (in `SearchFields`
    order), year, status code and tag names."""

    id: int
    texts: tuple[str, ...]
    year: int
    status: int
    tags: tuple[str, ...]


class Status(StrEnum):
    """Reading status; unread is the default."""

    UNREAD = "unread"
    READING = "reading"
    READ = "read"


# A status as the search index codes it, in one byte per paper (keyed by the member, or
# by its text as stored: a `StrEnum` member hashes as its value).
STATUS_CODES: dict[str, int] = {s: i for i, s in enumerate(Status)}


# The columns a paper list can be sorted by, mapped to what users type.
SORT_FIELDS = (
    "title",
    "authors",
    "year",
    "venue",
    "added",
    "modified",
    "status",
    "citekey",
    "rating",
    "id",
    "tags",
    "entry_type",
    "doi",
    "read",
    "attachments",
)

# Fields that `Library.papers.update_paper` accepts.
EDITABLE_FIELDS = frozenset(
    {
        "citekey",
        "entry_type",
        "title",
        "title_derived",
        "authors",
        "year",
        "venue",
        "doi",
        "url",
        "abstract",
        "abstract_truncated",
        "rating",
        "notes",
        "extra",
    }
)


@dataclass(frozen=True)
class Paper:
    """One paper as stored, with its tags."""

    id: int
    citekey: str
    entry_type: str
    title: str
    title_derived: bool
    authors: tuple[str, ...]
    year: int | None
    venue: str
    doi: str
    url: str
    abstract: str
    abstract_truncated: bool
    status: Status
    rating: int
    notes: str
    source: str
    extra: Mapping[str, str]
    tags: tuple[str, ...]
    added_at: datetime
    modified_at: datetime
    read_at: datetime | None
    # The paper's version when read (`litman.core.store.versions`): an editor hands it back with
    # its edit, and a field changed since is refused instead of overwritten.
    version: int = 0

    def to_json(self) -> dict[str, Any]:
        """The paper object of `litman list --json`."""
        return {
            "id": self.id,
            "citekey": self.citekey,
            "entry_type": self.entry_type,
            "title": self.title,
            "title_derived": self.title_derived,
            "authors": list(self.authors),
            "year": self.year,
            "venue": self.venue,
            "doi": self.doi,
            "url": self.url,
            "abstract": self.abstract,
            "abstract_truncated": self.abstract_truncated,
            "tags": list(self.tags),
            "status": self.status.value,
            "rating": self.rating,
            "notes": self.notes,
            "source": self.source,
            "extra": dict(self.extra),
            "added_at": self.added_at.isoformat(),
            "modified_at": self.modified_at.isoformat(),
            "read_at": self.read_at.isoformat() if self.read_at else None,
        }


_PAPER_FIELDS = tuple(f.name for f in fields(Paper))
_new = object.__new__


def stored_paper(values: Sequence[Any]) -> Paper:
    """A `Paper` from its values in field order, as the store reads 100k of them for a
    listing or an export: the same frozen record, filled without the generated
    `__init__`, whose 21 `object.__setattr__` calls cost 4x as much (0.3 s of CPU for
    100k papers, loaded machine)."""
    paper: Paper = _new(Paper)
    paper.__dict__.update(zip(_PAPER_FIELDS, values, strict=True))
    return paper


@dataclass(frozen=True)
class NewPaper:
    """A paper about to be added; readers produce these, the library stores them."""

    title: str = ""
    abstract: str = ""
    authors: tuple[str, ...] = ()
    year: int | None = None
    venue: str = ""
    doi: str = ""
    url: str = ""
    entry_type: str = "misc"
    citekey: str = ""
    title_derived: bool = False
    abstract_truncated: bool = False
    status: Status = Status.UNREAD
    rating: int = 0
    notes: str = ""
    source: str = ""
    extra: Mapping[str, str] = field(default_factory=dict)
    tags: tuple[str, ...] = ()
    # Files and links a reader found (a `file` field, a Zotero item's): linked on import.
    attachments: tuple[NewAttachment, ...] = ()


@dataclass(frozen=True)
class FieldConflict:
    """One field of a refused edit: what is stored now (`theirs`, written by someone after
    the version the editor saw) and what the edit wanted (`mine`). `field` is a column name
    (`title`) or a stored BibTeX field's name (`volume`)."""

    field: str
    theirs: Any
    mine: Any


@dataclass(frozen=True)
class ConflictRecord:
    """A refused edit of one field, as the library keeps it (`Library.papers.conflicts`)."""

    id: int
    paper_id: int
    citekey: str
    field: str
    seen: int
    version: int
    theirs: Any
    mine: Any
    who: str
    at: datetime


@dataclass(frozen=True)
class TagCount:
    id: int
    name: str
    count: int
    colour: str | None = None


@dataclass(frozen=True)
class DeletedTag:
    """A tag as it was before it was deleted: enough to put it back exactly (its parent is
    the path in its name)."""

    id: int
    name: str
    colour: str | None
    paper_ids: tuple[int, ...]


@dataclass(frozen=True)
class TagLinks:
    """One tag put on (`added`) or taken off papers: exactly those whose links changed.
    `created`: the tag was made by this change (so its undo removes the tag itself). Undone,
    it is its own opposite."""

    tag: str
    ids: tuple[int, ...]
    added: bool
    created: bool = False


@dataclass(frozen=True)
class FieldValues:
    """The inverse of an edit, a status or rating change, or a restore of fields: each
    paper's values, field by field, before it; and, when the change knows them, the values
    it wrote (`now`: its undo's redo, and the statuses the search index takes, without
    reading them back)."""

    old: Mapping[int, Mapping[str, Any]]
    now: Mapping[int, Mapping[str, Any]] | None = None


@dataclass(frozen=True)
class FromTrash:
    """The inverse of moving papers to the trash: take them out again."""

    ids: tuple[int, ...]


@dataclass(frozen=True)
class ToTrash:
    """The inverse of taking papers out of the trash: move them in again."""

    ids: tuple[int, ...]


@dataclass(frozen=True)
class TagGone:
    """The inverse of a tag's delete: put it back exactly."""

    tag: DeletedTag


@dataclass(frozen=True)
class TagBack:
    """The inverse of putting a deleted tag back: delete it again."""

    name: str


@dataclass(frozen=True)
class TagRenamed:
    """The inverse of a rename or merge of `old` (and its subtree) into `new`: each old tag
    with its colour and papers, and for each target name the papers it had before (None
    when the rename made it)."""

    old: str
    new: str
    members: tuple[tuple[str, str | None, tuple[int, ...]], ...]
    had: tuple[tuple[str, tuple[int, ...] | None], ...]


@dataclass(frozen=True)
class TagRename:
    """The inverse of undoing a rename: rename `old` to `new` again."""

    old: str
    new: str


@dataclass(frozen=True)
class TagColour:
    """The inverse of a tag's colour change: the colour it had."""

    name: str
    colour: str | None


@dataclass(frozen=True)
class NotDuplicates:
    """Pairs of papers (lower id first) said not to be duplicates (`added`), or taken back
    (not `added`): its own opposite."""

    pairs: tuple[tuple[int, int], ...]
    added: bool


@dataclass(frozen=True)
class MergeRecord:
    """A merge of papers `others` into `keep` (`litman.core.library.merging`), to undo or
    redo: the kept paper's fields before (`old`) and after (`now`), the tags the merge put on
    it, the others' citekeys that became its aliases, and those of the others it moved to
    the trash. `undone`: this record puts the merge back (it was undone)."""

    keep: int
    others: tuple[int, ...]
    old: Mapping[str, Any]
    now: Mapping[str, Any]
    tags: tuple[str, ...]
    aliases: tuple[str, ...]
    trashed: tuple[int, ...]
    undone: bool = False
    # Aliases the others had already (of papers merged into them before): (key, whose).
    moved: tuple[tuple[str, int], ...] = ()
    # The others' attachments, moved to the kept paper: (attachment id, whose it was).
    files: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class SavedSearch:
    """A search kept under a name: its query in the search language, and the sidebar filter
    it narrows (a tag, a reading status, the trash) as `filters.filter_text` writes it
    ("" for all papers; `Library.saved_ids` applies both)."""

    name: str
    query: str
    within: str = ""


@dataclass(frozen=True)
class SavedChange:
    """The inverse of a change of saved searches: take these names away, then put these
    searches (a rename is both)."""

    remove: tuple[str, ...]
    put: tuple[SavedSearch, ...]


# What `Library.undo` takes: every mutation's Changes record holds one, its inverse.
Inverse = (
    FieldValues
    | FromTrash
    | ToTrash
    | TagLinks
    | TagGone
    | TagBack
    | TagRenamed
    | TagRename
    | TagColour
    | Detach
    | Reattach
    | NotDuplicates
    | MergeRecord
    | SavedChange
)


@dataclass(frozen=True)
class Changes:
    """What a mutation changed, so that each view can decide what to refresh, and its
    `inverse`: `Library.undo(changes)` reverts it in one transaction."""

    added: tuple[int, ...] = ()
    updated: tuple[int, ...] = ()
    deleted: tuple[int, ...] = ()
    tags_changed: bool = False
    # False when only reading status or other unsearched fields changed.
    text_changed: bool = True
    # The paper fields written ("tags" for tag links); empty when the record does not say.
    fields: frozenset[str] = frozenset()
    # What an add_tag or remove_tag did, link by link (the search index applies it as is).
    links: TagLinks | None = None
    inverse: Inverse | None = None
    # The backup taken before a change that cannot be undone (a delete for good): the way
    # back, to name to the user; None when none was taken (a shared library keeps none).
    backup: Path | None = None
    # The saved searches changed; the pairs said not to be duplicates changed.
    saved_changed: bool = False
    dismissed_changed: bool = False

    @property
    def empty(self) -> bool:
        return not (self.papers_changed or self.saved_changed or self.dismissed_changed)

    @property
    def papers_changed(self) -> bool:
        return bool(self.added or self.updated or self.deleted or self.tags_changed)

    @classmethod
    def joined(cls, parts: "Sequence[Changes]") -> "Changes":
        """One record for field changes made in several transactions (a bulk status in
        chunks): its undo is one transaction."""
        old: dict[int, Mapping[str, Any]] = {}
        now: dict[int, Mapping[str, Any]] | None = {}
        for part in parts:
            old.update(part.old)
            wrote = part.inverse.now if isinstance(part.inverse, FieldValues) else None
            now = None if now is None or wrote is None else {**now, **wrote}
        first = parts[0] if parts else cls()
        return cls(
            updated=tuple(old),
            text_changed=first.text_changed,
            fields=first.fields,
            inverse=FieldValues(old, now),
        )

    @property
    def old(self) -> Mapping[int, Mapping[str, Any]]:
        """Each paper's values before an edit (empty for other changes)."""
        return self.inverse.old if isinstance(self.inverse, FieldValues) else {}

    @property
    def deleted_tag(self) -> DeletedTag | None:
        """The tag a delete_tag removed."""
        return self.inverse.tag if isinstance(self.inverse, TagGone) else None


@dataclass(frozen=True)
class DuplicateGroup:
    """Papers that are probably one work (`Library.duplicates.find`), and why: each reason
    joined at least two of them (`same DOI`, `same arXiv id`, ...)."""

    ids: tuple[int, ...]
    reasons: tuple[str, ...]


@dataclass(frozen=True)
class AtLine:
    """What an import report says of one record of the input file: the line it starts on."""

    line: int


@dataclass(frozen=True)
class Skipped(AtLine):
    """A part of an input file that was not imported, and why."""

    reason: str


@dataclass(frozen=True)
class Merged(AtLine):
    """An incoming record that was found to be a paper already present."""

    into_id: int
    into_citekey: str
    how: str


@dataclass(frozen=True)
class Proposed(AtLine):
    """An incoming record kept as its own paper that looks like another: for the user to
    review and merge if they are one. Two citekeys are two records until the user says so."""

    paper_id: int
    citekey: str
    like_id: int
    like_citekey: str
    how: str
    differs: tuple[str, ...] = ()

    def describe(self) -> str:
        if self.differs:
            said = _(
                "line {line}: kept as {key}, which looks like {like} ({how}; differs in "
                "{fields}); merge them if they are one paper"
            )
        else:
            said = _(
                "line {line}: kept as {key}, which looks like {like} ({how}); merge them if "
                "they are one paper"
            )
        return said.format(
            line=self.line,
            key=self.citekey,
            like=self.like_citekey,
            how=_(self.how),
            fields=", ".join(self.differs),
        )


@dataclass(frozen=True)
class Renamed(AtLine):
    """A citekey that was taken, and the one the paper was stored under."""

    wanted: str
    stored: str


@dataclass(frozen=True)
class ImportBatch:
    """What a reader made of one file, before anything touches the library."""

    source_name: str
    papers: tuple[NewPaper, ...]
    lines: tuple[int, ...]
    skipped: tuple[Skipped, ...] = ()
    warnings: tuple[str, ...] = ()
    label: str = ""
    digest: str = ""
    # BibTeX `@preamble` and `@comment` blocks, as (kind, text): kept and written back.
    blocks: tuple[tuple[str, str], ...] = ()
    # BibTeX `@string` macros no file of the import defines, and how many entries name them.
    undefined: tuple[str, ...] = ()
    undefined_in: int = 0


@dataclass(frozen=True)
class ImportReport:
    """The outcome of importing one batch."""

    source_name: str
    added: tuple[int, ...] = ()
    merged: tuple[Merged, ...] = ()
    skipped: tuple[Skipped, ...] = ()
    warnings: tuple[str, ...] = ()
    renamed: tuple[Renamed, ...] = ()
    label: str = ""
    proposed: tuple[Proposed, ...] = ()
    read: int = 0  # records read from the file: each one added, merged or skipped
    undefined: tuple[str, ...] = ()  # as `ImportBatch`'s: the papers need the user's eye
    undefined_in: int = 0

    @property
    def renamed_keys(self) -> tuple[str, ...]:
        said = _("line {line}: citekey '{wanted}' was taken; stored as '{stored}'")
        return tuple(
            said.format(line=r.line, wanted=r.wanted, stored=r.stored) for r in self.renamed
        )

    def summary(self) -> str:
        parts = [
            _("{n} added").format(n=len(self.added)),
            _("{n} merged").format(n=len(self.merged)),
            _("{n} skipped").format(n=len(self.skipped)),
        ]
        if self.proposed:
            n = len(self.proposed)
            parts.insert(
                2,
                n_(
                    "{n} possible duplicate to review", "{n} possible duplicates to review", n
                ).format(n=f"{n:,}"),
            )
        if self.undefined:
            n, k = len(self.undefined), self.undefined_in
            macros = n_(
                "{n} undefined @string macro in {k} entries",
                "{n} undefined @string macros in {k} entries",
                n,
            )
            if k == 1:
                macros = n_(
                    "{n} undefined @string macro in {k} entry",
                    "{n} undefined @string macros in {k} entry",
                    n,
                )
            parts.append(macros.format(n=f"{n:,}", k=k))
        records = n_("{n} record read", "{n} records read", self.read).format(n=f"{self.read:,}")
        return _("{source}: {parts} ({records})").format(
            source=self.source_name, parts=_(", ").join(parts), records=records
        )

    def details(self) -> list[str]:
        """What the summary counts, line by line: warnings, renamed keys, merges, possible
        duplicates and skipped records, each with its line."""
        merged, skipped = _("line {line}: merged into {key} ({how})"), _("skipped: {reason}")
        skipped_at = _("line {line}: skipped, {reason}")
        return [
            *(_("warning: {warning}").format(warning=w) for w in self.warnings),
            *self.renamed_keys,
            *(merged.format(line=m.line, key=m.into_citekey, how=_(m.how)) for m in self.merged),
            *(p.describe() for p in self.proposed),
            *(
                (skipped_at if s.line else skipped).format(line=s.line, reason=s.reason)
                for s in self.skipped
            ),
        ]


# Each noun litman counts, as said in another language: Chinese puts a measure word
# between the number and the noun (1 篇文献, 3 个标签), one form for any count.
COUNTED = {
    "paper": N_("{n} paper"),
    "tag": N_("{n} tag"),
    "backup": N_("{n} backup"),
    "group": N_("{n} group"),
    "citation key": N_("{n} citation key"),
    "pinned key": N_("{n} pinned key"),
    "file": N_("{n} file"),
    "attachment": N_("{n} attachment"),
    "missing file": N_("{n} missing file"),
    "PDF": N_("{n} PDF"),
    "item": N_("{n} item"),
}


def counted(n: int, noun: str) -> str:
    """A count and its noun, one as one: `1 paper`, `12,345 papers`, `2 possible duplicates`
    (every noun litman counts takes an s), or in the current language (`1 篇文献`)."""
    one = COUNTED.get(noun, "")
    translated = _(one) if one else ""
    if translated and translated != one:
        return translated.format(n=f"{n:,}")
    return f"{n:,} {noun}{'' if n == 1 else 's'}"
