"""A test that lacks a program, root or the corpora skips saying so, and fails in CI."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.gates import LACKING, ROOT, corpora_dir, require_tool

ABSENT = "litman-no-such-program"


@pytest.fixture
def local(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """Neither CI nor `make test`'s promise of every tool."""
    for name in ("CI", "LITMAN_REQUIRE_TOOLS", "LITMAN_ALLOW_MISSING"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_a_missing_program_skips_naming_it(local: pytest.MonkeyPatch) -> None:
    with pytest.raises(pytest.skip.Exception, match=f"^{LACKING}{ABSENT} "):
        require_tool("sh", ABSENT)


def test_a_missing_program_fails_in_ci(local: pytest.MonkeyPatch) -> None:
    local.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI runs every test"):
        require_tool(ABSENT)


def test_a_missing_program_fails_under_make_test(local: pytest.MonkeyPatch) -> None:
    local.setenv("LITMAN_REQUIRE_TOOLS", "1")
    with pytest.raises(pytest.fail.Exception, match="make test runs every test"):
        require_tool(ABSENT)


def test_a_folder_that_is_not_the_corpora_is_not_taken_for_them(
    local: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # A git worktree's ../shared can be another checkout, with a corpora folder of its own.
    (tmp_path / "bib" / "real").mkdir(parents=True)
    local.setenv("LITMAN_CORPORA", str(tmp_path))
    with pytest.raises(pytest.skip.Exception, match=f"shared corpora at {tmp_path}"):
        corpora_dir("bib", "real")
    local.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="LITMAN_CORPORA"):
        corpora_dir("bib", "real")


def test_a_ci_job_may_name_what_it_cannot_have(local: pytest.MonkeyPatch, tmp_path: Path) -> None:
    local.setenv("CI", "true")
    local.setenv("LITMAN_ALLOW_MISSING", "tool corpora")
    local.setenv("LITMAN_CORPORA", str(tmp_path))
    with pytest.raises(pytest.skip.Exception):
        corpora_dir("ris")
    with pytest.raises(pytest.skip.Exception):
        require_tool(ABSENT)


def test_a_named_corpora_folder_is_used(local: pytest.MonkeyPatch) -> None:
    found = corpora_dir()  # where this run finds them: beside the checkout or LITMAN_CORPORA
    local.setenv("LITMAN_CORPORA", str(found))
    assert corpora_dir("ris") == found / "ris"


def _run_pytest(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "conftest.py").write_text(
        "from tests.gates import summary as pytest_terminal_summary  # noqa: F401\n"
    )
    (tmp_path / "test_needs.py").write_text(
        f"from tests.gates import require_tool\n\ndef test_it():\n    require_tool({ABSENT!r})\n"
    )
    clean = {k: v for k, v in os.environ.items() if k not in ("CI", "LITMAN_REQUIRE_TOOLS")}
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:randomly"],
        cwd=tmp_path,
        env={**clean, "PYTHONPATH": str(ROOT), **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.slow
def test_the_end_of_a_run_lists_what_was_skipped_and_why(tmp_path: Path) -> None:
    done = _run_pytest(tmp_path)
    assert done.returncode == 0, done.stdout
    assert "1 skipped: not tested here, and why" in done.stdout
    assert f"{LACKING}{ABSENT}" in done.stdout


@pytest.mark.slow
def test_in_ci_the_same_run_fails(tmp_path: Path) -> None:
    done = _run_pytest(tmp_path, CI="true")
    assert done.returncode == 1, done.stdout
    assert "CI runs every test" in done.stdout
