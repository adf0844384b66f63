"""One GET on the wire: one deadline for the whole request, a stop that ends it in flight,
and redirects followed only to HTTPS on the same service.

urllib's `timeout` bounds each socket operation, not the request: a server that sends a
byte a second keeps a read alive for ever. Here a watcher thread shuts the connection down
when the request's deadline passes or the user stops the lookup, which ends a blocked read
at once in whatever phase it is (connecting, the TLS handshake, the headers, the body); the
host's name is resolved on a thread of its own, waited for under the same watch.

urllib follows any `Location`, to any host and from HTTPS down to HTTP. Here a hop is
followed only over HTTPS to the host asked or to a domain the source names as its own
(`api.crossref.org` for Crossref; for doi.org, the registration agencies it hands content
negotiation to: Crossref, DataCite, mEDRA, JaLC). A source configured on plain HTTP (a local
mirror, a test server) may also move within the same host and port. Anything else is
`RedirectRefused`: nothing is sent there.
"""

import contextlib
import functools
import http.client
import socket
import threading
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterable
from typing import Any

STEP = 0.05  # seconds between the watcher's looks at the clock and the stop flag


class Ended(Exception):
    """The watcher ended the request: `why` is "deadline" or "cancel"."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


class RedirectRefused(Exception):
    def __init__(self, target: str) -> None:
        super().__init__(target)
        self.target = target


class Watch:
    """Shuts down a request's sockets when its deadline passes or `cancelled()` says so."""

    def __init__(
        self, deadline: float, clock: Callable[[], float], cancelled: Callable[[], bool]
    ) -> None:
        self.deadline, self.clock, self.cancelled = deadline, clock, cancelled
        self.ended = ""
        self._socks: list[socket.socket] = []
        self._lock = threading.Lock()
        self._over = threading.Event()
        self._thread = threading.Thread(target=self._run, name="litman-lookup-watch", daemon=True)

    def __enter__(self) -> "Watch":
        self._thread.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        with self._lock:  # after this, no socket is shut down by the watcher
            self._over.set()
        self._thread.join()

    def left(self) -> float:
        """Seconds to the deadline: each socket operation's own timeout, as a backstop."""
        return max(self.deadline - self.clock(), 0.001)

    def add(self, sock: socket.socket) -> None:
        with self._lock:
            self._socks.append(sock)
            if self.ended:
                _shut(sock)

    def _run(self) -> None:
        while not self._over.wait(STEP):
            why = "cancel" if self.cancelled() else ""
            why = why or ("deadline" if self.clock() >= self.deadline else "")
            if why:
                with self._lock:
                    if not self._over.is_set():
                        self.ended = why
                        for sock in self._socks:
                            _shut(sock)
                return


def _shut(sock: socket.socket) -> None:
    """End the connection under a blocked read: the base socket's shutdown (an SSL
    socket's own would tear down its state under the reading thread)."""
    with contextlib.suppress(OSError):  # already closed: the request is over
        socket.socket.shutdown(sock, socket.SHUT_RDWR)


def get(
    url: str,
    headers: dict[str, str],
    watch: Watch,
    max_bytes: int,
    follows: Iterable[str] = (),
) -> bytes:
    """The body of a GET (at most `max_bytes + 1` bytes read), or the error of urllib;
    raises Ended when the watch ended it, RedirectRefused for a hop not followed."""
    handlers: list[urllib.request.BaseHandler] = [_Redirects(url, frozenset(follows)), _HTTP(watch)]
    if hasattr(urllib.request, "HTTPSHandler"):
        handlers.append(_HTTPS(watch))
    opener = urllib.request.build_opener(*handlers)
    request = urllib.request.Request(url, headers=headers)
    try:
        with watch, opener.open(request, timeout=watch.left()) as response:
            body: bytes = response.read(max_bytes + 1)
    except Exception:
        if watch.ended:
            raise Ended(watch.ended) from None
        raise
    if watch.ended:  # a shut-down read can look like the end of a short answer
        raise Ended(watch.ended)
    return body


def may_follow(origin: str, target: str, follows: frozenset[str]) -> bool:
    """Whether a redirect from the source at `origin` to `target` is followed."""
    o, t = urllib.parse.urlsplit(origin), urllib.parse.urlsplit(target)
    host = (t.hostname or "").lower()
    if t.scheme == "http":
        return o.scheme == "http" and host == (o.hostname or "").lower() and t.port == o.port
    own = {(o.hostname or "").lower(), *follows}
    return t.scheme == "https" and any(host == d or host.endswith("." + d) for d in own)


class _Redirects(urllib.request.HTTPRedirectHandler):
    def __init__(self, origin: str, follows: frozenset[str]) -> None:
        self.origin, self.follows = origin, follows

    def redirect_request(
        self,
        req: urllib.request.Request,
        fp: Any,
        code: int,
        msg: str,
        headers: Any,
        newurl: str,
    ) -> urllib.request.Request | None:
        if not may_follow(self.origin, newurl, self.follows):
            fp.close()
            raise RedirectRefused(newurl)
        return super().redirect_request(req, fp, code, msg, headers, newurl)


def _resolve(host: str, port: int, watch: Watch) -> list[Any]:
    """`getaddrinfo` on a thread of its own, waited for under the watch: a resolver that
    does not answer holds it for tens of seconds, which no socket timeout bounds. Left to
    finish alone when the watch ends the request."""
    found: list[Any] = []
    done = threading.Event()

    def run() -> None:
        try:
            found.append(socket.getaddrinfo(host, port, type=socket.SOCK_STREAM))
        except OSError as exc:
            found.append(exc)
        finally:
            done.set()

    threading.Thread(target=run, name="litman-lookup-resolve", daemon=True).start()
    while not done.wait(STEP):
        if watch.ended:
            raise Ended(watch.ended)
    if isinstance(found[0], OSError):
        raise found[0]
    return list(found[0])


def _watched_connection(watch: Watch) -> Callable[..., socket.socket]:
    """`socket.create_connection` for http.client, with the name resolved and each socket
    watched (`_resolve`, `Watch.add`)."""

    def create(address: tuple[str, int], timeout: Any = None, source: Any = None) -> socket.socket:
        error: OSError = OSError(f"no address for {address[0]}")
        for family, kind, proto, _name, where in _resolve(*address, watch):
            sock = socket.socket(family, kind, proto)
            watch.add(sock)
            try:
                sock.settimeout(watch.left())
                if source:
                    sock.bind(source)
                sock.connect(where)
                return sock
            except OSError as exc:
                error = exc
                sock.close()
        raise error

    return create


class _Watched:
    """A connection whose sockets the request's watch holds, from the first connect on."""

    def __init__(self, *args: Any, watch: Watch, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.watch = watch
        self._create_connection = _watched_connection(watch)


class _WatchedHTTP(_Watched, http.client.HTTPConnection):
    def connect(self) -> None:
        self.timeout = self.watch.left()
        super().connect()
        self.watch.add(self.sock)


class _HTTP(urllib.request.HTTPHandler):
    def __init__(self, watch: Watch) -> None:
        super().__init__()
        self.watch = watch

    def do_open(self, http_class: Any, req: urllib.request.Request, **kwargs: Any) -> Any:
        return super().do_open(functools.partial(_WatchedHTTP, watch=self.watch), req, **kwargs)


if hasattr(urllib.request, "HTTPSHandler"):  # a frozen build without ssl has no HTTPS

    class _WatchedHTTPS(_Watched, http.client.HTTPSConnection):
        def connect(self) -> None:
            """HTTPSConnection.connect, with the socket watched before the TLS handshake."""
            self.timeout = self.watch.left()
            http.client.HTTPConnection.connect(self)
            self.watch.add(self.sock)
            host = self._tunnel_host or self.host  # type: ignore[attr-defined]
            context = self._context  # type: ignore[attr-defined]
            self.sock = context.wrap_socket(
                self.sock, server_hostname=host, do_handshake_on_connect=False
            )
            self.watch.add(self.sock)
            self.sock.do_handshake()

    class _HTTPS(urllib.request.HTTPSHandler):
        def __init__(self, watch: Watch) -> None:
            super().__init__()
            self.watch = watch

        def do_open(self, http_class: Any, req: urllib.request.Request, **kwargs: Any) -> Any:
            return super().do_open(
                functools.partial(_WatchedHTTPS, watch=self.watch), req, **kwargs
            )
