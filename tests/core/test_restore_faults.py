"""Fault injection: every write step of a backup and a restore fails in turn (os.replace,
SQLite's backup copy, unlink, link). Whatever fails, the library at its path still opens
with everything it held, and no temporary file is left behind."""

import hashlib
import os
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from litman import app
from litman.core.library.facade import Library
from litman.core.store import backups, sqlite


class Injected(OSError):
    pass


@contextmanager
def failing_at(step: int, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Make the `step`-th write operation (counting from 1) raise; yields the log of
    operations seen, so the caller knows when a step number is past the last one."""
    seen: list[str] = []

    def wrap(name: str, real: Callable[..., Any]) -> Callable[..., Any]:
        def op(*args: Any, **kwargs: Any) -> Any:
            seen.append(name)
            if len(seen) == step:
                raise Injected(28, f"injected failure of {name}")
            return real(*args, **kwargs)

        return op

    with monkeypatch.context() as m:
        m.setattr(os, "replace", wrap("os.replace", os.replace))
        m.setattr(os, "link", wrap("os.link", os.link))
        m.setattr(os, "unlink", wrap("os.unlink", os.unlink))
        m.setattr(Path, "unlink", wrap("Path.unlink", Path.unlink))
        m.setattr(sqlite, "backup_to", wrap("backup_to", sqlite.backup_to))
        yield seen


def contents(path: Path) -> list[tuple[int, str, str, tuple[str, ...]]]:
    with Library.open(path, read_only=True, check=False) as lib:
        return [(p.id, p.title, p.status.value, p.tags) for p in lib.list_papers("id")]


def leftovers(folder: Path) -> list[str]:
    names = [p.name for p in folder.rglob("*")]
    return [n for n in names if n.endswith((".partial", ".restoring"))]


def every_step(
    pristine: Path,
    work: Path,
    action: Callable[[], object],
    failed: Callable[[], None],
    monkeypatch: pytest.MonkeyPatch,
) -> list[str]:
    """From a fresh copy of `pristine` each time, run `action` with its 1st, 2nd, ... write
    step failing, until it runs past its last step. `failed()` checks the state after each
    run that raised; a failure the action absorbed must leave a library that opens. Returns
    the steps of the full run."""
    for step in range(1, 100):
        shutil.rmtree(work, ignore_errors=True)
        shutil.copytree(pristine, work, symlinks=True)
        with failing_at(step, monkeypatch) as seen:
            try:
                action()
            except Exception:
                failed()
                continue
        assert leftovers(work) == [], seen[:step]
        if len(seen) < step:
            return seen
        assert sqlite.quick_check(work / "lib.sqlite") == "ok", seen[:step]
    raise AssertionError("the action never finished")


def make(tmp_path: Path, seeded_path: Path) -> tuple[Path, Path, Path]:
    pristine, work = tmp_path / "pristine", tmp_path / "work"
    pristine.mkdir()
    shutil.copyfile(seeded_path, pristine / "lib.sqlite")
    return pristine, work, work / "lib.sqlite"


def test_a_failing_backup_leaves_the_library_and_no_partial(
    seeded_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pristine, work, path = make(tmp_path, seeded_path)
    before = contents(pristine / "lib.sqlite")

    def failed() -> None:
        assert contents(path) == before
        assert leftovers(work) == []

    steps = every_step(
        pristine, work, lambda: backups.take(path, backups.MANUAL), failed, monkeypatch
    )
    assert {"backup_to", "os.replace"} <= set(steps)


def test_a_failing_restore_of_a_healthy_library_changes_nothing(
    seeded_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pristine, work, path = make(tmp_path, seeded_path)
    with Library.open(pristine / "lib.sqlite") as lib:
        old = backups.take(lib.path, backups.MANUAL)
        lib.papers.delete_papers(lib.list_ids()[:7])
        lib.papers.set_status(lib.list_ids()[:3], "read")
    before = contents(pristine / "lib.sqlite")
    name = old.path.name

    def failed() -> None:
        assert contents(path) == before  # still opens, with everything it held
        assert leftovers(work) == []
        assert (work / "backups" / name).exists()

    steps = every_step(pristine, work, lambda: app.restore_backup(path, name), failed, monkeypatch)
    assert {"backup_to", "os.replace", "Path.unlink"} <= set(steps)
    assert len(contents(path)) == len(before) + 7  # the run with no failure restored it


def test_a_failing_restore_of_a_damaged_library_keeps_it_in_place(
    seeded_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pristine, work, path = make(tmp_path, seeded_path)
    damaged = pristine / "lib.sqlite"
    backups.take(damaged, backups.MANUAL)
    with damaged.open("r+b") as f:  # damage a page in the middle of the file
        f.seek(damaged.stat().st_size // 2)
        f.write(b"\xff" * 4096)
    assert sqlite.integrity_check(damaged) != "ok"
    digest = hashlib.sha256(damaged.read_bytes()).hexdigest()

    def failed() -> None:
        assert hashlib.sha256(path.read_bytes()).hexdigest() == digest
        assert leftovers(work) == []

    steps = every_step(pristine, work, lambda: app.restore_backup(path), failed, monkeypatch)
    assert {"backup_to", "os.link", "os.replace"} <= set(steps)
    assert sqlite.integrity_check(path) == "ok"
    kept = list(work.glob("lib.sqlite.damaged-*"))
    assert any(hashlib.sha256(k.read_bytes()).hexdigest() == digest for k in kept)
