"""Citation keys from names and titles in any script, as Better BibTeX makes them."""

import pytest

from litman.core.library.citekeys import base_key, slug
from litman.core.library.facade import Library
from litman.core.records import NewPaper


def test_a_cyrillic_name_and_title_are_transliterated() -> None:
    assert base_key(["Иванов, Иван"], 2020, "Нейронные сети") == "ivanov2020neyronnye"


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Müller", "muller"),
        ("Łukasz", "lukasz"),
        ("Straße", "strasse"),
        ("Καραγιάννης", "karagiannis"),
        ("王小明", "wangxiaoming"),
        ("김민수", "gimminsu"),
        ("Đặng", "dang"),
        ("O'Brien-Smith", "obriensmith"),
    ],
)
def test_slugs_are_lower_case_ascii_letters_and_digits(name: str, expected: str) -> None:
    assert slug(name) == expected


def test_a_title_only_in_another_script_still_gives_words() -> None:
    assert base_key([], None, "Глубокое обучение") == "glubokoe-obuchenie"


def test_latin_keys_are_unchanged() -> None:
    assert base_key(["Müller, Jürgen"], 2020, "On Neural Collapse") == "muller2020neural"


def test_the_library_stores_the_transliterated_key(library: Library) -> None:
    pid = library.add_paper(NewPaper(title="Нейронные сети", authors=("Иванов, Иван",), year=2020))
    assert library.get(pid).citekey == "ivanov2020neyronnye"
