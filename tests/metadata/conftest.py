"""A `lookup` over the fake API, with no pauses, quick back-off and a private cache."""

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from litman.metadata.config import LookupConfig
from litman.metadata.lookup import Lookup
from tests.conftest import require_tool
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


class FakeTime:
    """A clock that moves only when slept on: waits of minutes cost a test nothing."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.slept: list[float] = []

    def clock(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


@pytest.fixture
def fake_time() -> FakeTime:
    return FakeTime()


@pytest.fixture(scope="session")
def certificate(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A self-signed certificate for 127.0.0.1 and its key, made by openssl."""
    require_tool("openssl")
    folder = tmp_path_factory.mktemp("tls")
    cert, key = folder / "cert.pem", folder / "key.pem"
    command = "openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes"
    command += " -days 2 -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1"
    subprocess.run(
        [*command.split(), "-keyout", str(key), "-out", str(cert)],
        check=True,
        capture_output=True,
    )
    return cert, key


@pytest.fixture
def tls_api(certificate: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeApi]:
    """The fake API over HTTPS, its certificate the only one this process trusts."""
    monkeypatch.setenv("SSL_CERT_FILE", str(certificate[0]))
    monkeypatch.setenv("SSL_CERT_DIR", str(certificate[0].parent))
    api = FakeApi(certificate).start()
    yield api
    api.stop()


@pytest.fixture
def lookup(fake_api: FakeApi, tmp_path: Path) -> Lookup:
    return Lookup(config_for(fake_api, tmp_path / "cache"))
