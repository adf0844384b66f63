"""`litman --self-test` from source: the same checks the frozen bundle runs after a build."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from litman.cli import main

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication

pytestmark = pytest.mark.gui


@pytest.mark.slow
def test_self_test_passes_and_says_what_it_checked(
    capsys: pytest.CaptureFixture[str], qapp: QApplication
) -> None:
    assert main(["--self-test"]) == 0
    out = capsys.readouterr().out
    for check in ("bundled files", "seed import", "search", "BibTeX", "window"):
        assert f"ok  {check}" in out
    assert "self-test passed" in out


def test_self_test_fails_loudly_without_its_seeds(
    capsys: pytest.CaptureFixture[str],
    qapp: QApplication,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    from litman import paths

    monkeypatch.setattr(paths, "bundle_root", lambda: tmp_path)
    assert main(["--self-test"]) == 1
    assert "FAILED  bundled files missing" in capsys.readouterr().out


@pytest.mark.slow
def test_self_test_counts_the_certificates_https_would_trust(
    capsys: pytest.CaptureFixture[str], qapp: QApplication
) -> None:
    assert main(["--self-test"]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if "ok  certificates" in x)
    assert int(line.split(": ")[1].split()[0]) > 0


@pytest.mark.slow
def test_self_test_fails_loudly_without_certificates(
    capsys: pytest.CaptureFixture[str],
    qapp: QApplication,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    """As a bundle whose OpenSSL looks in a folder this system does not have."""
    monkeypatch.setenv("SSL_CERT_FILE", str(tmp_path / "none.pem"))
    monkeypatch.setenv("SSL_CERT_DIR", str(tmp_path / "none"))
    assert main(["--self-test"]) == 1
    out = capsys.readouterr().out
    assert f"FAILED  no CA certificates in {tmp_path / 'none.pem'} or {tmp_path / 'none'}" in out
