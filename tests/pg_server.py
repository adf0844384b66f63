"""A throwaway PostgreSQL cluster for the tests: Debian's `postgresql` package, started by
the test run itself and stopped at its end.

`initdb` makes a cluster in a fresh temporary folder, whose superuser is `litman` with
`trust` authentication; the server listens on a Unix socket in that folder only (no TCP
port, so parallel pytest workers never collide) with durability off (fsync, synchronous
commit: a test cluster is thrown away). PostgreSQL refuses to run as root, and CI runs as
root: there the cluster belongs to `nobody`, and the tests (as root) still reach its socket.
"""

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

SUPERUSER = "litman"
UNPRIVILEGED = "nobody"


def binaries() -> Path | None:
    """The folder of `initdb` and `pg_ctl` (Debian keeps them off PATH), or None."""
    found = shutil.which("pg_ctl")
    if found and shutil.which("initdb"):
        return Path(found).resolve().parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), key=_version)
    return Path(versions[-1]).parent if versions else None


def _version(path: str) -> int:
    part = Path(path).parts[-3]
    return int(part) if part.isdigit() else 0


@dataclass
class Cluster:
    """A running throwaway cluster: `socket_dir` is the host for libpq."""

    root: Path
    bindir: Path
    user: str | None  # the OS user it runs as, when not ourselves

    @property
    def socket_dir(self) -> Path:
        return self.root

    @property
    def data(self) -> Path:
        return self.root / "data"

    def url(self, database: str = "postgres", driver: str = "postgresql+psycopg") -> str:
        return f"{driver}://{SUPERUSER}@/{database}?host={self.socket_dir}"

    def _run(self, *args: str) -> None:
        done = subprocess.run(
            [str(self.bindir / args[0]), *args[1:]],
            user=self.user,
            capture_output=True,
            text=True,
            timeout=120,
            cwd=self.root,
        )
        if done.returncode != 0:
            log = (
                (self.root / "server.log").read_text(errors="replace")[-2000:]
                if (self.root / "server.log").exists()
                else ""
            )
            raise RuntimeError(f"{args[0]} failed: {done.stderr.strip()}\n{log}")

    def start(self) -> None:
        self._run("initdb", "-D", str(self.data), "-U", SUPERUSER, "--auth=trust",
                  "-E", "UTF8", "--no-locale", "--no-sync")  # fmt: skip
        self.resume()

    def halt(self) -> None:
        """Stop the server and keep the cluster (a server gone away; `resume` brings it
        back): its clients' connections are cut at once. A fast stop, not an immediate one:
        with synchronous_commit off, that would lose the last commits."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def resume(self) -> None:
        """Start the server of the cluster made by `start` (again, after `halt`)."""
        options = (
            f"-c listen_addresses='' -c unix_socket_directories='{self.socket_dir}' "
            "-c fsync=off -c synchronous_commit=off -c full_page_writes=off "
            "-c max_connections=60"
        )
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.root / "server.log"),
                  "-o", options, "-w", "-t", "60", "start")  # fmt: skip

    def password_role(self, role: str, password: str) -> None:
        """Create a login role that must give `password` (SCRAM): the cluster trusts every
        other role, so its pg_hba.conf gets a first line for this one, and is reloaded."""
        import psycopg

        hba = self.data / "pg_hba.conf"
        hba.write_text(f"local all {role} scram-sha-256\n" + hba.read_text())
        with psycopg.connect(host=str(self.socket_dir), user=SUPERUSER, dbname="postgres",
                             autocommit=True) as conn:  # fmt: skip
            conn.execute(f'CREATE ROLE "{role}" LOGIN PASSWORD {_literal(password)}')
            conn.execute("SELECT pg_reload_conf()")
        self._wait_for_password(role)

    def _wait_for_password(self, role: str) -> None:
        """A reload is signalled, not awaited: wait until the server asks `role` for one."""
        import time

        import psycopg

        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                psycopg.connect(host=str(self.socket_dir), user=role, dbname="postgres",
                                password="", passfile=str(self.root / "none")).close()  # fmt: skip
            except psycopg.OperationalError as exc:
                if exc.pgconn is not None and exc.pgconn.needs_password:
                    return
            time.sleep(0.05)
        raise RuntimeError(f"the server never asked {role} for a password")

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)


def _literal(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def start() -> Cluster:
    """Make and start a cluster (RuntimeError when PostgreSQL is missing or fails)."""
    bindir = binaries()
    if bindir is None:
        raise RuntimeError("PostgreSQL is not installed (scripts/setup.sh test installs it)")
    root = Path(tempfile.mkdtemp(prefix="litman-pg-"))
    user = None
    if os.geteuid() == 0:  # PostgreSQL will not run as root
        user = UNPRIVILEGED
        entry = pwd.getpwnam(user)
        os.chown(root, entry.pw_uid, entry.pw_gid)
    cluster = Cluster(root, bindir, user)
    try:
        cluster.start()
    except BaseException:
        shutil.rmtree(root, ignore_errors=True)
        raise
    return cluster
