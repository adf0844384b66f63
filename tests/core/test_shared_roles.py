"""The shared-library guide's setup (docs/shared-library.md), run as written: its one SQL block (extracted from
the guide) makes the roles and the database on the test server; the owner creates litman's
tables, a member reads and writes, and a reader opens it read-only and cannot write, through
litman or around it."""

import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.exc import ProgrammingError

from litman.core.errors import LitmanError, ReadOnlyError
from litman.core.library.facade import Library
from litman.core.records import NewPaper
from tests.pg_server import Cluster

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "shared-library.md"
ROLES = ("alice", "bob", "carol", "refs_members", "refs_readers", "refs_owner")


def setup_sql() -> str:
    """The one ```sql block of the shared-library guide."""
    blocks = re.findall(r"```sql\n(.*?)```", GUIDE.read_text(), re.S)
    assert len(blocks) == 1, "the section has one SQL block"
    return str(blocks[0])


@pytest.fixture
def lab_url(pg_cluster: Cluster) -> Iterator[str]:
    """The guide's block run by psql as the superuser; a URL template for a role."""
    from tests import pg_server

    psql = pg_server.binaries() / "psql"  # type: ignore[operator]
    run = subprocess.run(
        [str(psql), "-X", "-v", "ON_ERROR_STOP=1", "-h", str(pg_cluster.socket_dir),
         "-U", pg_server.SUPERUSER, "-d", "postgres"],
        input=setup_sql(), capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    yield f"postgresql://{{}}@/refs?host={pg_cluster.socket_dir}"
    admin = create_engine(pg_cluster.url(), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text('DROP DATABASE "refs" WITH (FORCE)'))
        for role in ROLES:
            conn.execute(text(f'DROP ROLE "{role}"'))
    admin.dispose()


def test_a_member_copies_her_library_into_the_tables_the_owner_made(
    lab_url: str, tmp_path: Path
) -> None:
    mine = tmp_path / "alice.sqlite"
    with Library.open(mine) as lib:
        (pid,) = lib.papers.add_papers([NewPaper(title="Read by Alice")]).added
        lib.papers.set_status([pid], "read")
    Library.open(lab_url.format("refs_owner")).close()  # litman's tables, no papers
    with Library.open(mine) as source, Library.open(lab_url.format("alice")) as alice:
        source.copy_to(alice)
    with Library.open(lab_url.format("alice")) as alice, Library.open(lab_url.format("bob")) as bob:
        assert alice.get(pid).status.value == "read"  # her reading list came with it
        assert bob.get(pid).status.value == "unread"
        bob.papers.add_papers([NewPaper(title="Bob's, numbered after the copied ones")])


def test_a_member_cannot_make_the_tables_before_the_owner(lab_url: str) -> None:
    with pytest.raises(LitmanError) as caught:
        Library.open(lab_url.format("alice"))
    assert "\n" not in str(caught.value)


def test_the_readme_roles_give_the_owner_members_and_readers_their_rights(lab_url: str) -> None:
    with Library.open(lab_url.format("refs_owner")) as owner:  # makes the tables
        owner.papers.add_papers([NewPaper(title="Made by the owner")])
    with Library.open(lab_url.format("alice")) as alice:
        assert not alice.read_only
        (pid,) = alice.papers.add_papers([NewPaper(title="Alice's paper")]).added
        alice.tags.add_tag("lab", [pid])
        alice.papers.set_status([pid], "read")
    with Library.open(lab_url.format("carol")) as carol:
        assert carol.read_only and "may only read" in carol.read_only_reason
        assert carol.count() == 2 and carol.search("tag:lab").ids == [pid]
        with pytest.raises(ReadOnlyError):
            carol.papers.add_papers([NewPaper(title="Carol's")])
    reader = create_engine(lab_url.format("carol").replace("postgresql:", "postgresql+psycopg:"))
    with reader.connect() as conn, pytest.raises(ProgrammingError, match="permission denied"):
        conn.execute(text("UPDATE papers SET title = 'x'"))
    reader.dispose()


def psql_as(lab_url: str, role: str, sql: str) -> subprocess.CompletedProcess[str]:
    """`sql` run by psql as `role` on the lab's database, around litman: a row per line."""
    from tests import pg_server

    socket_dir = lab_url.split("host=", 1)[1]
    psql = pg_server.binaries() / "psql"  # type: ignore[operator]
    return subprocess.run(
        [str(psql), "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", socket_dir,
         "-U", role, "-d", "refs", "-c", sql],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip


@pytest.fixture
def read_and_unread(lab_url: str) -> tuple[int, int]:
    """The owner's tables; two papers, the first read, rated and annotated by Alice and Bob
    each, the second by neither."""
    Library.open(lab_url.format("refs_owner")).close()
    with Library.open(lab_url.format("alice")) as alice:
        first, second = alice.papers.add_papers(
            [NewPaper(title="One"), NewPaper(title="Two")]
        ).added
        alice.papers.set_status([first], "read")
        alice.papers.set_rating([first], 2)
        alice.papers.update_paper(first, notes="alice's own thoughts")
    with Library.open(lab_url.format("bob")) as bob:
        bob.papers.set_rating([first], 5)
        bob.papers.update_paper(first, notes="bob's own thoughts")
    return first, second


def _bobs(lab_url: str, pid: int) -> tuple[int, str]:
    with Library.open(lab_url.format("bob")) as bob:
        paper = bob.get(pid)
    return paper.rating, paper.notes


def test_a_member_cannot_change_anothers_reading_state_with_psql(
    lab_url: str, read_and_unread: tuple[int, int]
) -> None:
    first, second = read_and_unread
    changed = psql_as(
        lab_url, "alice", "UPDATE reading SET rating = 1, notes = 'overwritten', status = 'unread' "
        "WHERE reader = 'bob' RETURNING paper_id",
    )  # fmt: skip
    assert changed.returncode == 0 and changed.stdout.strip() == "", changed
    assert _bobs(lab_url, first) == (5, "bob's own thoughts")
    insert = (
        "INSERT INTO reading (reader, paper_id, status, rating, notes) "
        f"VALUES ('bob', {second}, 'read', 1, 'planted')"
    )
    planted = psql_as(lab_url, "alice", insert)
    assert planted.returncode != 0 and "row-level security" in planted.stderr
    assert _bobs(lab_url, second) == (0, "")
    gone = psql_as(lab_url, "alice", "DELETE FROM reading WHERE reader = 'bob' RETURNING paper_id")
    assert gone.returncode == 0 and gone.stdout.strip() == ""


def test_a_member_and_a_reader_see_only_their_own_notes_with_psql(
    lab_url: str, read_and_unread: tuple[int, int]
) -> None:
    mine = psql_as(lab_url, "alice", "SELECT reader || ':' || notes FROM reading")
    assert mine.stdout.split("\n")[0] == "alice:alice's own thoughts" and "bob" not in mine.stdout
    carol = psql_as(lab_url, "carol", "SELECT count(*) FROM reading")
    assert carol.returncode == 0 and carol.stdout.strip() == "0"


def test_a_paper_deleted_for_good_takes_everyones_reading_state_along(
    lab_url: str, read_and_unread: tuple[int, int]
) -> None:
    first, _ = read_and_unread
    with Library.open(lab_url.format("alice")) as alice:
        alice.papers.delete_papers([first])
        alice.papers.delete_permanently([first])
    owner = psql_as(lab_url, "refs_owner", f"SELECT count(*) FROM reading WHERE paper_id = {first}")
    assert owner.stdout.strip() == "0"


def test_the_owners_upgrade_makes_an_older_databases_reading_state_private(lab_url: str) -> None:
    older = (
        "ALTER TABLE reading DISABLE ROW LEVEL SECURITY; "
        "DROP POLICY reading_is_the_readers_own ON reading; "
        "UPDATE meta SET value = '8' WHERE key = 'schema_version'"
    )
    Library.open(lab_url.format("refs_owner")).close()
    assert psql_as(lab_url, "refs_owner", older).returncode == 0  # as an older litman left it
    Library.open(lab_url.format("refs_owner")).close()  # the owner upgrades it first
    with Library.open(lab_url.format("alice")) as alice:
        (pid,) = alice.papers.add_papers([NewPaper(title="Noted")]).added
        alice.papers.update_paper(pid, notes="alice's own thoughts")
    seen = psql_as(lab_url, "bob", "SELECT count(*) FROM reading")
    assert seen.returncode == 0 and seen.stdout.strip() == "0"


def pg_dump_as(lab_url: str, role: str, target: Path) -> subprocess.CompletedProcess[str]:
    from tests import pg_server

    socket_dir = lab_url.split("host=", 1)[1]
    pg_dump = pg_server.binaries() / "pg_dump"  # type: ignore[operator]
    return subprocess.run(
        [str(pg_dump), "-Fc", "-f", str(target), "-h", socket_dir, "-U", role, "refs"],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip


def test_the_owner_backs_up_everyones_reading_state_and_a_member_cannot(
    lab_url: str, read_and_unread: tuple[int, int], tmp_path: Path
) -> None:
    """The guide's pg_dump, as the owner: every reader's rows. A member's pg_dump would
    miss the others' rows, and pg_dump refuses rather than write such a backup."""
    assert pg_dump_as(lab_url, "refs_owner", tmp_path / "refs.dump").returncode == 0
    refused = pg_dump_as(lab_url, "alice", tmp_path / "alice.dump")
    assert refused.returncode != 0 and "row-level security" in refused.stderr
