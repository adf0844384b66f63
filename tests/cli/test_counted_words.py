"""A count of one reads as one: "1 paper", "1 backup", never "1 papers", in every message
the command prints for a library of one paper."""

import re
from pathlib import Path

import pytest

from litman.cli import main

ONE_OF_MANY = re.compile(r"\b1 (?:papers|backups|tags|items|files|possible duplicates)\b")


COMMANDS = [
    ("status", "read", "1"),
    ("tag", "add", "new", "1"),
    ("tag", "rename", "new", "newer"),
    ("tag", "delete", "newer"),
    ("stats",),
    ("search", "walrus"),
    ("export", "-o", "-"),
    ("backup",),
    ("backup", "--list"),
    ("check",),
    ("delete", "1"),
    ("trash", "restore", "1"),
    ("delete", "1"),
    ("trash", "empty", "--yes"),
]


@pytest.mark.slow
def test_no_message_says_1_papers(one: Path, capsys: pytest.CaptureFixture[str]) -> None:
    said = []
    for args in COMMANDS:
        assert main(["--library", str(one), *args]) == 0, args
        out = capsys.readouterr()
        said.append(out.err + (out.out if args[0] != "export" else ""))
    wrong = [line for text in said for line in text.splitlines() if ONE_OF_MANY.search(line)]
    assert wrong == []


def test_a_copy_of_one_paper_says_one(
    one: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["copy", str(one), str(tmp_path / "copy.sqlite")]) == 0
    out = capsys.readouterr()
    assert "Copied 1 paper and 1 tag " in out.out
