"""Searching before the search index is ready: plain SQL, exact, and honest about it.

The index takes seconds to build at 100k papers (a minute on a loaded machine). A query
typed meanwhile is answered here at once: each word or phrase must appear, as typed (case
aside), in the title, authors, venue or citation key (or in the one field it names);
`status:`, `year:` and `tag:`, and the sidebar's filter, filter as the index does: each
filter's condition is the one `litman.core.search.filters` defines for both. `limits()` says
what this cannot do, for the window to show beside the rows.

Chinese titles are found as the index finds them, in either script and by pinyin, through
the Title column's sort key (`title_sort`: each Han character as its pinyin, `ji qi xue xi`
for both 机器学习 and 機器學習). SQL narrows the papers by that key; each one it keeps is then
checked in Python (`_Alternate`): the folded title holds the folded run, or the typed word
reads as its pinyin there (`litman.core.pinyin.spans`), so that a homophone is not a match.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, String, and_, cast, literal, not_, or_, select

from litman.core import cjk, pinyin
from litman.core.messages import _
from litman.core.search.filters import ALL, Narrowing, of_term
from litman.core.search.query import SCORED, Query, Term
from litman.core.store import dialects, models

P, T, PT = models.papers, models.tags, models.paper_tags
AUTHORS = cast(P.c.authors, String)  # the JSON list, read as its text (json on PostgreSQL)
TEXT_COLUMNS = (P.c.title, AUTHORS, P.c.venue, P.c.citekey)
FIELD_COLUMNS = {
    "title": P.c.title,
    "authors": AUTHORS,
    "venue": P.c.venue,
    "citekey": P.c.citekey,
    "abstract": P.c.abstract,
}


def limits() -> str:
    """What this cannot do, in the current language (`litman.core.messages`)."""
    return _(
        "exact words in titles, authors, venues and keys only (Chinese titles in either script "
        "and by pinyin too); abstracts, typos, accents and ranking follow when the index is ready"
    )


_SORTED_TITLE = literal(" ") + P.c.title_sort + literal(" ")  # a syllable's edges: spaces


def _like(column: Any, text: str, fold: bool) -> Any:
    """`column` holds `text`, case aside: SQLite's LIKE folds ASCII case itself; PostgreSQL's
    does not, and ILIKE does (`fold`)."""
    escaped = text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    pattern = f"%{escaped}%"
    return column.ilike(pattern, escape="\\") if fold else column.like(pattern, escape="\\")


def _condition(conn: Connection, term: Term, fold: bool) -> Any:
    if term.kind not in SCORED:
        return of_term(term).where(conn)
    text = term.words[0] if term.kind == "word" else term.value  # a CJK run whole
    columns: Sequence[Any] = (
        [FIELD_COLUMNS[term.field]] if term.field in FIELD_COLUMNS else TEXT_COLUMNS
    )
    return or_(*(_like(c, text, fold) for c in columns))


@dataclass(frozen=True)
class _Alternate:
    """A term that may also match a Chinese title in its other script or by pinyin: the
    SQL that narrows to such titles, and the check of each one SQL keeps."""

    term: Term
    narrowing: Any

    def holds(self, title: str, texts: Sequence[str]) -> bool:
        value = self.term.value
        if self.term.kind == "cjk":
            found = any(value in cjk.fold_run(t) for t in texts)
            return not found if self.term.negated else found
        if any(value in t.lower() for t in texts):  # as LIKE matched it
            return True
        parts = pinyin.syllable_parts(value, self.term.prefix)
        for run, _at in cjk.folded_runs(title):
            if parts and pinyin.reads_as(run, parts[0], parts[1] or self.term.prefix):
                return True
            if pinyin.may_be_initials(value) and pinyin.spans(run, value, False):
                return True  # as initials (the syllables' reading failed above)
        return False


def _alternate(term: Term) -> _Alternate | None:
    if term.field not in (None, "title") or (term.negated and term.kind != "cjk"):
        return None
    if term.kind == "cjk" and term.negated:  # SQL drops it as written, Python in any script
        return _Alternate(term, literal(False))
    if term.kind == "cjk":
        pattern = f"% {pinyin.sort_text(term.value)} %"
        return _Alternate(term, _SORTED_TITLE.like(pattern))
    if term.kind != "word" or not (term.value.isascii() and term.value.isalpha()):
        return None
    likes = []
    parts = pinyin.syllable_parts(term.value, term.prefix)
    if parts is not None:
        syllables, begun = parts
        whole = not (begun or term.prefix)  # a word being typed may end in any syllable
        likes.append(f"% {' '.join(syllables)}{' ' if whole else ''}%")
    if pinyin.may_be_initials(term.value):
        likes.append("% " + "% ".join(term.value) + "%")
    if not likes:
        return None
    return _Alternate(term, or_(*(_SORTED_TITLE.like(x) for x in likes)))


def quick_ids(conn: Connection, query: Query, within: Narrowing = ALL) -> list[int]:
    """Ids of the papers matching every term of `query`, and `within`."""
    fold = not dialects.of(conn).like_folds_case
    alternates: list[_Alternate] = []
    conditions = []
    for t in query.terms:
        condition = _condition(conn, t, fold)
        other = _alternate(t) if t.kind in SCORED else None
        if other is not None:
            alternates.append(other)
            condition = or_(condition, other.narrowing)
        conditions.append(not_(condition) if t.negated else condition)
    where = and_(*conditions, within.where(conn))
    if not alternates:
        return list(conn.execute(select(P.c.id).where(where)).scalars())
    rows = conn.execute(select(P.c.id, *TEXT_COLUMNS).where(where))
    return [
        row[0]
        for row in rows
        if all(a.holds(row[1] or "", _texts(row, a.term)) for a in alternates)
    ]


def _texts(row: Any, term: Term) -> list[str]:
    """The texts of `row` (id, title, authors, venue, citekey) that `term` may match in."""
    texts = [str(v or "") for v in row[1:]]
    return texts[:1] if term.field == "title" else texts
