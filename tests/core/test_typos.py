"""The typo lookup's letter-set filter loses no word that is within reach."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rapidfuzz.distance import OSA

from litman.core.search.typos import Typos

# Few letters, so that near words are common; `á` and `a` share a mask bit (225 and 97 are
# equal mod 64), and `ß`, `ж` reach past Latin-1.
letters = st.sampled_from([*"abcdeáßж"])
words = st.text(letters, min_size=1, max_size=12)


def brute(vocab: list[str], word: str, k: int) -> set[tuple[str, int]]:
    out = set()
    for tok in set(vocab):
        d = OSA.distance(word, tok)
        if 0 < d <= k:
            out.add((tok, d))
    return out


@pytest.mark.slow
@given(st.lists(words, max_size=60), words, st.integers(1, 2))
@settings(max_examples=300)
def test_near_finds_every_word_within_k_edits(vocab: list[str], word: str, k: int) -> None:
    vocab = list(dict.fromkeys(vocab))
    assert set(Typos(vocab).near(word, k)) == brute(vocab, word, k)


def test_a_swap_is_one_edit_and_far_words_are_left_out() -> None:
    typos = Typos(["shift", "shaft", "neural", "natural", "cd"])
    assert set(typos.near("shfit", 1)) == {("shift", 1)}
    assert set(typos.near("nerual", 1)) == {("neural", 1)}
