"""NoteExpress's format, as CNKI and Wanfang export it: read as the RIS record each record
stands for, from real CNKI exports (CNKI_2_BibTeX's test assets)."""

from pathlib import Path

import pytest

from litman import app
from litman.core.errors import ImportFailed
from litman.core.library.facade import Library
from litman.formats import noteexpress, registry

DATA = Path(__file__).resolve().parent.parent / "data" / "noteexpress"


def test_every_record_of_a_cnki_export_reads_with_its_type() -> None:
    batch = noteexpress.read(DATA / "CoverAllTest15Entries.net")
    types = [p.entry_type for p in batch.papers]
    assert len(types) == 15 and not batch.skipped
    assert types[:7] == [
        "article",
        "article",
        "phdthesis",
        "mastersthesis",  # its type of work is 硕士
        "inproceedings",
        "article",
        "book",
    ]


def test_cnki_lists_split_at_semicolons_and_commas_between_chinese_names() -> None:
    papers = noteexpress.read(DATA / "mixed.net").papers
    first = papers[0]
    assert first.authors == ("唐伦", "赵培培", "赵国繁", "陈前斌")
    assert first.tags == ("虚拟网络功能", "预测", "迁移", "深度学习")
    assert first.venue == "电子与信息学报"
    (commas,) = noteexpress.read(DATA / "withLineBreakInAddress.net").papers
    assert commas.authors == ("谢昕", "王小增")
    assert (commas.year, commas.extra["pages"], commas.extra["issn"]) == (
        2005,
        "14-16",
        "1003-8477",
    )


def test_a_thesis_keeps_its_supervisor_and_school() -> None:
    thesis = noteexpress.read(DATA / "CoverAllTest15Entries.net").papers[2]
    assert thesis.venue == "北京交通大学"
    assert thesis.extra["noteexpress-tertiary-author"] == "何世伟"


def test_a_net_file_saved_as_txt_is_found_and_imported(library: Library, tmp_path: Path) -> None:
    path = tmp_path / "cnki.txt"
    path.write_bytes((DATA / "mixed.net").read_bytes())
    assert registry.sniff(path) == ".net"
    report = app.import_files(library, [path])[0]
    assert len(report.added) == 12
    assert library.search("虚拟网络").ids


def test_a_file_with_no_records_is_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "empty.net"
    path.write_text("nothing\n", encoding="utf-8")
    with pytest.raises(ImportFailed, match=r"^empty\.net: found no NoteExpress records[^\n]*$"):
        noteexpress.read(path)
