"""The whole-library duplicate finder (`Library.duplicates`): groups found by DOI, arXiv id,
folded titles with the first author and the year, close titles and abstracts, each saying
why; pairs dismissed as not duplicates are never proposed again."""

import pytest

from litman.core.errors import NotFoundError
from litman.core.library.duplicates import CLOSE_TITLE, SAME_ARXIV, SAME_DOI, SAME_TITLE
from litman.core.library.facade import Library
from litman.core.records import NewPaper

ABSTRACT = (
    "We study the convergence of stochastic gradient descent on overparameterised networks "
    "and show that the loss landscape has no spurious minima under mild width conditions."
)


def add(lib: Library, *papers: NewPaper) -> list[int]:
    return list(lib.papers.add_papers(papers).added)


def groups(lib: Library) -> list[tuple[tuple[int, ...], tuple[str, ...]]]:
    return [(g.ids, g.reasons) for g in lib.duplicates.find()]


def test_papers_with_the_same_doi_in_any_case_are_one_group(library: Library) -> None:
    a, b, _ = add(
        library,
        NewPaper(title="One", doi="10.1000/ABC", citekey="a"),
        NewPaper(title="Two", doi="10.1000/abc", citekey="b"),
        NewPaper(title="Three", doi="10.1000/other", citekey="c"),
    )
    assert groups(library) == [((a, b), (SAME_DOI,))]


def test_a_preprint_and_the_published_version_naming_its_eprint_are_one_group(
    library: Library,
) -> None:
    pre, pub = add(
        library,
        NewPaper(title="A preprint", url="https://arxiv.org/abs/2301.01234v1", citekey="pre"),
        NewPaper(
            title="The journal version",
            doi="10.1000/journal",
            extra={"eprint": "2301.01234", "archiveprefix": "arXiv"},
            citekey="pub",
        ),
    )
    assert groups(library) == [((pre, pub), (SAME_ARXIV,))]


def test_titles_equal_but_for_latex_accents_case_and_punctuation_match_a_year_apart(
    library: Library,
) -> None:
    a, b, _, _ = add(
        library,
        NewPaper(title="On M\\\"{u}ller's \\emph{Method}", authors=("Müller, Anna",), year=2020),
        NewPaper(title="On Müller’s method.", authors=("Anna Müller",), year=2021),
        NewPaper(title="On Müller's method", authors=("Müller, Anna",), year=2023),  # too late
        NewPaper(title="On Müller's method", authors=("Schmidt, Anna",), year=2020),
    )
    assert groups(library) == [((a, b), (SAME_TITLE,))]


def test_a_title_with_a_typo_is_a_close_match_but_another_part_number_is_not(
    library: Library,
) -> None:
    a, b, _ = add(
        library,
        NewPaper(title="Gradient flows on Riemannian manifolds", authors=("Lee, J.",), year=2019),
        NewPaper(title="Gradient flows on Riemanian manifolds", authors=("Lee, J.",), year=2019),
        NewPaper(title="Gradient flows on Riemannian manifolds 2", authors=("Lee, J.",), year=2019),
    )
    assert groups(library) == [((a, b), (CLOSE_TITLE,))]


def test_the_same_abstract_is_found_as_an_import_would_propose_it(library: Library) -> None:
    a, b = add(
        library,
        NewPaper(title="First", abstract=ABSTRACT, citekey="one"),
        NewPaper(title="Second", abstract=ABSTRACT.upper(), citekey="two"),
    )
    assert groups(library) == [((a, b), ("same abstract",))]


def test_two_different_dois_are_two_works_however_alike_their_titles(library: Library) -> None:
    add(
        library,
        NewPaper(title="Same title", authors=("Lee, J.",), year=2019, doi="10.1/conf"),
        NewPaper(title="Same title", authors=("Lee, J.",), year=2019, doi="10.1/journal"),
    )
    assert groups(library) == []


def test_papers_in_the_trash_are_not_proposed(library: Library) -> None:
    _, b = add(library, NewPaper(title="X", doi="10.1/x"), NewPaper(title="Y", doi="10.1/x"))
    library.papers.delete_papers([b])
    assert groups(library) == []


def test_a_dismissed_group_is_never_proposed_again_and_undo_brings_it_back(
    library: Library,
) -> None:
    a, b = add(library, NewPaper(title="X", doi="10.1/x"), NewPaper(title="Y", doi="10.1/x"))
    done = library.duplicates.dismiss([a, b])
    assert groups(library) == []
    assert library.duplicates.dismissed() == [(a, b)]
    library.undo(done)
    assert groups(library) == [((a, b), (SAME_DOI,))]


def test_a_dismissal_naming_an_unknown_paper_is_refused(library: Library) -> None:
    (a,) = add(library, NewPaper(title="X"))
    with pytest.raises(NotFoundError):
        library.duplicates.dismiss([a, 999])
    assert library.duplicates.dismissed() == []


def test_a_third_paper_joins_through_either_of_two_reasons(library: Library) -> None:
    a, b, c = add(
        library,
        NewPaper(title="Alpha", authors=("Lee, J.",), year=2019, doi="10.1/x"),
        NewPaper(title="Beta", doi="10.1/x"),
        NewPaper(title="alpha", authors=("Lee, Jo",), year=2019),
    )
    assert groups(library) == [((a, b, c), (SAME_DOI, SAME_TITLE))]
