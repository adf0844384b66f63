"""Finding the published record of a seed abstract: query, scores, and what accepting writes."""

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from litman.core.library.facade import Library
from litman.core.records import NewPaper, Paper
from litman.formats import seed_text
from litman.metadata.actions import accept
from litman.metadata.lookup import Lookup
from litman.metadata.matching import (
    candidates_for,
    changes_for,
    folded_words,
    needs_metadata,
    query_text,
    similarity,
)
from litman.paths import seed_files

WRONG = 0.3  # no fixture's record scores this much against another paper's seed abstract
SEED_PAPERS = [p for f in seed_files() for p in seed_text.read(f).papers]


def seed(lib: Library, opening: str) -> Paper:
    found = [p for p in lib.list_papers() if p.abstract.startswith(opening)]
    assert len(found) == 1, opening
    return found[0]


def test_the_query_is_the_abstracts_opening_sentences() -> None:
    text = "First sentence here. Second one follows. " + "Third is long " * 40 + "."
    assert query_text(text) == "First sentence here. Second one follows."


def test_a_matching_abstract_found_through_crossref_scores_near_one(
    seeded: Library, lookup: Lookup
) -> None:
    paper = seed(seeded, "Weak-to-strong generalization (W2SG)")
    assert needs_metadata(paper)
    cands, problems = candidates_for(paper, lookup)
    assert problems == ()
    assert cands[0].paper.doi == "10.5555/w2sg.0001"
    assert cands[0].score >= 0.95


def test_a_truncated_seed_scores_high_against_its_completed_abstract(
    seeded: Library, lookup: Lookup
) -> None:
    paper = seed(seeded, "Reinforcement learning with verifiable rewards has driven")
    assert paper.abstract_truncated
    cands, _ = candidates_for(paper, lookup)
    assert cands[0].paper.doi == "10.5555/rlvr.0005"
    assert cands[0].score >= 0.95


def test_another_paper_with_the_same_opening_words_scores_low(
    seeded: Library, lookup: Lookup
) -> None:
    paper = seed(seeded, "Reinforcement learning with verifiable rewards has significantly")
    cands, _ = candidates_for(paper, lookup)
    assert [c.paper.doi for c in cands] == ["10.5555/rlvr.0005"]
    assert cands[0].score < WRONG


def test_a_wrong_best_candidate_scores_low(seeded: Library, lookup: Lookup) -> None:
    paper = seed(seeded, "Normative theories allow one to elicit")
    cands, _ = candidates_for(paper, lookup)
    assert cands[0].paper.doi == "10.5555/dpo.0002"
    assert cands[0].score < WRONG


def test_a_candidate_without_an_abstract_scores_zero() -> None:
    assert similarity("Some stored abstract text of a paper.", False, "") == 0.0


def _paper(**fields: object) -> Paper:
    base = dict(
        id=1,
        citekey="k",
        entry_type="misc",
        title="Derived Title",
        title_derived=True,
        authors=(),
        year=None,
        venue="",
        doi="",
        url="",
        abstract="Stored abstract.",
        abstract_truncated=False,
        status="unread",
        rating=0,
        notes="",
        source="s",
        extra={},
        tags=(),
        added_at=None,
        modified_at=None,
        read_at=None,
    )
    base.update(fields)
    return Paper(**base)  # type: ignore[arg-type]


FOUND = NewPaper(
    title="The Real Title",
    abstract="Stored abstract, and much more that the seed lost when it was cut off.",
    authors=("Example, Ada",),
    year=2025,
    venue="Journal of Example Research",
    doi="10.5555/w2sg.0001",
    url="https://doi.org/10.5555/w2sg.0001",
    entry_type="article",
    extra={"volume": "12", "pages": "1-2"},
)


def test_accepting_fills_empty_fields_and_replaces_a_derived_title() -> None:
    changes = changes_for(_paper(extra={"pages": "9"}), FOUND)
    assert changes["title"] == "The Real Title" and changes["title_derived"] is False
    assert changes["authors"] == ("Example, Ada",)
    assert (changes["year"], changes["venue"], changes["doi"]) == (
        2025,
        "Journal of Example Research",
        "10.5555/w2sg.0001",
    )
    assert changes["entry_type"] == "article"
    assert changes["extra"] == {"pages": "9", "volume": "12"}  # a stored field is kept


def test_accepting_keeps_fields_the_user_filled_and_a_title_they_wrote() -> None:
    paper = _paper(title="My Title", title_derived=False, year=2020, venue="Mine")
    changes = changes_for(paper, FOUND)
    assert "title" not in changes and "year" not in changes and "venue" not in changes


@pytest.mark.parametrize("truncated", [True, False])
def test_a_longer_found_abstract_completes_the_stored_one(truncated: bool) -> None:
    changes = changes_for(_paper(abstract_truncated=truncated), FOUND)
    assert changes["abstract"] == FOUND.abstract
    assert changes["abstract_truncated"] is False


def test_a_shorter_found_abstract_leaves_the_stored_one() -> None:
    short = dataclasses.replace(FOUND, abstract="Short.")
    assert "abstract" not in changes_for(_paper(), short)


def _free(base: str) -> str:
    return base + "b" if base == "example2025real" else base


def test_accepting_regenerates_a_key_made_from_the_guessed_title() -> None:
    paper = _paper(citekey="derived-title")
    assert changes_for(paper, FOUND, _free)["citekey"] == "example2025realb"
    assert changes_for(_paper(citekey="derived-titlec"), FOUND, _free)["citekey"] == (
        "example2025realb"
    )


@pytest.mark.parametrize(
    "paper",
    [
        _paper(citekey="mykey"),  # set by hand
        _paper(citekey="derived-title", extra={"litman-fields": "title,abstract"}),  # a .bib's
    ],
)
def test_accepting_keeps_a_key_set_by_hand_or_read_from_a_bib_file(paper: Paper) -> None:
    assert "citekey" not in changes_for(paper, FOUND, _free)


def test_a_key_already_made_from_the_same_fields_stays() -> None:
    paper = _paper(
        citekey="example2025real",
        title="The Real Title",
        title_derived=False,
        authors=("Example, Ada",),
        year=2025,
    )
    assert "citekey" not in changes_for(paper, FOUND, _free)


def test_a_regenerated_key_is_free_and_undo_gives_the_old_one_back(seeded: Library) -> None:
    paper = seed(seeded, "Weak-to-strong generalization (W2SG)")
    taker = seeded.papers.add_paper(
        NewPaper(title="Real Title", authors=("Example, Ada",), year=2025)
    )
    assert seeded.get(taker).citekey == "example2025real"
    changes = accept(seeded, paper.id, FOUND)
    assert seeded.get(paper.id).citekey == "example2025reala"
    seeded.undo(changes)
    assert seeded.get(paper.id).citekey == paper.citekey


def test_no_seed_abstract_scores_near_a_match_against_another() -> None:
    """Every ordered pair of the 89 seeds: the closest are two truncated seeds that share
    their whole first sentence and go on differently (0.67); unrelated ones score ~0.1."""
    worst = max(
        similarity(p.abstract, p.abstract_truncated, q.abstract)
        for p in SEED_PAPERS
        for q in SEED_PAPERS
        if p is not q
    )
    assert worst < 0.7


@pytest.mark.slow
@given(
    which=st.integers(0, len(SEED_PAPERS) - 1),
    edits=st.lists(st.tuples(st.floats(0, 1, exclude_max=True), st.from_regex(r"\A[a-z]{2,9}\Z"))),
)
def test_a_record_with_a_tenth_of_its_words_changed_still_scores_as_a_match(
    which: int, edits: list[tuple[float, str]]
) -> None:
    """The published abstract as the preprint's with words replaced: each replaced word
    costs at most its share, so a tenth changed still scores 0.9, clear of any wrong seed."""
    words = folded_words(SEED_PAPERS[which].abstract)
    changed = set()
    for at, word in edits[: len(words) // 10]:
        changed.add(int(at * len(words)))
        words[int(at * len(words))] = word
    found = " ".join(words).upper()
    score = similarity(SEED_PAPERS[which].abstract, False, found)
    assert score >= 1 - len(changed) / len(words) - 1e-9 and score >= 0.9


def test_accepting_makes_the_key_again_by_the_librarys_pattern() -> None:
    """A key the library's pattern made (`paper`, as `[auth:lower][year]` names a paper with
    no author or year) is made again by that pattern, not litman's own rule."""
    pattern = "[auth:lower][year]"
    changes = changes_for(_paper(citekey="paper"), FOUND, _free, pattern)
    assert changes["citekey"] == "example2025"
    assert changes["extra"]["litman-key-pinned"] == "no"  # made by the pattern, not typed
    assert "citekey" not in changes_for(_paper(citekey="paper"), FOUND, _free)  # not litman's


def test_a_pinned_key_stays_and_an_unpinned_bib_key_follows_the_pattern() -> None:
    pinned = _paper(citekey="derived-title", extra={"litman-key-pinned": "yes"})
    assert "citekey" not in changes_for(pinned, FOUND, _free)
    unpinned = {"litman-fields": "title,abstract", "litman-key-pinned": "no"}
    paper = _paper(citekey="derived-title", extra=unpinned)
    assert changes_for(paper, FOUND, _free)["citekey"] == "example2025realb"
