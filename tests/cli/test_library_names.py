"""Every way the README names a library reaches it: a connection string (`host=… dbname=…
user=…`) and a service name (`service=lab`) open the shared database, as a URL does, and never
become a file in the current folder; a `--library` value that is no existing library, no new
path ending in `.sqlite` and no connection is refused in one line, creating nothing."""

import os
from pathlib import Path

import pytest
from sqlalchemy.engine import make_url

from litman.cli import main
from litman.core.library.facade import Library
from tests.pg_server import Cluster


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty current folder: whatever a command makes in it shows."""
    folder = tmp_path / "cwd"
    folder.mkdir()
    monkeypatch.chdir(folder)
    return folder


@pytest.fixture
def lab_server(pg_cluster: Cluster, pg_seeded_url: str) -> tuple[str, str]:
    """The seeded shared library: (its socket folder, its database)."""
    return str(pg_cluster.socket_dir), str(make_url(pg_seeded_url).database)


def _count(pg_seeded_url: str) -> int:
    with Library.open(pg_seeded_url) as lib:
        return lib.count()


@pytest.mark.slow
def test_a_connection_string_opens_the_shared_library(
    here: Path, lab_server: tuple[str, str], pg_seeded_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    host, db = lab_server
    named = f"host={host} dbname={db} user=litman"
    assert main(["--library", named, "import", "--seeds"]) == 0
    assert _count(pg_seeded_url) > 0
    assert main(["--library", named, "stats"]) == 0
    assert "0 papers" not in capsys.readouterr().out
    assert list(here.iterdir()) == []


def test_a_service_name_opens_the_shared_library(
    here: Path,
    lab_server: tuple[str, str],
    pg_seeded_url: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    host, db = lab_server
    service = here.parent / "pg_service.conf"
    service.write_text(f"[lab]\nhost={host}\ndbname={db}\nuser=litman\n")
    monkeypatch.setenv("PGSERVICEFILE", str(service))
    assert main(["--library", "service=lab", "stats"]) == 0
    assert f"{_count(pg_seeded_url)} papers" in capsys.readouterr().out
    assert list(here.iterdir()) == []


def test_a_password_in_a_connection_string_is_never_a_file_name(
    here: Path, lab_server: tuple[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    host, db = lab_server
    named = f"host={host} dbname={db} user=litman password=Sw0rdfish"
    assert main(["--library", named, "stats"]) == 0
    out = capsys.readouterr()
    assert list(here.iterdir()) == [] and "Sw0rdfish" not in out.out + out.err


def test_library_env_names_a_service_too(
    here: Path,
    lab_server: tuple[str, str],
    pg_seeded_url: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    host, db = lab_server
    monkeypatch.setenv("LITMAN_LIBRARY", f"host={host} dbname={db} user=litman")
    assert main(["stats"]) == 0
    assert f"{_count(pg_seeded_url)} papers" in capsys.readouterr().out
    assert list(here.iterdir()) == []


@pytest.mark.parametrize("named", ["refs", "lab-library", "notes.txt", "papers.db"])
def test_a_name_that_is_no_library_is_refused(
    here: Path, named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--library", named, "stats"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("litman: error: ") and err.count("\n") == 1, err
    assert ".sqlite" in err and "postgresql://" in err
    assert list(here.iterdir()) == []


def test_an_existing_library_file_opens_whatever_its_name(
    here: Path, seeded_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    named = here.parent / "papers.db"
    os.rename(seeded_path, named)
    assert main(["--library", str(named), "stats"]) == 0
    assert "0 papers" not in capsys.readouterr().out


def test_a_new_library_file_ending_in_sqlite_is_made(
    here: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--library", "new.sqlite", "stats"]) == 0
    assert "0 papers" in capsys.readouterr().out and (here / "new.sqlite").exists()


def test_copy_refuses_a_target_that_is_no_library(
    here: Path, seeded_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["copy", str(seeded_path), "snapshot"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("litman: error: ") and err.count("\n") == 1, err
    assert list(here.iterdir()) == []


@pytest.mark.slow
def test_copy_into_a_service_reaches_the_database(
    here: Path,
    lab_server: tuple[str, str],
    pg_url: str,
    seeded_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    host = lab_server[0]
    db = make_url(pg_url).database
    service = here.parent / "pg_service.conf"
    service.write_text(f"[fresh]\nhost={host}\ndbname={db}\nuser=litman\n")
    monkeypatch.setenv("PGSERVICEFILE", str(service))
    assert main(["copy", str(seeded_path), "service=fresh"]) == 0
    with Library.open(pg_url) as lib, Library.open(seeded_path) as file:
        assert lib.count() == file.count() > 0
    assert list(here.iterdir()) == []
