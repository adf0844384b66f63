"""Papers like this one (`Library.related`): those sharing the most rare words of the
paper's title and abstract, best first; itself, papers in the trash and words every paper
holds left out."""

from litman.core.library.facade import Library
from litman.core.records import NewPaper

FILLER = "We study the problem and show results for the method in this paper."


def add(lib: Library, *papers: NewPaper) -> list[int]:
    return list(lib.papers.add_papers(papers).added)


def filler(n: int) -> list[NewPaper]:
    return [NewPaper(title=f"On topic number {i}", abstract=FILLER) for i in range(n)]


def test_the_paper_sharing_the_rarest_words_comes_first(library: Library) -> None:
    add(library, *filler(40))
    me, twin, cousin, _ = add(
        library,
        NewPaper(title="Gyrokinetic turbulence in stellarators", abstract=FILLER + " Wendelstein"),
        NewPaper(title="Stellarators: gyrokinetic turbulence saturation", abstract=FILLER),
        NewPaper(title="Turbulence in stellarators", abstract=FILLER),
        NewPaper(title="Gradient descent", abstract=FILLER),
    )
    assert library.related(me)[:2] == [twin, cousin]


def test_words_every_paper_holds_relate_nothing(library: Library) -> None:
    papers = add(library, *filler(30))
    assert library.related(papers[0]) == []


def test_itself_and_papers_in_the_trash_are_left_out(library: Library) -> None:
    add(library, *filler(40))
    me, twin, cousin = add(
        library,
        NewPaper(title="Gyrokinetic turbulence in stellarators", abstract=FILLER),
        NewPaper(title="Gyrokinetic turbulence in stellarators", abstract=FILLER),
        NewPaper(title="Stellarators", abstract=FILLER),
    )
    library.build_index()
    library.papers.delete_papers([twin])
    assert library.related(me) == [cousin]


def test_at_most_n_papers(library: Library) -> None:
    add(library, *filler(40))
    ids = add(
        library, *(NewPaper(title=f"Stellarator design {i}", abstract=FILLER) for i in range(15))
    )
    assert len(library.related(ids[0])) == 10
    assert len(library.related(ids[0], n=3)) == 3
