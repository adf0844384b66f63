"""The README's quick start and command table, checked as written: every `litman` command
has its row (and every row's options exist), and the lines that put `litman` on the PATH
after `make run` work when typed in a shell in the checkout."""

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from litman.cli.commands import COMMANDS, FILE_COMMANDS
from litman.cli.parser import build_parser

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def options(parser: argparse.ArgumentParser) -> set[str]:
    """Every option of a command, its subcommands' included (`trash empty --yes`)."""
    found = {o for a in parser._actions for o in a.option_strings}
    for child in subcommands(parser).values():
        found |= options(child)
    return found


TABLE = README[README.index("| command | what it does |") :].split("\n\n", 1)[0]
COMMAND_ROWS = re.findall(r"^\| `litman ([a-z-]+)((?:[^|\\]|\\.)*)\|", TABLE, re.M)
PARSERS = subcommands(build_parser(COMMANDS, FILE_COMMANDS))


def test_every_command_has_a_row_in_the_readme_table() -> None:
    assert sorted(set(PARSERS) - {name for name, _ in COMMAND_ROWS}) == []


@pytest.mark.parametrize(("name", "synopsis"), COMMAND_ROWS, ids=[n for n, _ in COMMAND_ROWS])
def test_each_row_names_a_command_and_its_real_options(name: str, synopsis: str) -> None:
    assert name in PARSERS
    named = set(re.findall(r"--[a-z][a-z0-9-]*", synopsis))
    assert named <= options(PARSERS[name])


def block_after(marker: str) -> str:
    """The first ```sh block after `marker` in the README."""
    rest = README[README.index(marker) :]
    found = re.search(r"```sh\n(.*?)```", rest, re.S)
    assert found is not None, marker
    return found.group(1)


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    """A folder standing for the checkout after `make run`: its .venv is this one."""
    folder = tmp_path / "litman"
    folder.mkdir()
    (folder / ".venv").symlink_to(sys.prefix)
    return folder


def shell(script: str, cwd: Path, home: Path) -> subprocess.CompletedProcess[str]:
    env = {"HOME": str(home), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
    return subprocess.run(
        ["bash", "-c", script], cwd=cwd, env=env, capture_output=True, text=True, timeout=120
    )


@pytest.mark.slow
@pytest.mark.skipif(not shutil.which("bash"), reason="the README's lines are for a POSIX shell")
def test_the_path_lines_put_litman_on_the_path(checkout: Path, tmp_path: Path) -> None:
    lines = [
        line.split("#")[0].strip()
        for line in block_after("put it on your PATH").splitlines()
        if line.split("#")[0].strip()
    ]
    assert len(lines) == 2, lines
    this_shell, for_good = lines
    home = tmp_path / "home"
    home.mkdir()
    run = shell(f"{this_shell}\nlitman --version", checkout, home)
    assert run.returncode == 0 and run.stdout.startswith("litman "), run.stderr
    # For good: the next login shell of a Debian or Ubuntu user has ~/.local/bin on PATH.
    run = shell(f"{for_good}\ncd / && PATH=$HOME/.local/bin:$PATH litman --version", checkout, home)
    assert run.returncode == 0 and run.stdout.startswith("litman "), run.stderr
    assert os.path.islink(home / ".local" / "bin" / "litman")


@pytest.mark.skipif(not shutil.which("bash"), reason="scripts/bare_debian.sh is bash")
def test_the_bare_debian_check_runs_the_before_you_start_line_as_written() -> None:
    """As root on a bare Debian (no sudo, no package lists yet): the README's line is the
    one scripts/bare_debian.sh runs there, with nothing before it."""
    (line,) = block_after("**Before you start**").strip().splitlines()
    assert line.startswith("apt-get update && ") and "sudo" not in line
    run = subprocess.run(
        ["bash", str(ROOT / "scripts" / "bare_debian.sh"), "--print-before"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0 and run.stdout.strip() == line


def test_every_make_command_the_readme_names_is_a_target() -> None:
    named = set(re.findall(r"^make ([a-z]+)", README, re.M))  # the quick start's block
    named |= set(re.findall(r"`make ([a-z]+)", README))  # and the prose
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    targets = set(re.findall(r"^([a-z]+):", makefile, re.M))
    assert {"run", "test"} <= named
    assert named - targets == set()
