"""Saved searches (`library.saved`): a query in the search language kept under a name, in
the library itself, so that a shared library shares them (Zotero's saved searches, JabRef's
search groups). Names are unique whatever their case. Every change is undoable: its
`Changes` record holds a `SavedChange`, which `carry_out` performs in one transaction.
"""

from sqlalchemy import Connection, delete, insert, select

from litman.core.errors import LitmanError, NotFoundError
from litman.core.library.parts import Part
from litman.core.messages import _
from litman.core.records import Changes, SavedChange, SavedSearch
from litman.core.search.filters import ALL, Filter, filter_text
from litman.core.search.query import parse
from litman.core.store import models

T = models.saved_searches
_COLUMNS = (T.c.name, T.c.query, T.c.sidebar_filter)  # a SavedSearch's fields, in order


class Saved(Part):
    """The library's saved searches."""

    def listed(self) -> list[SavedSearch]:
        """Every saved search, by name (case aside)."""
        with self._read() as conn:
            rows = conn.execute(select(*_COLUMNS).order_by(T.c.name_key))
            return [SavedSearch(*row) for row in rows]

    def get(self, name: str) -> SavedSearch:
        """The saved search of this name (case aside), or NotFoundError."""
        with self._read() as conn:
            found = _find(conn, name)
        if found is None:
            raise NotFoundError(_("No saved search named '{0}'.").format(name))
        return found

    def add(self, name: str, query: str, within: Filter = ALL) -> Changes:
        """Save `query` under `name`, with the sidebar filter `within` it narrows; a name
        taken already is refused."""
        name = _clean(name)
        parse(query)  # a query that cannot be read is refused before it is kept
        new = SavedSearch(name, query, filter_text(within))
        with self._write() as conn:
            if _find(conn, name) is not None:
                raise LitmanError(_("A saved search named '{0}' exists already.").format(name))
            return self._publish(_change(conn, SavedChange((), (new,))))

    def update(self, name: str, new_name: str | None = None, query: str | None = None) -> Changes:
        """Rename a saved search, or give it another query, or both."""
        with self._write() as conn:
            old = _find(conn, name)
            if old is None:
                raise NotFoundError(_("No saved search named '{0}'.").format(name))
            new = SavedSearch(
                _clean(new_name or old.name), old.query if query is None else query, old.within
            )
            parse(new.query)
            clash = _find(conn, new.name)
            if clash is not None and clash.name.casefold() != old.name.casefold():
                raise LitmanError(_("A saved search named '{0}' exists already.").format(new.name))
            return self._publish(_change(conn, SavedChange((old.name,), (new,))))

    def remove(self, name: str) -> Changes:
        """Forget a saved search."""
        with self._write() as conn:
            old = _find(conn, name)
            if old is None:
                raise NotFoundError(_("No saved search named '{0}'.").format(name))
            return self._publish(_change(conn, SavedChange((old.name,), ())))

    def carry_out(self, change: SavedChange) -> Changes:
        """Perform a `SavedChange` (an undo or a redo), in one transaction."""
        with self._write() as conn:
            return self._publish(_change(conn, change))


def _clean(name: str) -> str:
    name = " ".join(name.split())
    if not name:
        raise LitmanError(_("A saved search needs a name."))
    return name


def _find(conn: Connection, name: str) -> SavedSearch | None:
    key = " ".join(name.split()).casefold()
    row = conn.execute(select(*_COLUMNS).where(T.c.name_key == key)).first()
    return None if row is None else SavedSearch(*row)


def _change(conn: Connection, change: SavedChange) -> Changes:
    """Take away `change.remove`, put `change.put`; the Changes holding the opposite."""
    before = [found for name in change.remove if (found := _find(conn, name)) is not None]
    for name in change.remove:
        conn.execute(delete(T).where(T.c.name_key == name.casefold()))
    for s in change.put:
        values = {"name": s.name, "name_key": s.name.casefold(), "query": s.query}
        conn.execute(insert(T).values(**values, sidebar_filter=s.within))
    inverse = SavedChange(tuple(s.name for s in change.put), tuple(before))
    return Changes(saved_changed=True, inverse=inverse)
