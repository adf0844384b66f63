"""A throwaway PostgreSQL cluster for the tests: Debian's `postgresql` package, started by
the test run itself and stopped at its end.

`initdb` makes a cluster in a fresh temporary folder, whose superuser is `litman` with
`trust` authentication; the server listens on a Unix socket in that folder only (no TCP
port, so parallel pytest workers never collide) with durability off (fsync, synchronous
commit: a test cluster is thrown away). PostgreSQL refuses to run as root, and CI runs as
root: there the cluster belongs to `nobody`, and the tests (as root) still reach its socket.
"""

import contextlib
import glob
import os
import pwd
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

SUPERUSER = "litman"
PASSWORD_GROUP = "litman_password_roles"  # its members log in with a password
UNPRIVILEGED = "nobody"
PREFIX = "litman-pg-"
# Each cluster's folder names the test process it belongs to, "PID STARTED" (STARTED from
# /proc, so that a pid used again is not taken for the owner; "-" without /proc).
OWNER = "owner"
# A folder without an owner (made before owners were written, or by an older checkout) is
# left alone until it is this old: it might be a test run's of now.
UNOWNED_AGE_S = 12 * 3600


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
        # Every other role is trusted; members of this group must give their password. The
        # server looks membership up at each connection, so a role made a member later needs
        # no reload (which the server does not say it has finished).
        hba = self.data / "pg_hba.conf"
        hba.write_text(f"local all +{PASSWORD_GROUP} scram-sha-256\n" + hba.read_text())
        self.resume()
        self._sql(f'CREATE ROLE "{PASSWORD_GROUP}" NOLOGIN')

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

    def freeze(self) -> None:
        """Stop every process of the server with SIGSTOP (a server that hangs: its
        connections stay open and nothing answers on them); `thaw` resumes them."""
        self._signal(self._processes(), signal.SIGSTOP)

    def thaw(self) -> None:
        self._signal(reversed(self._processes()), signal.SIGCONT)

    @staticmethod
    def _signal(pids: Iterable[int], sig: signal.Signals) -> None:
        """The postmaster first (so it starts no child meanwhile), then its children; a
        backend that exited since the listing is passed over, as it is stopped already."""
        for pid in pids:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, sig)

    def _processes(self) -> list[int]:
        """The postmaster, then its children (the backends and helpers), by /proc."""
        main = int((self.data / "postmaster.pid").read_text().split()[0])
        children = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                parent = int(stat.read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            if parent == main:
                children.append(int(stat.parent.name))
        return [main, *children]

    def password_role(self, role: str, password: str) -> None:
        """Create a login role that must give `password` (SCRAM): a member of the group
        that pg_hba.conf asks for a password."""
        self._sql(f'CREATE ROLE "{role}" LOGIN PASSWORD {_literal(password)} '
                  f'IN ROLE "{PASSWORD_GROUP}"')  # fmt: skip

    def _sql(self, statement: str) -> None:
        import psycopg

        with psycopg.connect(host=str(self.socket_dir), user=SUPERUSER, dbname="postgres",
                             autocommit=True) as conn:  # fmt: skip
            conn.execute(statement)

    def stop(self) -> None:
        try:
            # A test that failed while the server was frozen: it cannot stop until it runs.
            with contextlib.suppress(OSError, ValueError, IndexError):
                self.thaw()
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
    clean_stale()
    root = Path(tempfile.mkdtemp(prefix=PREFIX))
    (root / OWNER).write_text(f"{os.getpid()} {_started(os.getpid()) or '-'}\n")
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


def clean_stale() -> list[Path]:
    """Stop and remove the clusters that killed test runs left behind (a killed pytest never
    reaches its teardown, and its server runs on): each folder whose owning process is gone.
    Never a cluster of a test process still running. Returns the folders removed."""
    removed = []
    for root in sorted(Path(tempfile.gettempdir()).glob(PREFIX + "*")):
        if root.is_dir() and not root.is_symlink() and _stale(root):
            _stop_left(root)
            shutil.rmtree(root, ignore_errors=True)
            removed.append(root)
    return removed


def _stale(root: Path) -> bool:
    try:
        pid, started = (root / OWNER).read_text().split()
    except FileNotFoundError:
        try:
            return time.time() - root.stat().st_mtime > UNOWNED_AGE_S
        except OSError:
            return False
    except (OSError, ValueError):
        return False
    now = _started(int(pid))
    return now is None or (started != "-" and now != started)


def _started(pid: int) -> str | None:
    """When process `pid` started (clock ticks since boot, from /proc/PID/stat), "" where
    there is no /proc to ask; None when there is no such process (or only its zombie)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return None
    except PermissionError:
        pass
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except FileNotFoundError:
        return None if Path("/proc/self/stat").exists() else ""
    except OSError:
        return ""
    return None if fields[0] == "Z" else fields[19]  # field 3 is the state, 22 the start


def _stop_left(root: Path) -> None:
    """Stop a left cluster's server, as the user it runs as."""
    bindir, data = binaries(), root / "data"
    if bindir is None or not (data / "postmaster.pid").exists():
        return
    owner = data.stat().st_uid
    user = None if owner == os.geteuid() else pwd.getpwuid(owner).pw_name
    subprocess.run(
        [str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"],
        user=user,
        capture_output=True,
        timeout=120,
        cwd=root,
    )
