"""What a test needs from the machine: a program, root, or the shared corpora.

A test that lacks one never skips silently. In CI (`CI=true`, as GitHub Actions and `.ci/run`
set it) the skip is a failure, since CI promises every test; so is a missing program under
`make test` (LITMAN_REQUIRE_TOOLS=1), as scripts/setup.sh installs them. Elsewhere the test
skips, and the end of the run lists what was not tested and why (`summary`). A CI job that
cannot have some kind names it in LITMAN_ALLOW_MISSING ("tool root corpora"), as the macOS
and Windows jobs do. The corpora are found at LITMAN_CORPORA, else ../shared/corpora beside
the checkout, and only where they really are: a git worktree's ../shared may be another
checkout.
"""

import os
import shutil
import subprocess
import sys
from collections import defaultdict
from pathlib import Path
from typing import NoReturn

import pytest

ROOT = Path(__file__).resolve().parent.parent
# Every reason starts so; `summary` finds these skips by it.
LACKING = "not on this machine: "
KINDS = ("tool", "root", "corpora")
# Files any copy of the corpora holds: a folder without them is not the corpora.
CORPORA_MARKS = ("bib/real/SOURCES.md", "bib/edge/SOURCES.md", "ris/SOURCES.md")


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("true", "1", "yes")


def strict(kind: str) -> bool:
    """Whether a missing `kind` fails here instead of skipping."""
    if kind in os.environ.get("LITMAN_ALLOW_MISSING", "").split():
        return False
    return in_ci() or (kind == "tool" and os.environ.get("LITMAN_REQUIRE_TOOLS") == "1")


def lacking(kind: str, what: str) -> NoReturn:
    """Skip, or fail where `kind` is promised, saying what this machine lacks."""
    assert kind in KINDS, kind
    reason = LACKING + what
    if strict(kind):
        where = "CI" if in_ci() else "make test"
        pytest.fail(f"{reason} [{where} runs every test: a missing {kind} fails]", pytrace=False)
    pytest.skip(reason)


def require_tool(*names: str) -> None:
    """Go on only with these programs on PATH (scripts/setup.sh test installs them)."""
    missing = [name for name in names if shutil.which(name) is None]
    if missing:
        lacking("tool", f"{', '.join(missing)} (scripts/setup.sh test installs them)")


def mount_tmpfs(target: Path, size: str) -> None:
    """Mount a tmpfs of `size` at `target`: root on Linux (unmount with `umount -l`)."""
    if not sys.platform.startswith("linux"):
        pytest.skip("a tmpfs of a given size is Linux's")
    if os.geteuid() != 0 or shutil.which("mount") is None:
        lacking("root", "root, to mount a small tmpfs (a real full or read-only disk)")
    command = ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(target)]
    if subprocess.run(command, check=False).returncode != 0:
        lacking("root", "the right to mount a tmpfs (root without it, as in a container)")


def corpora_root() -> Path:
    """Where the shared corpora should be: LITMAN_CORPORA, else beside the checkout."""
    named = os.environ.get("LITMAN_CORPORA")
    return Path(named) if named else ROOT.parent / "shared" / "corpora"


def corpora_dir(*parts: str) -> Path:
    """A folder of the shared corpora; without them, `lacking` says where it looked."""
    root = corpora_root()
    if not all((root / mark).is_file() for mark in CORPORA_MARKS):
        lacking("corpora", f"the shared corpora at {root} (set LITMAN_CORPORA to their folder)")
    path = root.joinpath(*parts)
    if not path.exists():
        pytest.fail(f"the shared corpora at {root} have no {'/'.join(parts)}", pytrace=False)
    return path


def summary(terminalreporter: pytest.TerminalReporter) -> None:
    """After the run: every skip, by reason, what the machine lacked first."""
    by_reason: dict[str, list[str]] = defaultdict(list)
    for report in terminalreporter.stats.get("skipped", []):
        longrepr = report.longrepr
        reason = longrepr[2] if isinstance(longrepr, tuple) else str(longrepr)
        by_reason[reason.removeprefix("Skipped: ")].append(report.nodeid)
    if not by_reason:
        return
    count = sum(map(len, by_reason.values()))
    terminalreporter.section(f"{count} skipped: not tested here, and why", sep="-")
    for reason in sorted(by_reason, key=lambda r: (not r.startswith(LACKING), r)):
        ids = by_reason[reason]
        more = f" and {len(ids) - 1} more" if len(ids) > 1 else ""
        terminalreporter.write_line(f"{len(ids):4d}  {reason}\n      e.g. {ids[0]}{more}")
    if any(reason.startswith(LACKING) for reason in by_reason):
        terminalreporter.write_line("CI (CI=true) fails the skips that say 'not on this machine'.")
