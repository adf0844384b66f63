"""`litman --self-test` from source: the same checks the frozen bundle runs after a build."""

import pytest

from litman.cli import main

pytestmark = pytest.mark.gui


def test_self_test_passes_and_says_what_it_checked(capsys, qapp) -> None:
    assert main(["--self-test"]) == 0
    out = capsys.readouterr().out
    for check in ("bundled files", "seed import", "search", "BibTeX", "window"):
        assert f"ok  {check}" in out
    assert "self-test passed" in out


def test_self_test_fails_loudly_without_its_seeds(capsys, qapp, monkeypatch, tmp_path) -> None:
    from litman import paths

    monkeypatch.setattr(paths, "bundle_root", lambda: tmp_path)
    assert main(["--self-test"]) == 1
    assert "FAILED  bundled files missing" in capsys.readouterr().out
