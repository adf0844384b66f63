"""Polite, bounded GET requests: the only module the sources ask the network through
(`transport` puts each request on the wire).

Built on the standard library's `urllib.request`: lookups are a handful of sequential GETs,
and urllib gives redirects and HTTPS with the system's certificates without a new
dependency in the bundle; retries, pauses and the size cap are a few lines here either way.
Each source has its own `Channel`: one request at a time (a lock), the pause its service asks
between requests, retries with doubling back-off on 429 and 5xx (waiting as long as
Retry-After asks, up to `max_wait`; beyond that the lookup fails at once and says so), one
deadline for each request, a stop heard even in the middle of one, and a cap on the bytes
read. A source that cannot be reached raises `Offline` with one line; successful answers are
cached for a week.
"""

import email.utils
import http.client
import json
import os
import re
import socket
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterable, Mapping
from datetime import UTC, datetime
from email.message import Message
from pathlib import Path
from typing import Any, TypeVar

from litman.core.errors import Cancelled
from litman.metadata import transport
from litman.metadata.cache import ResponseCache
from litman.metadata.config import LookupConfig
from litman.metadata.errors import BadResponse, LookupFailed, NotFound, Offline

RETRY_STATUS = frozenset({429, 500, 502, 503, 504})
CancelCheck = Callable[[], bool]
T = TypeVar("T")


def _never() -> bool:
    return False


class Channel:
    """Requests to one source, one at a time. `clock` and `sleep` are the time the pauses,
    back-offs and deadlines are measured in (a test gives its own)."""

    def __init__(
        self,
        key: str,
        name: str,
        config: LookupConfig,
        cache: ResponseCache,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.name = name  # as the user knows it, in messages
        self.config = config
        self.cache = cache
        self.pause = config.pauses.get(key, 0.0)
        self._sleep, self._clock = sleep, clock
        self._lock = threading.Lock()
        self._last = 0.0

    def get(
        self,
        url: str,
        params: Mapping[str, str] | None,
        parse: Callable[[bytes], T],
        accept: str = "application/json",
        cancelled: CancelCheck = _never,
        follows: Iterable[str] = (),
    ) -> T:
        """`parse` of the body of a successful GET; raises NotFound (404/410), Offline,
        Cancelled, or LookupFailed after the retries are spent. A redirect is followed over
        HTTPS to the same host or a domain in `follows` (see `transport`). Only an answer
        that parses is cached (arXiv throttles with a 200 and plain text)."""
        if params:
            url = f"{url}?{urllib.parse.urlencode(params)}"
        key = f"{accept} {url}"
        cached = self.cache.get(key)
        if cached is not None:
            try:
                return parse(cached)
            except LookupFailed:
                pass  # an entry from an older litman that reads otherwise: ask again
        with self._lock:
            body = self._fetch(url, accept, cancelled, follows)
        result = parse(body)
        self.cache.put(key, body)
        return result

    def _fetch(
        self, url: str, accept: str, cancelled: CancelCheck, follows: Iterable[str]
    ) -> bytes:
        wait = self.config.backoff
        for attempt in range(self.config.retries + 1):
            self._wait_turn(cancelled)
            try:
                return self._once(url, accept, cancelled, follows)
            except urllib.error.HTTPError as exc:
                exc.close()
                if exc.code in (404, 410):
                    raise NotFound(f"{self.name}: no record at {_short(url)}.") from None
                if exc.code not in RETRY_STATUS or attempt == self.config.retries:
                    raise LookupFailed(f"{self.name} answered {exc.code} {exc.reason}.") from None
                self._pause(self._retry_wait(exc.headers, wait), cancelled)
                wait *= 2
        raise AssertionError("unreachable")  # pragma: no cover

    def _retry_wait(self, headers: Message | None, backoff: float) -> float:
        """The wait a 429 or 5xx asks for (Retry-After, as sent), else the back-off; a wait
        longer than `max_wait` fails the lookup now rather than stall it unseen."""
        asked = retry_after(headers)
        if asked is None:
            return min(backoff, self.config.max_wait)
        if asked > self.config.max_wait:
            raise LookupFailed(
                f"{self.name} asks us to wait {_duration(asked)} before asking again; "
                "try again later."
            )
        return asked

    def _once(self, url: str, accept: str, cancelled: CancelCheck, follows: Iterable[str]) -> bytes:
        headers = {"Accept": accept, "User-Agent": self.config.user_agent}
        host = urllib.parse.urlsplit(url).hostname or url
        late = f"{self.name} did not answer within {self.config.timeout:g} s ({host})."
        watch = transport.Watch(self._clock() + self.config.timeout, self._clock, cancelled)
        try:
            body = transport.get(url, headers, watch, self.config.max_bytes, follows)
        except urllib.error.HTTPError:
            raise
        except transport.Ended as exc:
            if exc.why == "cancel":
                raise Cancelled("Lookup cancelled.") from None
            raise LookupFailed(late) from None
        except transport.RedirectRefused as exc:
            raise LookupFailed(
                f"{self.name} sent the request on to {_short(exc.target)}; litman follows a "
                "redirect only over HTTPS within the same service, so it was not asked."
            ) from None
        except TimeoutError:
            raise LookupFailed(late) from None
        except urllib.error.URLError as exc:
            if isinstance(exc.reason, TimeoutError):
                raise LookupFailed(late) from None
            raise Offline(
                f"Looking up metadata needs the network: could not reach {host} ({_why(exc)})."
            ) from None
        except (OSError, ValueError, http.client.HTTPException) as exc:  # reset mid-answer
            raise LookupFailed(f"{self.name}: the connection failed ({exc}).") from None
        finally:
            self._last = self._clock()
        if len(body) > self.config.max_bytes:
            raise BadResponse(
                f"{self.name} sent more than {self.config.max_bytes:,} bytes; "
                "the answer was not read."
            )
        return body

    def _wait_turn(self, cancelled: CancelCheck) -> None:
        gap = self._last + self.pause - self._clock()
        if self._last and gap > 0:
            self._pause(gap, cancelled)

    def _pause(self, seconds: float, cancelled: CancelCheck) -> None:
        """Sleep in short steps, so that a cancel is heard within a tenth of a second."""
        end = self._clock() + seconds
        while (left := end - self._clock()) > 0:
            if cancelled():
                raise Cancelled("Lookup cancelled.")
            self._sleep(min(left, 0.1))


def https_available() -> bool:
    """Whether this Python can speak HTTPS (a frozen build without ssl cannot)."""
    return hasattr(urllib.request, "HTTPSHandler")


def ca_certificates() -> tuple[int, str]:
    """How many CA certificates an HTTPS request would trust, and where they were looked
    for (no network): a bundle's OpenSSL looks where the build machine keeps them
    (`SSL_CERT_FILE` and `SSL_CERT_DIR` point elsewhere), and finding none there, it would
    refuse every server. A hashed folder is read lazily, so its files are counted."""
    import ssl  # after https_available(): a build without ssl has no module to import

    paths = ssl.get_default_verify_paths()
    count = ssl.create_default_context().cert_store_stats()["x509_ca"]
    folder = Path(paths.capath) if paths.capath else None
    if not count and folder is not None:
        count = sum(1 for f in folder.iterdir() if _HASHED.fullmatch(f.name))
    file = os.environ.get(paths.openssl_cafile_env) or paths.openssl_cafile
    where = f"{file} or {os.environ.get(paths.openssl_capath_env) or paths.openssl_capath}"
    return count, where


_HASHED = re.compile(r"[0-9a-f]{8}\.\d+")  # OpenSSL's c_rehash names: subject hash, number


def retry_after(headers: Message | None) -> float | None:
    """The seconds a Retry-After header asks for: a number, or an HTTP date (counted from
    the answer's own Date, so a wrong clock here does not matter); None when there is none
    or it cannot be read."""
    value = (headers.get("Retry-After") or "").strip() if headers is not None else ""
    if not value:
        return None
    try:
        return max(float(value), 0.0)
    except ValueError:
        pass
    when = _http_date(value)
    if when is None:
        return None
    now = _http_date(headers.get("Date") or "") if headers is not None else None
    return max((when - (now or datetime.now(UTC))).total_seconds(), 0.0)


def _http_date(value: str) -> datetime | None:
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    return when if when.tzinfo else when.replace(tzinfo=UTC)


def _duration(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f} s"
    return f"{seconds / 60:.0f} min" if seconds < 7200 else f"{seconds / 3600:.0f} h"


def _why(exc: urllib.error.URLError) -> str:
    reason = exc.reason
    if isinstance(reason, socket.gaierror):
        return "the name does not resolve"
    if isinstance(reason, ConnectionRefusedError):
        return "connection refused"
    return str(getattr(reason, "strerror", None) or reason)


def _short(url: str, limit: int = 80) -> str:
    return url if len(url) <= limit else url[: limit - 1] + "…"


def json_body(body: bytes, source: str) -> Any:
    """Parsed JSON, or BadResponse: an answer is untrusted input."""
    try:
        return json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise BadResponse(f"{source} sent an answer that is not JSON; nothing was used.") from None
