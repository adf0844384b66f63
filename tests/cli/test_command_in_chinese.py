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
def chinese_locale(request: pytest.FixtureRequest) -> Iterator[str]:
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


def test_every_help_text_is_said_in_chinese(chinese_locale: str) -> None:
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
    assert ".txt 摘要文本" in done.stdout  # the readable formats' words inside import's help
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
    chinese_locale: str, capsys: pytest.CaptureFixture[str]
) -> None:
    import gettext

    with pytest.raises(SystemExit):
        main(["status", "finished", "1"])
    err = capsys.readouterr().err
    choice = {"zh_CN": "无效的选择：'finished'", "zh_TW": "無效的選擇：'finished'"}[chinese_locale]
    assert choice in err and err.startswith("用法：")
    with pytest.raises(SystemExit):
        main(["enrich", "--accept-above", "2"])
    said = {"zh_CN": "2 不在 0 到 1 之间", "zh_TW": "2 不在 0 到 1 之間"}[chinese_locale]
    assert said in capsys.readouterr().err
    assert argparse._ is gettext.gettext  # type: ignore[attr-defined]


# The commands of a day's work on a one-paper library, and what each says.
DAY = [
    ("status", "read", "1"),
    ("tag", "add", "new", "1"),
    ("tag", "remove", "new", "1"),
    ("tag", "add", "new", "1"),
    ("tag", "rename", "new", "newer"),
    ("tag", "delete", "newer"),
    ("stats",),
    ("search", "walrus"),
    ("show", "1"),
    ("backup",),
    ("backup", "--list"),
    ("check",),
    ("saved", "add", "mine", "walrus"),
    ("saved", "list"),
    ("saved", "remove", "mine"),
    ("saved", "list"),
    ("duplicates",),
    ("related", "1"),
    ("attachments", "1"),
    ("extract-text",),
    ("edit", "1", "volume=3"),
    ("conflicts",),
    ("autoexport", "list"),
    ("delete", "1"),
    ("trash", "list"),
    ("trash", "restore", "1"),
    ("delete", "1"),
    ("trash", "empty", "--yes"),
    ("trash", "list"),
    ("list",),
]


def said_lines(path: Path, capsys: pytest.CaptureFixture[str]) -> list[str]:
    """What a day's commands print, but the lines that are the library's data (a paper's
    line, a field of `show`, a tag's count)."""
    lines = []
    for args in DAY:
        assert main(["--library", str(path), *args]) == 0, args
        out = capsys.readouterr()
        lines += (out.out + out.err).splitlines()
    data = re.compile(r"Walrus embeddings|^\s*\w+: |^\s+\d+  zoo$")
    return [line for line in lines if line.strip() and not data.search(line)]


@pytest.mark.slow
def test_what_the_command_says_is_chinese_line_by_line(
    chinese_locale: str, one: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    english = [line for line in said_lines(one, capsys) if not HAN.search(line)]
    assert english == []


def test_a_listing_and_its_count_in_chinese(one: Path, capsys: pytest.CaptureFixture[str]) -> None:
    messages.use(messages.SIMPLIFIED)
    try:
        assert main(["--library", str(one), "stats"]) == 0
        assert capsys.readouterr().out.splitlines()[:4] == [
            "1 篇文献",
            "     1  未读",
            "     0  在读",
            "     0  已读",
        ]
        assert main(["--library", str(one), "search", "walrus"]) == 0
        assert capsys.readouterr().err == "（1 篇文献匹配“walrus”）\n"
        messages.use(messages.TRADITIONAL)
        assert main(["--library", str(one), "trash", "list"]) == 0
        assert capsys.readouterr().out == "垃圾桶是空的\n"
    finally:
        messages.use(messages.ENGLISH)


def test_counts_stay_english_by_default(one: Path, capsys: pytest.CaptureFixture[str]) -> None:
    messages.use(messages.ENGLISH)
    assert main(["--library", str(one), "search", "walrus"]) == 0
    assert capsys.readouterr().err == "(1 paper matches 'walrus')\n"


def test_every_counted_noun_has_its_words() -> None:
    """Each noun the code counts (`counted(n, "paper")`) is in counted's table, whose
    entries the catalogue test checks: a new noun would stay English in Chinese."""
    import ast

    from litman.core.records import COUNTED

    nouns = set()
    for path in (ROOT / "litman").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "counted":
                noun = node.args[1] if len(node.args) > 1 else None
                if isinstance(noun, ast.Constant):
                    nouns.add(noun.value)
    assert nouns and nouns <= COUNTED.keys(), nouns - COUNTED.keys()


def test_what_was_done_is_a_whole_sentence_in_chinese(
    one: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A verb chosen by an option (pinned/unpinned, changed/would change, linked) is a
    sentence of its own, never an English word inside a Chinese sentence."""
    notes = tmp_path / "notes.txt"  # a file with no text to read, so no report line
    notes.write_text("notes\n", encoding="utf-8")
    messages.use(messages.SIMPLIFIED)
    try:
        said = []
        for args in (
            ["citekeys", "pin", "1"],
            ["citekeys", "unpin", "1"],
            ["citekeys", "regenerate", "--dry-run", "1"],
            ["attach", "--link", "1", str(notes)],
        ):
            assert main(["--library", str(one), *args]) == 0, args
            out = capsys.readouterr()
            said += [line for line in (out.out + out.err).splitlines() if "->" not in line]
    finally:
        messages.use(messages.ENGLISH)
    assert said[:3] == ["已固定 1 个引用键", "已取消固定 1 个引用键", "将修改 0 个引用键"]
    assert len(said) == 4 and said[3].startswith("已将 1 个文件链接到 "), said


def test_an_auto_export_says_what_it_did_in_chinese(
    one: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "out.bib"
    messages.use(messages.TRADITIONAL)
    try:
        assert main(["--library", str(one), "autoexport", "add", str(target), "walrus"]) == 0
    finally:
        messages.use(messages.ENGLISH)
    out = capsys.readouterr()
    assert f"{target} 現在隨「walrus」自動更新（bibtex）" in out.err
    assert out.out == f"已寫入     {target}\n"
