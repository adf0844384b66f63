"""Matches ordered only as far as they are read agree with the whole sort."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from litman.core.search.postings import FIELDS
from litman.core.search.ranked import HEAD, RankedIds, distinct, rank_order, top_order
from litman.core.search.ranking import WEIGHTS, field_bonus

# A few score values, as a keystroke's scores take: many ties, the k-th best deep or shallow.
VALUES = np.array([100.0, 80.0, 60.0, 10.0, 8.0, 5.0, 4.0, 1.0, 0.8, 0.6], dtype=np.float32)


def matches(n: int, seed: int, values: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    cand = np.sort(rng.choice(4 * n + 1, n, replace=False)).astype(np.int64)
    return cand, rng.choice(VALUES[:values], n).astype(np.float32)


@given(st.integers(0, 3000), st.integers(0, 2**32 - 1), st.integers(1, 10), st.integers(1, 300))
@settings(max_examples=80, deadline=None)
def test_the_first_k_are_the_whole_sorts_first_k(n: int, seed: int, values: int, k: int) -> None:
    cand, scores = matches(n, seed, values)
    assert top_order(cand, scores, k).tolist() == rank_order(cand, scores)[:k].tolist()


def test_a_score_that_is_no_whole_tenth_is_still_placed() -> None:
    cand, scores = matches(5000, 1, 10)
    scores[123] = np.float32(55.55)
    assert top_order(cand, scores, 50).tolist() == rank_order(cand, scores)[:50].tolist()


@given(st.integers(0, 2000), st.integers(0, 2**32 - 1), st.integers(1, 10))
@settings(max_examples=40, deadline=None)
def test_ranked_ids_read_as_the_list_they_stand_for(n: int, seed: int, values: int) -> None:
    cand, scores = matches(n, seed, values)
    whole = cand[rank_order(cand, scores)].tolist()
    read = RankedIds(cand, scores)
    assert read[:10] == whole[:10] and read[5:HEAD] == whole[5:HEAD]
    assert [read[i] for i in range(min(n, 20))] == whole[:20]
    assert len(read) == n and bool(read) == bool(whole)
    assert all(pid in read for pid in whole[:50]) and -1 not in read
    assert read == whole and list(read) == whole and read[HEAD - 3 :] == whole[HEAD - 3 :]
    if n:
        assert read[-1] == whole[-1]


def plain_bonus(hits: list[np.ndarray]) -> np.ndarray:
    per_field = np.zeros((len(FIELDS), len(hits[0])), dtype=np.int8)
    for bits in hits:
        for f in range(len(FIELDS)):
            per_field[f] += (bits >> f) & 1
    bonus: np.ndarray = (np.maximum(per_field.astype(np.float32) - 1, 0) * WEIGHTS[:, None]).max(
        axis=0, initial=0
    )
    return bonus


@given(st.integers(2, 7), st.integers(0, 2**32 - 1))
@settings(max_examples=60, deadline=None)
def test_the_field_bonus_is_the_plain_count_over_fields(terms: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    hits = [rng.integers(0, 2 ** len(FIELDS), 500).astype(np.uint8) for _ in range(terms)]
    assert field_bonus(hits).tolist() == plain_bonus(hits).tolist()


@given(st.lists(st.integers(-(2**40), 2**40), max_size=300))
def test_distinct_is_numpys_unique(values: list[int]) -> None:
    a = np.array(values, dtype=np.int64)
    assert distinct(a).tolist() == np.unique(a).tolist()
