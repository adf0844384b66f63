"""News of other clients' writes to a shared library, pushed by the server (PostgreSQL's
LISTEN/NOTIFY), and of the server going away and coming back.

Every write on PostgreSQL ends its journal append with `pg_notify` (`litman.core.store.journal`),
which the server delivers to every listening connection when the transaction commits. A
`Watch` keeps one connection of its own, outside the store's pool, listening on a thread of
its own, and calls

- `changed()` when notices arrive (those that come together make one call), and
- `state(up, why)` when the server goes away (`up` False, `why` one line saying so) and
  when it is back (`up` True). Coming back also calls `changed()`: notices sent while the
  connection was down are lost, and the change journal tells what they were.

While the server is away the watch tries again every `retry_s`. Between notices it asks the
server something every `alive_s`, so that a server gone silently (a network, not a shutdown)
is noticed too. Both callbacks run on the watch's thread: a window carries them to its own.

Every wait for the server has a deadline, kept by the client (`DeadlineConnection`, for the
watch's connection and the store's pool alike). A server that stops answering without
closing its connections (a stopped process, a laptop asleep, a network dropping packets, a
disk hung) never makes libpq fail by itself: a statement, a commit or a ping waits for it
without a limit, and neither the server's own `statement_timeout` (the server is what hangs)
nor TCP keepalives (not on a Unix socket, and not while a reply is awaited) end the wait. So
every wait psycopg makes on a connection of a shared library's (a statement, fetching its
rows, a commit, a rollback, a ping) gives up when nothing has come back for `DEADLINE_S`
seconds (or what `LITMAN_SERVER_TIMEOUT` says: an administrator of a slow server may raise
it, tests lower it): the connection is closed, never to be used again, and `NotAnswering`
is raised, which the store reports as the server being away. A long result that keeps
coming is no silence, however long it takes in all; a statement the server works on for
longer than that before its first byte would be (none of litman's comes near on a working
server). Connecting has its own limit, libpq's `connect_timeout`.
"""

import logging
import os
import threading
from collections.abc import Callable
from time import monotonic
from typing import Any

import psycopg
from psycopg.abc import PQGen

from litman.core.store.journal import CHANNEL

Changed = Callable[[], None]
State = Callable[[bool, str], None]
Connect = Callable[[], psycopg.Connection]
# A notice reaches `changed` within this (the thread also looks at its stop flag this often).
WAIT_S = 0.2
RETRY_S = 1.0
ALIVE_S = 5.0
log = logging.getLogger(__name__)


class Watch:
    """One listening connection on a thread (see the module docstring)."""

    def __init__(
        self,
        connect: Connect,
        changed: Changed,
        state: State,
        *,
        retry_s: float = RETRY_S,
        alive_s: float = ALIVE_S,
    ) -> None:
        self._connect, self._changed, self._state = connect, changed, state
        self.retry_s, self.alive_s = retry_s, alive_s
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.up = True  # as last said: the library was open, so the server was there
        self.listening = threading.Event()  # set while a connection listens (tests wait on it)

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="litman-watch", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop listening; returns when the thread has ended (within about WAIT_S), after
        which no callback runs."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
            self._thread = None

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                with self._connect() as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    if not self.up:  # back: what was missed is in the journal
                        self._say(True, "")
                        self._tell()
                    self._listen(conn)
            except psycopg.Error as exc:
                self.listening.clear()
                if self.up:
                    self._say(False, _one_line(exc))
                self._stop.wait(self.retry_s)
        self.listening.clear()

    def _listen(self, conn: psycopg.Connection) -> None:
        quiet = 0.0
        while not self._stop.is_set():
            heard = False
            for _notice in conn.notifies(timeout=WAIT_S):
                heard = True
                break  # answered at once; those queued behind it are the same news:
            if heard:
                for _queued in conn.notifies(timeout=0):
                    pass  # one catch-up takes them all in
                quiet = 0.0
                self._tell()
                continue
            quiet += WAIT_S
            if quiet >= self.alive_s:
                conn.execute("SELECT 1")
                quiet = 0.0

    def _tell(self) -> None:
        """Call `changed()`; whatever it raises is its own (logged): the watch listens on."""
        try:
            self._changed()
        except Exception:
            log.exception("litman: a shared library's change could not be taken in")

    def _say(self, up: bool, why: str) -> None:
        self.up = up
        self._state(up, why)


def _one_line(exc: BaseException) -> str:
    lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
    return lines[0] if lines else type(exc).__name__


DEADLINE_S = 30.0
# The deadline of the live watch's ping (the `Watch`): it asks the server for nothing
# but an answer, so a few seconds of silence already say it is not answering.
PING_S = 5.0
ENV = "LITMAN_SERVER_TIMEOUT"


class NotAnswering(psycopg.OperationalError):
    """The server sent nothing back within the deadline; the connection was closed."""


def deadline_s() -> float:
    """The deadline in force: `LITMAN_SERVER_TIMEOUT` seconds when it is a positive number,
    else `DEADLINE_S`."""
    try:
        given = float(os.environ.get(ENV, ""))
    except ValueError:
        return DEADLINE_S
    return given if given > 0 else DEADLINE_S


class DeadlineConnection(psycopg.Connection[Any]):
    """A psycopg connection whose every wait for the server gives up after `deadline_s`
    seconds in which nothing came back (see the module docstring). A wait psycopg gives a
    timeout of its own (notices, a cancel) keeps it."""

    deadline_s: float = DEADLINE_S

    def wait(self, gen: PQGen[Any], interval: float = 0.1, timeout: float | None = None) -> Any:
        if timeout is not None:
            return super().wait(gen, interval, timeout)
        try:
            return super().wait(_while_answering(gen, self.deadline_s), interval)
        except NotAnswering:
            self.pgconn.finish()  # a reply may still come: the connection is done for
            raise


def _while_answering(gen: PQGen[Any], silence_s: float) -> PQGen[Any]:
    """`gen` as psycopg's wait drives it, raising NotAnswering once `silence_s` seconds pass
    with the socket never ready. The wait sends "not ready" each `interval` it waited in
    vain: a long result that keeps coming (a copy's page over a slow network) never
    counts as silence, however long it takes in all."""
    heard = monotonic()
    try:
        state = next(gen)
        while True:
            ready = yield state
            if ready:
                heard = monotonic()
            elif monotonic() - heard > silence_s:
                raise NotAnswering(
                    f"the server is not answering (nothing back for {silence_s:g} s)"
                )
            state = gen.send(ready)
    except StopIteration as done:
        return done.value


def connect(*args: Any, deadline: float, **kwargs: Any) -> DeadlineConnection:
    """A connection as `psycopg.connect` makes one, with `deadline` on every wait."""
    conn = DeadlineConnection.connect(*args, **kwargs)
    conn.deadline_s = deadline
    return conn
