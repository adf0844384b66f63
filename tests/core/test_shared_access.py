"""Reaching a shared library with a password that litman never keeps (litman.core.
shared_access): libpq finds it in a .pgpass file or a service file, every libpq option
passes through, and no message litman shows ever holds it. On the test server's own role
with a password (SCRAM over the Unix socket)."""

import logging
import os
import stat
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from litman.core.errors import LitmanError
from litman.core.library.facade import Library
from litman.core.records import NewPaper
from litman.core.store.shared_access import parse_target, pgpass_path, probe, remember_password
from tests.pg_server import Cluster

SECRET = "Hunter2:sEcReT\\pw"  # a ':' and a '\' as .pgpass must escape them


@pytest.fixture
def member(
    pg_cluster: Cluster, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> Iterator[tuple[str, str]]:
    """A role with a password and a database of its own; (role, its URL without password).
    libpq's password and service files point into the test's folder, empty."""
    role = f"pw_{uuid.uuid4().hex[:8]}"
    pg_cluster.password_role(role, SECRET)
    admin = create_engine(pg_cluster.url(), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{role}" OWNER "{role}"'))
    monkeypatch.setenv("PGPASSFILE", str(tmp_path / "pgpass"))
    monkeypatch.setenv("PGSERVICEFILE", str(tmp_path / "pg_service.conf"))
    monkeypatch.delenv("PGPASSWORD", raising=False)
    yield role, f"postgresql://{role}@/{role}?host={pg_cluster.socket_dir}"
    with admin.connect() as conn:
        conn.execute(text(f'DROP DATABASE "{role}" WITH (FORCE)'))
    admin.dispose()


# -- naming a shared library ------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "url", "password"),
    [
        ("postgresql://al:pw@labdb/refs?sslmode=verify-full", "postgresql://al@labdb/refs?sslmode=verify-full", "pw"),
        ("postgres://al@labdb:5433/refs?password=pw", "postgresql://al@labdb:5433/refs", "pw"),
        ("service=lab", "postgresql://?service=lab", None),
        ("host=labdb dbname=refs user=al password='a b'", "postgresql://al@labdb/refs", "a b"),
        ("  host=labdb dbname=refs application_name=x  ", "postgresql://labdb/refs?application_name=x", None),
    ],
)  # fmt: skip
def test_a_typed_password_is_taken_out_of_the_library_named(
    typed: str, url: str, password: str | None
) -> None:
    target = parse_target(typed)
    assert (target.url, target.shown, target.password) == (url, url, password)


@pytest.mark.parametrize("typed", ["labdb", "", "host='unclosed", "mysql://al@labdb/refs"])
def test_what_names_no_database_is_refused_in_one_line(typed: str) -> None:
    with pytest.raises(LitmanError) as caught:
        parse_target(typed)
    assert "\n" not in str(caught.value)


def test_other_secrets_are_not_kept_in_the_list_of_libraries() -> None:
    with pytest.raises(LitmanError, match="service file"):
        parse_target("postgresql://al@labdb/refs?sslkey=k.pem&sslpassword=keypw")


# -- where libpq finds the password -------------------------------------------------------


def test_without_a_password_file_the_probe_says_a_password_is_needed(
    member: tuple[str, str],
) -> None:
    _, url = member
    found = probe(url)
    assert not found.ok and found.needs_password
    assert "password" in found.message


def test_a_remembered_password_goes_to_pgpass_and_the_library_opens(
    member: tuple[str, str],
) -> None:
    _, url = member
    assert not probe(url, "wrong").ok
    assert probe(url, SECRET).ok
    path = remember_password(url, SECRET)
    assert path == pgpass_path() == Path(os.environ["PGPASSFILE"])
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert probe(url).ok
    with Library.open(url) as lib:  # through SQLAlchemy: libpq read the file itself
        lib.papers.add_papers([NewPaper(title="Shared")])
        assert lib.count() == 1
    remember_password(url, SECRET)  # again: the line is replaced, not repeated
    assert len(path.read_text().splitlines()) == 1


def test_a_pgpass_line_written_by_hand_is_found(
    member: tuple[str, str], pg_cluster: Cluster
) -> None:
    role, url = member
    escaped = SECRET.replace("\\", "\\\\").replace(":", "\\:")
    Path(os.environ["PGPASSFILE"]).write_text(f"{pg_cluster.socket_dir}:*:*:{role}:{escaped}\n")
    os.chmod(os.environ["PGPASSFILE"], 0o600)
    with Library.open(url) as lib:
        assert lib.count() == 0


def test_a_service_name_finds_host_database_user_and_password(
    member: tuple[str, str], pg_cluster: Cluster
) -> None:
    role, _ = member
    Path(os.environ["PGSERVICEFILE"]).write_text(
        f"[lab]\nhost={pg_cluster.socket_dir}\ndbname={role}\nuser={role}\n"
    )
    target = parse_target("service=lab")
    assert probe(target.url).needs_password
    remember_password(target.url, SECRET)  # the service's host, database and user
    line = Path(os.environ["PGPASSFILE"]).read_text()
    assert line.startswith(f"{pg_cluster.socket_dir}:5432:{role}:{role}:")
    with Library.open(target.url) as lib:
        lib.papers.add_papers([NewPaper(title="Via the service")])
        assert lib.site.name and "service=lab" in lib.site.where


def test_a_password_in_the_service_file_is_found_too(
    member: tuple[str, str], pg_cluster: Cluster
) -> None:
    role, _ = member
    Path(os.environ["PGSERVICEFILE"]).write_text(
        f"[lab]\nhost={pg_cluster.socket_dir}\ndbname={role}\nuser={role}\npassword={SECRET}\n"
    )
    with Library.open("postgresql://?service=lab") as lib:
        assert lib.count() == 0


# -- libpq options pass through -----------------------------------------------------------


def test_libpq_options_reach_the_connection(member: tuple[str, str]) -> None:
    _, url = member
    remember_password(url, SECRET)
    options = "&sslmode=disable&application_name=litman-lab&connect_timeout=7"
    with Library.open(url + options) as lib, lib.engine.connect() as conn:
        given = conn.connection.dbapi_connection.info.get_parameters()  # type: ignore[union-attr]
        assert given["sslmode"] == "disable" and given["connect_timeout"] == "7"
        assert conn.execute(text("SHOW application_name")).scalar() == "litman-lab"


def test_an_unknown_sslmode_is_libpqs_to_refuse(member: tuple[str, str]) -> None:
    _, url = member
    with pytest.raises(LitmanError, match="sslmode"):
        Library.open(url + "&sslmode=sometimes")


# -- no message holds the password --------------------------------------------------------


def _failures(role: str, socket_dir: Path) -> list[str]:
    """Ways to name the library with the password in them that fail to connect."""
    quoted = "Hunter2%3AsEcReT%5Cpw"
    base = f"postgresql://{role}:{quoted}@"
    return [
        f"{base}/nodb?host={socket_dir}",  # no such database
        f"postgresql://{role}@/{role}?host={socket_dir}&password=wrong{quoted}",
        f"{base}/{role}?host={socket_dir}&sslmode=sometimes",
        f"{base}/{role}?host={socket_dir}&no_such_option=1",
        f"{base}/{role}?host=/nonexistent/socket",
        f"{base}/{role}?host={socket_dir}&port=notaport",
        f"postgresql://nobody_here:{quoted}@/{role}?host={socket_dir}",
    ]


def test_failed_connections_never_show_the_password(
    member: tuple[str, str], pg_cluster: Cluster, caplog: pytest.LogCaptureFixture
) -> None:
    role, _ = member
    caplog.set_level(logging.DEBUG)
    shown = []
    for url in _failures(role, pg_cluster.socket_dir):
        with pytest.raises(LitmanError) as caught:
            Library.open(url)
        shown.append(str(caught.value))
        target = parse_target(url)
        shown += [target.url, target.shown, probe(target.url, target.password).message]
    assert all("\n" not in line for line in shown)
    everything = "\n".join([*shown, caplog.text])
    assert "sEcReT" not in everything and "Hunter2" not in everything


def test_the_command_line_never_prints_the_password(
    member: tuple[str, str], pg_cluster: Cluster
) -> None:
    role, _ = member
    for url in _failures(role, pg_cluster.socket_dir):
        done = subprocess.run(
            [sys.executable, "-m", "litman", "--library", url, "stats"],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode != 0
        assert "sEcReT" not in done.stdout + done.stderr and "Traceback" not in done.stderr
        assert "Hunter2" not in done.stdout + done.stderr


def test_an_open_library_names_itself_without_the_password(member: tuple[str, str]) -> None:
    role, url = member
    with_password = url.replace(f"{role}@", f"{role}:Hunter2%3AsEcReT%5Cpw@")
    with Library.open(with_password) as lib:
        names = [lib.site.name, lib.site.where, lib.site.backups_where(), repr(lib.engine.url)]
        with pytest.raises(LitmanError) as caught:
            lib.site.backup_now()
    assert not any("sEcReT" in name for name in [*names, str(caught.value)])


def test_server_options_in_the_url_are_kept_beside_litmans_time_zone(pg_url: str) -> None:
    options = "&options=-c%20search_path%3Dpublic%20-c%20work_mem%3D7MB"
    with Library.open(pg_url + options) as lib, lib.engine.connect() as conn:
        assert conn.execute(text("SHOW work_mem")).scalar() == "7MB"
        assert conn.execute(text("SHOW timezone")).scalar() == "UTC"


def test_a_wrong_password_is_said_as_refused_not_as_an_unreachable_server(
    member: tuple[str, str],
) -> None:
    from litman.core.errors import ServerUnreachableError

    _, url = member
    with pytest.raises(LitmanError) as refused:
        Library.open(url.replace("@", ":not-the-password@", 1))
    said = str(refused.value)
    assert not isinstance(refused.value, ServerUnreachableError)
    assert "Cannot reach" not in said and "password" in said and "not-the-password" not in said
