"""Live news of a shared library (litman.core.store.live): another client's commit is heard at once
through LISTEN/NOTIFY, and a server that goes away and comes back
is said both times, with a catch-up after."""

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from litman.core.errors import ServerUnreachableError
from litman.core.library.facade import Library
from litman.core.records import NewPaper, Status
from tests.gates import lacking
from tests.pg_server import Cluster

# Only so that a notice that never comes does not hang the run: no time is asserted (how
# soon a window shows it is benchmarks/bench_two_windows.py's to measure).
GIVE_UP_S = 120.0


class Heard:
    """The watch's callbacks, as events a test waits on."""

    def __init__(self) -> None:
        self.changed = threading.Event()
        self.states: list[tuple[bool, str]] = []
        self.down = threading.Event()
        self.up = threading.Event()

    def on_changed(self) -> None:
        self.changed.set()

    def on_state(self, up: bool, why: str) -> None:
        self.states.append((up, why))
        (self.up if up else self.down).set()


@pytest.fixture
def writer_and_watcher(pg_seeded_url: str) -> Iterator[tuple[Library, Library, Heard]]:
    writer, watcher = Library.open(pg_seeded_url), Library.open(pg_seeded_url)
    heard = Heard()
    watch = watcher.watch(heard.on_changed, heard.on_state)
    assert watch is not None
    watch.start()
    assert watch.listening.wait(5)
    yield writer, watcher, heard
    watch.stop()
    writer.close()
    watcher.close()


def test_a_commit_elsewhere_is_heard_without_asking(
    writer_and_watcher: tuple[Library, Library, Heard],
) -> None:
    writer, watcher, heard = writer_and_watcher
    pid = writer.list_ids()[0]
    writer.papers.set_status([pid], Status.READ)
    assert heard.changed.wait(GIVE_UP_S), "no notice"
    assert watcher.changed_elsewhere()
    assert watcher.get(pid).status == Status.READ


def test_a_file_library_has_no_watch(library_path: Path) -> None:
    with Library.open(library_path) as lib:
        assert lib.watch(lambda: None, lambda _up, _why: None) is None


@pytest.fixture
def own_cluster() -> Iterator[Cluster]:
    """A cluster of this test's own, to stop and start again."""
    from tests import pg_server

    if pg_server.binaries() is None:
        lacking("tool", "PostgreSQL (initdb, pg_ctl; scripts/setup.sh test installs it)")
    cluster = pg_server.start()
    yield cluster
    cluster.stop()


def test_a_server_that_goes_away_is_said_and_its_return_caught_up(own_cluster: Cluster) -> None:
    url = own_cluster.url()
    lib, other = Library.open(url), Library.open(url)
    heard = Heard()
    watch = lib.watch(heard.on_changed, heard.on_state)
    assert watch is not None
    watch.retry_s = 0.1
    watch.start()
    try:
        assert watch.listening.wait(5)
        own_cluster.halt()
        assert heard.down.wait(5)
        up, why = heard.states[0]
        assert not up and why and "\n" not in why
        with pytest.raises(ServerUnreachableError, match="Cannot reach the server"):
            lib.papers.add_paper(NewPaper(title="Lost"))
        own_cluster.resume()
        assert heard.up.wait(10)
        assert heard.changed.wait(5)  # what was missed is read from the journal
        other.papers.add_paper(NewPaper(title="After"))
        assert [p.title for p in lib.list_papers()] == ["After"]
    finally:
        watch.stop()
        lib.close()
        other.close()


def test_two_threads_following_at_once_keep_the_index(
    writer_and_watcher: tuple[Library, Library, Heard],
) -> None:
    """The watch's thread and the window's both call changed_elsewhere: neither may take
    the other's half of the news for a write the journal does not tell of (which marked the
    index stale: a reconcile of every paper, seconds at 100k)."""
    writer, watcher, _heard = writer_and_watcher
    watcher.search("warm up")
    pid = writer.list_ids()[0]
    for n in range(20):
        writer.tags.add_tag(f"race-{n}", [pid])
        start = threading.Barrier(2)

        def follow(start: threading.Barrier) -> None:
            start.wait()
            watcher.changed_elsewhere()

        threads = [threading.Thread(target=follow, args=(start,)) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert watcher.index_built(), f"the index was marked stale in round {n}"


def test_connections_notice_a_server_gone_quiet_unless_the_url_says(pg_url: str) -> None:
    """Over a network, a server that stopped answering fails a connection in seconds (TCP
    keepalives, a user timeout), not after the system's hours; the URL's own values win."""

    def params(url: str) -> dict[str, str]:
        with Library.open(url) as lib, lib._store.engine.connect() as conn:
            raw = conn.connection.dbapi_connection
            assert raw is not None
            return dict(raw.info.get_parameters())

    found = params(pg_url)
    assert found["keepalives_idle"] == "10" and found["tcp_user_timeout"] == "20000"
    assert found["connect_timeout"] == "5"
    assert params(f"{pg_url}&keepalives_idle=30")["keepalives_idle"] == "30"
