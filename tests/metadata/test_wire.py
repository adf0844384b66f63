"""One request on the wire: its one deadline, a stop heard in flight, and where a redirect
may lead. Deadlines here are tiny, against a server that drips a byte at a time."""

from typing import Any

import pytest

from litman.core.errors import Cancelled
from litman.metadata.errors import LookupFailed
from litman.metadata.identifiers import parse
from litman.metadata.lookup import Lookup
from litman.metadata.transport import may_follow
from tests.metadata.conftest import config_for
from tests.metadata.fake_api import FakeApi, Reply

W2SG = parse("10.5555/w2sg.0001")
ZENODO = parse("10.5555/zenodo.0003")


@pytest.mark.parametrize("head", [False, True], ids=["body", "headers"])
def test_a_server_that_drips_a_byte_at_a_time_is_left_at_the_deadline(
    fake_api: FakeApi, head: bool
) -> None:
    lookup = Lookup(config_for(fake_api, None, timeout=0.3, retries=0))
    fake_api.queue("/crossref/", Reply(200, drip=0.02, drip_head=head))
    with pytest.raises(LookupFailed) as caught:
        lookup.sources[1].lookup(W2SG, lambda: False)
    assert str(caught.value) == "Crossref did not answer within 0.3 s (127.0.0.1)."


def test_stop_ends_a_request_in_flight(fake_api: FakeApi) -> None:
    lookup = Lookup(config_for(fake_api, None, timeout=60.0, retries=0))
    fake_api.queue("/crossref/", Reply(200, drip=0.02))
    with pytest.raises(Cancelled):
        lookup.resolve(W2SG, fake_api.arrived.is_set)
    assert fake_api.paths() == ["/crossref/works/10.5555/w2sg.0001"]  # nothing asked after


def test_a_redirect_to_another_host_is_not_followed(fake_api: FakeApi) -> None:
    lookup = Lookup(config_for(fake_api, None))
    elsewhere = fake_api.url.replace("127.0.0.1", "localhost") + "/doi/10.5555/zenodo.0003"
    fake_api.queue("/doi/", Reply(302, b"", {"Location": elsewhere}))
    with pytest.raises(LookupFailed) as caught:
        lookup.sources[2].lookup(ZENODO, lambda: False)
    assert str(caught.value).startswith(f"doi.org sent the request on to {elsewhere[:40]}")
    assert "follows a redirect only over HTTPS within the same service" in str(caught.value)
    assert fake_api.paths() == ["/doi/10.5555/zenodo.0003"]  # asked once, at the source


def test_a_redirect_refused_by_doi_org_leaves_the_lookup_to_openalex(fake_api: FakeApi) -> None:
    lookup = Lookup(config_for(fake_api, None))
    fake_api.queue("/crossref/", Reply(404, b"Resource not found."))
    fake_api.queue("/doi/", Reply(302, b"", {"Location": "http://publisher.example/landing"}))
    work = '{"doi": "https://doi.org/10.5555/w2sg.0001", "title": "From OpenAlex"}'
    fake_api.queue("/openalex/", Reply(200, work.encode()))
    found = lookup.resolve(W2SG)
    assert (found.source, found.paper.title) == ("OpenAlex", "From OpenAlex")


@pytest.mark.parametrize(
    ("origin", "target", "followed"),
    [
        # doi.org hands content negotiation to the DOI's registration agency
        ("https://doi.org/10.1/x", "https://api.crossref.org/v1/works/10.1/x/transform", True),
        ("https://doi.org/10.1/x", "https://api.datacite.org/dois/10.1/x", True),
        ("https://doi.org/10.1/x", "https://data.medra.org/10.1/x", True),
        ("https://doi.org/10.1/x", "https://citation.doi.org/metadata?doi=10.1/x", True),
        # ... but never down to plain HTTP, nor to a publisher or a look-alike host
        ("https://doi.org/10.1/x", "http://api.crossref.org/v1/works/10.1/x", False),
        ("https://doi.org/10.1/x", "https://www.publisher.example/article/1", False),
        ("https://doi.org/10.1/x", "https://api.crossref.org.evil.example/x", False),
        ("https://doi.org/10.1/x", "https://evilcrossref.org/x", False),
        ("https://doi.org/10.1/x", "file:///etc/passwd", False),
        # a plain-HTTP mirror may move within itself, and up to HTTPS on its own host
        ("http://127.0.0.1:8000/doi/x", "http://127.0.0.1:8000/doi/y", True),
        ("http://127.0.0.1:8000/doi/x", "https://127.0.0.1/doi/y", True),
        ("http://127.0.0.1:8000/doi/x", "http://127.0.0.1:8001/doi/y", False),
        ("http://127.0.0.1:8000/doi/x", "http://localhost:8000/doi/y", False),
    ],
)
def test_where_doi_orgs_redirects_may_lead(origin: str, target: str, followed: bool) -> None:
    from litman.metadata.doi import DoiSource

    assert may_follow(origin, target, DoiSource.follows) is followed


def test_crossref_follows_no_redirect_to_another_service() -> None:
    from litman.metadata.crossref import CrossrefSource

    here = "https://api.crossref.org/works/10.1/x"
    assert may_follow(here, "https://api.crossref.org/v1/works/10.1/x", CrossrefSource.follows)
    assert not may_follow(here, "https://api.datacite.org/dois/10.1/x", CrossrefSource.follows)


# -- over HTTPS, as every real source is asked -----------------------------------------------


def test_a_record_is_read_over_https(tls_api: FakeApi) -> None:
    lookup = Lookup(config_for(tls_api, None))
    assert tls_api.url.startswith("https://")
    assert lookup.resolve(W2SG).paper.doi == "10.5555/w2sg.0001"


def test_a_server_that_drips_over_https_is_left_at_the_deadline(tls_api: FakeApi) -> None:
    lookup = Lookup(config_for(tls_api, None, timeout=0.3, retries=0))
    tls_api.queue("/crossref/", Reply(200, drip=0.02, drip_head=True))
    with pytest.raises(LookupFailed, match=r"^Crossref did not answer within 0\.3 s"):
        lookup.sources[1].lookup(W2SG, lambda: False)


def test_a_redirect_from_https_down_to_http_is_not_followed(
    tls_api: FakeApi, fake_api: FakeApi
) -> None:
    lookup = Lookup(config_for(tls_api, None))
    plain = f"{fake_api.url}/doi/10.5555/zenodo.0003"
    assert plain.startswith("http://127.0.0.1:")  # the same host, without TLS
    tls_api.queue("/doi/", Reply(302, b"", {"Location": plain}))
    with pytest.raises(LookupFailed, match="follows a redirect only over HTTPS"):
        lookup.sources[2].lookup(ZENODO, lambda: False)
    assert fake_api.requests == []


def _slow_resolver(monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any, Any]:
    """`getaddrinfo` as a dead DNS server makes it: it answers after seconds that no
    socket timeout bounds (here 5, or when the test releases it). Events: asked, release,
    answered."""
    import socket
    import threading

    asked, release, answered = threading.Event(), threading.Event(), threading.Event()
    real = socket.getaddrinfo

    def slow(*args: Any, **kwargs: Any) -> Any:
        asked.set()
        release.wait(5)
        answered.set()
        return real(*args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", slow)
    return asked, release, answered


def test_stop_is_heard_while_the_name_is_being_resolved(
    fake_api: FakeApi, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked, release, answered = _slow_resolver(monkeypatch)
    lookup = Lookup(config_for(fake_api, None, timeout=60.0, retries=0))
    try:
        with pytest.raises(Cancelled):
            lookup.sources[1].lookup(W2SG, asked.is_set)
        assert not answered.is_set()  # stopped while the name was still being resolved
    finally:
        release.set()


def test_a_name_that_takes_too_long_to_resolve_is_left_at_the_deadline(
    fake_api: FakeApi, monkeypatch: pytest.MonkeyPatch
) -> None:
    _asked, release, answered = _slow_resolver(monkeypatch)
    lookup = Lookup(config_for(fake_api, None, timeout=0.3, retries=0))
    try:
        with pytest.raises(LookupFailed, match=r"^Crossref did not answer within 0\.3 s"):
            lookup.sources[1].lookup(W2SG, lambda: False)
        assert not answered.is_set()  # left at the deadline, not when the name came
    finally:
        release.set()
