"""Shared fixtures. Qt runs offscreen; no test touches the user's real library."""

from __future__ import annotations

import os
import shutil
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from hypothesis import settings

from tests import hangs
from tests.gates import corpora_dir, lacking, require_tool, summary

if TYPE_CHECKING:
    from litman.core.library.facade import Library
    from tests.metadata.fake_api import FakeApi
    from tests.pg_server import Cluster

__all__ = ["corpora_dir", "require_tool"]  # for the tests that import them from here

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

# `make test` is deterministic: the same examples every run, no example database replaying
# an old failure. `make fuzz` (scripts/fuzz.sh) picks the "fuzz" profile and a fresh seed.
settings.register_profile("deterministic", derandomize=True, database=None, print_blob=True)
settings.register_profile("fuzz", derandomize=False, print_blob=True)
settings.load_profile(os.environ.get("LITMAN_HYPOTHESIS", "deterministic"))

ROOT = Path(__file__).resolve().parent.parent


# A test that hangs is stopped with its stacks on record (tests/hangs.py).
pytest_runtest_protocol = hangs.pytest_runtest_protocol


def pytest_configure(config: pytest.Config) -> None:
    hangs.clear(config)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    summary(terminalreporter)
    hangs.report(terminalreporter)


@pytest.fixture(autouse=True)
def _isolated_home(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Point the default library and settings at a temporary home for every test."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.delenv("LITMAN_LIBRARY", raising=False)


# No test reaches a real host: metadata lookup's defaults point at a closed local port, and a
# connection to any address but this machine's fails at once.
_CLOSED = "http://127.0.0.1:9"
_LOOKUP_ENV = {
    "LITMAN_CROSSREF_URL": _CLOSED,
    "LITMAN_DOI_URL": _CLOSED,
    "LITMAN_ARXIV_URL": _CLOSED,
    "LITMAN_OPENALEX_URL": _CLOSED,
    "LITMAN_LOOKUP_PAUSE": "0",
}
_real_connect = socket.socket.connect


def _local_only(sock: socket.socket, address: object) -> None:
    if sock.family in (socket.AF_INET, socket.AF_INET6):
        host = address[0] if isinstance(address, tuple) else address
        if host not in ("127.0.0.1", "::1", "localhost"):
            raise OSError(f"tests never reach a real host (asked for {host})")
    _real_connect(sock, address)  # type: ignore[arg-type]


@pytest.fixture(autouse=True)
def _no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in _LOOKUP_ENV.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(socket.socket, "connect", _local_only)


@pytest.fixture
def fake_api(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeApi]:
    """Crossref, doi.org, arXiv and OpenAlex served from tests/metadata/fixtures on
    127.0.0.1, with the environment pointing litman at it."""
    from tests.metadata.fake_api import FakeApi

    api = FakeApi().start()
    for name, url in api.urls().items():
        monkeypatch.setenv(f"LITMAN_{name.upper()}", url)
    yield api
    api.stop()


@pytest.fixture
def library_path(tmp_path: Path) -> Path:
    return tmp_path / "lib.sqlite"


# The stores the core tests run against: every test under tests/core that takes `library`
# or `seeded` runs once on a library file and once on a PostgreSQL database, unless marked
# `file_only` (it tests what only a file has: its path, its backups, SQLite itself). Tests
# elsewhere marked `both_stores` run on both too (the hostile imports: what reaches a
# server is parameterised).
STORES = ("sqlite", "postgresql")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "store" not in metafunc.fixturenames:
        return
    core = metafunc.module.__name__.startswith("tests.core.")
    core = core or metafunc.definition.get_closest_marker("both_stores") is not None
    file_only = metafunc.definition.get_closest_marker("file_only") is not None
    kinds = STORES if core and not file_only else STORES[:1]
    metafunc.parametrize("store", kinds, indirect=True)


# A test on a PostgreSQL server is `slow` (out of `make test-fast`): a worker's first one
# starts the server (29 s on the loaded 2-core machine, as much as the 40 slowest SQLite tests),
# and each later one averaged twice its SQLite twin (a database made from a template).
PG_FIXTURES = {"pg_cluster", "own_cluster"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        callspec = getattr(item, "callspec", None)
        on_server = callspec is not None and callspec.params.get("store") == "postgresql"
        if on_server or PG_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)


@pytest.fixture
def store(request: pytest.FixtureRequest) -> str:
    """Which store `library` and `seeded` open: "sqlite" (a file) or "postgresql"."""
    return str(getattr(request, "param", "sqlite"))


@pytest.fixture
def library(store: str, library_path: Path, request: pytest.FixtureRequest) -> Iterator[Library]:
    from litman.core.library.facade import Library

    where = request.getfixturevalue("pg_url") if store == "postgresql" else library_path
    lib = Library.open(where)
    yield lib
    lib.close()


@pytest.fixture(scope="session")
def _seeded_master(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The seed library, built once per session; tests get copies."""
    from litman import app
    from litman.core.library.facade import Library

    path = tmp_path_factory.mktemp("seeded") / "seeded.sqlite"
    with Library.open(path) as lib:
        app.import_seeds(lib)
    return path


@pytest.fixture
def seeded_path(_seeded_master: Path, tmp_path: Path) -> Path:
    target = tmp_path / "seeded.sqlite"
    shutil.copyfile(_seeded_master, target)
    return target


@pytest.fixture
def seeded(store: str, request: pytest.FixtureRequest) -> Iterator[Library]:
    """The seed library: a copy of the seeded file, or a database made from the seeded
    template database (`_pg_seeded`)."""
    from litman.core.library.facade import Library

    if store == "postgresql":
        where: str | Path = request.getfixturevalue("pg_seeded_url")
    else:
        where = request.getfixturevalue("seeded_path")
    lib = Library.open(where)
    yield lib
    lib.close()


@pytest.fixture
def seeded_where(seeded: Library, store: str, request: pytest.FixtureRequest) -> str | Path:
    """Where `seeded` lives, to open it again as another client would: its file, or its
    database's URL."""
    if store == "postgresql":
        return str(request.getfixturevalue("pg_seeded_url"))
    return Path(seeded.path)


@pytest.fixture
def checks(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Every PRAGMA quick_check run, by path (the real check runs)."""
    from litman.core.store import sqlite

    seen: list[Path] = []
    real = sqlite.quick_check

    def counted(path: Path) -> str:
        seen.append(Path(path))
        return real(path)

    monkeypatch.setattr(sqlite, "quick_check", counted)
    return seen


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    """A throwaway PostgreSQL cluster for this test process (tests/pg_server.py), started on
    first use and stopped at the end. Without PostgreSQL: a failure under `make test`, else
    a skip that names it (tests/gates.py)."""
    from tests import pg_server

    if pg_server.binaries() is None:
        lacking("tool", "PostgreSQL (initdb, pg_ctl; scripts/setup.sh test installs it)")
    cluster = pg_server.start()
    yield cluster
    cluster.stop()


def _new_database(pg_cluster: Cluster, template: str | None = None) -> Iterator[str]:
    """A fresh database on the test cluster (a copy of `template`), dropped after."""
    import uuid

    from sqlalchemy import create_engine, text

    name = f"t_{uuid.uuid4().hex[:12]}"
    admin = create_engine(pg_cluster.url(), isolation_level="AUTOCOMMIT")
    copy = f' TEMPLATE "{template}"' if template else ""
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"{copy}'))
    yield pg_cluster.url(name)
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
    admin.dispose()


@pytest.fixture
def pg_url(pg_cluster: Cluster) -> Iterator[str]:
    """A fresh, empty database on the test cluster: its SQLAlchemy URL (dropped after)."""
    yield from _new_database(pg_cluster)


@pytest.fixture(scope="session")
def _pg_seeded(pg_cluster: Cluster) -> str:
    """A database holding the seed library, made once: the template of `pg_seeded_url`."""
    from sqlalchemy import create_engine, text

    from litman import app
    from litman.core.library.facade import Library

    admin = create_engine(pg_cluster.url(), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text('CREATE DATABASE "seeded"'))
    admin.dispose()
    with Library.open(pg_cluster.url("seeded")) as lib:
        app.import_seeds(lib)
    return "seeded"


@pytest.fixture
def pg_seeded_url(pg_cluster: Cluster, _pg_seeded: str) -> Iterator[str]:
    """A fresh copy of the seed library in its own database."""
    yield from _new_database(pg_cluster, _pg_seeded)


@pytest.fixture(scope="module")
def own_cluster() -> Iterator[Cluster]:
    """A PostgreSQL server of the test module's own, holding the seeds: to stop and start
    again (`halt`, `resume`) without touching the session's server."""
    from litman import app
    from litman.core.library.facade import Library
    from tests import pg_server

    if pg_server.binaries() is None:
        lacking("tool", "PostgreSQL (initdb, pg_ctl; scripts/setup.sh test installs it)")
    cluster = pg_server.start()
    with Library.open(cluster.url()) as lib:
        app.import_seeds(lib)
    yield cluster
    cluster.stop()
