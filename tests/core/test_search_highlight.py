"""What a word being typed highlights: every word of a field it begins, as its match."""

from litman.core.library.facade import Library
from litman.core.records import NewPaper


def test_a_short_prefix_highlights_the_words_it_begins_but_no_abstract(library: Library) -> None:
    pid = library.papers.add_paper(
        NewPaper(
            title="Stochastic Steps in the Rest",
            abstract="Stable systems.",
            authors=("Stone, Ann",),
            citekey="st2020",
        )
    )
    spans = library.search("st").spans(library.get(pid))
    assert spans["title"] == [(0, 10), (11, 16)]  # not `rest`, which holds `st`
    assert spans["authors"] == [(0, 5)]
    assert "abstract" not in spans and "citekey" not in spans  # a key is matched whole


def test_a_longer_prefix_highlights_the_abstracts_words_too(library: Library) -> None:
    pid = library.papers.add_paper(NewPaper(title="Rest", abstract="Stable systems stay."))
    spans = library.search("sta").spans(library.get(pid))
    assert spans == {"abstract": [(0, 6), (15, 19)]}
