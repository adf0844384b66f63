"""Files that are not UTF-8: decoded by their byte-order mark, else as UTF-8, else in the
encoding charset-normalizer finds among GB18030/GBK, Big5, Shift-JIS, cp1252 and Latin-1,
named in the report; a file none of them reads whole is refused, nothing replaced."""

from pathlib import Path

import pytest

from litman import app
from litman.core.errors import ImportFailed
from litman.core.library.facade import Library
from litman.formats.decoding import decode

DATA = Path(__file__).resolve().parent.parent / "data" / "encodings"
ENTRY = "@article{key1,\n  title = {%s},\n  author = {%s},\n  year = {2020}\n}\n"


def test_bibtexparsers_gbk_file_imports_with_its_chinese_author_and_key(
    library: Library,
) -> None:
    report = app.import_files(library, [DATA / "gbk_test.bib"])[0]
    (paper,) = library.list_papers()
    assert (paper.authors, paper.citekey, paper.venue) == (("凯撒",), "凯撒2013", "测试期刊")
    assert any("GB18030" in w for w in report.warnings)


@pytest.mark.parametrize(
    ("encoding", "title", "author", "named"),
    [
        ("gb18030", "基于深度学习的图像识别方法研究", "张三 and 欧阳修", "GB18030"),
        ("gbk", "卷积神经网络在医学图像中的应用", "李四", "GB18030"),
        ("big5", "機器學習之研究與應用", "王小明", "Big5"),
        ("shift_jis", "深層学習による画像認識の研究", "山田太郎", "Shift-JIS"),
        ("cp1252", "Über café naïve – “quoted”", "Müller, Jürgen", "cp1252"),
    ],
)
def test_each_legacy_encoding_is_told_apart_and_named(
    tmp_path: Path, encoding: str, title: str, author: str, named: str
) -> None:
    decoded = decode((ENTRY % (title, author)).encode(encoding), "refs.bib")
    assert title in decoded.text and author in decoded.text
    assert named in decoded.warnings[0]


def test_a_file_that_no_encoding_reads_whole_is_refused_in_one_line() -> None:
    data = b"TY  - JOUR\nTI  - caf\xe9 \x81\x8d\x8f\x90\x9d\nER  - \n"
    with pytest.raises(ImportFailed) as caught:
        decode(data, "refs.ris")
    assert "\n" not in str(caught.value) and "nothing was imported" in str(caught.value)


def test_a_declared_encoding_is_used_when_it_reads_the_file(tmp_path: Path) -> None:
    path = tmp_path / "big5.bib"
    text = "% Encoding: Big5\n" + ENTRY % ("機器學習", "王小明")
    path.write_bytes(text.encode("big5"))
    library_path = tmp_path / "lib.sqlite"
    with Library.open(library_path) as lib:
        report = app.import_files(lib, [path])[0]
        assert lib.list_papers()[0].title == "機器學習"
        assert any("Big5" in w and "declares" in w for w in report.warnings)


def test_utf8_with_a_few_broken_bytes_is_still_utf8_with_them_reported() -> None:
    decoded = decode("深度学习 café ".encode() + b"\xff\n", "refs.txt")
    assert decoded.encoding == "utf-8" and "深度学习 café" in decoded.text
    assert "line 1" in decoded.warnings[0]
