"""Chinese names, keys and sorting: a Han name written whole is family name first (compound
surnames known), shown as written; citekeys in Better BibTeX's manner, in pinyin; Chinese
sorts by pinyin among Latin."""

import pytest

from litman.core.library.citekeys import base_key
from litman.core.library.facade import Library
from litman.core.names import Person, parse
from litman.core.records import NewPaper


@pytest.mark.parametrize(
    ("name", "family", "given"),
    [
        ("张三", "张", "三"),
        ("王小明", "王", "小明"),
        ("欧阳修", "欧阳", "修"),
        ("司马相如", "司马", "相如"),
        ("諸葛亮", "諸葛", "亮"),
        ("上官婉儿", "上官", "婉儿"),
    ],
)
def test_a_chinese_name_is_family_name_first(name: str, family: str, given: str) -> None:
    person = parse(name)
    assert isinstance(person, Person)
    assert (person.family, person.first) == (family, given)
    assert person.label == person.written() == name  # shown as written, never `三 张`


def test_a_name_that_is_not_chinese_by_its_shape_stays_whole() -> None:
    assert parse("山田太郎") == Person(last="山田太郎")  # four characters, no compound surname
    assert parse("Zhang Wei") == Person(first="Zhang", last="Wei")  # BibTeX's order
    assert parse("欧阳") == Person(last="欧阳")


@pytest.mark.parametrize(
    ("authors", "year", "title", "key"),
    [
        (["张三"], 2020, "基于深度学习的图像识别方法研究", "zhang2020jiyushendu"),
        (["欧阳修"], 2021, "机器学习", "ouyang2021jiqixuexi"),
        (["曾国藩"], 2019, "重庆大学学报", "zeng2019chongqingdaxue"),  # 曾 as a name, 重 in 重庆
        (["单雄信"], 2018, "银行风险管理", "shan2018yinhangfengxian"),
        (["Müller, J."], 2020, "基于CNN的图像分类", "muller2020jiyu"),
    ],
)
def test_citekeys_for_chinese_entries_are_pinyin(
    authors: list[str], year: int, title: str, key: str
) -> None:
    assert base_key(authors, year, title) == key


def test_sorting_by_author_puts_chinese_names_by_pinyin_among_latin(library: Library) -> None:
    names = ["Zhou, Li", "张三", "Wang, Wei", "王小明", "Adams, Ann", "欧阳修", "Zhang, Wei"]
    papers = [NewPaper(title=f"P{i}", authors=(n,)) for i, n in enumerate(names)]
    ids = library.papers.add_papers(papers).added
    by = dict(zip(ids, names, strict=True))
    order = [by[i] for i in library.list_ids("authors")]
    assert order == [
        "Adams, Ann",
        "欧阳修",
        "Wang, Wei",
        "王小明",
        "张三",
        "Zhang, Wei",
        "Zhou, Li",
    ]


def test_sorting_by_title_puts_chinese_titles_by_pinyin_among_latin(library: Library) -> None:
    titles = ["Zebra finches", "机器学习", "Apples", "深度学习", "Kernels", "阿尔法"]
    ids = library.papers.add_papers([NewPaper(title=t) for t in titles]).added
    by = dict(zip(ids, titles, strict=True))
    order = [by[i] for i in library.list_ids("title")]
    assert order == ["阿尔法", "Apples", "机器学习", "Kernels", "深度学习", "Zebra finches"]
