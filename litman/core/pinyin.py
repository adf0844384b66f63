"""Pinyin for Chinese text, as Chinese input users type it: readings without tones.

Searching: the search index keeps, for each pair of neighbouring Han characters of a title
or an author's name, the pair's pinyin (`jiqi`, `qixue`, `xuexi` for 机器学习) and its
initials (`jq`, `qx`, `xx`), under tokens that start with a marker no typed word holds, so
that they never mix with the Latin vocabulary (its prefixes and typos). A typed word that
reads as two or more syllables (`jiqixuexi`) or as initials (`jqxx`) looks those tokens up
(`query_grams`). A character with several readings (行: xing, hang) is indexed under its
first two, so that 银行 is found by `yinhang`; the readings come from pypinyin's character
table.

Names and citekeys (`phrase_pinyin`) read whole words by pypinyin's phrase data, which gives
a polyphonic character the reading of its word (重庆: chongqing, not zhongqing).

pypinyin is imported on first use only: a library without Chinese never loads it.
"""

import importlib.util
import json
import unicodedata
from collections.abc import Callable
from functools import lru_cache
from itertools import chain, pairwise
from pathlib import Path

from litman.core.cjk import fold_run

SYLLABLES_MARK = "\x01"  # a token of two characters' pinyin: "\x01jiqi"
INITIALS_MARK = "\x02"  # a token of two characters' initials: "\x02jq"
READINGS = 2  # readings of a character indexed (the most common first, as pypinyin lists)
INITIALS_MAX = 8  # a typed word of up to this many letters may be initials
_NOT_INITIALS = frozenset("iuv")  # no syllable starts with these


def _toneless(reading: str) -> str:
    decomposed = unicodedata.normalize("NFKD", reading.replace("ü", "v"))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@lru_cache(maxsize=1)
def _readings() -> dict[str, tuple[str, ...]]:
    """Each Han character's readings, toneless, most common first (pypinyin's table)."""
    toneless: dict[str, str] = {}  # the table's 40k characters share about 1,500 readings
    out: dict[str, tuple[str, ...]] = {}
    for cp, value in _character_table().items():
        seen: dict[str, None] = {}
        for r in value.split(","):
            if (plain := toneless.get(r)) is None:
                plain = toneless[r] = _toneless(r)
            seen[plain] = None
        out[chr(cp)] = tuple(seen)
    return out


def _character_table() -> dict[int, str]:
    """pypinyin's character table, read from the JSON file it ships, without importing the
    package: its `__init__` loads the phrase table too (0.9 s of CPU), which searching never
    needs. Imported from the package when the file is not found beside it."""
    spec = importlib.util.find_spec("pypinyin")  # finds, does not import
    for folder in (spec.submodule_search_locations or []) if spec is not None else []:
        path = Path(folder) / "pinyin_dict.json"
        if path.is_file():
            table: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
            return {int(cp): value for cp, value in table.items()}
    from pypinyin.pinyin_dict import pinyin_dict

    return pinyin_dict


@lru_cache(maxsize=1)
def syllables() -> frozenset[str]:
    """Every toneless syllable of the table (about 410), from its distinct readings: every
    search of a Latin word asks whether it reads as pinyin, and needs no character's."""
    distinct = {r for value in _character_table().values() for r in value.split(",")}
    return frozenset(r for r in map(_toneless, distinct) if r.isascii() and r.isalpha())


def readings(ch: str) -> tuple[str, ...]:
    return _readings().get(ch, ())


def index_tokens(folded: str) -> list[str]:
    """The pinyin tokens of a folded run of Han characters: each neighbouring pair's
    syllables and initials, for each of its characters' first readings."""
    return list(chain.from_iterable(map(_pair_tokens, folded, folded[1:])))


@lru_cache(maxsize=1 << 16)  # a language's text repeats its pairs: an index build makes each once
def _pair_tokens(a: str, b: str) -> tuple[str, ...]:
    table = _readings()
    ra, rb = table.get(a, ())[:READINGS], table.get(b, ())[:READINGS]
    out: list[str] = []
    for x in ra:
        for y in rb:
            out.append(SYLLABLES_MARK + x + y)
            out.append(INITIALS_MARK + x[0] + y[0])
    return tuple(out)


def segment(word: str) -> list[str] | None:
    """`word` cut into the fewest whole syllables (`jiqixuexi`: ji qi xue xi), or None."""
    known = syllables()
    best: list[list[str] | None] = [None] * (len(word) + 1)
    best[0] = []
    for end in range(1, len(word) + 1):
        for start in range(max(0, end - 6), end):
            head = best[start]
            fewer = best[end] is None or len(head or ()) + 1 < len(best[end] or ())
            if head is not None and word[start:end] in known and fewer:
                best[end] = [*head, word[start:end]]
    return best[len(word)]


def query_grams(word: str, typing: bool) -> list[tuple[tuple[str, ...], bool]]:
    """The pinyin tokens a typed word stands for, each sequence to be found whole in one
    field: its syllables' pairs (`jiqixuexi`), its letters' pairs as initials (`jqxx`).
    With `typing`, a last syllable begun (`jiqix`) makes the last pair a prefix: each
    sequence comes with whether its last token is one."""
    out: list[tuple[tuple[str, ...], bool]] = []
    if not (word.isascii() and word.isalpha()):
        return out
    found = _syllable_pairs(word, typing)
    if found:
        out.append(found)
    if may_be_initials(word):
        pairs = tuple(INITIALS_MARK + word[i : i + 2] for i in range(len(word) - 1))
        out.append((pairs, False))
    return out


def may_be_initials(word: str) -> bool:
    """Whether a typed word may be the initials of two or more syllables (`jqxx`)."""
    return 2 <= len(word) <= INITIALS_MAX and not _NOT_INITIALS & set(word)


def _syllable_pairs(word: str, typing: bool) -> tuple[tuple[str, ...], bool] | None:
    found = syllable_parts(word, typing)
    if found is None:
        return None
    parts, begun = found
    return tuple(SYLLABLES_MARK + a + b for a, b in pairwise(parts)), begun


def syllable_parts(word: str, typing: bool) -> tuple[list[str], bool] | None:
    """The two or more syllables a word reads as, and whether the last is only begun."""
    parts = segment(word)
    begun = False
    if parts is None and typing:
        for cut in range(len(word) - 1, 0, -1):
            head = segment(word[:cut])
            rest = word[cut:]
            if head and any(s.startswith(rest) for s in syllables()):
                parts, begun = [*head, rest], True
                break
    return (parts, begun) if parts and len(parts) >= 2 else None


def spans(run: str, word: str, typing: bool) -> list[tuple[int, int]]:
    """Where a typed word's pinyin reads in a folded run of Han characters, as offsets
    into it: its syllables (the last one begun, as typed) or its letters as initials."""
    table = _readings()
    readings_of = [table.get(c, ())[:READINGS] for c in run]
    out: list[tuple[int, int]] = []
    found = syllable_parts(word, typing) if word.isascii() and word.isalpha() else None
    if found:
        parts, begun = found
        last = len(parts) - 1
        out += _matches(
            readings_of, parts, lambda r, p, j: r.startswith(p) if begun and j == last else r == p
        )
    if may_be_initials(word):
        out += _matches(readings_of, list(word), lambda r, p, j: r[0] == p)
    return out


def reads_as(run: str, parts: list[str], begun: bool) -> bool:
    """Whether some characters of a folded Han run read as the syllables `parts` (the last
    one only begun, with `begun`): 机器学 reads as ji qi xu, begun."""
    table = _readings()
    readings_of = [table.get(c, ())[:READINGS] for c in run]
    last = len(parts) - 1
    return bool(
        _matches(
            readings_of, parts, lambda r, p, j: r.startswith(p) if begun and j == last else r == p
        )
    )


def _matches(
    readings_of: list[tuple[str, ...]], parts: list[str], ok: Callable[[str, str, int], bool]
) -> list[tuple[int, int]]:
    n = len(parts)
    return [
        (i, i + n)
        for i in range(len(readings_of) - n + 1)
        if all(any(ok(r, parts[j], j) for r in readings_of[i + j]) for j in range(n))
    ]


def phrase_pinyin(text: str) -> list[str]:
    """Each character's reading in `text` as its word gives it (pypinyin's phrase data),
    toneless; other characters as they are."""
    from pypinyin import Style, lazy_pinyin

    return [_toneless(p) for p in lazy_pinyin(text, style=Style.TONE, errors="default")]


# Surnames whose reading is not their character's most common one (曾 is ceng in 曾经, zeng as
# a name); the phrase data reads words, not names. The standard list of such surnames.
SURNAME_READINGS = {
    "曾": "zeng",
    "单": "shan",
    "解": "xie",
    "仇": "qiu",
    "区": "ou",
    "朴": "piao",
    "查": "zha",
    "盖": "ge",
    "乐": "yue",
    "缪": "miao",
    "翟": "zhai",
    "覃": "qin",
    "种": "chong",
    "秘": "bi",
    "召": "shao",
    "员": "yun",
    "黑": "he",
    "折": "she",
    "长孙": "zhangsun",
    "尉迟": "yuchi",
    "万俟": "moqi",
    "单于": "chanyu",
    "重": "chong",
    "柏": "bai",
    "藏": "zang",
    "过": "guo",
}


def surname(family: str) -> str:
    """A Chinese family name's pinyin as a name is read (曾: zeng)."""
    folded = fold_run(family)
    if folded in SURNAME_READINGS:
        return SURNAME_READINGS[folded]
    return "".join(SURNAME_READINGS.get(c) or (readings(c) or (c,))[0] for c in folded)


def sort_text(text: str) -> str:
    """`text` with each Han character as its most common reading, syllables apart (基于深度:
    `ji yu shen du`): a sort key that orders Chinese by pinyin, among Latin text."""
    table = _readings()
    out: list[str] = []
    for ch in text:
        reading = table.get(ch)
        if reading:
            out.append(f" {reading[0]} ")
        else:
            out.append(ch)
    return " ".join("".join(out).split())
