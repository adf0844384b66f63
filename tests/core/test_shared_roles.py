"""The README's shared-library setup, run as written: its one SQL block (extracted from
README.md) makes the roles and the database on the test server; the owner creates litman's
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
from litman.core.library import Library
from litman.core.records import NewPaper

README = Path(__file__).resolve().parents[2] / "README.md"
ROLES = ("alice", "bob", "carol", "refs_members", "refs_readers", "refs_owner")


def setup_sql() -> str:
    """The one ```sql block of the README's "Shared library" section."""
    section = README.read_text().split("\n## Shared library", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```sql\n(.*?)```", section, re.S)
    assert len(blocks) == 1, "the section has one SQL block"
    return blocks[0]


@pytest.fixture
def lab(pg_cluster) -> Iterator[str]:
    """The README's block run by psql as the superuser; a URL template for a role."""
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
    lab: str, tmp_path: Path
) -> None:
    mine = tmp_path / "alice.sqlite"
    with Library.open(mine) as lib:
        (pid,) = lib.add_papers([NewPaper(title="Read by Alice")]).added
        lib.set_status([pid], "read")
    Library.open(lab.format("refs_owner")).close()  # litman's tables, no papers
    with Library.open(mine) as source, Library.open(lab.format("alice")) as alice:
        source.copy_to(alice)
    with Library.open(lab.format("alice")) as alice, Library.open(lab.format("bob")) as bob:
        assert alice.get(pid).status.value == "read"  # her reading list came with it
        assert bob.get(pid).status.value == "unread"
        bob.add_papers([NewPaper(title="Bob's, numbered after the copied ones")])


def test_a_member_cannot_make_the_tables_before_the_owner(lab: str) -> None:
    with pytest.raises(LitmanError) as caught:
        Library.open(lab.format("alice"))
    assert "\n" not in str(caught.value)


def test_the_readme_roles_give_the_owner_members_and_readers_their_rights(lab: str) -> None:
    with Library.open(lab.format("refs_owner")) as owner:  # makes the tables
        owner.add_papers([NewPaper(title="Made by the owner")])
    with Library.open(lab.format("alice")) as alice:
        assert not alice.read_only
        (pid,) = alice.add_papers([NewPaper(title="Alice's paper")]).added
        alice.add_tag("lab", [pid])
        alice.set_status([pid], "read")
    with Library.open(lab.format("carol")) as carol:
        assert carol.read_only and "may only read" in carol.read_only_reason
        assert carol.count() == 2 and carol.search("tag:lab").ids == [pid]
        with pytest.raises(ReadOnlyError):
            carol.add_papers([NewPaper(title="Carol's")])
    reader = create_engine(lab.format("carol").replace("postgresql:", "postgresql+psycopg:"))
    with reader.connect() as conn, pytest.raises(ProgrammingError, match="permission denied"):
        conn.execute(text("UPDATE papers SET title = 'x'"))
    reader.dispose()
