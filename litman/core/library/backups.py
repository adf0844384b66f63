"""The library's backups part (`library.backups`): listing, taking and restoring backups
through the store's `Site`, without knowing where or how they are kept.

A restore closes the library's store, puts the backup in place and reopens it (which checks
it), and is refused while another window holds the library's writer claim: that window
would go on writing to the library being replaced.
"""

from typing import Protocol

from litman.core.errors import LibraryInUseError
from litman.core.store.interface import Backup, Restored, Site, WriterClaim


class Reopenable(Protocol):
    """The library, as its backups part sees it."""

    @property
    def site(self) -> Site: ...

    def close(self) -> None: ...
    def reload(self) -> None: ...


class Backups:
    """A library's backups."""

    def __init__(self, library: Reopenable) -> None:
        self._library = library

    @property
    def site(self) -> Site:
        return self._library.site

    def list(self) -> list[Backup]:
        """Newest first."""
        return self.site.backups()

    def where(self) -> str:
        """Where the backups are kept, for messages."""
        return self.site.backups_where()

    def newest_good(self) -> Backup | None:
        return self.site.newest_good_backup()

    def take(self) -> Backup:
        """A manual backup now; refused for a damaged library."""
        return self.site.backup_now()

    def papers_in(self, backup: Backup) -> int | None:
        """How many papers `backup` holds; None when it cannot be read."""
        return self.site.papers_in(backup)

    def restore(self, name: str | None = None, *, claim: WriterClaim | None = None) -> Restored:
        """Put the backup named `name` (the newest good one by default) in place, then
        reopen. `claim` is the caller's own writer claim, if it holds one."""
        refuse_if_claimed(self.site, claim)
        self._library.close()
        try:
            return self.site.restore(name)
        finally:
            self._library.reload()


def refuse_if_claimed(site: Site, claim: WriterClaim | None) -> None:
    """Raise LibraryInUseError when a window other than the caller (who passes its own
    `claim`) holds the library's writer claim."""
    if claim is not None and claim.held:
        return
    holder = site.writer_claim().holder()
    if holder is not None:
        raise LibraryInUseError(
            f"{site.where} is open in {holder.describe()}. Close that window first, or use "
            "File → Restore from backup… in it. Nothing was changed.",
            holder=holder,
        )
