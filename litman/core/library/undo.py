"""Undo for the whole library: every mutation's `Changes` record holds its inverse
(`litman.core.records.Inverse`), and `undo` carries it out in one transaction, for papers
and tags alike. What it returns holds the inverse of the undo: a redo.
"""

from typing import Protocol

from litman.core.attached import Detach, Reattach
from litman.core.errors import LitmanError
from litman.core.library.attachments import Attachments
from litman.core.library.duplicates import Duplicates
from litman.core.library.merging import Merging
from litman.core.library.papers import Papers
from litman.core.library.saved import Saved
from litman.core.library.tags import Tags
from litman.core.messages import _
from litman.core.records import (
    Changes,
    FieldValues,
    FromTrash,
    Inverse,
    MergeRecord,
    NotDuplicates,
    SavedChange,
    TagBack,
    TagColour,
    TagGone,
    TagLinks,
    TagRename,
    TagRenamed,
    ToTrash,
)


class Parts(Protocol):
    """The parts of a library whose changes can be undone."""

    @property
    def papers(self) -> Papers: ...
    @property
    def tags(self) -> Tags: ...
    @property
    def attachments(self) -> Attachments: ...
    @property
    def duplicates(self) -> Duplicates: ...
    @property
    def merging(self) -> Merging: ...
    @property
    def saved(self) -> Saved: ...


def undo(lib: Parts, changes: Changes | Inverse) -> Changes:
    """Revert a mutation from its Changes record (or the inverse it holds), in one
    transaction of the part it belongs to."""
    inverse = changes.inverse if isinstance(changes, Changes) else changes
    papers, tags, attachments = lib.papers, lib.tags, lib.attachments
    match inverse:
        case MergeRecord():
            return lib.merging.remerge(inverse)
        case NotDuplicates():
            return lib.duplicates.redismiss(inverse)
        case SavedChange():
            return lib.saved.carry_out(inverse)
        case FieldValues(old=old, now=now):
            return papers.restore_fields(old, now)
        case FromTrash(ids=ids):
            return papers.restore(ids)
        case ToTrash(ids=ids):
            return papers.delete_papers(ids)
        case TagLinks():
            return tags.relink(inverse)
        case TagGone(tag=tag):
            return tags.restore_tag(tag)
        case TagBack(name=name):
            return tags.delete_tag(name)
        case TagRenamed():
            return tags.unrename(inverse)
        case TagRename(old=old, new=new):
            return tags.rename_tag(old, new)
        case TagColour(name=name, colour=colour):
            return tags.set_tag_colour(name, colour)
        case Detach(ids=ids):
            return attachments.detach(ids)
        case Reattach():
            return attachments.reattach(inverse)
        case None:
            raise LitmanError(_("That change cannot be undone: it holds no inverse."))
