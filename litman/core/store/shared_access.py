"""How litman reaches a shared library's database without ever keeping a password itself.

A member names a shared library by a libpq URL (`postgresql://alice@labdb/refs`), a libpq
connection string (`host=labdb dbname=refs user=alice`) or a service name (`service=lab`,
with the host, database and user in `pg_service.conf`). The password is found by libpq
itself, as psql and pg_dump find it: in `~/.pgpass` (or the file `PGPASSFILE` names), in
the service file, or in `PGPASSWORD`. litman writes none to its settings: `parse_target`
takes a typed password out of what the user gave, the URL it returns (the one to open, to
remember among recent libraries, and to show) never holds one. A password the user typed
is either given to `Library.open(url, password=...)`, which keeps it in memory for that
session only, or kept by `remember_password` where libpq will find it next time, a
`.pgpass` line readable by its owner only. Every other libpq option (`sslmode`,
`sslrootcert`, `application_name`, `connect_timeout`, ...) passes through untouched.

The platform's keyring (the `keyring` package) is not used: libpq cannot read it, so each
password would have to be handed to every connection by hand, and on Linux it adds
SecretStorage, jeepney and cryptography to the bundle while needing a running Secret
Service that a headless or SSH session lacks. `.pgpass` and service files are what every
PostgreSQL client of a lab already shares.

`probe` tries one connection, so that a dialog can tell "needs a password" from any other
failure before opening the library; its message, like every message litman shows for a
shared library, never holds the password.
"""

import os
import stat
from dataclasses import dataclass
from pathlib import Path

import psycopg
from psycopg import conninfo, pq
from sqlalchemy.engine import URL

from litman.core.errors import LitmanError
from litman.core.messages import _
from litman.core.store.postgres_store import SECRET_OPTIONS, driver_url, safe
from litman.core.store.urls import is_shared

PROBE_TIMEOUT = 10  # seconds: libpq's connect_timeout for `probe` unless the URL sets one


@dataclass(frozen=True)
class SharedTarget:
    """A shared library as the user named it, with any password taken out.

    `url` is a `postgresql://` URL holding no password: what `Library.open` takes, and what
    may be remembered among recent libraries. `shown` is the same for titles and messages.
    `password` is the password the user typed into the URL or connection string, if any:
    never to be saved but through `remember_password`."""

    url: str
    shown: str
    password: str | None


@dataclass(frozen=True)
class Probe:
    """What one connection attempt found: `ok`, or `needs_password` (libpq found none in
    .pgpass, the service file or the environment), and a one-line `message` without the
    password."""

    ok: bool
    needs_password: bool
    message: str


def parse_target(text: str) -> SharedTarget:
    """Read what a user typed to name a shared library: a `postgresql://` URL, a libpq
    connection string (`key=value ...`) or `service=NAME`. Raises LitmanError, in one line
    without the password, for anything else."""
    given = text.strip()
    if is_shared(given):
        url = driver_url(given)
    else:
        raise LitmanError(
            _(
                "Name a shared library by a postgresql:// URL, a connection string such as "
                "'host=labdb dbname=refs', or a service name such as 'service=lab'."
            )
        )
    query = dict(url.query)
    password = url.password or _one(query.pop("password", None))
    for key in SECRET_OPTIONS:
        if key != "password" and key in query:
            raise LitmanError(
                _(
                    "'{0}' is a secret litman will not keep in its list of libraries; put it in a "
                    "service file (pg_service.conf) and name the service instead."
                ).format(key)
            )
    bare = URL.create(
        "postgresql", url.username, None, url.host, url.port, url.database, query
    ).render_as_string(hide_password=False)
    return SharedTarget(bare, safe(bare), str(password) if password else None)


def _one(value: str | tuple[str, ...] | None) -> str | None:
    return value[-1] if isinstance(value, tuple) else value


def probe(url: str, password: str | None = None) -> Probe:
    """Try one connection to the shared library at `url` (as `parse_target` returns it),
    with `password` if given, else as libpq finds one. Nothing is written or kept."""
    shown = safe(parse_target(url).url)
    try:
        params = conninfo.conninfo_to_dict(_libpq(url))
        if password is not None:
            params["password"] = password
        params.setdefault("connect_timeout", str(PROBE_TIMEOUT))
        with psycopg.connect(conninfo.make_conninfo("", **params)):
            return Probe(True, False, f"Connected to {shown}.")
    except psycopg.Error as exc:
        failed = exc.pgconn  # the attempt's libpq connection: never shown (it holds it all)
        needs = bool(failed is not None and failed.needs_password)
        detail = _first_line(exc, password)
        if needs:
            detail = "the server asks for a password, and none was found in .pgpass"
        return Probe(False, needs, f"Could not connect to {shown}: {detail}.")


def _libpq(url: str) -> str:
    """The URL as libpq reads it: SQLAlchemy's driver name off."""
    parsed = driver_url(url)
    return parsed.set(drivername="postgresql").render_as_string(hide_password=False)


def _first_line(exc: BaseException, password: str | None) -> str:
    """The driver's message in one line, with a password it might echo taken out."""
    lines = str(exc).strip().splitlines()
    line = lines[0] if lines else type(exc).__name__
    line = line.removeprefix("connection failed: ").rstrip(".")
    return line.replace(password, "***") if password else line


def pgpass_path() -> Path:
    """The password file libpq reads: `PGPASSFILE`, else `~/.pgpass` (on Windows
    `%APPDATA%\\postgresql\\pgpass.conf`)."""
    named = os.environ.get("PGPASSFILE")
    if named:
        return Path(named)
    if os.name == "nt":
        return Path(os.environ.get("APPDATA", Path.home())) / "postgresql" / "pgpass.conf"
    return Path.home() / ".pgpass"


def remember_password(url: str, password: str) -> Path:
    """Keep `password` for the shared library at `url` in the password file libpq reads
    (`pgpass_path`), readable by its owner only, replacing an earlier line for the same
    host, port, database and user. Returns the file. The next connection finds it there,
    as psql and pg_dump will."""
    prefix = ":".join(_pgpass_field(part) for part in _resolved(url)) + ":"
    path = pgpass_path()
    kept = []
    if path.exists():
        kept = [line for line in path.read_text().splitlines() if not line.startswith(prefix)]
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, stat.S_IRUSR | stat.S_IWUSR)
    with os.fdopen(fd, "w") as out:
        out.write("\n".join([*kept, prefix + _pgpass_field(password)]) + "\n")
    os.chmod(path, stat.S_IRUSR | stat.S_IWUSR)  # libpq ignores a file others may read
    return path


def _resolved(url: str) -> tuple[str, str, str, str]:
    """The host, port, database and user libpq connects to for `url`, with its service
    file and environment applied, as it matches them against a .pgpass line (the default
    socket folder is "localhost" there)."""
    attempt = pq.PGconn.connect_start(_libpq(parse_target(url).url).encode())
    default = pq.PGconn.connect_start(b"host=''")
    try:
        host, port, db, user = attempt.host, attempt.port, attempt.db, attempt.user
        default_host = default.host
    finally:
        attempt.finish()
        default.finish()
    if host == default_host or not host:
        host = b"localhost"
    return (host.decode(), port.decode() or "5432", db.decode(), user.decode())


def _pgpass_field(value: str) -> str:
    return value.replace("\\", "\\\\").replace(":", "\\:")
