"""The log file a user can send: where it is, what heads it, what the command line writes to
it, and a fault's stack in it."""

import logging
import os
import platform
import subprocess
import sys
from pathlib import Path

import pytest

from litman import __version__, diagnostics
from litman.cli import commands, main

ROOT = Path(__file__).resolve().parent.parent.parent


def log_text() -> str:
    return (diagnostics.log_dir() / diagnostics.LOG_NAME).read_text(encoding="utf-8")


def test_the_log_file_is_in_the_user_log_folder_headed_by_the_versions() -> None:
    with diagnostics.logging_to_file(logging.INFO) as file:
        assert file is not None
        file.head()
        logging.getLogger("litman.somewhere").warning("something odd")
    first, second = log_text().splitlines()[:2]
    assert Path(os.environ["HOME"]) in diagnostics.log_dir().parents  # the isolated home
    assert f"litman {__version__}" in first and f"Python {platform.python_version()}" in first
    assert platform.platform() in first and "PySide6 6." in first
    assert "WARNING litman.somewhere" in second and "something odd" in second


def test_a_run_that_logs_nothing_writes_no_header() -> None:
    with diagnostics.logging_to_file(logging.WARNING):
        logging.getLogger("litman.x").info("below the level")
    assert not (diagnostics.log_dir() / diagnostics.LOG_NAME).exists()


def test_the_log_rotates_at_about_a_megabyte() -> None:
    with diagnostics.logging_to_file(logging.INFO, faults=True) as file:
        assert file is not None and file.maxBytes == diagnostics.MAX_BYTES
        for _ in range(3 * diagnostics.MAX_BYTES // 1000):
            logging.getLogger("litman.x").warning("x" * 1000)
    files = sorted(p.name for p in diagnostics.log_dir().iterdir())
    assert files == ["litman.log", "litman.log.1", "litman.log.2", "litman.log.3"]
    assert all(
        p.stat().st_size <= 1.01 * diagnostics.MAX_BYTES for p in diagnostics.log_dir().iterdir()
    )


def crash(tmp_path: Path, after: str) -> subprocess.CompletedProcess[str]:
    """A process that starts the log with faulthandler, `after` (Python), then segfaults."""
    code = (
        "import faulthandler, logging\n"
        "from litman import diagnostics\n"
        "with diagnostics.logging_to_file(logging.INFO, faults=True) as file:\n"
        "    file.head()\n"
        f"{after}"
        "    faulthandler._sigsegv()\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120
    )


def test_a_fault_leaves_the_python_stack_in_the_log(tmp_path: Path) -> None:
    done = crash(tmp_path, "")
    assert done.returncode != 0
    text = log_text()
    assert "Fatal Python error: Segmentation fault" in text and "<module>" in text
    assert "Fatal Python error" not in done.stderr  # in the log, not only on a terminal


def test_a_fault_after_the_log_rotated_is_in_the_new_file(tmp_path: Path) -> None:
    write = "    [logging.getLogger('litman.x').warning('x' * 1000) for _ in range(1100)]\n"
    crash(tmp_path, write)
    assert "Fatal Python error: Segmentation fault" in log_text()
    assert "Fatal Python error" not in (diagnostics.log_dir() / "litman.log.1").read_text()


def test_an_expected_cli_error_is_one_line_and_not_logged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--library", str(tmp_path / "lib.sqlite"), "show", "7"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("litman: error: ") and err.count("\n") == 1
    assert "Traceback" not in err
    assert log_text() == ""  # said to the user, not a bug to report


def test_an_unexpected_cli_error_is_logged_with_its_traceback(
    seeded_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(_args: object, _lib: object) -> int:
        raise RuntimeError("a bug in tags")

    monkeypatch.setitem(commands.COMMANDS, "tags", broken)
    with pytest.raises(RuntimeError):
        main(["--library", str(seeded_path), "tags"])
    text = log_text()
    assert f"litman {__version__}" in text.splitlines()[0]
    assert "litman tags failed" in text and "Traceback" in text and "a bug in tags" in text


def unreadable_backup(seeded_path: Path) -> None:
    """A backup litman cannot open: `backup --list` says so, and logs why."""
    main(["--library", str(seeded_path), "backup"])
    backup = next((seeded_path.parent / "backups").glob("*.sqlite"))
    backup.write_bytes(b"not a database at all" * 100)


def test_cli_warnings_go_to_the_log_not_the_terminal(
    seeded_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    unreadable_backup(seeded_path)
    capsys.readouterr()
    assert main(["--library", str(seeded_path), "backup", "--list"]) == 0
    assert "Cannot open" not in capsys.readouterr().err
    assert "WARNING litman.core.store.sqlite_store [MainThread]: Cannot open" in log_text()


@pytest.mark.parametrize("flag", [["-v"], ["--debug"]])
def test_debug_prints_the_log_on_stderr(
    seeded_path: Path, capsys: pytest.CaptureFixture[str], flag: list[str]
) -> None:
    unreadable_backup(seeded_path)
    capsys.readouterr()
    assert main([*flag, "--library", str(seeded_path), "backup", "--list"]) == 0
    assert (
        "WARNING litman.core.store.sqlite_store [MainThread]: Cannot open"
        in capsys.readouterr().err
    )


def test_debug_after_a_query_command_is_an_option_not_a_word(
    seeded_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["search", "--debug", "--library", str(seeded_path), "attention"]) == 0
    assert capsys.readouterr().out


def test_logging_is_as_it_was_after_a_command(seeded_path: Path) -> None:
    before = logging.getLogger().handlers[:]
    main(["--library", str(seeded_path), "tags"])
    assert logging.getLogger().handlers == before


def test_the_window_keeps_the_only_handle_on_the_log(
    seeded_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Started from `litman`, the window's log is not nested in the command line's: two
    handles on one file stop its rotation on Windows (the rename is refused)."""
    from litman.gui.window import launch

    seen: list[list[logging.Handler]] = []
    monkeypatch.setattr(
        launch,
        "run",
        lambda *a, **k: seen.append(logging.getLogger().handlers) or 0,  # type: ignore[func-returns-value]
    )
    assert main(["--library", str(seeded_path)]) == 0
    assert seen and not any(isinstance(h, diagnostics.LogFile) for h in seen[0])
