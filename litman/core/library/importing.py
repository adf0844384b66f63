"""Writing import batches: duplicates merged, the rest inserted, all in the caller's transaction.

A record that duplicates a stored paper, or one earlier in the same import, is merged when
that cannot lose a citation key: it has no key of its own (an abstract, a keyless entry) or
the same one (the same file imported again). The fuller abstract wins and tags are united.
Two different citekeys, or two different DOIs or arXiv ids (`dedupe.distinct`), are two
records until the user merges them: such a pair is added and proposed for review, with the
fields that differ. The report says what went where.
"""

import dataclasses
import json
from collections.abc import Callable, Sequence
from typing import Any

from sqlalchemy import Connection, String, cast, func, insert, or_, select, update

from litman.core.errors import Cancelled
from litman.core.library import preprints
from litman.core.library.attachments import link_new
from litman.core.library.dedupe import Candidate, DuplicateFinder, distinct
from litman.core.library.papers import insert_new
from litman.core.library.preprints import arxiv_id
from litman.core.records import ImportBatch, ImportReport, Merged, NewPaper, Proposed, Renamed
from litman.core.store import kept_blocks, models, trash, versions
from litman.core.store import rows as store

P = models.papers


@dataclasses.dataclass
class _Pending:
    """A paper to insert, and the lines of this import that were merged into it."""

    paper: NewPaper
    batch: int
    line: int
    # Its `store.paper_row`, made once: the derived columns are the duplicate checks'
    # blocking keys too. None once a merge changed the paper.
    row: dict[str, Any] | None
    source: str  # where it came from: the file and line the reader saw, unless it says
    merged: list[tuple[int, int, str]] = dataclasses.field(default_factory=list)
    # (ref of the candidate it looks like, how): kept apart because their citekeys differ
    like: tuple[int, str] | None = None


@dataclasses.dataclass(frozen=True)
class _StoredMerge:
    """An incoming record that duplicates a paper already in the library."""

    batch: int
    line: int
    into: int
    paper: NewPaper
    how: str


def import_batches(
    conn: Connection,
    batches: Sequence[ImportBatch],
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> list[ImportReport]:
    finder = DuplicateFinder()
    papers = [p for b in batches for p in b.papers]
    rows = [store.paper_row(p) for p in papers]
    arxivs = [arxiv_id(p.doi, p.url, p.extra) for p in papers]
    _load_candidates(conn, finder, papers, rows, arxivs)
    pending: list[_Pending] = []
    stored: list[_StoredMerge] = []
    made = iter(zip(rows, arxivs, strict=True))
    total, done = len(papers), 0
    for bno, batch in enumerate(batches):
        for paper, line in zip(batch.papers, batch.lines, strict=True):
            if cancelled and cancelled():
                raise Cancelled("Import cancelled; nothing was imported.")
            row, arxiv = next(made)
            source = paper.source or f"{batch.source_name}:{line}"
            _place(finder, pending, stored, _Pending(paper, bno, line, row, source), arxiv)
            done += 1
            if progress and done % 200 == 0:
                progress(done, total)
    rows = [_row_of(p) for p in pending]
    ids = insert_new(conn, [p.paper for p in pending], rows)
    keys = {pid: row["citekey"] for pid, row in zip(ids, rows, strict=True)}
    reports = _reports(conn, batches, pending, keys, stored)
    kept_blocks.keep(conn, ((*b, batch.source_name) for batch in batches for b in batch.blocks))
    for batch in batches:
        conn.execute(
            insert(models.sources).values(
                name=batch.source_name,
                label=batch.label,
                digest=batch.digest,
                imported_at=store.now(),
            )
        )
    if progress:
        progress(total, total)
    return reports


def _place(
    finder: DuplicateFinder,
    pending: list[_Pending],
    stored: list[_StoredMerge],
    new: _Pending,
    arxiv: str,
) -> None:
    paper = new.paper
    cand = Candidate.of(-(len(pending) + 1), paper, new.row, arxiv)
    hit = finder.find(cand)
    if (
        hit is None
        or distinct(cand, hit[0])
        or not _mergeable(paper.citekey, hit[0], _batch_of(pending, hit[0]), new.batch)
    ):
        finder.add(cand)
        new.like = None if hit is None else (hit[0].ref, hit[1])
        pending.append(new)
        return
    other, how = hit
    if other.ref < 0:  # a paper of this same import, not written yet: merge in memory
        target = pending[-other.ref - 1]
        target.paper = merge_new(target.paper, paper)
        if not target.paper.citekey and paper.citekey:  # the key a document cites survives
            target.paper = dataclasses.replace(target.paper, citekey=paper.citekey)
        target.row = None
        finder.replace(other, Candidate.of(other.ref, target.paper))
        target.merged.append((new.batch, new.line, how))
    else:
        stored.append(_StoredMerge(new.batch, new.line, other.ref, paper, how))


def _row_of(pend: _Pending) -> dict[str, Any]:
    """The row to insert for a pending paper, made again if a merge changed it."""
    row = store.paper_row(pend.paper) if pend.row is None else pend.row
    row["source"] = pend.source
    return row


def _mergeable(citekey: str, other: Candidate, other_batch: int | None, batch: int) -> bool:
    """A merge may not delete a citekey some document cites: a record merges into another
    only when it has no key, the same key from another file (the entry imported again), or
    (pending) the other has none. Two records of one file are two records, whatever their
    keys (RIS files repeat an ID)."""
    if not citekey:
        return True
    if citekey == other.citekey or citekey in other.aliases:
        return other_batch != batch
    return other.ref < 0 and not other.citekey


def _batch_of(pending: list[_Pending], other: Candidate) -> int | None:
    """The file of this import a pending candidate came from; None for a stored paper."""
    return pending[-other.ref - 1].batch if other.ref < 0 else None


def merge_new(kept: NewPaper, incoming: NewPaper) -> NewPaper:
    """The fuller abstract, united tags, and any field the kept record lacks."""
    fuller = _fuller(
        kept.abstract, kept.abstract_truncated, incoming.abstract, incoming.abstract_truncated
    )
    changes: dict[str, Any] = {"tags": tuple(dict.fromkeys(kept.tags + incoming.tags))}
    if fuller is incoming.abstract and incoming.abstract != kept.abstract:
        changes.update(abstract=incoming.abstract, abstract_truncated=incoming.abstract_truncated)
        if kept.title_derived and incoming.title_derived:
            changes["title"] = incoming.title
    for name in ("doi", "url", "venue"):
        if not getattr(kept, name) and getattr(incoming, name):
            changes[name] = getattr(incoming, name)
    if incoming.attachments:
        paths = {a.path for a in kept.attachments}
        more = tuple(a for a in incoming.attachments if a.path not in paths)
        changes["attachments"] = kept.attachments + more
    return dataclasses.replace(kept, **changes)


def _fuller(a: str, a_cut: bool, b: str, b_cut: bool) -> str:
    if a_cut != b_cut:
        return b if a_cut else a
    return b if len(b) > len(a) else a


def _load_candidates(
    conn: Connection,
    finder: DuplicateFinder,
    papers: Sequence[NewPaper],
    rows: Sequence[dict[str, Any]],
    arxivs: Sequence[str],
) -> None:
    """The stored papers the incoming ones may duplicate, found by their blocking keys
    (`rows`: the incoming papers' `store.paper_row`, holding their keys), DOIs and arXiv
    ids, added to `finder`. None in an empty library (the first import of a new one)."""
    if conn.execute(select(P.c.id).limit(1)).first() is None:
        return
    keyed = list(zip(papers, rows, strict=True))
    akeys = list({r["abstract_key"] for p, r in keyed if p.abstract})
    tkeys = list({r["title_key"] for p, r in keyed if p.title and not p.title_derived})
    dois = list({p.doi.lower() for p in papers if p.doi})
    preprints = set(arxivs) - {""}
    cols = (
        P.c.id,
        P.c.abstract,
        P.c.abstract_truncated,
        P.c.doi,
        P.c.title,
        P.c.title_derived,
        P.c.authors,
        P.c.year,
        P.c.citekey,
        P.c.url,
        P.c.extra,
    )
    seen: set[int] = set()
    aliases = store.aliases_of(conn, None)  # keys of papers merged away: few, read whole
    wanted_keys = {p.citekey for p in papers if p.citekey}
    aliased = sorted({pid for pid, keys in aliases.items() if wanted_keys.intersection(keys)})
    # A paper in the trash is no duplicate: the incoming record is added beside it (README).
    live = trash.live(conn)
    query = select(*cols) if live is None else select(*cols).where(live)
    for keys, col in (
        (akeys, P.c.abstract_key),
        (tkeys, P.c.title_key),
        (dois, func.lower(P.c.doi)),
        (_naming_preprints(conn, preprints) if preprints else [], P.c.id),
        (aliased, P.c.id),
    ):
        for part in store.chunks(keys):
            for r in conn.execute(query.where(or_(col.in_(part)))):
                if r.id not in seen:
                    seen.add(r.id)
                    finder.add(
                        Candidate(
                            r.id,
                            r.abstract,
                            bool(r.abstract_truncated),
                            r.doi,
                            r.title,
                            bool(r.title_derived),
                            (r.authors or [""])[0],
                            r.year,
                            r.citekey,
                            arxiv_id(r.doi, r.url, r.extra or {}),
                            aliases=tuple(aliases.get(r.id, ())),
                        )
                    )


def _naming_preprints(conn: Connection, wanted: set[str]) -> list[int]:
    """Stored papers naming one of these arXiv ids in `eprint`, the DOI or the URL: no
    column holds the id, so one pass reads the rows that could name any (an `eprint` field,
    an arXiv DOI or link), only when the import brings arXiv ids. `extra` is read as text
    and decoded only where a wanted id's numbers appear in it (at 100k papers, 30k with
    an eprint, decoding every one cost 0.15 s of CPU and a regex for whole ids 0.19 s)."""
    extra = cast(P.c.extra, String)
    could = or_(
        extra.like("%eprint%"),
        func.lower(P.c.doi).like("10.48550/arxiv.%"),
        func.lower(P.c.url).like("%arxiv.org/%"),
    )
    ids, cores = [], {preprints.core(w) for w in wanted}
    for r in conn.execute(select(P.c.id, P.c.doi, P.c.url, extra.label("extra")).where(could)):
        if cores.isdisjoint(preprints.cores_in(f"{r.doi} {r.url} {r.extra}")):
            continue
        if preprints.arxiv_id(r.doi, r.url, json.loads(r.extra or "{}")) in wanted:
            ids.append(r.id)
    return ids


def _reports(
    conn: Connection,
    batches: Sequence[ImportBatch],
    pending: list[_Pending],
    keys: dict[int, str],
    stored: list[_StoredMerge],
) -> list[ImportReport]:
    """Each file's report; `keys`: the new papers' ids, in `pending`'s order, and the
    citekeys they were given."""
    ids = list(keys)
    added: list[list[int]] = [[] for _ in batches]
    merged: list[list[Merged]] = [[] for _ in batches]
    renamed: list[list[Renamed]] = [[] for _ in batches]
    for pend, pid in zip(pending, ids, strict=True):
        added[pend.batch].append(pid)
        wanted = pend.paper.citekey
        if wanted and keys[pid] != wanted:
            renamed[pend.batch].append(Renamed(pend.line, wanted, keys[pid]))
        for bno, line, how in pend.merged:
            merged[bno].append(Merged(line, pid, keys[pid], how))
    for m in stored:
        key = _merge_into_stored(conn, m.into, m.paper)
        merged[m.batch].append(Merged(m.line, m.into, key, m.how))
    proposed = _proposals(conn, batches, pending, ids, keys)
    return [
        ImportReport(
            b.source_name,
            tuple(added[i]),
            tuple(merged[i]),
            b.skipped,
            b.warnings,
            renamed=tuple(renamed[i]),
            label=b.label,
            proposed=tuple(proposed[i]),
            read=len(b.papers) + len(b.skipped),
            undefined=b.undefined,
            undefined_in=b.undefined_in,
        )
        for i, b in enumerate(batches)
    ]


COMPARED = ("entry_type", "title", "authors", "year", "venue", "doi", "abstract")


def _proposals(
    conn: Connection,
    batches: Sequence[ImportBatch],
    pending: list[_Pending],
    ids: list[int],
    keys: dict[int, str],
) -> list[list[Proposed]]:
    """Each pair kept apart because their citekeys differ, with the fields that differ."""
    out: list[list[Proposed]] = [[] for _ in batches]
    likes = [(pend, pid) for pend, pid in zip(pending, ids, strict=True) if pend.like]
    stored_refs = [pend.like[0] for pend, _ in likes if pend.like and pend.like[0] > 0]
    rows = {
        r.id: r
        for part in store.chunks(stored_refs)
        for r in conn.execute(select(P).where(P.c.id.in_(part)))
    }
    for pend, pid in likes:
        assert pend.like is not None
        ref, how = pend.like
        source: Any = pending[-ref - 1].paper if ref < 0 else rows[ref]
        other_id = ids[-ref - 1] if ref < 0 else ref
        values = {k: getattr(source, k) for k in (*COMPARED, "extra")}
        differs = _differences(pend.paper, values)
        other_key = keys.get(other_id) or str(getattr(rows.get(other_id), "citekey", ""))
        out[pend.batch].append(
            Proposed(pend.line, pid, keys[pid], other_id, other_key, how, differs)
        )
    return out


def _differences(paper: NewPaper, other: dict[str, Any]) -> tuple[str, ...]:
    """The fields (modelled, then BibTeX's own) whose values differ, whitespace aside."""
    out = [k for k in COMPARED if _comparable(getattr(paper, k)) != _comparable(other[k])]
    mine, theirs = dict(paper.extra), dict(other["extra"] or {})
    for k in sorted(set(mine) | set(theirs)):
        if not k.startswith("litman-") and _comparable(mine.get(k, "")) != _comparable(
            theirs.get(k, "")
        ):
            out.append(k)
    return tuple(out)


def _comparable(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return tuple(" ".join(str(v).split()) for v in value)
    return " ".join(value.split()) if isinstance(value, str) else value


# The stored paper's columns a merge with an incoming record may fill in.
_MERGED = ("abstract", "abstract_truncated", "title", "doi", "url", "venue")


def _merge_into_stored(conn: Connection, pid: int, incoming: NewPaper) -> str:
    row = conn.execute(select(P).where(P.c.id == pid)).one()
    tags = store.tags_of(conn, [pid]).get(pid, [])
    kept = NewPaper(
        title_derived=row.title_derived, tags=tuple(tags), **{k: row._mapping[k] for k in _MERGED}
    )
    merged = merge_new(kept, incoming)
    values = {k: getattr(merged, k) for k in _MERGED if getattr(merged, k) != getattr(kept, k)}
    if values:
        stamps = versions.stamped(row.version, dict(row.field_versions or {}), list(values))
        values = store.with_derived(conn, pid, dict(values, modified_at=store.now(), **stamps))
        conn.execute(update(P).where(P.c.id == pid).values(**values))
    new_tags = [t for t in merged.tags if t not in tags]
    if new_tags:
        tid = store.tag_ids(conn, new_tags)
        store.link_tags(conn, ((pid, tid[store.clean_tag(t)]) for t in new_tags))
    link_new(conn, [(pid, incoming.attachments)])
    return str(row.citekey)
