"""The one place litman opens a network connection: polite, bounded GET requests.

Built on the standard library's `urllib.request`: lookups are a handful of sequential GETs,
and urllib gives timeouts, redirects and HTTPS with the system's certificates without a new
dependency in the bundle; retries, pauses and the size cap are a few lines here either way.
Each source has its own `Channel`: one request at a time (a lock), the pause its service asks
between requests, retries with doubling back-off on 429 and 5xx (honouring a short
Retry-After), a timeout on every request and a cap on the bytes read. A source that cannot be
reached raises `Offline` with one line; successful answers are cached for a week.
"""

import json
import os
import re
import socket
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Mapping
from email.message import Message
from pathlib import Path
from typing import Any, TypeVar

from litman.core.errors import Cancelled
from litman.metadata.cache import ResponseCache
from litman.metadata.config import LookupConfig
from litman.metadata.errors import BadResponse, LookupFailed, NotFound, Offline

RETRY_STATUS = frozenset({429, 500, 502, 503, 504})
CancelCheck = Callable[[], bool]
T = TypeVar("T")


def _never() -> bool:
    return False


class Channel:
    """Requests to one source, one at a time."""

    def __init__(
        self,
        key: str,
        name: str,
        config: LookupConfig,
        cache: ResponseCache,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.name = name  # as the user knows it, in messages
        self.config = config
        self.cache = cache
        self.pause = config.pauses.get(key, 0.0)
        self._sleep = sleep
        self._lock = threading.Lock()
        self._last = 0.0

    def get(
        self,
        url: str,
        params: Mapping[str, str] | None,
        parse: Callable[[bytes], T],
        accept: str = "application/json",
        cancelled: CancelCheck = _never,
    ) -> T:
        """`parse` of the body of a successful GET; raises NotFound (404/410), Offline, or
        LookupFailed after the retries are spent. Only an answer that parses is cached
        (arXiv throttles with a 200 and plain text)."""
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
            body = self._fetch(url, accept, cancelled)
        result = parse(body)
        self.cache.put(key, body)
        return result

    def _fetch(self, url: str, accept: str, cancelled: CancelCheck) -> bytes:
        wait = self.config.backoff
        for attempt in range(self.config.retries + 1):
            self._wait_turn(cancelled)
            try:
                return self._once(url, accept)
            except urllib.error.HTTPError as exc:
                if exc.code in (404, 410):
                    raise NotFound(f"{self.name}: no record at {_short(url)}.") from None
                if exc.code not in RETRY_STATUS or attempt == self.config.retries:
                    raise LookupFailed(f"{self.name} answered {exc.code} {exc.reason}.") from None
                self._pause(_retry_after(exc.headers, wait, self.config.max_wait), cancelled)
                wait *= 2
        raise AssertionError("unreachable")  # pragma: no cover

    def _once(self, url: str, accept: str) -> bytes:
        request = urllib.request.Request(
            url, headers={"Accept": accept, "User-Agent": self.config.user_agent}
        )
        host = urllib.parse.urlsplit(url).hostname or url
        try:
            with urllib.request.urlopen(request, timeout=self.config.timeout) as response:
                body: bytes = response.read(self.config.max_bytes + 1)
        except urllib.error.HTTPError:
            raise
        except TimeoutError:
            raise LookupFailed(
                f"{self.name} did not answer within {self.config.timeout:g} s ({host})."
            ) from None
        except urllib.error.URLError as exc:
            if isinstance(exc.reason, TimeoutError):
                raise LookupFailed(
                    f"{self.name} did not answer within {self.config.timeout:g} s ({host})."
                ) from None
            raise Offline(
                f"Looking up metadata needs the network: could not reach {host} ({_why(exc)})."
            ) from None
        except (OSError, ValueError) as exc:  # reset mid-answer, a malformed status line
            raise LookupFailed(f"{self.name}: the connection failed ({exc}).") from None
        finally:
            self._last = time.monotonic()
        if len(body) > self.config.max_bytes:
            raise BadResponse(
                f"{self.name} sent more than {self.config.max_bytes:,} bytes; "
                "the answer was not read."
            )
        return body

    def _wait_turn(self, cancelled: CancelCheck) -> None:
        gap = self._last + self.pause - time.monotonic()
        if self._last and gap > 0:
            self._pause(gap, cancelled)

    def _pause(self, seconds: float, cancelled: CancelCheck) -> None:
        """Sleep in short steps, so that a cancel is heard within a tenth of a second."""
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
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


def _retry_after(headers: Message | None, default: float, cap: float) -> float:
    value = headers.get("Retry-After", "") if headers is not None else ""
    try:
        return min(max(float(value), 0.0), cap)
    except ValueError:
        return min(default, cap)


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
