"""One parser for people's names, checked against BibTeX's own rules (pybtex) over real
name lists, and by hand for the cases BibTeX's rules leave to us."""

import logging
from collections.abc import Iterator
from pathlib import Path

import pybtex.errors
import pytest
from bibtexparser.entrypoint import parse_string
from pybtex.database import Person as BibTeXPerson

from litman.core.names import (
    CAPITAL_PARTICLES,
    Organisation,
    Person,
    first_sort_key,
    is_han,
    literal_names,
    parse,
    stored,
)
from litman.core.names import split_list as split_names
from tests.conftest import ROOT, corpora_dir

SUFFIXES = {"jr", "jr.", "sr", "sr.", "ii", "iii", "iv"}


@pytest.mark.parametrize(
    ("written", "parsed"),
    [
        ("Jean de la Fontaine", Person("Jean", "de la", "Fontaine")),
        ("de la Fontaine, Jean", Person("Jean", "de la", "Fontaine")),
        ("Ludwig van Beethoven", Person("Ludwig", "van", "Beethoven")),
        ("Smith, Jr., John", Person("John", "", "Smith", "Jr.")),
        ("John Smith Jr.", Person("John", "", "Smith", "Jr.")),
        ("King Jr., Martin Luther", Person("Martin Luther", "", "King", "Jr.")),
        ("Henry Ford III", Person("Henry", "", "Ford", "III")),
        ("Jean {de la} Fontaine", Person("Jean {de la}", "", "Fontaine")),
        ("{Barnes and Noble}", Organisation("Barnes and Noble")),
        ("{GTEx Consortium}", Organisation("GTEx Consortium")),
        ("Plato", Person(last="Plato")),
        ("王小明", Person(first="小明", last="王")),  # family name first, as Chinese writes it
        ("Wang, Xiaoming", Person("Xiaoming", "", "Wang")),
        ("Zhang Wei", Person("Zhang", "", "Wei")),  # as written: no order is guessed
        ("Jr.", Person(last="Jr.")),
        ("Cecilia Di Chio", Person("Cecilia", "", "Di Chio")),  # BibTeX: Chio
        ("H Van Rijn", Person("H", "", "Van Rijn")),
        ("Van Morrison", Person("Van", "", "Morrison")),
        ("Stephan v. Bechtolsheim", Person("Stephan", "v.", "Bechtolsheim")),
        ('Jean {\\"u}ber Meier', Person("Jean", '{\\"u}ber', "Meier")),
        ("Jean {\\ae}ber Meier", Person("Jean {\\ae}ber", "", "Meier")),
    ],
)
def test_a_name_parses_into_its_four_parts(written: str, parsed: Person) -> None:
    assert parse(written) == parsed


@pytest.mark.parametrize(
    ("name", "whole"),
    [
        ("Centers for Disease Control and Prevention", True),
        ("U.S. Food and Drug Administration", True),
        ("W H Press", False),  # `Press` is a surname too
        ("Hans in het Veld", False),
    ],
)
def test_a_stored_name_joining_words_as_an_organisation_is_named_whole(
    name: str, whole: bool
) -> None:
    assert isinstance(stored(name), Organisation) is whole


def test_a_name_list_splits_on_and_outside_braces() -> None:
    field = "A. Smith and {Barnes and Noble} AND de Vries, J and others"
    assert split_names(field) == ["A. Smith", "{Barnes and Noble}", "de Vries, J", "others"]


def test_john_smith_jr_sorts_and_is_named_by_smith() -> None:
    assert parse("John Smith Jr.").family == "Smith"
    assert parse("John Smith Jr.").sort_key == "smith, john, jr."


def test_the_sort_key_is_the_family_name_first() -> None:
    assert parse("Jean de la Fontaine").sort_key == "de la fontaine, jean"
    assert parse("Müller, Anna").sort_key == "muller, anna"  # as `Last, First` always was


def test_names_braced_whole_in_the_source_sort_whole() -> None:
    authors = ("GTEx Consortium", "Smith, J")
    extra = {"litman-fields": "author,title", "litman-raw-author": "{GTEx Consortium} and Smith, J"}
    assert literal_names(authors, extra) == {"GTEx Consortium"}
    assert first_sort_key(authors, extra) == "gtex consortium"
    assert first_sort_key(authors, {"litman-fields": "author"}) == "consortium, gtex"


def test_a_decoded_name_is_found_braced_in_its_latex_source() -> None:
    extra = {"litman-fields": "author", "litman-raw-author": "{{\\\"U}nion Europ{\\'e}enne}"}
    assert literal_names(("Ünion Européenne",), extra) == {"Ünion Européenne"}


def test_a_name_from_elsewhere_is_whole_unless_it_looks_personal() -> None:
    authors = ("World Health Organization", "Jane Doe", "Doe, J")
    assert literal_names(authors, {}) == {"World Health Organization"}


def _name_lists(folder: Path) -> Iterator[str]:
    logging.getLogger("bibtexparser").setLevel(logging.CRITICAL)
    for path in sorted(folder.rglob("*.bib")):
        library = parse_string(path.read_text(encoding="utf-8", errors="replace"))
        for entry in library.entries:
            for field in ("author", "editor"):
                value = entry.fields_dict[field].value if field in entry.fields_dict else ""
                if isinstance(value, str):
                    yield " ".join(value.split())


def _as_bibtex(name: str) -> tuple[str, str, str, str]:
    p = BibTeXPerson(name)
    parts = (p.first_names + p.middle_names, p.prelast_names, p.last_names, p.lineage_names)
    return tuple(" ".join(part) for part in parts)  # type: ignore[return-value]


def _ours(name: str) -> tuple[str, str, str, str]:
    p = parse(name)
    if isinstance(p, Organisation):
        return ("", "", "{" + p.name + "}", "")
    return (p.first, p.von, p.last, p.jr)


def _ours_differs(name: str) -> bool:
    """Our three differences from BibTeX, checked by hand above: `John Smith Jr.`, `Harris Jr,
    J` are Smith's and Harris's (BibTeX: `Jr.`'s and `Harris Jr`'s); `Cecilia Di Chio` is Di
    Chio's (BibTeX: Chio's); a Han name written whole is family name first (`王小明`)."""
    family = name.split(",")[0].split()
    if len(family) >= 2 and family[-1].casefold() in SUFFIXES:
        return True
    if is_han(name.strip()):  # 羊憶蓉 is 羊's (BibTeX: one word, the family name)
        return True
    return "," not in name and len(family) >= 3 and family[-2].casefold() in CAPITAL_PARTICLES


def _differ_from_bibtex(folder: Path, at_least: int) -> list[str]:
    names = {n for field in _name_lists(folder) for n in split_names(field)}
    assert len(names) > at_least, "too few names found to check the parser against"
    return [n for n in sorted(names) if not _ours_differs(n) and _ours(n) != _as_bibtex(n)]


@pytest.fixture
def lenient_pybtex(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pybtex.errors, "strict", False)  # `a, b, c, d`: BibTeX warns, reads on


@pytest.mark.usefixtures("lenient_pybtex")
def test_names_parse_as_bibtex_parses_them_over_the_kept_bibliographies() -> None:
    assert _differ_from_bibtex(ROOT / "tests" / "data" / "bib-real", 400) == []


@pytest.mark.usefixtures("lenient_pybtex")
def test_names_parse_as_bibtex_parses_them_over_the_shared_corpora() -> None:
    """37,669 distinct names in December 2026."""
    assert _differ_from_bibtex(corpora_dir("bib"), 30_000) == []
