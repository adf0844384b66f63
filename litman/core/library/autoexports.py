"""Auto-export bindings (`library.autoexports`): a file bound to a query (`tag:thesis`,
`saved:NAME`, or empty for the whole library) in an export format, kept in the library
(its `meta` table, as one JSON list: no schema change), with the last error writing it.

The library only keeps the bindings; writing the files is `litman.app.run_autoexports`,
which the window runs after every change and `litman autoexport run` runs on demand.
"""

import json
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from sqlalchemy import Connection, delete, select

from litman.core.errors import NotFoundError
from litman.core.library.parts import Part
from litman.core.messages import _
from litman.core.records import Changes
from litman.core.store import models
from litman.core.store import rows as store

BINDINGS_KEY = "autoexport"


@dataclass(frozen=True)
class Binding:
    """A file kept current with what `query` finds, in format `fmt`; `error` is why the
    last attempt to write it failed ("" when it did not)."""

    path: str
    query: str
    fmt: str
    error: str = ""

    def to_json(self) -> dict[str, str]:
        return asdict(self)


Change = Callable[[list["Binding"]], list["Binding"]]


class AutoExports(Part):
    """The library's auto-export bindings."""

    def list(self) -> list[Binding]:
        with self._read() as conn:
            return _bindings(conn)

    def add(self, path: Path | str, query: str, fmt: str) -> Binding:
        """Bind `path` (made absolute) to `query` in `fmt`, replacing a binding of the same
        file."""
        made = Binding(str(Path(path).expanduser().absolute()), query.strip(), fmt)
        self._change(lambda found: [b for b in found if b.path != made.path] + [made])
        return made

    def remove(self, path: Path | str) -> None:
        where = str(Path(path).expanduser().absolute())
        if not any(b.path == where for b in self.list()):
            raise NotFoundError(_("No auto-export to {0} (litman autoexport list).").format(where))
        self._change(lambda found: [b for b in found if b.path != where])

    def set_error(self, path: str, error: str) -> None:
        """Keep why writing `path` failed ("" : it worked), for `autoexport list`."""
        self._change(
            lambda found: [replace(b, error=error) if b.path == path else b for b in found]
        )

    def _change(self, change: Change) -> None:
        with self._write() as conn:
            now = change(_bindings(conn))
            conn.execute(delete(models.meta).where(models.meta.c.key == BINDINGS_KEY))
            if now:
                value = json.dumps([b.to_json() for b in now], ensure_ascii=False)
                store.bulk_insert(conn, models.meta, [{"key": BINDINGS_KEY, "value": value}])
            self._publish(Changes())  # no paper changed: nothing for the journal


_FIELDS = ("path", "query", "fmt", "error")


def _bindings(conn: Connection) -> list[Binding]:
    M = models.meta
    value = conn.execute(select(M.c.value).where(M.c.key == BINDINGS_KEY)).scalar()
    try:
        rows = json.loads(value or "[]")
        return [Binding(*(str(r.get(k, "")) for k in _FIELDS)) for r in rows]
    except (ValueError, TypeError, AttributeError):
        return []  # a value another program wrote: no bindings rather than a crash
