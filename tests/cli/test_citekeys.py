"""`litman citekeys pattern` and `litman citekeys regenerate`: the pattern shown and set (a
bad one refused in one line), old -> new printed, --dry-run changing nothing."""

from pathlib import Path

import pytest

from litman.cli import main
from litman.core.library.facade import Library
from litman.core.records import NewPaper


@pytest.fixture
def lib_path(tmp_path: Path) -> Path:
    path = tmp_path / "lib.sqlite"
    with Library.open(path) as lib:
        lib.papers.add_papers(
            [NewPaper(title="Walrus", authors=("Doe, Jane",), year=2020, citekey="w")]
        )
    return path


def cli(capsys: pytest.CaptureFixture[str], path: Path, *args: str) -> tuple[int, str, str]:
    code = main(["--library", str(path), *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_pattern_set_and_shown(lib_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert "litman's own rule" in cli(capsys, lib_path, "citekeys", "pattern")[1]
    assert cli(capsys, lib_path, "citekeys", "pattern", "[auth][year]")[1].strip() == "[auth][year]"
    code, _, err = cli(capsys, lib_path, "citekeys", "pattern", "[nope]")
    assert code == 1 and "unknown field [nope]" in err and "Traceback" not in err
    assert cli(capsys, lib_path, "citekeys", "pattern")[1].strip() == "[auth][year]"


def test_regenerate_dry_run_then_for_real(
    lib_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = cli(
        capsys, lib_path, "citekeys", "regenerate", "w", "--pattern", "[auth][year]", "--dry-run"
    )
    assert code == 0 and out.strip() == "w -> Doe2020" and "would change 1 citation key" in err
    assert cli(capsys, lib_path, "show", "w")[0] == 0
    cli(capsys, lib_path, "citekeys", "regenerate", "w", "--pattern", "[auth][year]")
    assert "Doe2020" in cli(capsys, lib_path, "show", "1")[1]


def test_pin_keeps_a_key_from_regenerate_and_unpin_frees_it(
    lib_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = cli(capsys, lib_path, "citekeys", "pin", "w")
    assert code == 0 and "pinned 1 citation key" in err
    code, out, err = cli(capsys, lib_path, "citekeys", "regenerate", "w", "--pattern", "[auth]")
    assert code == 0 and out == "" and "kept 1 pinned key" in err and "changed 0" in err
    assert cli(capsys, lib_path, "citekeys", "unpin", "w")[2].strip() == "unpinned 1 citation key"
    code, out, _ = cli(capsys, lib_path, "citekeys", "regenerate", "w", "--pattern", "[auth]")
    assert out.strip() == "w -> Doe"
