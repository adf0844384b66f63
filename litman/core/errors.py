"""The errors litman expects and explains to the user.

Each one carries a message fit to print as one line; the CLI prints it without a traceback,
and the GUI shows it in a dialog.
"""

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from litman.core.records import FieldConflict


class LitmanError(Exception):
    """An expected failure with a message for the user."""


class NotFoundError(LitmanError):
    """A paper id, citekey or tag that the library does not have."""


class SchemaTooNewError(LitmanError):
    """The library file was written by a newer litman; it is left untouched."""


class LibraryLockedError(LitmanError):
    """Another process holds the write lock for longer than the busy timeout."""


class ReadOnlyError(LitmanError):
    """A write was asked of a library opened read-only."""


class NeedsUpgradeError(ReadOnlyError):
    """A read-only open of a library with an older schema, which only a writer can upgrade."""


class CorruptLibraryError(LitmanError):
    """The file is not a readable SQLite library. It has not been changed; `backup` is the
    newest good backup to restore, if there is one."""

    def __init__(self, message: str, *, path: object = None, backup: object = None) -> None:
        super().__init__(message)
        self.path = path
        self.backup = backup


class LibraryInUseError(LitmanError):
    """A litman window holds the library's writer lock; `holder` says which process."""

    def __init__(self, message: str, *, holder: object = None) -> None:
        super().__init__(message)
        self.holder = holder


class ServerUnreachableError(LitmanError):
    """The database server of a shared library cannot be reached (down, or the connection
    dropped); nothing was changed. A window keeps showing what it read and tries again."""


class DiskFullError(LitmanError):
    """A write failed for lack of space; the transaction was rolled back."""


class ImportFailed(LitmanError):
    """A file could not be imported; nothing from it was written."""


class Cancelled(LitmanError):
    """The user cancelled a long operation; nothing was written."""


class ConflictError(LitmanError):
    """An edit refused because a field it writes changed since the editor read the paper
    (at version `seen`): `conflicts` holds each such field's stored and refused values, and
    `version` the paper's version now. Nothing of the edit was written; the refusal is
    kept in the library's conflict record."""

    def __init__(
        self,
        message: str,
        *,
        paper_id: int,
        citekey: str,
        seen: int,
        version: int,
        conflicts: "Sequence[FieldConflict]",
    ) -> None:
        super().__init__(message)
        self.paper_id = paper_id
        self.citekey = citekey
        self.seen = seen
        self.version = version
        self.conflicts = tuple(conflicts)
