"""Text folding and tokenising: the fast paths agree with the plain definitions."""

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from litman.core.cjk import has_cjk
from litman.core.search.postings import fold_token, raw_words
from litman.core.text import COMBINING_END, WORD_RE, first_tokens, fold, search_words, tokens

# Short words and few separators, so that windows cut words at every position; some
# accents and a dotted capital I, which lower-cases to two characters.
letters = st.sampled_from([*"abcXYZ019éÅİß_", " ", " ", "-", "\n"])


@pytest.mark.slow
@given(st.text(letters, max_size=400), st.integers(1, 9))
@settings(max_examples=400)
def test_first_tokens_are_the_first_of_all_tokens(text: str, n: int) -> None:
    assert first_tokens(text, n) == tokens(text)[:n]


def test_a_word_cut_by_the_window_is_read_whole() -> None:
    text = "w " * 7 + "x" * 400 + " tail"
    assert first_tokens(text, 8)[-1] == "x" * 400
    assert first_tokens("é " + text, 9)[-1] == "x" * 400


@pytest.mark.slow
@given(st.text(st.characters(codec="utf-8"), max_size=200) | st.text(letters, max_size=200))
@settings(max_examples=400)
def test_the_index_splits_and_folds_words_as_queries_do(text: str) -> None:
    indexed = [fold_token(w) for w in raw_words(text)]
    if not has_cjk(text):  # a CJK run is indexed as its bigrams and its last character
        assert indexed == tokens(text)
    assert set(search_words(text)) <= set(indexed)


@pytest.mark.slow
@given(st.text(st.characters(max_codepoint=127), max_size=200) | st.text(letters, max_size=200))
@settings(max_examples=400)
def test_tokens_are_the_folded_words_of_the_plain_definition(text: str) -> None:
    # ASCII text takes a fast path (translate and split): it must find the same words.
    assert tokens(text) == [fold(w) for w in WORD_RE.findall(text)]


def test_every_combining_mark_is_dropped_by_folding() -> None:
    marks = [cp for cp in range(0x110000) if unicodedata.combining(chr(cp))]
    assert max(marks) < COMBINING_END
    assert fold("".join(f"e{chr(cp)}" for cp in marks)) == "e" * len(marks)
