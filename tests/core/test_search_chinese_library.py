"""The issue's measure of done: on the seed library plus 1,000 Chinese entries, each of
`深度学习`, `機器學習`, `jqxx` and `图像识 别` finds its paper first, ahead of papers holding the
same characters apart. The Chinese entries are composed from real words
(benchmarks/bench_search_cjk.py); the papers sought are added first, so that a tie, which
goes to the newest paper, can never put them first."""

import pytest

from benchmarks.bench_search_cjk import chinese_papers
from litman.core.library.facade import Library
from litman.core.records import NewPaper

RECOGNITION = "基于深度学习的图像识别方法研究"
LEARNING = "机器学习在医学图像中的应用"
APART = ["深度神经网络与强化学习", "图像分割与目标识别方法", "机器翻译的学习方法", "图像识与区别"]


@pytest.fixture(scope="module")
def thousand_titles() -> list[NewPaper]:
    return list(chinese_papers(1000))


@pytest.mark.parametrize(
    ("query", "title"),
    [
        ("深度学习", RECOGNITION),
        ("機器學習", LEARNING),
        ("jqxx", LEARNING),
        ("图像识 别", RECOGNITION),
    ],
)
def test_each_query_finds_its_paper_first(
    seeded: Library, thousand_titles: list[NewPaper], query: str, title: str
) -> None:
    sought = {
        t: seeded.papers.add_paper(NewPaper(title=t, authors=("张三",)))
        for t in (RECOGNITION, LEARNING)
    }
    seeded.papers.add_papers([NewPaper(title=t) for t in APART] + thousand_titles)
    assert seeded.search(query).ids[0] == sought[title]
