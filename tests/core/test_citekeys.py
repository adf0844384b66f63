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
    pid = library.papers.add_paper(
        NewPaper(title="Нейронные сети", authors=("Иванов, Иван",), year=2020)
    )
    assert library.get(pid).citekey == "ivanov2020neyronnye"


def test_a_generational_suffix_is_not_the_family_name() -> None:
    """BibTeX reads `John Smith Jr.` as Mr Jr.'s; the key names Smith."""
    assert base_key(["John Smith Jr."], 2020, "Deep nets") == "smith2020deep"
    assert base_key(["King Jr., Martin Luther"], 1963, "Dream") == "king1963dream"


def test_the_von_part_is_kept_however_the_name_is_written() -> None:
    """`de la Fontaine, Jean` gave `delafontaine` and `Jean de la Fontaine` `fontaine`."""
    assert base_key(["Jean de la Fontaine"], 1668, "Fables") == "delafontaine1668fables"
    assert base_key(["de la Fontaine, Jean"], 1668, "Fables") == "delafontaine1668fables"


def test_an_organisation_keeps_its_last_word() -> None:
    assert base_key(["Centers for Disease Control and Prevention"], 2020, "Flu") == (
        "prevention2020flu"
    )
