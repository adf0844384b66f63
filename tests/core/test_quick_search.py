"""Searching before the index is ready (`Library.quick_search_ids`): the same answers on a
library file and on a shared library."""

from litman.core.library.facade import Library
from litman.core.records import NewPaper


def _papers(library: Library) -> list[int]:
    return list(
        library.papers.add_papers(
            [
                NewPaper(title="Graph Neural Networks", authors=("Kipf, Thomas",), year=2017),
                NewPaper(title="Convex optimisation", authors=("Boyd, Stephen",), year=2004),
                NewPaper(title="Regret of 100% bandits_x", venue="COLT", year=2012),
            ]
        ).added
    )


def test_words_match_titles_and_authors_whatever_their_case(library: Library) -> None:
    graph, convex, bandits = _papers(library)
    assert library.quick_search_ids("neural") == [graph]
    assert library.quick_search_ids("NEURAL networks") == [graph]
    assert library.quick_search_ids("kipf") == [graph]  # authors, kept as a JSON list
    assert library.quick_search_ids("authors:boyd") == [convex]
    assert library.quick_search_ids("colt") == [bandits]


def test_like_wildcards_are_literal_and_filters_combine(library: Library) -> None:
    _graph, convex, bandits = _papers(library)
    assert library.quick_search_ids('"100%"') == [bandits]
    assert library.quick_search_ids("s_x") == [bandits]
    assert library.quick_search_ids("o_t") == []  # '_' is not any letter
    assert sorted(library.quick_search_ids("year:2000..2015")) == sorted([convex, bandits])
    assert library.quick_search_ids("-neural year:2000..2020") == [bandits, convex]


def _chinese(library: Library) -> tuple[int, int, int]:
    added = library.papers.add_papers(
        [
            NewPaper(title="基于机器学习的图像识别", authors=("张三",), year=2020),
            NewPaper(title="機器學習導論", authors=("李四",), year=2019),
            NewPaper(title="银行风险管理", authors=("王五",), year=2018),
            NewPaper(title="Machine learning in practice", authors=("Doe, Jane",)),
        ]
    ).added
    return added[0], added[1], added[2]


def test_chinese_matches_in_either_script_before_the_index(library: Library) -> None:
    simplified, traditional, _bank = _chinese(library)
    assert sorted(library.quick_search_ids("机器学习")) == sorted([simplified, traditional])
    assert sorted(library.quick_search_ids("機器學習")) == sorted([simplified, traditional])
    assert library.quick_search_ids("导论") == [traditional]
    assert library.quick_search_ids("-機器 year:2018..2020") == [_bank]


def test_pinyin_and_initials_match_chinese_titles_before_the_index(library: Library) -> None:
    simplified, traditional, _bank = _chinese(library)
    both = sorted([simplified, traditional])
    assert sorted(library.quick_search_ids("jiqixuexi")) == both
    assert sorted(library.quick_search_ids("jiqi xuexi")) == both
    assert sorted(library.quick_search_ids("jqxx")) == both
    assert sorted(library.quick_search_ids("jiqixu")) == both  # the last syllable typed
    assert library.quick_search_ids("tuxiang shibie") == [simplified]
    assert library.quick_search_ids("jixie") == []  # 机械, not 机器: no homophone near miss


def test_pinyin_keeps_latin_words_as_they_were(library: Library) -> None:
    _chinese(library)
    machine = library.quick_search_ids("machine")
    assert len(machine) == 1 and library.quick_search_ids("learning") == machine
