"""The sources put together: resolve an identifier, or search all indexes by text.

An identifier goes to the sources that know its kind, in order (an arXiv id to arXiv; a DOI
to Crossref, then DOI content negotiation, then OpenAlex; an ISBN to Crossref), and the
first record wins. A text search asks every searching source and keeps what each found; a
source that fails is named in `problems`, and only `Offline` stops the search, since then no
source can answer.
"""

import dataclasses
import time
from collections.abc import Callable
from dataclasses import dataclass

from litman.core.records import NewPaper
from litman.metadata.arxiv import ArxivSource
from litman.metadata.base import Found, MetadataSource
from litman.metadata.cache import ResponseCache
from litman.metadata.config import LookupConfig
from litman.metadata.crossref import CrossrefSource
from litman.metadata.doi import DoiSource
from litman.metadata.errors import LookupFailed, NotFound, Offline
from litman.metadata.identifiers import Identifier
from litman.metadata.net import CancelCheck, Channel
from litman.metadata.openalex import OpenAlexSource


def never() -> bool:
    return False


@dataclass(frozen=True)
class SearchResult:
    found: tuple[Found, ...]
    problems: tuple[str, ...] = ()


class Lookup:
    """Every source, each with its own polite channel; safe to share between threads."""

    def __init__(
        self,
        config: LookupConfig | None = None,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.config = config or LookupConfig.from_env()
        cache = ResponseCache(self.config.cache_dir, self.config.cache_days)

        def channel(key: str, name: str) -> Channel:
            return Channel(key, name, self.config, cache, sleep, clock)

        self.sources: tuple[MetadataSource, ...] = (
            ArxivSource(self.config, channel("arxiv", ArxivSource.name)),
            CrossrefSource(self.config, channel("crossref", CrossrefSource.name)),
            DoiSource(self.config, channel("doi", DoiSource.name)),
            OpenAlexSource(self.config, channel("openalex", OpenAlexSource.name)),
        )

    def resolve(self, ident: Identifier, cancelled: CancelCheck = never) -> Found:
        """The first record a source has for `ident`."""
        asked: list[NotFound] = []
        failure: LookupFailed | None = None
        for source in (s for s in self.sources if ident.kind in s.kinds):
            try:
                return source.lookup(ident, cancelled)
            except Offline:
                raise
            except NotFound as exc:
                asked.append(exc)
            except LookupFailed as exc:
                failure = failure or exc
        if failure is not None:
            raise failure
        if len(asked) == 1:
            raise asked[0]
        names = [s.name for s in self.sources if ident.kind in s.kinds]
        raise NotFound(f"No record of {ident} found (asked {', '.join(names)}).")

    def search(self, text: str, cancelled: CancelCheck = never) -> SearchResult:
        """What each searching source finds for `text`, merged by DOI."""
        found: list[Found] = []
        problems: list[str] = []
        for source in (s for s in self.sources if s.searches):
            try:
                found.extend(source.search(text, self.config.rows, cancelled))
            except Offline:
                raise
            except LookupFailed as exc:
                problems.append(str(exc))
        return SearchResult(tuple(merge_same(found)), tuple(problems))


def merge_same(found: list[Found]) -> list[Found]:
    """One record per DOI: the first source's, its empty fields filled from the others and
    the longest abstract kept."""
    by_doi: dict[str, int] = {}
    out: list[Found] = []
    for f in found:
        at = by_doi.get(f.paper.doi) if f.paper.doi else None
        if at is None:
            if f.paper.doi:
                by_doi[f.paper.doi] = len(out)
            out.append(f)
            continue
        out[at] = Found(f"{out[at].source}+{f.source}", _fill(out[at].paper, f.paper))
    return out


def _fill(kept: NewPaper, other: NewPaper) -> NewPaper:
    changes: dict[str, object] = {}
    for name in ("authors", "year", "venue", "url"):
        if not getattr(kept, name) and getattr(other, name):
            changes[name] = getattr(other, name)
    if len(other.abstract) > len(kept.abstract):
        changes["abstract"] = other.abstract
    extra = {**other.extra, **kept.extra}
    return dataclasses.replace(kept, **changes, extra=extra)  # type: ignore[arg-type]
