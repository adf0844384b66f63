"""A paper's date as parts (year, month, day), for the formats that write one date: CSL's
`issued` and RIS's `DA` (`YYYY/MM/DD/`). BibTeX keeps a date as the year column with a
`month` (a number, `oct` or `October`) and a `day` field; biblatex as an ISO `date`
(`2020-05-12`). A part the paper does not give is left out, never made up.
"""

import re
from collections.abc import Mapping

from litman.formats.bibtex_fields import MONTH_NAMES

_FULL_MONTHS = (
    "january february march april may june july august september october november december"
).split()
_PARTS = re.compile(r"\s*(-?\d{1,6})(?:[-/](\d{1,2})?(?:[-/](\d{1,2})?)?)?\s*/?\s*")


def month_number(text: str) -> int | None:
    """1..12 for `10`, `oct`, `Oct.`, `October` or `{May}`; None for anything else."""
    word = text.strip().strip("{}").strip().casefold().rstrip(".")
    if word.isdigit():
        return int(word) if 1 <= int(word) <= 12 else None
    if len(word) >= 3 and word[:3] in MONTH_NAMES:
        full = _FULL_MONTHS[MONTH_NAMES.index(word[:3])]
        return MONTH_NAMES.index(word[:3]) + 1 if full.startswith(word) or word == "sept" else None
    return None


def parts_of_text(text: str) -> list[int]:
    """[year, month, day] as far as `2020-05-12`, `2020-05`, `1948/07//` or `2020` give
    them (the start of a range); [] for text that is not such a date."""
    m = _PARTS.fullmatch(text.split("/", 3)[0] if "-" in text and "/" in text else text)
    if not m:
        return []
    parts = [int(m.group(1))]
    for group in (2, 3):
        if not m.group(group):
            break
        parts.append(int(m.group(group)))
    return parts if _valid(parts) else parts[:1]


def _valid(parts: list[int]) -> bool:
    month_ok = len(parts) < 2 or 1 <= parts[1] <= 12
    return month_ok and (len(parts) < 3 or 1 <= parts[2] <= 31)


def parts(year: int | None, extra: Mapping[str, str]) -> list[int]:
    """The paper's date: its ISO `date` when that is of its year, else its year with the
    `month` and `day` that read as such; [] without a year."""
    iso = parts_of_text(extra.get("date", "")) if extra.get("date") else []
    if iso and (year is None or iso[0] == year):
        return iso
    if year is None:
        return []
    month = month_number(extra.get("month", ""))
    if month is None:
        return [year]
    day = extra.get("day", "").strip()
    return [year, month, int(day)] if day.isdigit() and 1 <= int(day) <= 31 else [year, month]


def used_fields(year: int | None, extra: Mapping[str, str]) -> frozenset[str]:
    """The fields `parts` took its month, day or date from, which a writer of the date
    need not write again."""
    found = parts(year, extra)
    iso = parts_of_text(extra.get("date", "")) if extra.get("date") else []
    if iso and found == iso:
        return frozenset({"date", "month", "day"} if iso[0] == year else {"date"})
    return frozenset(("month", "day")[: len(found) - 1])
