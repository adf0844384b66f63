"""The `MetadataSource` interface every client implements, and what a search finds."""

from dataclasses import dataclass
from typing import Protocol

from litman.core.records import NewPaper
from litman.metadata.config import LookupConfig
from litman.metadata.identifiers import Identifier, Kind
from litman.metadata.net import CancelCheck, Channel


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


class WebSource:
    """What every source over HTTP keeps: its API's address (the `LookupConfig` field named
    by `url_setting`), the contact e-mail for the polite pools, and the channel it asks on.
    A source says what it is in its class line:
    `class DoiSource(WebSource, name=..., kinds={"doi"}, searches=False, url_setting=...,
    follows={...})`, where `follows` are the domains a redirect may lead to besides the
    configured address's own host (always over HTTPS)."""

    name: str
    kinds: frozenset[Kind]
    searches: bool
    url_setting: str
    follows: frozenset[str]

    def __init_subclass__(
        cls,
        *,
        name: str,
        kinds: set[Kind],
        searches: bool,
        url_setting: str,
        follows: set[str] | None = None,
    ) -> None:
        super().__init_subclass__()
        cls.name, cls.kinds, cls.searches = name, frozenset(kinds), searches
        cls.url_setting, cls.follows = url_setting, frozenset(follows or ())

    def __init__(self, config: LookupConfig, channel: Channel) -> None:
        self.base = str(getattr(config, self.url_setting)).rstrip("/")
        self.mailto = config.contact_email
        self.channel = channel
