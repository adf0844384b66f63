"""Finding the papers of a whole library that are probably one work (`library.duplicates`),
and remembering the pairs a user said are not.

Papers are put in buckets by blocking keys, never compared all with all: the DOI; the arXiv
id however the paper names it (`eprint`, arXiv's DOI or link: a preprint and its published
version that names its eprint share it); the abstract (the same text, case and spacing
aside, among abstracts as long that open with the same words); the whole title folded
(`text.title_words`: case, accents, LaTeX and punctuation aside) with the first author's
family name; and, for titles that differ by a typo or a word, the family name with the
first or last `KEY_CHARS` letters of the folded title, compared by rapidfuzz. Titles must
also agree on the year (±1: a preprint and its journal version) and on every number they
hold ("Part 1", "Part 2"). Two papers naming different DOIs (and no arXiv id in common) are
never one work by their text alone (`dedupe.distinct`). These are the import's rules
(`dedupe`), so a pair an import proposed and kept apart shows here too, but for its fuzzy
abstract rules (a truncated or nearly identical copy), which compare whole abstracts pair by
pair: over the benchmark's 100k real abstracts, which often open alike, that read and
compared 98% of them (15 s of CPU). A pair dismissed with `dismiss` is left out.
"""

import json
import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from sqlalchemy import (
    ColumnElement,
    Connection,
    String,
    case,
    cast,
    delete,
    func,
    literal_column,
    or_,
    select,
)

from litman.core.library.dedupe import MIN_SAME
from litman.core.library.parts import Part
from litman.core.library.preprints import arxiv_id
from litman.core.messages import N_
from litman.core.records import Changes, DuplicateGroup, NotDuplicates
from litman.core.store import dialects, models, trash
from litman.core.store import rows as store

P, D = models.papers, models.distinct_papers

# Reasons, kept in English in records and compared as such; shown translated (`_(reason)`).
SAME_DOI = N_("same DOI")
SAME_ARXIV = N_("same arXiv id")
SAME_TITLE = N_("same title, first author and year")
CLOSE_TITLE = N_("similar title, same first author and year")
SAME_ABSTRACT = N_("same abstract")
CLOSE_SCORE = 92  # rapidfuzz's ratio of two folded titles: a typo or a word in 60 letters
# Close titles are looked for among those with the same first author's family name and the
# same first (or last) this many letters of the folded title: a typo in one half leaves
# the other whole.
KEY_CHARS = 14
# A bucket this large is a key many papers share by chance (a family name and a common
# opening): compared pair by pair it would cost seconds, and a real duplicate shares its
# other key too.
MAX_CLOSE_BUCKET = 60
_DIGITS = re.compile(r"\d+")


@dataclass
class _Row:
    """What the finder reads of a paper that shares a key with another."""

    id: int
    doi: str
    arxiv: str
    title: str  # folded words; "" when derived or empty
    year: int | None


@dataclass
class _Edges:
    """Pairs found so far, each with why, without the dismissed ones."""

    dismissed: set[tuple[int, int]]
    why: dict[tuple[int, int], set[str]] = field(default_factory=lambda: defaultdict(set))

    def add(self, a: int, b: int, reason: str) -> None:
        pair = (a, b) if a < b else (b, a)
        if a != b and pair not in self.dismissed:
            self.why[pair].add(reason)


class Duplicates(Part):
    """The library's duplicate finder and its memory of pairs that are not duplicates."""

    def find(self) -> list[DuplicateGroup]:
        """Every group of papers (out of the trash) that are probably one work, each with
        the reasons that joined it; groups ordered by their first paper's id."""
        with self._read() as conn:
            gone = set(trash.listed(conn))
            arxivs = {pid: a for pid, a in _arxiv_ids(conn).items() if pid not in gone}
            dois = _live(_shared(conn, func.lower(P.c.doi)), gone)
            abstracts = _same_abstracts(conn, gone)
            titles = [_live(b, gone) for b in _title_buckets(conn)]
            wanted = {i for ids in (*abstracts, *(ids for b in titles for ids in b)) for i in ids}
            rows = _details(conn, wanted, arxivs)
            edges = _Edges(_dismissed(conn))
        _by_identifiers(dois, arxivs, edges)
        _by_titles(rows, titles, edges)
        _by_abstracts(rows, abstracts, edges)
        return _groups(edges)

    def dismiss(self, ids: Sequence[int]) -> Changes:
        """Remember that these papers are not duplicates of one another: no two of them are
        proposed together again. Undoable."""
        pairs = _pairs(ids)
        with self._write() as conn:
            store.require_all(list(set(ids)), set(store.existing_ids(conn, list(set(ids)))))
            have = _dismissed(conn)
            new = tuple(p for p in pairs if p not in have)
            _store_pairs(conn, new, True)
            return self._publish(Changes(dismissed_changed=True, inverse=NotDuplicates(new, False)))

    def redismiss(self, pairs: NotDuplicates) -> Changes:
        """Carry out a `NotDuplicates` record (an undo or a redo of `dismiss`)."""
        with self._write() as conn:
            _store_pairs(conn, pairs.pairs, pairs.added)
            return self._publish(
                Changes(dismissed_changed=True, inverse=NotDuplicates(pairs.pairs, not pairs.added))
            )

    def dismissed(self) -> list[tuple[int, int]]:
        """Every pair said not to be duplicates, lower id first."""
        with self._read() as conn:
            return sorted(_dismissed(conn))


def _pairs(ids: Sequence[int]) -> tuple[tuple[int, int], ...]:
    unique = sorted(set(ids))
    return tuple((a, b) for i, a in enumerate(unique) for b in unique[i + 1 :])


def _store_pairs(conn: Connection, pairs: Sequence[tuple[int, int]], add: bool) -> None:
    if not pairs:
        return
    if add:
        conn.execute(D.insert(), [{"low": a, "high": b} for a, b in pairs])
    else:
        for a, b in pairs:
            conn.execute(delete(D).where(D.c.low == a, D.c.high == b))


def _dismissed(conn: Connection) -> set[tuple[int, int]]:
    return {(a, b) for a, b in conn.execute(select(D.c.low, D.c.high))}


def _live(buckets: list[list[int]], gone: set[int]) -> list[list[int]]:
    if not gone:
        return buckets
    kept = ([i for i in ids if i not in gone] for ids in buckets)
    return [ids for ids in kept if len(ids) > 1]


def _arxiv_ids(conn: Connection) -> dict[int, str]:
    """The arXiv id of each paper that names one (`preprints.arxiv_id`), read only from the
    rows whose DOI, link or stored fields could (`extra` decoded only there)."""
    extra = cast(P.c.extra, String)
    could = or_(
        func.lower(P.c.doi).like("10.48550/arxiv.%"),
        func.lower(P.c.url).like("%arxiv.org/%"),
        extra.like("%eprint%"),
    )
    out = {}
    for pid, doi, url, text in conn.execute(select(P.c.id, P.c.doi, P.c.url, extra).where(could)):
        fields = json.loads(text) if text and "eprint" in text else {}
        found = arxiv_id(doi or "", url or "", fields)
        if found:
            out[pid] = found
    return out


def _shared(conn: Connection, column: ColumnElement[str]) -> list[list[int]]:
    """The papers sharing a value of `column` (not ""), grouped: the grouping runs in SQL,
    over the column's index."""
    repeated = select(column).where(column != "").group_by(column).having(func.count() > 1)
    found: dict[str, list[int]] = defaultdict(list)
    for value, pid in conn.execute(select(column, P.c.id).where(column.in_(repeated))):
        found[value].append(pid)
    return [ids for ids in found.values() if len(ids) > 1]


def _title_buckets(conn: Connection) -> list[list[list[int]]]:
    """Papers with a title of their own sharing the first author's family name and the
    first (then the last) `KEY_CHARS` letters of the folded title: grouped in SQL, one scan
    each, so that only these are read (a window count instead read 100k rows: 1.5 s)."""
    sql = dialects.of(conn)
    family = sql.text_before(P.c.authors_sort, ",")
    t = P.c.match_title
    first = func.substr(t, 1, KEY_CHARS)
    tail = func.substr(t, func.length(t) - KEY_CHARS + 1)
    last = case((func.length(t) > KEY_CHARS, tail), else_=t)
    ids: ColumnElement[str] = literal_column(sql.joined_ids("papers.id"))
    titled = (t != "", P.c.title_derived.is_(False), P.c.authors_sort != "")
    out = []
    for part in (first, last):
        query = select(ids).where(*titled).group_by(family, part).having(func.count() > 1)
        joined = conn.execute(query).scalars()
        out.append([[int(i) for i in found.split(",")] for found in joined])
    return out


def _details(conn: Connection, ids: Iterable[int], arxivs: dict[int, str]) -> dict[int, _Row]:
    query = select(P.c.id, P.c.doi, P.c.match_title, P.c.title_derived, P.c.year)
    out = {}
    for part in store.chunks(sorted(ids)):
        for pid, doi, title, derived, year in conn.execute(query.where(P.c.id.in_(part))):
            title = "" if derived else title
            out[pid] = _Row(pid, (doi or "").lower(), arxivs.get(pid, ""), title, year)
    return out


def _pairs_in(ids: Sequence[int]) -> Iterable[tuple[int, int]]:
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            yield a, b


def _buckets(keyed: Iterable[tuple[str, int]]) -> list[list[int]]:
    found: dict[str, list[int]] = defaultdict(list)
    for key, pid in keyed:
        found[key].append(pid)
    return [ids for ids in found.values() if len(ids) > 1]


def _by_identifiers(dois: list[list[int]], arxivs: dict[int, str], edges: _Edges) -> None:
    for ids in dois:
        for a, b in _pairs_in(ids):
            edges.add(a, b, SAME_DOI)
    for ids in _buckets((a, pid) for pid, a in arxivs.items()):
        for a, b in _pairs_in(ids):
            edges.add(a, b, SAME_ARXIV)


def _distinct(a: _Row, b: _Row) -> bool:
    """Two papers naming different DOIs, or different arXiv ids, and none in common: two
    works however alike they read (`dedupe.distinct`)."""
    if (a.doi and a.doi == b.doi) or (a.arxiv and a.arxiv == b.arxiv):
        return False
    return bool((a.doi and b.doi) or (a.arxiv and b.arxiv))


def _near_year(a: _Row, b: _Row) -> bool:
    if a.year is None or b.year is None:
        return a.year == b.year
    return abs(a.year - b.year) <= 1


def _by_titles(rows: dict[int, _Row], buckets: list[list[list[int]]], edges: _Edges) -> None:
    from rapidfuzz import fuzz  # loaded when two titles are first compared

    for part in buckets:
        for ids in part:
            close = len(ids) <= MAX_CLOSE_BUCKET
            for a, b in _pairs_in(ids):
                ra, rb = rows[a], rows[b]
                if not _near_year(ra, rb) or _distinct(ra, rb):
                    continue
                if ra.title == rb.title:
                    edges.add(a, b, SAME_TITLE)
                elif close and _close(ra.title, rb.title, fuzz.ratio):
                    edges.add(a, b, CLOSE_TITLE)


def _close(a: str, b: str, ratio: Callable[..., float]) -> bool:
    """Two different titles that differ by a typo or a word, and in no number."""
    if a == b or _DIGITS.findall(a) != _DIGITS.findall(b):
        return False
    return bool(ratio(a, b, score_cutoff=CLOSE_SCORE))


def _by_abstracts(rows: dict[int, _Row], buckets: list[list[int]], edges: _Edges) -> None:
    """Papers with the same abstract, unless their identifiers say they are two works."""
    for ids in buckets:
        for a, b in _pairs_in(ids):
            if not _distinct(rows[a], rows[b]):
                edges.add(a, b, SAME_ABSTRACT)


def _same_abstracts(conn: Connection, gone: set[int]) -> list[list[int]]:
    """Papers with the same abstract, case and spacing aside: those whose abstracts open
    with the same words (`abstract_key`) and are as long are grouped in SQL (one scan, no
    abstract sent to Python), and only theirs are read and compared."""
    akey = P.c.abstract_key
    size = func.length(P.c.abstract)
    ids: ColumnElement[str] = literal_column(dialects.of(conn).joined_ids("papers.id"))
    query = select(ids).where(akey != "").group_by(akey, size).having(func.count() > 1)
    groups = _live([[int(i) for i in g.split(",")] for g in conn.execute(query).scalars()], gone)
    text: dict[int, str] = {}
    read = select(P.c.id, P.c.abstract)
    for part in store.chunks(sorted({i for g in groups for i in g})):
        text.update((pid, a) for pid, a in conn.execute(read.where(P.c.id.in_(part))))
    out: list[list[int]] = []
    for ids_ in groups:
        same: dict[str, list[int]] = defaultdict(list)
        for pid in ids_:
            same[" ".join(text[pid].casefold().split())].append(pid)
        out.extend(g for t, g in same.items() if len(g) > 1 and len(t) >= MIN_SAME)
    return out


def _groups(edges: _Edges) -> list[DuplicateGroup]:
    """The connected papers, each group with the reasons of its pairs."""
    parent: dict[int, int] = {}

    def root(x: int) -> int:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b in edges.why:
        parent[root(a)] = root(b)
    members: dict[int, list[int]] = defaultdict(list)
    for x in list(parent):
        members[root(x)].append(x)
    why: dict[int, set[str]] = defaultdict(set)
    for (a, _), reasons in edges.why.items():
        why[root(a)] |= reasons
    groups = [
        DuplicateGroup(tuple(sorted(ids)), tuple(sorted(why[r]))) for r, ids in members.items()
    ]
    return sorted(groups, key=lambda g: g.ids)
