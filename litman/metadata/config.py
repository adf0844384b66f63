"""The settings of metadata lookup, each declared once with its default.

Base URLs are configurable so that tests (and mirrors) can point every source elsewhere; the
environment overrides each default (`LITMAN_CROSSREF_URL`, `LITMAN_DOI_URL`,
`LITMAN_ARXIV_URL`, `LITMAN_OPENALEX_URL`, `LITMAN_CONTACT_EMAIL`; `LITMAN_LOOKUP_PAUSE` sets
every source's pause, for a local mirror or a test server). The contact e-mail goes
to Crossref and OpenAlex as their "polite pool" asks (a `mailto` parameter and the
User-Agent); the pauses are those each service documents between requests.
"""

import contextlib
import os
from dataclasses import dataclass, field
from pathlib import Path

import platformdirs

from litman import __version__

ENV = {
    "crossref_url": "LITMAN_CROSSREF_URL",
    "doi_url": "LITMAN_DOI_URL",
    "arxiv_url": "LITMAN_ARXIV_URL",
    "openalex_url": "LITMAN_OPENALEX_URL",
    "contact_email": "LITMAN_CONTACT_EMAIL",
}
# Seconds to wait between two requests to one source: arXiv's API manual asks for three;
# Crossref and OpenAlex ask only for one request at a time and a back-off when told (429).
PAUSES = {"crossref": 0.0, "doi": 0.0, "arxiv": 3.0, "openalex": 0.1}


def _default_cache() -> Path:
    return platformdirs.user_cache_path("litman", appauthor=False) / "metadata"


@dataclass(frozen=True)
class LookupConfig:
    crossref_url: str = "https://api.crossref.org"
    doi_url: str = "https://doi.org"
    arxiv_url: str = "https://export.arxiv.org/api/query"
    openalex_url: str = "https://api.openalex.org"
    contact_email: str = ""
    timeout: float = 15.0  # seconds for each request, from connecting to the last byte
    max_bytes: int = 2_000_000  # a work record is a few kB; a search page well under 1 MB
    retries: int = 3  # after the first try, on 429 and 5xx
    backoff: float = 1.0  # seconds before the first retry, doubled each time
    max_wait: float = 300.0  # the longest Retry-After waited for; a longer one fails at once
    pauses: dict[str, float] = field(default_factory=lambda: dict(PAUSES))
    cache_dir: Path | None = field(default_factory=_default_cache)  # None: no cache
    cache_days: float = 7.0
    rows: int = 5  # candidates asked of each source per search

    @classmethod
    def from_env(cls, **overrides: object) -> "LookupConfig":
        """The defaults, then the environment, then `overrides`."""
        values: dict[str, object] = {
            name: os.environ[var].strip() for name, var in ENV.items() if os.environ.get(var)
        }
        pause = os.environ.get("LITMAN_LOOKUP_PAUSE", "").strip()
        if pause:
            with contextlib.suppress(ValueError):  # a malformed one keeps the documented pauses
                values["pauses"] = dict.fromkeys(PAUSES, max(float(pause), 0.0))
        values.update(overrides)
        return cls(**values)  # type: ignore[arg-type]

    @property
    def user_agent(self) -> str:
        contact = f" (mailto:{self.contact_email})" if self.contact_email else ""
        return f"litman/{__version__}{contact}"
