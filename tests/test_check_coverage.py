"""scripts/check_coverage.py: a package under its floor fails the run, named."""

import importlib.util
from pathlib import Path

import coverage
import pytest

from tests.conftest import ROOT

spec = importlib.util.spec_from_file_location("check_coverage", ROOT / "scripts/check_coverage.py")
assert spec and spec.loader
check_coverage = importlib.util.module_from_spec(spec)
spec.loader.exec_module(check_coverage)


def _measured(tmp_path: Path) -> Path:
    """Coverage data in which only litman/paths.py ran, every line of it."""
    paths = ROOT / "litman" / "paths.py"
    ran = coverage.Coverage(data_file=None, config_file=False)
    statements = ran.analysis2(str(paths))[1]
    data = coverage.CoverageData(basename=str(tmp_path / ".coverage"))
    data.add_lines({str(paths): statements})
    data.write()
    return tmp_path / ".coverage"


def test_a_package_under_its_floor_fails_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    floors = dict.fromkeys(check_coverage.FLOORS, 0) | {"litman/formats": 1}
    assert check_coverage.main(_measured(tmp_path), floors) == 1
    out = capsys.readouterr().out
    assert "litman/formats" in out and "BELOW its floor of 1%" in out


def test_every_package_at_its_floor_passes(tmp_path: Path) -> None:
    assert check_coverage.main(_measured(tmp_path), dict.fromkeys(check_coverage.FLOORS, 0)) == 0


def test_a_package_without_a_floor_fails(tmp_path: Path) -> None:
    floors = dict.fromkeys(check_coverage.FLOORS, 0)
    del floors["litman/gui"]
    assert check_coverage.main(_measured(tmp_path), floors) == 1


def test_no_data_fails(tmp_path: Path) -> None:
    assert check_coverage.main(tmp_path / ".coverage", check_coverage.FLOORS) == 1
