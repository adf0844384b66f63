"""The PostgreSQL store: a litman library kept in a PostgreSQL database, for a lab that
shares one (see `litman.core.store.interface.Store`).

The driver is psycopg 3 through SQLAlchemy (`postgresql+psycopg`). A library is named by a
libpq URL, `postgresql://alice@labdb/refs`; the password never appears in it here: libpq
finds it in `~/.pgpass`, a service file (`postgresql:///refs?service=lab`) or the
environment, and `where` (titles, logs, errors) is the URL without any password. Reads run
in REPEATABLE READ, so that one read sees one snapshot as on SQLite; writes take a
transaction-level advisory lock first, so that the writers of every client are serialised
(the change journal's numbers then follow commit order, `litman.core.store.journal`). Errors are
mapped by SQLSTATE, never by message text.

A role that may only read opens the library read-only. Backups of a shared library are the
server's business (`pg_dump`): this store takes none, and says so.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import psycopg
from psycopg import conninfo
from sqlalchemy import Connection, Engine, create_engine, event, inspect, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, OperationalError

from litman.core.errors import (
    DiskFullError,
    LibraryLockedError,
    LitmanError,
    ReadOnlyError,
    ServerUnreachableError,
)
from litman.core.messages import _
from litman.core.store import dialects, journal, live, schema
from litman.core.store.interface import Backup, Restored, WriterClaim
from litman.core.store.urls import SCHEMES, is_connection_string, is_url

# One key for the advisory lock that serialises writers: "litm" in ASCII.
WRITE_LOCK = 0x6C69746D
LOCK_TIMEOUT_MS = 5000
# Seconds to wait for a server before saying it cannot be reached (unless the URL says).
CONNECT_TIMEOUT_S = 5
# libpq's defaults for noticing a server gone over a network (a Unix socket ignores the
# last four), unless the URL sets them: a connect gives up after CONNECT_TIMEOUT_S, and an
# open connection whose server stopped answering (a cable, a sleeping laptop) fails within
# about 20 s, where the system's TCP defaults wait for hours.
NOTICE_GONE = {
    "connect_timeout": CONNECT_TIMEOUT_S,
    "keepalives": 1,
    "keepalives_idle": 10,
    "keepalives_interval": 5,
    "tcp_user_timeout": 20_000,
}
# SQLSTATEs of a server that went away: the connection class, and a server shutting down.
GONE = ("08", "57P01", "57P02", "57P03")
# libpq options that hold a secret: never shown (`safe`), never kept in litman's settings.
SECRET_OPTIONS = ("password", "sslpassword", "oauth_client_secret")
BACKUPS = "the database server (pg_dump); litman keeps no copies of a shared library"


def driver_url(where: str) -> URL:
    """The SQLAlchemy URL, with psycopg 3 as the driver, for a libpq URL or connection
    string (`host=labdb dbname=refs`, `service=lab`): a password in it stays in the URL,
    which `safe` never shows."""
    given = where.strip()
    if not is_url(given) and is_connection_string(given):
        return _url_of(_conninfo(given))
    try:
        url = make_url(given)
    except ArgumentError as exc:
        raise LitmanError(_("'{0}' is not a PostgreSQL URL.").format(safe(given))) from exc
    if url.get_backend_name() not in SCHEMES:
        raise LitmanError(_("'{0}' is not a PostgreSQL URL.").format(safe(given)))
    return url.set(drivername="postgresql+psycopg")


def _conninfo(text_: str) -> dict[str, str]:
    try:
        parsed = conninfo.conninfo_to_dict(text_)
    except psycopg.ProgrammingError as exc:
        # libpq's message quotes no value, so it cannot echo a password.
        lines = str(exc).strip().splitlines() or [type(exc).__name__]
        raise LitmanError(_("Could not read the connection string: {0}.").format(lines[0])) from exc
    return {key: str(value) for key, value in parsed.items() if value is not None}


def _url_of(params: dict[str, str]) -> URL:
    """The URL form of libpq keywords: a socket folder or several hosts go in the query."""
    host = params.pop("host", None)
    if host is not None and ("/" in host or "," in host):
        params["host"], host = host, None
    port = params.pop("port", None)
    return URL.create(
        "postgresql+psycopg",
        username=params.pop("user", None),
        password=params.pop("password", None),
        host=host,
        port=int(port) if port and port.isdigit() else None,
        database=params.pop("dbname", None),
        query=params,
    )


def safe(where: str | URL) -> str:
    """A URL fit to show: no password, and the plain `postgresql` scheme."""
    try:
        url = where if isinstance(where, URL) else make_url(where)
    except ArgumentError:
        return "(a PostgreSQL URL that could not be read)"
    # (URL.set(password=None) keeps the password: None means "unchanged" there.)
    query = {k: v for k, v in url.query.items() if k not in SECRET_OPTIONS}
    bare = URL.create("postgresql", url.username, None, url.host, url.port, url.database, query)
    return bare.render_as_string(hide_password=False)


def sqlstate(exc: BaseException) -> str:
    return str(getattr(getattr(exc, "orig", None), "sqlstate", "") or "")


def gone(exc: DBAPIError) -> bool:
    """Whether an error means the server cannot be reached: refused or dropped connections
    (which carry no SQLSTATE, or class 08), or a server shutting down."""
    code = sqlstate(exc)
    if exc.connection_invalidated or code.startswith(GONE):
        return True
    if asked_password(exc):
        return False  # reached: it asked for a password
    return isinstance(exc, OperationalError) and not code


def asked_password(exc: DBAPIError) -> bool:
    """Whether a failed connection attempt reached a server that asked for a password
    (libpq found none, or the one it gave was refused)."""
    failed = getattr(exc.orig, "pgconn", None)  # a connection attempt's own libpq side
    return failed is not None and bool(failed.needs_password or failed.used_password)


def _first_line(exc: DBAPIError) -> str:
    what = str(getattr(exc, "orig", exc)).strip().splitlines()
    return what[0].strip() if what else type(exc).__name__


class PostgresStore:
    """One library in one PostgreSQL database, open."""

    engine: Engine
    sql: dialects.SQLDialect = dialects.POSTGRESQL

    def __init__(self, where: str, *, read_only: bool = False, password: str | None = None) -> None:
        self._url = driver_url(where)
        self.where = safe(self._url)
        self.read_only = read_only
        self.read_only_reason = ""
        self._seen = 0
        # Every stored time is UTC, whatever the server's zone (columns hold no zone). A
        # password given here (asked for by the window) is kept in memory only.
        # The zone is added to the server options the URL may give, not put in their place.
        given = self._url.query.get("options", "")
        given = given[-1] if isinstance(given, tuple) else given
        self._connect_args: dict[str, object] = {"options": f"{given} -c timezone=UTC".strip()}
        for option, value in NOTICE_GONE.items():
            if option not in self._url.query:
                self._connect_args[option] = value
        if password is not None:
            self._connect_args["password"] = password
        self.deadline_s = live.deadline_s()
        self._open()

    def _open(self) -> None:
        try:
            self.engine = create_engine(
                self._url, pool_pre_ping=True, connect_args=self._connect_args
            )
        except ArgumentError as exc:  # an option SQLAlchemy reads itself and cannot (a port)
            raise LitmanError(
                _("Could not open {0}: {1}.").format(self.where, self._scrub(str(exc)))
            ) from exc
        event.listen(self.engine, "do_connect", self._connect)
        try:
            with self.engine.connect() as conn:
                empty = self._prepare(conn)
            if empty:
                schema.create(self.engine)
            with self.engine.connect() as conn:
                self._seen = journal.position(conn, "").seq
        except DBAPIError as exc:
            self.engine.dispose()
            raise self._error(exc, "open") from exc

    def _connect(self, _dialect: Any, _record: Any, args: Any, kwargs: Any) -> Any:
        """Every connection of the pool waits for the server `deadline_s` at most."""
        return live.connect(*args, deadline=self.deadline_s, **kwargs)

    def _prepare(self, conn: Connection) -> bool:
        """Check the schema (and this role's rights); True when there are no tables yet."""
        if not inspect(conn).has_table("meta"):
            if self.read_only:
                raise LitmanError(
                    _(
                        "{0} holds no litman library: the role that is to own it creates it with "
                        "`litman --library {1} init`."
                    ).format(self.where, self.where)
                )
            return True
        version = schema.stored_version(conn)
        schema.check_supported(version, self.where)
        may_write = conn.execute(
            text("SELECT has_table_privilege(current_user, 'papers', 'INSERT')")
        ).scalar()
        if not may_write and not self.read_only:
            self.read_only = True
            self.read_only_reason = f"Your database role may only read {self.where}."
        conn.rollback()
        if schema.needs_migration(version):
            if self.read_only:
                raise LitmanError(
                    _("{0} needs an upgrade, which a reader cannot do.").format(self.where)
                )
            schema.migrate(self.engine, version)
        return False

    @property
    def name(self) -> str:
        return self._url.database or self.where

    @property
    def site(self) -> "PostgresSite":
        return PostgresSite(self)

    # -- transactions --------------------------------------------------------------------

    @contextmanager
    def read(self) -> Iterator[Connection]:
        try:
            with (
                self.engine.connect().execution_options(isolation_level="REPEATABLE READ") as conn,
                conn.begin(),
            ):
                yield conn
        except DBAPIError as exc:
            if not isinstance(exc.orig, psycopg.Error):
                raise  # another store's, met inside this read (a copy's destination): its own
            raise self._error(exc, "read") from exc

    @contextmanager
    def write(self) -> Iterator[Connection]:
        if self.read_only:
            raise ReadOnlyError(_("{0} is open read-only; nothing was changed.").format(self.where))
        try:
            with self.engine.connect() as conn, conn.begin():
                conn.execute(text(f"SET LOCAL lock_timeout = {LOCK_TIMEOUT_MS}"))
                conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": WRITE_LOCK})
                yield conn
                seen = journal.position(conn, "").seq
            self._seen = seen  # our own commit is not news
        except DBAPIError as exc:
            if not isinstance(exc.orig, psycopg.Error) or sqlstate(exc).startswith("23"):
                raise  # another store's (a copy's source), or a constraint: not ours to say
            raise self._error(exc, "write") from exc

    def _error(self, exc: DBAPIError, doing: str) -> LitmanError:
        code = sqlstate(exc)
        if isinstance(exc.orig, live.NotAnswering | psycopg.errors.ConnectionTimeout):
            return self._not_answering(exc.orig, doing)
        if gone(exc):
            nothing = " Nothing was changed." if doing == "write" else ""
            return ServerUnreachableError(
                f"Cannot reach the server of {self.where}: "
                f"{self._scrub(_first_line(exc))}.{nothing}"
            )
        if asked_password(exc):
            return LitmanError(
                f"The server of {self.where} refused the connection: "
                f"{self._scrub(_first_line(exc))} (the password is wrong or missing)."
            )
        if code in ("55P03", "40P01"):  # lock_not_available, deadlock_detected
            return LibraryLockedError(
                f"{self.where} is busy: another litman is writing to it. Nothing was changed; "
                "try again."
            )
        if code == "53100":
            return DiskFullError(f"The server of {self.where} is out of disk; nothing was changed.")
        if code in ("25006", "42501"):  # read_only_sql_transaction, insufficient_privilege
            return ReadOnlyError(f"{self.where} may not be written by you; nothing was changed.")
        nothing = " Nothing was changed." if doing == "write" else ""
        return LitmanError(
            f"Could not {doing} {self.where}: {self._scrub(_first_line(exc))}.{nothing}"
        )

    def _not_answering(self, orig: BaseException, doing: str) -> ServerUnreachableError:
        """A server that took in a statement (or a connection) and sent nothing back."""
        if isinstance(orig, live.NotAnswering):
            waited = f"nothing back for {self.deadline_s:g} s"
        else:
            waited = "a new connection timed out"
        # A commit sent before the server stopped may still land when it resumes.
        unsure = " The change may not have been saved." if doing == "write" else ""
        return ServerUnreachableError(
            f"The server of {self.where} is not answering ({waited}).{unsure}"
        )

    def watch(self, changed: live.Changed, state: live.State) -> live.Watch:
        """Other clients' commits and the server's comings and goings, as they happen
        (`litman.core.store.live`); started by the caller."""
        return live.Watch(self._listen_connection, changed, state)

    def _listen_connection(self) -> psycopg.Connection:
        """A connection of the watch's own, outside the pool, with the store's arguments."""
        args, kwargs = self.engine.dialect.create_connect_args(self._url)
        options = {**kwargs, **self._connect_args, "autocommit": True}
        deadline = min(self.deadline_s, live.PING_S)
        return live.connect(*args, deadline=deadline, **options)

    def _scrub(self, message: str) -> str:
        """A driver's message with any secret of the URL taken out, should it echo one."""
        secrets = [self._url.password, self._connect_args.get("password")]
        secrets += [self._url.query.get(k) for k in SECRET_OPTIONS]
        for secret in secrets:
            for value in secret if isinstance(secret, tuple) else (secret,):
                if value:
                    message = message.replace(str(value), "***")
        return message

    def changed_elsewhere(self) -> bool:
        """Whether another client's write committed since the last look (its journal rows)."""
        with self.read() as conn:
            newest = journal.position(conn, "").seq
        changed, self._seen = newest != self._seen, newest
        return changed

    # -- the database --------------------------------------------------------------------

    def check(self) -> str:
        """A server keeps its own pages; what litman can check is that it answers."""
        with self.read() as conn:
            conn.execute(text("SELECT 1"))
        return "ok"

    def check_due(self) -> bool:
        return False

    def take_backup(self, reason: str) -> Backup | None:
        return None

    def take_daily_backup(self) -> Backup | None:
        return None

    @property
    def files_folder(self) -> None:
        """None: a shared library's files are where each member says."""
        return None

    def owns_file(self, path: Path) -> bool:
        return False

    def reload(self) -> None:
        self.close()
        self._open()

    def close(self) -> None:
        self.engine.dispose()


class _SharedClaim:
    """A shared library has many writers at once: the claim is always held."""

    held = True

    def acquire(self) -> bool:
        return True

    def release(self) -> None:
        pass

    def holder(self) -> None:
        return None


class PostgresSite:
    """Where a shared library lives: its database. Backups and restores are the server's."""

    def __init__(self, store: PostgresStore) -> None:
        self._store = store
        self.name, self.where = store.name, store.where

    def exists(self) -> bool:
        return True

    def writer_claim(self, program: str = "litman window") -> WriterClaim:
        return _SharedClaim()

    def backups(self) -> list[Backup]:
        return []

    def backups_where(self) -> str:
        return BACKUPS

    def newest_good_backup(self) -> Backup | None:
        return None

    def backup_now(self) -> Backup:
        raise LitmanError(_pg_dump(self._store))

    def papers_in(self, backup: Backup) -> int | None:
        return None

    def check_whole(self) -> None:
        self._store.check()

    def restore(self, name: str | None = None) -> Restored:
        raise LitmanError(_pg_dump(self._store))

    def move_aside(self) -> str:
        raise LitmanError(_pg_dump(self._store))


def _pg_dump(store: PostgresStore) -> str:
    name = store.name if store.name != store.where else "DBNAME"
    return (
        f"{store.where} is a shared library: back it up with the server's pg_dump "
        f"(pg_dump -Fc -f {name}.dump {name}) and restore with pg_restore; litman keeps no "
        "copies."
    )
