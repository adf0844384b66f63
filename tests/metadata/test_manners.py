"""How lookup behaves when a source misbehaves: throttling, silence, junk, floods, no network."""

from pathlib import Path

import pytest

from litman.core.errors import Cancelled
from litman.metadata.errors import BadResponse, LookupFailed, NotFound, Offline
from litman.metadata.identifiers import parse
from litman.metadata.lookup import Lookup
from tests.metadata.conftest import FakeTime, config_for
from tests.metadata.fake_api import FakeApi, Reply

W2SG = parse("10.5555/w2sg.0001")


def test_a_429_is_retried_after_a_pause_and_then_succeeds(
    fake_api: FakeApi, fake_time: FakeTime
) -> None:
    lookup = Lookup(config_for(fake_api, None), fake_time.sleep, fake_time.clock)
    fake_api.queue("/crossref/", Reply(429, b"Too Many Requests", {"Retry-After": "0.05"}))
    found = lookup.resolve(W2SG)
    assert found.source == "Crossref"
    assert fake_api.paths("/crossref/") == ["/crossref/works/10.5555/w2sg.0001"] * 2
    assert sum(fake_time.slept) == pytest.approx(0.05)  # Retry-After was honoured


@pytest.mark.parametrize(
    "headers",
    [
        {"Retry-After": "120"},
        {"Retry-After": "Wed, 02 Dec 2026 05:02:00 GMT", "Date": "Wed, 02 Dec 2026 05:00:00 GMT"},
    ],
    ids=["seconds", "http-date"],
)
def test_retry_after_is_waited_for_as_long_as_it_asks(
    fake_api: FakeApi, fake_time: FakeTime, headers: dict[str, str]
) -> None:
    lookup = Lookup(config_for(fake_api, None), fake_time.sleep, fake_time.clock)
    fake_api.queue("/crossref/", Reply(503, b"busy", headers))
    assert lookup.resolve(W2SG).source == "Crossref"
    assert sum(fake_time.slept) == pytest.approx(120)
    assert len(fake_api.paths("/crossref/")) == 2


def test_a_retry_after_longer_than_anyone_waits_fails_at_once_and_says_so(
    fake_api: FakeApi, fake_time: FakeTime
) -> None:
    lookup = Lookup(config_for(fake_api, None), fake_time.sleep, fake_time.clock)
    fake_api.queue("/crossref/", Reply(429, b"slow down", {"Retry-After": "7200"}))
    with pytest.raises(LookupFailed) as caught:
        lookup.sources[1].lookup(W2SG, lambda: False)
    assert str(caught.value) == (
        "Crossref asks us to wait 2 h before asking again; try again later."
    )
    assert fake_time.slept == [] and len(fake_api.paths("/crossref/")) == 1


def test_a_5xx_that_persists_gives_up_after_the_retries(fake_api: FakeApi, tmp_path: Path) -> None:
    lookup = Lookup(config_for(fake_api, None, retries=2))
    fake_api.queue("/crossref/", *[Reply(503, b"busy")] * 3)
    fake_api.queue("/doi/", *[Reply(503, b"busy")] * 3)
    fake_api.queue("/openalex/", *[Reply(503, b"busy")] * 3)
    with pytest.raises(LookupFailed, match="Crossref answered 503"):
        lookup.resolve(W2SG)
    assert len(fake_api.paths("/crossref/")) == 3


def test_a_source_that_does_not_answer_in_time_fails_in_one_line(fake_api: FakeApi) -> None:
    lookup = Lookup(config_for(fake_api, None, timeout=0.3, retries=0))
    fake_api.queue("/arxiv/", Reply(200, b"", delay=5))
    with pytest.raises(LookupFailed) as caught:
        lookup.resolve(parse("2512.99901"))
    assert str(caught.value) == "arXiv did not answer within 0.3 s (127.0.0.1)."


def test_a_malformed_json_answer_is_refused_and_nothing_used(
    lookup: Lookup, fake_api: FakeApi
) -> None:
    fake_api.queue("/crossref/", Reply(200, b'{"status": "ok", "message": {"DOI": '))
    fake_api.queue("/doi/", Reply(200, b"<html>not json</html>"))
    fake_api.queue("/openalex/", Reply(200, b"[1, 2"))
    with pytest.raises(BadResponse, match="Crossref sent an answer that is not JSON"):
        lookup.resolve(W2SG)


@pytest.mark.parametrize(
    "body",
    [b'{"status": "ok", "message": ["not", "a", "work"]}', b'{"message": {"title": []}}', b"null"],
)
def test_json_of_the_wrong_shape_is_refused(lookup: Lookup, fake_api: FakeApi, body: bytes) -> None:
    source = lookup.sources[1]
    fake_api.queue("/crossref/", Reply(200, body))
    with pytest.raises(BadResponse):
        source.lookup(W2SG, lambda: False)


def test_an_oversized_answer_is_not_read(fake_api: FakeApi) -> None:
    lookup = Lookup(config_for(fake_api, None, max_bytes=10_000))
    fake_api.queue("/crossref/", Reply(200, b'{"message": "' + b"x" * 50_000 + b'"}'))
    with pytest.raises(BadResponse, match="more than 10,000 bytes"):
        lookup.sources[1].lookup(W2SG, lambda: False)


def test_arxivs_error_entry_reads_as_not_found(lookup: Lookup, fake_api: FakeApi) -> None:
    feed = (
        b'<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><entry>'
        b"<id>http://arxiv.org/api/errors#incorrect_id_format_for_2512.9</id>"
        b"<title>Error</title><summary>incorrect id format for 2512.9</summary></entry></feed>"
    )
    fake_api.queue("/arxiv/", Reply(200, feed))
    with pytest.raises(NotFound, match="incorrect id format"):
        lookup.resolve(parse("2512.99901"))


def test_arxivs_plain_text_throttle_and_xml_with_entities_are_refused(
    lookup: Lookup, fake_api: FakeApi
) -> None:
    fake_api.queue("/arxiv/", Reply(200, b"Rate exceeded."))
    with pytest.raises(LookupFailed, match="rate exceeded"):
        lookup.resolve(parse("2512.99901"))
    bomb = b'<?xml version="1.0"?><!DOCTYPE f [<!ENTITY a "aaaa">]><feed>&a;</feed>'
    fake_api.queue("/arxiv/", Reply(200, bomb))
    with pytest.raises(BadResponse, match="document type"):
        lookup.resolve(parse("2512.99901"))


def test_offline_says_in_one_line_that_lookup_needs_the_network(tmp_path: Path) -> None:
    lookup = Lookup()  # the test environment points every source at a closed port
    with pytest.raises(Offline) as caught:
        lookup.resolve(W2SG)
    message = str(caught.value)
    assert message.startswith("Looking up metadata needs the network: could not reach 127.0.0.1")
    assert "\n" not in message


def test_an_answer_is_cached_so_asking_again_costs_no_request(
    lookup: Lookup, fake_api: FakeApi
) -> None:
    first = lookup.resolve(W2SG)
    again = Lookup(lookup.config).resolve(W2SG)
    assert again == first
    assert len(fake_api.paths("/crossref/")) == 1


def test_a_week_old_cache_entry_is_asked_again(fake_api: FakeApi, tmp_path: Path) -> None:
    Lookup(config_for(fake_api, tmp_path)).resolve(W2SG)
    Lookup(config_for(fake_api, tmp_path, cache_days=0)).resolve(W2SG)
    assert len(fake_api.paths("/crossref/")) == 2


def test_a_cancel_during_a_back_off_stops_the_lookup(fake_api: FakeApi) -> None:
    lookup = Lookup(config_for(fake_api, None, backoff=5.0))
    fake_api.queue("/crossref/", Reply(503, b"busy"))
    asked = []

    def cancelled() -> bool:
        asked.append(1)
        return len(asked) > 1

    with pytest.raises(Cancelled):
        lookup.resolve(W2SG, cancelled)


def test_one_request_at_a_time_per_source_with_its_pause(
    fake_api: FakeApi, fake_time: FakeTime
) -> None:
    config = config_for(fake_api, None, pauses={"crossref": 0.2})
    lookup = Lookup(config, fake_time.sleep, fake_time.clock)
    lookup.resolve(W2SG)
    assert fake_time.slept == []
    lookup.resolve(parse("10.5555/dpo.0002"))
    assert sum(fake_time.slept) == pytest.approx(0.2)


def test_a_redirect_keeps_the_accept_header_content_negotiation_needs(
    lookup: Lookup, fake_api: FakeApi
) -> None:
    target = f"{fake_api.url}/doi/10.5555/zenodo.0003"
    fake_api.queue("/doi/10.5555/moved", Reply(302, b"", {"Location": target}))
    found = lookup.sources[2].lookup(parse("10.5555/moved.0008"), lambda: False)
    assert found.paper.title == "A Technical Report Only DataCite Knows"
    moved = [s for s in fake_api.requests if s.path == "/doi/10.5555/zenodo.0003"]
    assert moved[0].headers["Accept"] == "application/vnd.citationstyles.csl+json"


def test_a_damaged_cache_entry_is_asked_again(fake_api: FakeApi, tmp_path: Path) -> None:
    Lookup(config_for(fake_api, tmp_path)).resolve(W2SG)
    for entry in tmp_path.rglob("*.json"):
        entry.write_text('{"key": "half an ent')
    again = Lookup(config_for(fake_api, tmp_path)).resolve(W2SG)
    assert again.paper.doi == "10.5555/w2sg.0001"
    assert len(fake_api.paths("/crossref/")) == 2
