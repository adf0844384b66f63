"""What the `Library` gives the parts it is made of.

The `Library` composes its parts (`library.papers`, `library.tags`, ...), as Anki's
`Collection` composes its managers. A part gets its transactions from its host, the library:
`Host` is everything a part may ask of it, so that no part imports `litman.core.library.facade`
and each can be tested over any host. The transactions are the library's own (not the
store's directly) because the library wraps each write with what every write needs: the
generation bump, the journal, the listeners.
"""

from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Protocol

from sqlalchemy import Connection

from litman.core.records import Changes


class Host(Protocol):
    """The library, as its parts see it."""

    def _read(self) -> AbstractContextManager[Connection]: ...
    def _write(self) -> AbstractContextManager[Connection]: ...
    def _publish(self, changes: Changes) -> Changes: ...
    def _backup_before(self, reason: str) -> Path | None: ...
    def _default_files_folder(self) -> Path | None: ...
    def _tag_counts_from_index(
        self, paths: Mapping[str, Sequence[str]]
    ) -> dict[str, int] | None: ...


class Part:
    """A part of a library: reads and writes in its host's transactions."""

    def __init__(self, host: Host) -> None:
        self._host = host

    def _read(self) -> AbstractContextManager[Connection]:
        return self._host._read()

    def _write(self) -> AbstractContextManager[Connection]:
        return self._host._write()

    def _publish(self, changes: Changes) -> Changes:
        return self._host._publish(changes)

    def _backup_before(self, reason: str) -> Path | None:
        return self._host._backup_before(reason)
