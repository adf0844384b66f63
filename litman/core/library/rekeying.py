"""The library's citation key rule, and keys made again by it on request
(`library.citekey_rule`).

The rule is a key pattern in JabRef's notation (`litman.core.library.key_patterns`), kept in
the library (its `meta` table, so every member of a shared library makes keys alike); empty,
litman's own rule. New papers without a key get one by it. A key typed by the user or read
from a file is never made again unless asked: only `regenerate` changes keys, for the papers
it is given, and it is one undoable change (`Changes.inverse` holds the old keys); the old
keys stay as aliases of their papers, as a merge keeps a merged paper's key. A pinned key
(`fields.key_pinned`: typed by the user, read from a .bib file, or pinned with `pin`) is
left as it is by `regenerate`, as Better BibTeX leaves a pinned key: unpin it first.
Clashes get a, b, ... as JabRef's do, against every other paper's key (the old keys of the
papers being re-keyed included, so that two papers never swap keys in one step).
"""

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import Connection, delete, insert, select

from litman.core import fields
from litman.core.library import key_patterns
from litman.core.library.citekeys import KeyAllocator
from litman.core.library.papers import Papers
from litman.core.library.parts import Host, Part
from litman.core.records import Changes
from litman.core.store import models
from litman.core.store import rows as store

PATTERN_KEY = "citekey_pattern"


@dataclass(frozen=True)
class Rekey:
    """One paper's key now and the key the pattern makes of it."""

    paper_id: int
    old: str
    new: str


def pattern_in(conn: Connection) -> str:
    """The library's key pattern ("" for litman's own rule)."""
    found = conn.execute(select(models.meta.c.value).where(models.meta.c.key == PATTERN_KEY))
    return str(found.scalar() or "")


class Citekeys(Part):
    """The key pattern, and keys made again by it."""

    def __init__(self, host: Host, papers: Papers) -> None:
        super().__init__(host)
        self._papers = papers

    def pattern(self) -> str:
        with self._read() as conn:
            return pattern_in(conn)

    def set_pattern(self, pattern: str) -> None:
        """Make new papers' keys by `pattern` ("" : litman's own rule); a pattern litman
        cannot read is refused (PatternError), nothing changed."""
        key_patterns.check(pattern)
        with self._write() as conn:
            conn.execute(delete(models.meta).where(models.meta.c.key == PATTERN_KEY))
            if pattern.strip():
                store.bulk_insert(conn, models.meta, [{"key": PATTERN_KEY, "value": pattern}])
            self._publish(Changes())  # no paper changed: nothing for the journal

    def plan(self, ids: Sequence[int], pattern: str | None = None) -> list[Rekey]:
        """What `regenerate` would do: each paper's key and its new one, in the order
        given, those that would not change and pinned ones left out."""
        if pattern is not None:
            key_patterns.check(pattern)
        with self._read() as conn:
            rule = pattern_in(conn) if pattern is None else pattern
            found = store.load_papers(conn, list(ids))
            papers = [found[i] for i in ids if i in found]
            keys = KeyAllocator(conn.execute(select(models.papers.c.citekey)).scalars())
        out = []
        for p in papers:
            if fields.key_pinned(p.extra):
                continue
            keys.taken.discard(p.citekey.casefold())
            new = keys.key(key_patterns.key(rule, p.authors, p.year, p.title))
            if new != p.citekey:
                out.append(Rekey(p.id, p.citekey, new))
        return out

    def pinned(self, ids: Sequence[int]) -> list[int]:
        """Those of `ids` whose keys are pinned, in the order given."""
        with self._read() as conn:
            found = store.load_papers(conn, list(ids))
        return [i for i in ids if i in found and fields.key_pinned(found[i].extra)]

    def pin(self, ids: Sequence[int], pinned: bool = True) -> Changes:
        """Pin (or unpin) these papers' keys, as one undoable change."""
        flag = "yes" if pinned else "no"
        with self._read() as conn:
            found = store.load_papers(conn, list(ids))
        values = {
            i: {"extra": {**p.extra, fields.KEY_PINNED: flag}}
            for i, p in found.items()
            if fields.key_pinned(p.extra) != pinned
        }
        return self._papers.restore_fields(values) if values else Changes()

    def regenerate(self, ids: Sequence[int], pattern: str | None = None) -> Changes:
        """Make the keys of these papers again by the pattern (the library's, or `pattern`),
        as one undoable change."""
        planned = self.plan(ids, pattern)
        if not planned:
            return Changes()
        changes = self._papers.restore_fields({r.paper_id: {"citekey": r.new} for r in planned})
        self._keep_aliases(planned)
        return changes

    def _keep_aliases(self, planned: Sequence[Rekey]) -> None:
        """Each old key becomes an alias of its paper (`models.aliases`, as a merge keeps
        the merged papers' keys), so a document citing it, `litman show OLDKEY` and
        `key:OLDKEY` still find the paper; a new key is no longer an alias of anything."""
        A = models.aliases
        with self._write() as conn:
            keys = [k for r in planned for k in (r.old, r.new)]
            for part in store.chunks(keys):
                conn.execute(delete(A).where(A.c.citekey.in_(part)))
            conn.execute(insert(A), [{"citekey": r.old, "paper_id": r.paper_id} for r in planned])
            self._publish(Changes())  # the keys' change is journalled; aliases are looked up
