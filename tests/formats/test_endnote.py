"""EndNote's tagged format (refer/BibIX), as CNKI, Wanfang and EndNote export it: read as
the RIS record each record stands for, from Zotero's translator test cases."""

from pathlib import Path

import pytest

from litman import app
from litman.core.errors import ImportFailed
from litman.core.library.facade import Library
from litman.formats import endnote, registry

DATA = Path(__file__).resolve().parent.parent / "data" / "endnote"


def test_a_wanfang_export_reads_its_chinese_article() -> None:
    batch = endnote.read(DATA / "wanfang-journal-article.txt")
    (paper,) = batch.papers
    assert paper.title == "参考文献管理工具研究"
    assert paper.authors == ("余敏", "朱江", "丁照蕾")
    assert (paper.entry_type, paper.year, paper.venue) == ("article", 2009, "现代情报")
    assert paper.doi == "10.3969/j.issn.1008-0821.2009.02.027"
    assert paper.abstract.startswith("介绍了参考文献管理的基本方法")
    assert paper.extra["volume"] == "29" and paper.extra["number"] == "2"
    assert paper.extra["pages"] == "94-98,93"
    assert paper.extra["issn"] == "1008-0821"
    assert paper.extra["endnote-journal"] == "JOURNAL OF MODERN INFORMATION"
    assert paper.extra["endnote-translated-author"] == "Yu Min\nZhu Jiang\nDing Zhaolei"


def test_a_book_record_reads_its_people_and_repeated_tags() -> None:
    (paper,) = endnote.read(DATA / "nb-book.enw").papers
    assert (paper.title, paper.entry_type, paper.year) == ("Usynlige byer", "book", 1982)
    assert paper.authors == ("Calvino, Italo",)
    assert paper.extra["editor"] == "Stender Clausen, Jørgen"
    assert paper.extra["translator"] == "Aardal, Jorunn"
    assert paper.tags == ("Italiensk litteratur", "Idealbyer", "kjernelitteratur")
    assert paper.notes.startswith("Elektronisk reproduksjon")
    assert paper.extra["endnote-doi"] == "URN:NBN:no-nb_digibok_2016062048105"


def test_cnki_keywords_split_at_semicolons_and_records_at_blank_lines(tmp_path: Path) -> None:
    path = tmp_path / "cnki.txt"
    path.write_text(
        "%0 Journal Article\n%A 张三\n%A 李四\n%T 基于深度学习的图像识别\n%J 计算机学报\n"
        "%D 2020\n%K 深度学习;图像识别;\n%X 摘要第一行\n续行\n\n"
        "%0 Thesis\n%A 王五\n%T 某某研究\n%D 2021\n%I 清华大学\n",
        encoding="utf-8",
    )
    first, thesis = endnote.read(path).papers
    assert first.tags == ("深度学习", "图像识别")
    assert first.abstract == "摘要第一行\n续行"
    assert (thesis.entry_type, thesis.venue) == ("phdthesis", "清华大学")


def test_a_gbk_export_saved_as_txt_is_found_and_read(library: Library, tmp_path: Path) -> None:
    path = tmp_path / "wanfang.txt"
    path.write_bytes((DATA / "wanfang-journal-article.txt").read_text("utf-8").encode("gbk"))
    assert registry.sniff(path) == ".enw"
    report = app.import_files(library, [path])[0]
    assert len(report.added) == 1 and any("GB18030" in w for w in report.warnings)
    assert library.list_papers()[0].authors == ("余敏", "朱江", "丁照蕾")


def test_a_file_with_no_records_is_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "empty.enw"
    path.write_text("nothing here\n", encoding="utf-8")
    with pytest.raises(ImportFailed, match=r"^empty\.enw: found no EndNote records[^\n]*$"):
        endnote.read(path)
