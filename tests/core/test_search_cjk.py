"""Chinese, Japanese and Korean in search: any substring of a run finds its paper (bigrams),
ranked by the rules of words, highlighted on the characters matched; full-width forms and
CJK punctuation; a stray space inside a Chinese query."""

import pytest

from litman.core.library.facade import Library
from litman.core.records import NewPaper

TITLE = "基于深度学习的图像识别方法研究"


def add(library: Library, title: str, **kw: object) -> int:
    return library.papers.add_paper(NewPaper(title=title, **kw))  # type: ignore[arg-type]


@pytest.mark.parametrize("query", ["深度学习", "图像识别", "学习", "方法研究", "的图", "究"])
def test_any_substring_of_a_chinese_title_finds_it(library: Library, query: str) -> None:
    pid = add(library, TITLE)
    add(library, "卷积神经网络")
    assert list(library.search(query).ids) == [pid]


def test_a_substring_not_in_the_title_finds_nothing(library: Library) -> None:
    add(library, TITLE)
    assert list(library.search("学深").ids) == []
    assert list(library.search("深度网络").ids) == []  # 深度 and 网络 apart: not the run


def test_one_character_finds_every_title_holding_it_anywhere(library: Library) -> None:
    first = add(library, "学习")  # 学 begins the run
    last = add(library, "深度学")  # ... and ends it
    add(library, "图像")
    assert sorted(library.search("学").ids) == sorted([first, last])


def test_the_index_finds_a_chinese_paper_after_an_edit_and_after_a_build(
    library: Library,
) -> None:
    pid = add(library, "机器翻译")
    library.search("x")  # the index is built now; the next add goes to it incrementally
    other = add(library, TITLE)
    assert list(library.search("深度学习").ids) == [other]
    library.index.build()
    assert list(library.search("机器").ids) == [pid]


def test_chinese_in_the_title_ranks_above_chinese_in_the_abstract(library: Library) -> None:
    in_abstract = add(library, "Other", abstract=TITLE)
    in_title = add(library, TITLE)
    assert list(library.search("图像识别").ids) == [in_title, in_abstract]


def test_mixed_chinese_and_english_title_finds_both_scripts(library: Library) -> None:
    pid = add(library, "基于CNN的图像分类")
    add(library, "CNN features")
    assert list(library.search("CNN 图像分类").ids) == [pid]
    assert list(library.search("图像 cnn").ids) == [pid]
    assert pid in library.search("cnn").ids


def test_highlights_cover_only_the_characters_matched(library: Library) -> None:
    pid = add(library, TITLE)
    paper = library.get(pid)
    assert library.search("图像识别").spans(paper) == {"title": [(7, 11)]}
    assert library.search("究").spans(paper) == {"title": [(14, 15)]}


def test_highlights_in_a_mixed_title_mark_the_latin_word_too(library: Library) -> None:
    pid = add(library, "基于CNN的图像分类")
    spans = library.search("cnn 图像").spans(library.get(pid))
    assert spans["title"] == [(2, 5), (6, 8)]


def test_full_width_forms_fold_to_ascii(library: Library) -> None:
    pid = add(library, "ＢＥＲＴ模型１２３")
    assert list(library.search("bert").ids) == [pid]
    assert list(library.search("123").ids) == [pid]
    assert list(library.search("ＢＥＲＴ").ids) == [pid]


def test_chinese_punctuation_separates_tokens(library: Library) -> None:
    pid = add(library, "图像，识别：方法")
    assert list(library.search("图像").ids) == [pid]
    assert list(library.search("像识").ids) == []  # the comma stands between them


def test_a_stray_space_in_a_chinese_query_still_finds_the_run_first(library: Library) -> None:
    apart = add(library, "图像识与区别")  # both halves, not together
    together = add(library, TITLE)
    assert list(library.search("图像识 别").ids) == [together, apart]


def test_japanese_and_korean_runs_are_found_by_substring(library: Library) -> None:
    ja = add(library, "深層学習による画像認識")
    ko = add(library, "딥러닝 기반 이미지 인식")
    assert list(library.search("画像認識").ids) == [ja]
    assert list(library.search("러닝").ids) == [ko]


def test_a_negated_chinese_word_excludes_its_papers(library: Library) -> None:
    add(library, TITLE)
    other = add(library, "卷积神经网络研究")
    assert list(library.search("研究 -深度学习").ids) == [other]


def test_a_quoted_chinese_phrase_matches_as_written(library: Library) -> None:
    pid = add(library, TITLE)
    add(library, "深度与学习")
    assert list(library.search('"深度学习"').ids) == [pid]


def test_one_character_alone_skips_abstracts_which_two_reach(library: Library) -> None:
    in_title = add(library, "图像的分类")
    in_abstract = add(library, "Other", abstract="图像的分类")
    assert list(library.search("的").ids) == [in_title]
    assert list(library.search("的分").ids) == [in_title, in_abstract]
