"""Chinese as users type it: Simplified and Traditional find each other (OpenCC's table), and
pinyin, whole or by initials, finds the characters (pypinyin); a library without Chinese
never loads either."""

import subprocess
import sys
from pathlib import Path

import pytest

from litman.core import cjk, pinyin
from litman.core.library.facade import Library
from litman.core.records import NewPaper

ML = "机器学习在医学图像中的应用"


@pytest.fixture
def ml(library: Library) -> int:
    library.papers.add_paper(NewPaper(title="深度神经网络的压缩"))
    library.papers.add_paper(NewPaper(title="Machine learning for images"))
    return library.papers.add_paper(NewPaper(title=ML, authors=("张三",)))


@pytest.mark.parametrize("query", ["機器學習", "机器学习", "醫學圖像"])
def test_traditional_and_simplified_find_each_other(library: Library, ml: int, query: str) -> None:
    assert list(library.search(query).ids) == [ml]


def test_a_traditional_title_is_found_by_simplified_and_highlighted(library: Library) -> None:
    pid = library.papers.add_paper(NewPaper(title="機器學習導論"))
    result = library.search("机器学习")
    assert list(result.ids) == [pid]
    assert result.spans(library.get(pid)) == {"title": [(0, 4)]}


@pytest.mark.parametrize("query", ["jiqixuexi", "jqxx", "jiqi xuexi", "jiqixue", "jiqix"])
def test_pinyin_finds_the_characters(library: Library, ml: int, query: str) -> None:
    assert list(library.search(query).ids)[:1] == [ml]


def test_pinyin_of_an_authors_name_finds_the_paper(library: Library, ml: int) -> None:
    assert list(library.search("zhangsan").ids) == [ml]


def test_pinyin_that_is_not_in_the_library_finds_nothing(library: Library, ml: int) -> None:
    assert list(library.search("shenduxuexi").ids) == []


def test_a_second_reading_of_a_character_is_found_too(library: Library) -> None:
    pid = library.papers.add_paper(NewPaper(title="银行风险"))  # 行: xing first, hang here
    assert list(library.search("yinhang").ids) == [pid]


def test_a_latin_word_ranks_its_own_matches_above_pinyin_readings(library: Library) -> None:
    chinese = library.papers.add_paper(NewPaper(title="词嵌入模型"))  # initials c q r m x
    latin = library.papers.add_paper(NewPaper(title="CQ models"))
    assert library.search("cq").ids[0] == latin
    assert chinese in library.search("cq").ids


LATIN_ONLY = """
import sys
from litman.core.library.facade import Library
from litman.core.records import NewPaper
lib = Library.open(sys.argv[1], backup=False, daily=False)
lib.papers.add_paper(NewPaper(title="Deep learning for image recognition", authors=("Müller, J.",)))
assert list(lib.search("deep learn").ids) and list(lib.search("jiqixuexi").ids) == []
lib.close()
print(sorted(m for m in ("pypinyin", "opencc") if m in sys.modules))
"""


def test_a_library_without_chinese_never_loads_pinyin_or_opencc(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-c", LATIN_ONLY, str(tmp_path / "lib.sqlite")],
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
        check=True,
    )
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize(
    ("query", "span"), [("jiqixuexi", (0, 4)), ("jqxx", (0, 4)), ("xuex", (2, 4))]
)
def test_pinyin_highlights_the_characters_it_reads(
    library: Library, ml: int, query: str, span: tuple[int, int]
) -> None:
    assert library.search(query).spans(library.get(ml))["title"] == [span]


SEARCHED = """
import sys
from litman.core.library.facade import Library
lib = Library.open(sys.argv[1], backup=False, daily=False)
assert list(lib.search("jiqixuexi").ids) == list(lib.search("jqxx").ids) == [1]
lib.close()
print("pypinyin.phrases_dict" in sys.modules)
"""


def test_searching_chinese_by_pinyin_leaves_the_phrase_table_unloaded(tmp_path: Path) -> None:
    """Indexing and searching read characters' readings only: pypinyin's phrase table,
    which its package loads on import (0.9 s), is for names and citekeys."""
    path = tmp_path / "lib.sqlite"
    with Library.open(path, backup=False, daily=False) as lib:
        assert lib.papers.add_paper(NewPaper(title="机器学习")) == 1
    out = subprocess.run(
        [sys.executable, "-c", SEARCHED, str(path)],
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
        check=True,
    )
    assert out.stdout.strip() == "False"


def test_the_readings_are_pypinyins_character_table() -> None:
    from pypinyin.pinyin_dict import pinyin_dict

    assert len(pinyin._readings()) == len(pinyin_dict)
    assert pinyin.readings("行") == ("xing", "hang", "heng")
    assert pinyin.readings("机")[0] == "ji"


def test_a_typed_word_is_read_as_syllables_without_every_characters_readings() -> None:
    # Every search of a Latin word asks whether it reads as pinyin; the syllables it needs
    # are the table's few hundred, not its 40k characters' readings (0.3-0.7 s of CPU).
    pinyin._readings.cache_clear()
    pinyin.syllables.cache_clear()
    assert pinyin.segment("jiqixuexi") == ["ji", "qi", "xue", "xi"]
    assert pinyin._readings.cache_info().currsize == 0
    every = {r for rs in pinyin._readings().values() for r in rs if r.isascii() and r.isalpha()}
    assert pinyin.syllables() == every
    assert 400 < len(every) < 450


def test_the_typo_vocabulary_of_a_chinese_library_asks_only_its_high_words_if_cjk(
    library: Library, ml: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Typos are Latin words (and Greek, Cyrillic...): CJK and pinyin tokens are left out, but
    # a word below the first CJK character (U+1100) cannot be one, and asking each of 56k
    # words of a library with a Chinese title cost 0.06-0.12 s of every warm search.
    asked: list[str] = []
    real = cjk.is_cjk_token

    def counted(word: str) -> bool:
        asked.append(word)
        return real(word)

    monkeypatch.setattr(cjk, "is_cjk_token", counted)
    library.papers.add_paper(NewPaper(title="Ελληνικά and learning, 한국어 ᄀᄁ"))
    assert list(library.search("lerning").ids)  # a typo: the vocabulary is made
    assert asked and not {"learning", "machine", "images"} & set(asked)
    assert list(library.search("ελληνικα").ids)
