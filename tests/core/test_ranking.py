"""The ranking's fast sort agrees with the plain two-key sort it replaces."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from litman.core.search.ranking import RADIX_FROM, WEIGHTS, rank_order

# Scores as the ranking makes them: weights times strengths, summed over a few terms, plus
# half a field bonus; and some that are not whole tenths (the plain sort must take those).
TENTHS = np.rint(WEIGHTS * 10).astype(np.int64)  # each field's weight, in tenths
STRENGTHS = np.array([10, 8, 6, 5, 12])  # exact, prefix, typo, two typos, phrase; in tenths


def plain(cand: np.ndarray, scores: np.ndarray) -> np.ndarray:
    return np.lexsort((-cand, -scores))


@given(
    st.integers(0, 3 * RADIX_FROM),
    st.integers(1, 4),
    st.integers(0, 2**32 - 1),
    st.booleans(),
)
@settings(max_examples=60, deadline=None)
def test_rank_order_is_descending_score_then_descending_id(
    n: int, terms: int, seed: int, odd: bool
) -> None:
    rng = np.random.default_rng(seed)
    cand = np.sort(rng.choice(10 * n + 1, n, replace=False)).astype(np.int64)
    # Made in whole tenths first, so that equal scores are equal floats.
    tenths = np.zeros(n, dtype=np.int64)
    for _ in range(terms):
        tenths += rng.choice(TENTHS, n) * rng.choice(STRENGTHS, n) // 10
    tenths += rng.choice(TENTHS, n) * rng.integers(0, terms, n) // 2  # half a field bonus
    scores = (tenths / 10).astype(np.float32)
    if odd and n:
        scores[rng.integers(0, n)] += np.float32(0.037)  # not a whole number of tenths
    assert rank_order(cand, scores).tolist() == plain(cand, scores).tolist()


def test_a_wide_range_of_scores_is_still_sorted_exactly() -> None:
    n = 2 * RADIX_FROM
    cand = np.arange(n, dtype=np.int64)
    scores = np.repeat(np.array([0.6, 4000.0], dtype=np.float32), n // 2)  # 40k tenths apart
    assert rank_order(cand, scores).tolist() == plain(cand, scores).tolist()
