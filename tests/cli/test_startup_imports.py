"""A command loads only what it needs: each package below cost every `litman` command
its import time (a warm search at 100k papers spent 0.45 s importing)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

# Packages no search, list or status of a library file needs.
NOT_FOR_A_FILE = ("psycopg", "PySide6", "bibtexparser")

PROBE = """
import json, sys
from litman.cli import main
code = main(sys.argv[1:])
print(json.dumps(sorted(sys.modules)))
sys.exit(code)
"""


def loaded_by(args: list[str], tmp_path: Path) -> set[str]:
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout.splitlines()[-1]))


def packages(modules: set[str]) -> set[str]:
    return {name.split(".")[0] for name in modules}


@pytest.mark.slow
@pytest.mark.parametrize(
    "command",
    [["search", "neural", "network"], ["list"], ["status", "read", "3"], ["tags"]],
    ids=["search", "list", "status", "tags"],
)
def test_a_command_on_a_library_file_loads_no_driver_window_or_parser(
    seeded_path: Path, tmp_path: Path, command: list[str]
) -> None:
    loaded = loaded_by(["--library", str(seeded_path), *command], tmp_path)
    assert not packages(loaded) & set(NOT_FOR_A_FILE)


# What only a search (numpy: the index; rapidfuzz: its typos) or a shared library (the
# PostgreSQL dialect) needs, or a write of new papers (rapidfuzz: the duplicate checks):
# 0.05-0.1 s of every other command.
NOT_WITHOUT_A_SEARCH = ("numpy", "rapidfuzz", "sqlalchemy.dialects.postgresql")


@pytest.mark.slow
@pytest.mark.parametrize(
    "command",
    [["list", "--json"], ["status", "read", "3"], ["tags"], ["export", "-o", "-"]],
    ids=["list", "status", "tags", "export"],
)
def test_a_command_that_does_not_search_loads_no_index_typos_or_postgresql_dialect(
    seeded_path: Path, tmp_path: Path, command: list[str]
) -> None:
    loaded = loaded_by(["--library", str(seeded_path), *command], tmp_path)
    assert not loaded & set(NOT_WITHOUT_A_SEARCH)


WINDOW_PROBE = """
import json, sys
import litman.gui.window.launch, litman.gui.window.main_window
print(json.dumps(sorted({name.split(".")[0] for name in sys.modules})))
"""


@pytest.mark.slow
def test_the_window_on_a_library_file_loads_no_postgresql_driver() -> None:
    # The window's modules load before it knows what it opens; the shared library's dialog
    # and launcher load the driver (about 0.1-0.2 s of every start) only when used.
    done = subprocess.run(
        [sys.executable, "-c", WINDOW_PROBE],
        capture_output=True,
        text=True,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "psycopg" not in set(json.loads(done.stdout.splitlines()[-1]))


# The CSL-JSON writer and what it needs (dates, names, DOIs, BibTeX's fields): only `cite`,
# `export` and the formats load them; a search prints its papers without them.
NOT_FOR_A_SEARCH = ("litman.formats.csljson", "litman.formats.csl_values", "litman.formats.dates")


@pytest.mark.slow
@pytest.mark.parametrize(
    "command", [["search", "neural", "network"], ["list"]], ids=["search", "list"]
)
def test_a_search_or_list_loads_no_csl_json_writer(
    seeded_path: Path, tmp_path: Path, command: list[str]
) -> None:
    loaded = loaded_by(["--library", str(seeded_path), *command], tmp_path)
    assert not loaded & set(NOT_FOR_A_SEARCH)
