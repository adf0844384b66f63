"""The `litman` command in the user's language: its help (argparse's own words too), its
listings and counts, under LANG=zh_CN.UTF-8 or zh_TW.UTF-8, English by default."""

import argparse
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from litman.cli import main
from litman.cli.commands import COMMANDS, FILE_COMMANDS
from litman.cli.parser import build_parser
from litman.core import messages

ROOT = Path(__file__).resolve().parents[2]
HAN = re.compile(r"[\u4e00-\u9fff]")


def litman(language: str, *args: str, library: Path) -> subprocess.CompletedProcess[str]:
    """`python -m litman ARGS` as a user with LANG=`language` runs it."""
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env.update(LANG=language, PYTHONPATH=str(ROOT), LITMAN_LIBRARY=str(library))
    return subprocess.run(
        [sys.executable, "-m", "litman", *args],
        env=env, capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL,
    )  # fmt: skip


@pytest.fixture(params=[messages.SIMPLIFIED, messages.TRADITIONAL])
def chinese(request: pytest.FixtureRequest) -> Iterator[str]:
    messages.use(request.param)
    yield request.param
    messages.use(messages.ENGLISH)


def help_texts(parser: argparse.ArgumentParser) -> Iterator[str]:
    """Every description and help text of `parser` and of its subcommands, all the way down."""
    if parser.description:
        yield parser.description
    for action in parser._actions:
        if action.help and action.help is not argparse.SUPPRESS:
            yield action.help
        if isinstance(action, argparse._SubParsersAction):
            yield from (a.help for a in action._choices_actions if a.help)
            for sub in dict.fromkeys(action.choices.values()):
                yield from help_texts(sub)


def test_every_help_text_is_said_in_chinese(chinese: str) -> None:
    """Each help text as the help shows it (looked up as it is printed) has Chinese in it:
    one the catalogue lacks, or a new command's, stays English and fails here."""
    parser = build_parser(COMMANDS, FILE_COMMANDS)
    english = [t for t in dict.fromkeys(help_texts(parser)) if not HAN.search(messages._(t))]
    assert english == []


@pytest.mark.slow
def test_help_under_lang_zh_cn(tmp_path: Path) -> None:
    done = litman("zh_CN.UTF-8", "--help", library=tmp_path / "l.sqlite")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("用法：litman")
    assert (
        "选项:" in done.stdout
        and "列出文献" in done.stdout
        and "显示此帮助信息并退出" in done.stdout
    )
    sub = litman("zh_CN.UTF-8", "list", "--help", library=tmp_path / "l.sqlite")
    assert "降序排列" in sub.stdout and "仅限处于此状态的文献" in sub.stdout, sub.stdout


@pytest.mark.slow
def test_help_under_lang_zh_tw_is_traditional(tmp_path: Path) -> None:
    done = litman("zh_TW.UTF-8", "trash", "--help", library=tmp_path / "l.sqlite")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("用法：litman trash")
    assert "選項:" in done.stdout and "顯示此說明訊息並結束" in done.stdout
    assert "列出、還原或清空垃圾桶" in done.stdout


def test_help_is_english_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    messages.use(messages.ENGLISH)
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert out.startswith("usage: litman") and "options:" in out and "list papers" in out


def test_argparses_errors_in_chinese_and_argparse_left_as_it_was(
    chinese: str, capsys: pytest.CaptureFixture[str]
) -> None:
    import gettext

    with pytest.raises(SystemExit):
        main(["status", "finished", "1"])
    err = capsys.readouterr().err
    choice = {"zh_CN": "无效的选择：'finished'", "zh_TW": "無效的選擇：'finished'"}[chinese]
    assert choice in err and err.startswith("用法：")
    assert argparse._ is gettext.gettext  # type: ignore[attr-defined]
