"""Finding a tag from what a user types: its path, its leaf name, a suffix, a misspelling.

`tag:Theory` finds `Learning > Theory`, `tag:non-convex` finds `Optimization > Non-Convex`,
`tag:optimisation` finds `Optimization`: a whole path first, then paths ending in the typed
levels, then a path ending in the typed text when only one does, then the closest spelling
within the typo budget bare words have (one edit for 4-7 letters, two beyond). The tag
completer ranks names the same way, and also by letters in order (`scwr` finds
`scientific-writing`).
"""

from collections.abc import Iterable
from typing import Any

SEP = " > "


def _osa() -> Any:
    """rapidfuzz's OSA distance, loaded when a spelling is first compared: the window's tag
    box imports this module, and its first rows need no rapidfuzz (12-15 ms CPU)."""
    from rapidfuzz.distance import OSA

    return OSA


def normalise(text: str) -> str:
    """`a>b  > c` as `a > b > c`, case kept."""
    return SEP.join(" ".join(level.split()) for level in text.split(">"))


def typo_budget(text: str) -> int:
    n = len(text)
    return 0 if n < 4 else 1 if n <= 7 else 2


def all_paths(names: Iterable[str]) -> set[str]:
    """Every tag path and every path above one (`A > B > C` gives `A`, `A > B` too)."""
    out: set[str] = set()
    for name in names:
        levels = name.split(SEP)
        out.update(SEP.join(levels[: i + 1]) for i in range(len(levels)))
    return out


def resolve(value: str, names: Iterable[str]) -> set[str]:
    """The casefolded tag paths `value` stands for among `names` (empty: none).

    A tag filter then matches each returned path and everything below it."""
    key = normalise(value).casefold()
    if not key:
        return set()
    paths = all_paths(n.casefold() for n in names)
    if key in paths:
        return {key}
    by_levels = {p for p in paths if p.endswith(SEP + key)}
    if by_levels:
        return by_levels
    by_text = [p for p in paths if p.endswith(key)]
    if len(by_text) == 1:
        return set(by_text)
    return _closest(key, paths)


def _closest(key: str, paths: set[str]) -> set[str]:
    """Paths whose whole text or trailing levels are within the typo budget of `key`."""
    budget = typo_budget(key)
    if not budget:
        return set()
    best, found, osa = budget + 1, set(), _osa()
    for path in paths:
        levels = path.split(SEP)
        tails = {SEP.join(levels[i:]) for i in range(len(levels))}
        d = min(osa.distance(key, t, score_cutoff=budget + 1) for t in tails)
        if d < best:
            best, found = d, {path}
        elif d == best:
            found.add(path)
    return found if best <= budget else set()


def in_order(typed: str, text: str) -> bool:
    """Whether the letters of `typed` appear in `text` in order (`scwr` in `scientific-w…r…`)."""
    it = iter(text)
    return all(ch in it for ch in typed)


def rank(typed: str, names: Iterable[str], limit: int | None = 50) -> list[str]:
    """Tag names for a completer, best first; every name (sorted) when nothing is typed."""
    names = list(names)
    key = " ".join(typed.split()).casefold()
    if not key:
        return sorted(names, key=str.casefold)[:limit]
    scored = []
    for name in names:
        score = _score(key, name.casefold())
        if score is not None:
            scored.append((score, name.casefold(), name))
    return [name for *_k, name in sorted(scored)[:limit]]


def _score(key: str, name: str) -> int | None:
    leaf = name.rsplit(SEP, 1)[-1]
    if name.startswith(key):
        return 0
    if leaf.startswith(key):
        return 1
    if key in name:
        return 2
    if in_order(key, leaf):
        return 3
    if in_order(key, name):
        return 4
    budget = typo_budget(key)
    if budget and _osa().distance(key, leaf[: len(key)], score_cutoff=budget) <= budget:
        return 5
    return None
