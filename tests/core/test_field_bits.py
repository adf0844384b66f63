"""The search index's fields and the bits a token code gives them: derived from the one
declaration of the fields (`records.SearchFields`), widened when fields are added, and
checked where a limit can be reached: a ninth field (full text, pinyin) once corrupted
codes silently, as would a vocabulary past what the codes' width leaves for token ids."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from litman.core.records import Doc, SearchFields
from litman.core.search import codes, index_cache, postings, short_prefixes
from litman.core.search.index import SearchIndex

DECLARE = """
import json
from typing import NamedTuple
import litman.core.records as records
names = {names!r}
records.SearchFields = NamedTuple("SearchFields", [(n, str) for n in names])
from litman.core.search import postings, short_prefixes
print(json.dumps([postings.FIELD_BITS, short_prefixes.FIELD_BITS, postings.FIELD_MASK]))
"""


def with_fields(names: list[str]) -> subprocess.CompletedProcess[str]:
    """A fresh process whose declaration of the indexed fields is `names`."""
    probe = DECLARE.format(names=names)
    return subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, check=False
    )


def test_the_width_is_derived_from_the_fields_declared() -> None:
    assert codes.field_bits(7) == 3 and codes.field_bits(8) == 3
    assert codes.field_bits(9) == 4 and codes.field_bits(16) == 4
    assert postings.FIELD_BITS == short_prefixes.FIELD_BITS == codes.FIELD_BITS
    assert len(SearchFields._fields) <= 1 << codes.FIELD_BITS


def test_a_ninth_field_widens_every_code() -> None:
    names = [*SearchFields._fields, "pinyin"]  # eight now, full text the eighth
    assert len(names) == 9
    done = with_fields(names)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [4, 4, 15]


def test_more_fields_than_the_codes_can_hold_fail_loudly() -> None:
    names = [f"f{i}" for i in range(codes.MAX_FIELDS + 1)]
    done = with_fields(names)
    assert done.returncode != 0
    assert f"{len(names)} fields" in done.stderr and "at most" in done.stderr


def test_every_field_and_the_last_token_id_round_trip_through_a_code() -> None:
    for field in range(len(SearchFields._fields)):
        code = codes.code(codes.MAX_TOKENS - 1, field)
        assert code < 2**31  # codes are int32
        assert code >> codes.FIELD_BITS == codes.MAX_TOKENS - 1
        assert code & codes.FIELD_MASK == field


def test_a_vocabulary_past_the_codes_width_fails_loudly(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(codes, "MAX_TOKENS", 3)
    p = postings.Postings()
    p.ids_of(["one", "two", "three"])
    with pytest.raises(codes.IndexLimitError, match="3 distinct words"):
        p.ids_of(["four"])


def _doc(pid: int, title: str) -> Doc:
    texts = SearchFields(title, "", "", "", f"key{pid}", "", "", "")
    return Doc(pid, tuple(texts), 2020, 0, ())


def test_a_saved_index_of_other_fields_is_not_loaded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    docs = [_doc(1, "graph networks"), _doc(2, "convex bandits")]
    built = SearchIndex(lambda ids: docs)
    built.build()
    index_cache.save(built, tmp_path / "ix.npz", "g1")
    assert index_cache.load(SearchIndex(lambda ids: docs), tmp_path / "ix.npz", "g1")
    monkeypatch.setattr(index_cache, "FIELDS", (*SearchFields._fields, "pinyin"))
    assert not index_cache.load(SearchIndex(lambda ids: docs), tmp_path / "ix.npz", "g1")
