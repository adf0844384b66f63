"""The shared-library guide's setup (docs/shared-library.md), step by step, as written: its `lab.sql` block and
every command of its ```sh blocks, in order, run by a shell on the tests' server. Only two
things are put in for the server: `labdb` (a host name) becomes the server's socket folder,
and the superuser `postgres` (reached through `sudo -u postgres`) the cluster's own."""

import os
import re
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from litman.core.library.facade import Library
from litman.core.records import NewPaper
from tests.pg_server import Cluster

ROOT = Path(__file__).resolve().parents[2]
ROLES = ("alice", "bob", "carol", "refs_members", "refs_readers", "refs_owner")


def setup_section() -> str:
    guide = (ROOT / "docs" / "shared-library.md").read_text()
    return guide.split("\n## Setting up the database", 1)[1].split("\n## ", 1)[0]


def blocks(kind: str) -> list[str]:
    found = re.findall(rf"```{kind}\n(.*?)```", setup_section(), re.S)
    return [textwrap.dedent(block) for block in found]


def commands() -> list[str]:
    return [line for block in blocks("sh") for line in block.splitlines() if line.strip()]


def for_the_test_server(command: str, socket_dir: Path, psql: Path) -> str:
    """The guide's command with the test server's socket for `labdb`, its superuser for
    `sudo -u postgres`, and this checkout's litman for `litman`."""
    command = re.sub(
        r"postgresql://(\w+)@labdb/(\w+)", rf"postgresql://\1@/\2?host={socket_dir}", command
    )
    command = command.replace(
        "sudo -u postgres psql", f"{psql} -h {socket_dir} -U litman -d postgres"
    )
    return re.sub(r"^litman ", f"{sys.executable} -m litman ", command)


@pytest.fixture
def lab_home(pg_cluster: Cluster, tmp_path: Path) -> Iterator[Path]:
    """A folder to run the steps in, and a home whose default library is Alice's."""
    home = tmp_path / "alice-home"
    library = home / ".local" / "share" / "litman" / "library.sqlite"
    library.parent.mkdir(parents=True)
    with Library.open(library) as lib:
        ids = lib.papers.add_papers(
            [NewPaper(title=f"Transformer notes {n}") for n in range(3)]
        ).added
        lib.papers.set_status([ids[0]], "read")
    yield home
    admin = create_engine(pg_cluster.url(), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text('DROP DATABASE IF EXISTS "refs" WITH (FORCE)'))
        for role in ROLES:
            conn.execute(text(f'DROP ROLE IF EXISTS "{role}"'))
    admin.dispose()


def test_the_readme_setup_steps_work_as_written_in_order(
    lab_home: Path, pg_cluster: Cluster
) -> None:
    from tests import pg_server

    psql = pg_server.binaries() / "psql"  # type: ignore[operator]
    (sql,) = blocks("sql")
    (lab_home / "lab.sql").write_text(sql)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "PG", "LITMAN_"))}
    env |= {"HOME": str(lab_home), "PYTHONPATH": str(ROOT)}
    steps = commands()
    assert len(steps) >= 4, steps
    outputs = []
    for step in steps:
        done = subprocess.run(
            ["bash", "-c", for_the_test_server(step, pg_cluster.socket_dir, psql)],
            cwd=lab_home, env=env, capture_output=True, text=True, timeout=300,
        )  # fmt: skip
        assert done.returncode == 0, f"{step}\n{done.stdout}\n{done.stderr}"
        assert "Traceback" not in done.stderr, done.stderr
        outputs.append(done.stdout)
    assert "3 papers" in "".join(outputs)  # Bob sees what Alice copied
    assert "Transformer notes" in outputs[-1]  # and Carol finds it
