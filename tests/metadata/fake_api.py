"""A local stand-in for Crossref, doi.org, arXiv and OpenAlex, on 127.0.0.1.

It serves the hand-written records in `fixtures/` (each written from its API's documented
response format, as each file says) the way each service answers: a work by DOI or 404,
Crossref's `filter=isbn:`, arXiv's `id_list` and `abs:"phrase"`, and a simple word-overlap
search for Crossref's `query.bibliographic` and OpenAlex's `search`, wrapped in each API's
list envelope. A test can queue scripted replies (a 429, a slow answer, a huge body) ahead
of the fixtures, and read every request that came in.
"""

import contextlib
import json
import re
import ssl
import threading
import urllib.parse
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

FIXTURES = Path(__file__).parent / "fixtures"
_WORD = re.compile(r"[^\W_]+")


@dataclass
class Reply:
    status: int = 200
    body: bytes = b""
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0  # seconds before answering (a slow server)
    drip: float = 0.0  # seconds between bytes, sent without end (a server that drips)
    drip_head: bool = False  # drip the status line and headers too, not only the body


@dataclass
class Seen:
    path: str
    query: dict[str, str]
    headers: dict[str, str]


def words(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.casefold()) if len(w) > 3}


class Corpus:
    """The fixture records of each source, read once."""

    def __init__(self) -> None:
        self.crossref = [
            json.loads(p.read_text()) for p in sorted(FIXTURES.glob("crossref/*.json"))
        ]
        self.openalex = [
            json.loads(p.read_text()) for p in sorted(FIXTURES.glob("openalex/*.json"))
        ]
        self.csl = [json.loads(p.read_text()) for p in sorted(FIXTURES.glob("doi/*.json"))]
        self.arxiv = [p.read_text() for p in sorted(FIXTURES.glob("arxiv/*.xml"))]


def _ranked(items: list[Any], text_of: Any, query: str, rows: int) -> list[Any]:
    want = words(query)
    scored = [(len(want & words(text_of(item))), i, item) for i, item in enumerate(items)]
    keep = [s for s in scored if want and s[0] >= 0.3 * len(want)]
    return [item for _, _, item in sorted(keep, key=lambda s: (-s[0], s[1]))[:rows]]


class FakeApi:
    def __init__(self, tls: tuple[Path, Path] | None = None) -> None:
        """`tls`: a certificate and its key, to serve HTTPS."""
        self.corpus = Corpus()
        self.queued: list[tuple[str, Reply]] = []
        self.requests: list[Seen] = []
        self.release = threading.Event()  # ends every pending delay at teardown
        self.arrived = threading.Event()  # set when any request comes in
        self._lock = threading.Lock()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.server.daemon_threads = True
        scheme = "http"
        if tls is not None:
            context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
            context.load_cert_chain(*tls)
            self.server.socket = context.wrap_socket(self.server.socket, server_side=True)
            scheme = "https"
        self.url = f"{scheme}://127.0.0.1:{self.server.server_address[1]}"
        self._thread = threading.Thread(
            target=self.server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )

    def start(self) -> "FakeApi":
        self._thread.start()
        return self

    def stop(self) -> None:
        self.release.set()
        self.server.shutdown()
        self.server.server_close()

    def urls(self) -> dict[str, str]:
        return {
            "crossref_url": f"{self.url}/crossref",
            "doi_url": f"{self.url}/doi",
            "arxiv_url": f"{self.url}/arxiv/api/query",
            "openalex_url": f"{self.url}/openalex",
        }

    def queue(self, prefix: str, *replies: Reply) -> None:
        """Answer the next requests whose path starts with `prefix` with these replies."""
        with self._lock:
            self.queued.extend((prefix, r) for r in replies)

    def paths(self, prefix: str = "") -> list[str]:
        return [s.path for s in self.requests if s.path.startswith(prefix)]

    def _scripted(self, path: str) -> Reply | None:
        with self._lock:
            for i, (prefix, reply) in enumerate(self.queued):
                if path.startswith(prefix):
                    del self.queued[i]
                    return reply
        return None

    def answer(self, path: str, query: dict[str, str]) -> Reply:
        scripted = self._scripted(path)
        if scripted is not None:
            return scripted
        for prefix, route in (
            ("/crossref/works", self._crossref),
            ("/doi/", self._doi),
            ("/arxiv/api/query", self._arxiv),
            ("/openalex/works", self._openalex),
        ):
            if path.startswith(prefix):
                return route(path[len(prefix) :], query)
        return Reply(404, b"Not Found")

    # -- each service ------------------------------------------------------------------

    def _crossref(self, rest: str, query: dict[str, str]) -> Reply:
        works = [w["message"] for w in self.corpus.crossref]
        if rest.startswith("/"):
            doi = urllib.parse.unquote(rest[1:]).lower()
            for record in self.corpus.crossref:
                if record["message"]["DOI"].lower() == doi:
                    return Reply(200, json.dumps(record).encode())
            return Reply(404, b"Resource not found.")
        if query.get("filter", "").startswith("isbn:"):
            isbn = query["filter"][5:]
            items = [w for w in works if isbn in [i.replace("-", "") for i in w.get("ISBN", [])]]
        else:
            items = _ranked(
                works,
                lambda w: " ".join(w.get("title", [])) + " " + w.get("abstract", ""),
                query.get("query.bibliographic", ""),
                int(query.get("rows", "20")),
            )
        envelope = {
            "status": "ok",
            "message-type": "work-list",
            "message-version": "1.0.0",
            "message": {"total-results": len(items), "items": items, "items-per-page": 20},
        }
        return Reply(200, json.dumps(envelope).encode())

    def _doi(self, rest: str, query: dict[str, str]) -> Reply:
        doi = urllib.parse.unquote(rest).lower()
        for item in self.corpus.csl:
            if item["DOI"].lower() == doi:
                return Reply(
                    200,
                    json.dumps(item).encode(),
                    {"Content-Type": "application/vnd.citationstyles.csl+json"},
                )
        return Reply(404, b"DOI Not Found")

    def _arxiv(self, rest: str, query: dict[str, str]) -> Reply:
        if "id_list" in query:
            wanted = re.sub(r"v\d+$", "", query["id_list"])
            entries = [
                e
                for e in self.corpus.arxiv
                if f"arxiv.org/abs/{wanted}v" in e or f"arxiv.org/abs/{wanted}<" in e
            ]
        else:
            phrase = " ".join(
                _WORD.findall(query.get("search_query", "").removeprefix("abs:").casefold())
            )
            entries = [
                e
                for e in self.corpus.arxiv
                if phrase and phrase in " ".join(_WORD.findall(_summary(e).casefold()))
            ]
        return Reply(200, _feed(entries).encode(), {"Content-Type": "application/atom+xml"})

    def _openalex(self, rest: str, query: dict[str, str]) -> Reply:
        if rest.startswith("/"):
            doi = urllib.parse.unquote(rest[1:]).lower()
            for work in self.corpus.openalex:
                if (work.get("doi") or "").lower() == doi:
                    return Reply(200, json.dumps(work).encode())
            return Reply(404, b'{"error": "Not Found"}')
        results = _ranked(
            self.corpus.openalex,
            lambda w: (
                (w.get("title") or "") + " " + " ".join(w.get("abstract_inverted_index") or {})
            ),
            query.get("search", ""),
            int(query.get("per-page", "25")),
        )
        envelope = {"meta": {"count": len(results), "page": 1, "per_page": 25}, "results": results}
        return Reply(200, json.dumps(envelope).encode())

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        api = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                split = urllib.parse.urlsplit(self.path)
                query = dict(urllib.parse.parse_qsl(split.query))
                with api._lock:
                    api.requests.append(Seen(split.path, query, dict(self.headers)))
                api.arrived.set()
                reply = api.answer(split.path, query)
                if reply.delay and api.release.wait(reply.delay):
                    return
                if reply.drip:
                    _drip(self.wfile, reply, api.release)
                    return
                self.send_response_only(reply.status)
                if "Date" not in reply.headers:  # a test may send its own, as of its own time
                    self.send_header("Date", self.date_time_string())
                for name, value in reply.headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(reply.body)))
                self.end_headers()
                with contextlib.suppress(OSError):  # the client gave up (a timeout test)
                    self.wfile.write(reply.body)

            def log_message(self, format: str, *args: Any) -> None:
                pass

        return Handler


DRIP_LIMIT = 400  # bytes: a client that never gives up is let go after a while


def _drip(out: Any, reply: Reply, release: threading.Event) -> None:
    """The reply a byte at a time (its body spaces, without end), until the client hangs
    up, the test ends or DRIP_LIMIT bytes have gone."""
    head = f"HTTP/1.1 {reply.status} OK\r\nContent-Length: 10000000\r\n\r\n".encode()
    if not reply.drip_head:
        out.write(head)
    data = (head if reply.drip_head else b"") + b" " * DRIP_LIMIT
    for i in range(DRIP_LIMIT):
        if release.wait(reply.drip):
            return
        try:
            out.write(data[i : i + 1])
        except OSError:
            return


def _summary(entry: str) -> str:
    m = re.search(r"<summary>(.*?)</summary>", entry, re.S)
    return m.group(1) if m else ""


def _feed(entries: list[str]) -> str:
    body = "\n".join(re.sub(r"<\?xml[^>]*>|<!--.*?-->", "", e, flags=re.S).strip() for e in entries)
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<feed xmlns="http://www.w3.org/2005/Atom" xmlns:arxiv="http://arxiv.org/schemas/atom" '
        'xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">\n'
        '  <title type="html">ArXiv Query</title>\n'
        "  <id>http://arxiv.org/api/fake</id>\n"
        f"  <opensearch:totalResults>{len(entries)}</opensearch:totalResults>\n"
        "  <opensearch:startIndex>0</opensearch:startIndex>\n"
        f"{body}\n</feed>\n"
    )
