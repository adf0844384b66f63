"""The values of a CSL-JSON item made from a paper's fields: names as CSL's name parts
(LaTeX read as text), dates as date parts, BibTeX's page range as CSL's, a thesis's or
report's genre, the BibTeX fields that are CSL variables, and the LaTeX source kept beside
text that would not read back as it. `litman.formats.csljson` builds items from them.
"""

import json
import re
from typing import Any

from litman.core.names import Person, parse, split_list
from litman.core.records import Paper
from litman.formats import dates, exchange, names, shown
from litman.formats.csl_vocab import (
    CSL_VARIABLES,
    DATE_VARS,
    GENRES,
    NAME_VARS,
    NUMBERED,
    VAR_OF_FIELD,
)
from litman.formats.exchange import Tally


def genre(p: Paper) -> str:
    """A thesis's or report's kind as words: its `type` field (biblatex's `phdthesis` key
    as `PhD thesis`), else what its entry type says."""
    given = p.extra.get("type", "").strip()
    return GENRES.get(given, given) if given else GENRES.get(p.entry_type, "")


def sources(p: Paper) -> dict[str, Any]:
    """The text litman keeps whose shown form would not read back as it (LaTeX)."""
    values = {"title": p.title, "abstract": p.abstract, "venue": p.venue}
    found: dict[str, Any] = exchange.sources_of(values, shown.rich_text)
    if any(sorted(csl_words(a)) != sorted(a.replace(",", " ").split()) for a in p.authors):
        found["authors"] = list(p.authors)
    return found


def csl_words(name: str) -> list[str]:
    """The words CSL's parts of a name carry: LaTeX shown, ties (`J.~R.`) as spaces, a part
    that shows as nothing (`Doe, ~`) gone; a name whose words differ is kept as source."""
    return " ".join(name_parts(shown.name_text(name), person=True).values()).split()


def name_parts(name: str, person: bool = False) -> dict[str, str]:
    """CSL's parts of a name: `Last, First` split; one written whole split only when it is
    a `person`'s (`G. Agosta` read from a .bib), else literal."""
    whole = "," not in name
    if whole and not person:  # `World Health Organization`, or from a format keeping it whole
        return {"literal": name}
    read = names.split_whole(name) if whole else parse(name)
    if not isinstance(read, Person):
        return {"literal": name}
    parts = {"family": read.family, "given": read.first, "suffix": read.jr}
    return {k: v for k, v in parts.items() if v}


def extra_vars(item: dict[str, Any], p: Paper, tally: Tally | None) -> None:
    """The paper's other fields as the CSL variables they are, into `item`; a field CSL
    has no variable for is counted in `tally`, never dropped silently."""
    written = dates.used_fields(p.year, p.extra) | {"csl-id", "type"}
    for name, value in exchange.visible_extra(p.extra):
        var = _var_of(name, p)
        if name in written:
            continue
        if var in NAME_VARS and not value.lstrip().startswith("["):
            names_of = [shown.name_text(n) for n in split_list(value)]
            item[var] = [name_parts(n, names.looks_personal(n)) for n in names_of]
        elif var in DATE_VARS and var not in item:
            item[var] = _date_of(value)
        elif var and var not in item:
            item[var] = _page_range(value) if var == "page" else _json_or_text(value)
        elif tally is not None:
            tally.unexpressed[name] += 1


def _var_of(name: str, p: Paper) -> str:
    """The CSL variable a field is written as, or "" for none."""
    if name == "number" and p.entry_type in NUMBERED:
        return "number"
    if name == "issue":  # biblatex's; APS exports it with no `number`, which is the issue
        number_is_issue = p.entry_type not in NUMBERED and bool(p.extra.get("number", "").strip())
        return "" if number_is_issue else "issue"
    return VAR_OF_FIELD.get(name) or (name if name in CSL_VARIABLES else "")


def _date_of(value: str) -> Any:
    """A date field as CSL date parts; kept JSON as it was; other text as `raw`."""
    if value[:1] == "{":
        return _json_or_text(value)
    found = dates.parts_of_text(value)
    return {"date-parts": [found]} if found else {"raw": value}


def _page_range(pages: str) -> str:
    """`2--3` (BibTeX's range) as CSL's `2-3`: CSL processors print a hyphen as a range."""
    return re.sub(r"\s*(?:-{1,3}|–|—)\s*", "-", pages.strip())


def _json_or_text(value: str) -> Any:
    if value[:1] in "[{":
        try:
            return json.loads(value)
        except ValueError:
            return value
    return value
