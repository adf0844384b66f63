"""`litman` with no display: one line that says so and how to run offscreen, exit 1."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X/Wayland: Linux")


@pytest.mark.slow
def test_without_a_display_litman_says_so_in_one_line_and_exits_1(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.pop("QT_QPA_PLATFORM", None)
    library = tmp_path / "lib.sqlite"
    done = subprocess.run(
        [sys.executable, "-m", "litman", "--library", str(library)],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert "no display" in lines[0]
    assert "QT_QPA_PLATFORM=offscreen" in lines[0]
    assert not library.exists()


def without_libgl(tmp_path: Path) -> dict[str, str]:
    """The environment of a machine whose libGL.so.1 cannot be loaded: the dynamic loader
    finds an empty file of that name first, and fails on it as on a missing one."""
    broken = tmp_path / "no-gl"
    broken.mkdir()
    (broken / "libGL.so.1").write_bytes(b"")
    root = str(Path(__file__).resolve().parents[2])
    return {
        **os.environ,
        "LD_LIBRARY_PATH": str(broken),
        "QT_QPA_PLATFORM": "offscreen",
        "PYTHONPATH": root,
        "HOME": str(tmp_path),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
    }


@pytest.mark.slow
def test_without_libgl_litman_names_the_packages_in_one_line(tmp_path: Path) -> None:
    library = tmp_path / "lib.sqlite"
    done = subprocess.run(
        [sys.executable, "-m", "litman", "--library", str(library)],
        env=without_libgl(tmp_path),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert "libGL.so.1" in lines[0]
    assert "apt-get install libgl1 libegl1 fontconfig-config" in lines[0]
    assert not library.exists()


@pytest.mark.slow
def test_without_libgl_the_self_test_fails_its_window_check(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "litman", "--self-test"],
        env=without_libgl(tmp_path),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stdout + done.stderr, done.stderr
    assert "ok  seed import" in done.stdout  # the checks without Qt still ran
    failed = [line for line in done.stdout.splitlines() if "FAILED" in line]
    assert len(failed) == 1 and "window" in failed[0] and "libGL.so.1" in failed[0]
    assert "apt-get install libgl1 libegl1 fontconfig-config" in failed[0]


@pytest.mark.slow
def test_a_bare_machine_hears_of_every_failed_check_at_once(tmp_path: Path) -> None:
    """No libGL and no CA certificates (a bare Debian has neither): both are said."""
    env = without_libgl(tmp_path)
    env["SSL_CERT_FILE"] = str(tmp_path / "none.pem")
    env["SSL_CERT_DIR"] = str(tmp_path / "none")
    done = subprocess.run(
        [sys.executable, "-m", "litman", "--self-test"],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 1
    failed = [line for line in done.stdout.splitlines() if "FAILED" in line]
    assert len(failed) == 2, done.stdout
    assert "CA certificates" in failed[0] and "apt-get install ca-certificates" in failed[0]
    assert "libGL.so.1" in failed[1]
    assert "self-test failed: 2 of" in done.stdout
