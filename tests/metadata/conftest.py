"""A `lookup` over the fake API, with no pauses, quick back-off and a private cache."""

from pathlib import Path

import pytest

from litman.metadata.config import LookupConfig
from litman.metadata.lookup import Lookup
from tests.metadata.fake_api import FakeApi


def config_for(api: FakeApi, cache: Path | None, **overrides: object) -> LookupConfig:
    values: dict[str, object] = {
        **api.urls(),
        "contact_email": "tests@example.org",
        "timeout": 5.0,
        "backoff": 0.01,
        "pauses": {},
        "cache_dir": cache,
    }
    values.update(overrides)
    return LookupConfig(**values)  # type: ignore[arg-type]


@pytest.fixture
def lookup(fake_api: FakeApi, tmp_path: Path) -> Lookup:
    return Lookup(config_for(fake_api, tmp_path / "cache"))
