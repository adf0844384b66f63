"""The `MetadataSource` interface every client implements, and what a search finds."""

from dataclasses import dataclass
from typing import Protocol

from litman.core.records import NewPaper
from litman.metadata.identifiers import Identifier, Kind
from litman.metadata.net import CancelCheck


@dataclass(frozen=True)
class Found:
    """A record a source returned: the paper as litman would store it, and where from."""

    source: str
    paper: NewPaper


class MetadataSource(Protocol):
    name: str
    kinds: frozenset[Kind]  # the identifiers `lookup` accepts
    searches: bool  # whether `search` finds works by free text

    def lookup(self, ident: Identifier, cancelled: CancelCheck) -> Found:
        """The record for an identifier; raises NotFound, Offline or LookupFailed."""
        ...

    def search(self, text: str, rows: int, cancelled: CancelCheck) -> list[Found]:
        """Up to `rows` works that match free text, best first."""
        ...
