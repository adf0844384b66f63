"""What litman itself says (errors, import reports), in the language of the environment or
of the window: each marked message has its Chinese in both catalogues, and the library says
it in Chinese when asked."""

import ast
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from litman import app
from litman.core import messages
from litman.core.errors import LitmanError, NotFoundError
from litman.core.library.facade import Library

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = ROOT / "resources" / "i18n" / "core"


def marked() -> set[str]:
    """Every message marked `_("…")`, `N_("…")` or `n_("…", "…", n)` outside the window."""
    found = set()
    for path in (ROOT / "litman").rglob("*.py"):
        if "gui" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("_", "n_", "N_"):
                first = node.args[0] if node.args else None
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    found.add(first.value)
    return found


@pytest.fixture
def chinese() -> Iterator[None]:
    messages.use(messages.SIMPLIFIED)
    yield
    messages.use(messages.ENGLISH)


@pytest.mark.parametrize("language", ["zh_CN", "zh_TW"])
def test_every_marked_message_has_its_translation(language: str) -> None:
    text = (CATALOGUES / f"litman_{language}.po").read_text(encoding="utf-8")
    catalogue = messages.read_po(text)
    assert sorted(marked() - catalogue.keys()) == []


@pytest.mark.parametrize("language", ["zh_CN", "zh_TW"])
def test_translations_keep_every_place_to_fill(language: str) -> None:
    import re

    places = re.compile(r"\{\w*\}")
    text = (CATALOGUES / f"litman_{language}.po").read_text(encoding="utf-8")
    for english, translated in messages.read_po(text).items():
        assert sorted(places.findall(english)) == sorted(places.findall(translated)), english


def test_the_language_is_the_environments_as_gettext_reads_it() -> None:
    read = messages.from_environment
    assert read({"LANG": "zh_CN.UTF-8"}) == messages.SIMPLIFIED
    assert read({"LANG": "zh_TW.UTF-8"}) == read({"LANG": "zh_HK.UTF-8"}) == messages.TRADITIONAL
    assert read({"LANGUAGE": "en_GB:zh_CN", "LANG": "zh_CN.UTF-8"}) == messages.ENGLISH
    assert read({"LC_ALL": "zh_Hant_SG.UTF-8", "LANG": "en_US.UTF-8"}) == messages.TRADITIONAL
    assert read({"LANG": "de_DE.UTF-8"}) == read({}) == messages.ENGLISH


def test_po_reading_leaves_out_fuzzy_and_empty_and_joins_lines() -> None:
    text = (
        'msgid ""\nmsgstr "Language: zh_CN\\n"\n\n'
        'msgid "a {0}"\nmsgstr ""\n"甲 {0}"\n"乙"\n\n'
        '#, fuzzy\nmsgid "b"\nmsgstr "丙"\n\n'
        'msgid "c"\nmsgstr ""\n\n'
        'msgid "one"\nmsgid_plural "many"\nmsgstr[0] "个 \\"引\\""\n'
    )
    assert messages.read_po(text) == {"a {0}": "甲 {0}乙", "one": '个 "引"'}


@pytest.mark.usefixtures("chinese")
def test_a_library_error_is_said_in_chinese(library: Library) -> None:
    with pytest.raises(NotFoundError, match="没有编号为 999 的文献。"):
        library.get(999)


@pytest.mark.usefixtures("chinese")
def test_an_import_report_is_said_in_chinese(library: Library, tmp_path: Path) -> None:
    bib = tmp_path / "in.bib"
    bib.write_text("@article{a, title = {One}}\n@article{a, title = {Two}}\n", encoding="utf-8")
    (report,) = app.import_files(library, [bib])
    assert report.summary() == "in.bib：添加 2 篇，合并 0 篇，跳过 0 条（读取 2 条）"
    assert report.details() == ["第 2 行：引用键“a”已被使用；保存为“aa”"]


def test_english_is_unchanged(library: Library, tmp_path: Path) -> None:
    messages.use(messages.ENGLISH)
    bib = tmp_path / "in.bib"
    bib.write_text("@article{a, title = {One}}\n", encoding="utf-8")
    (report,) = app.import_files(library, [bib])
    assert report.summary() == "in.bib: 1 added, 0 merged, 0 skipped (1 record read)"


def test_the_command_says_its_errors_in_the_language_of_lang(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env.update(LANG="zh_TW.UTF-8", PYTHONPATH=str(ROOT), LITMAN_LIBRARY=str(tmp_path / "l.sqlite"))
    done = subprocess.run(
        [sys.executable, "-m", "litman", "show", "999"],
        env=env, capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    assert done.returncode != 0
    assert "沒有" in done.stderr, done.stderr


@pytest.mark.usefixtures("chinese")
def test_the_search_boxs_notes_are_said_in_chinese() -> None:
    """What the window shows beside a search: a query it read otherwise, and what the quick
    search before the index cannot do."""
    from litman.core.search import quick
    from litman.core.search.query import parse

    assert parse('year:soon "open').notes == (
        "引号未闭合：已按普通词语搜索这些词",
        "“year:soon”不是有效的 year：已按普通词语搜索",
    )
    assert quick.limits().startswith("仅精确匹配")


@pytest.mark.usefixtures("chinese")
def test_why_an_import_kept_a_record_apart_is_said_in_chinese(
    library: Library, tmp_path: Path
) -> None:
    first, second = tmp_path / "a.bib", tmp_path / "b.bib"
    first.write_text("@article{a, title = {One}, doi = {10.1/x}}\n", encoding="utf-8")
    second.write_text("@article{b, title = {One}, doi = {10.1/x}}\n", encoding="utf-8")
    app.import_files(library, [first])
    (report,) = app.import_files(library, [second])
    assert report.details() == [
        "第 1 行：保存为 b，它看起来与 a 相同（DOI 相同）；如果是同一篇文献，请合并"
    ]


@pytest.mark.usefixtures("chinese")
def test_a_readers_reasons_are_said_in_chinese(library: Library, tmp_path: Path) -> None:
    bib = tmp_path / "bad.bib"
    bib.write_text("@article{ok, title = {Fine}}\n@article{bad, title = {Broken\n", "utf-8")
    (report,) = app.import_files(library, [bib])
    assert any("条目格式错误" in line for line in report.details()), report.details()


@pytest.mark.usefixtures("chinese")
def test_refusing_the_librarys_own_file_is_a_whole_sentence_per_doing(tmp_path: Path) -> None:
    """ "Cannot import …", "Cannot export to …": each its own sentence, with no English verb
    put inside a Chinese one."""
    path = tmp_path / "own.sqlite"
    with Library.open(path) as lib:
        with pytest.raises(LitmanError, match=r"^无法导入 .*own\.sqlite：它是"):
            lib.refuse_own_file(path, "import")
        with pytest.raises(LitmanError, match=r"^无法导出到 .*own\.sqlite：它是"):
            lib.refuse_own_file(path, "export to")


@pytest.mark.usefixtures("chinese")
def test_a_file_import_refuses_is_said_in_chinese(library: Library, tmp_path: Path) -> None:
    from litman.core.errors import ImportFailed

    odd = tmp_path / "passwd"
    odd.write_text("root:x:0:0\n", encoding="utf-8")
    for path, said in (
        (tmp_path / "gone.bib", "gone.bib：文件不存在。"),
        (odd, "passwd：litman 无法导入“无后缀”文件"),
        (tmp_path, "文件夹中没有 PDF"),
    ):
        with pytest.raises(ImportFailed, match=said):
            app.import_files(library, [path])


@pytest.mark.usefixtures("chinese")
def test_a_tagged_file_with_no_records_is_said_in_chinese(library: Library, tmp_path: Path) -> None:
    from litman.core.errors import ImportFailed

    wos = tmp_path / "wos.ris"  # Web of Science's tagged export (PT to ER) saved as .ris
    wos.write_text(
        "FN Clarivate Analytics Web of Science\nPT J\nTI A title\nER\n", encoding="utf-8"
    )
    with pytest.raises(
        ImportFailed, match=r"^wos\.ris：未找到 RIS 记录（TY 到 ER）；未导入任何内容。$"
    ):
        app.import_files(library, [wos])
