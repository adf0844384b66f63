"""Which store keeps a library, chosen from where it is: a PostgreSQL database (a URL, a libpq
connection string or `service=NAME`, told from the text alone by `litman.core.store.urls`)
or a library file (SQLite). The one place that names the stores, so that the facade opens
any library the same way and a third backend is added here, in the store package.
"""

from pathlib import Path

from litman.core.store.interface import Store
from litman.core.store.urls import is_shared


def open_store(
    where: Path | str,
    *,
    read_only: bool = False,
    password: str | None = None,
    check: bool | None = True,
    backup: bool = True,
    daily: bool = True,
) -> Store:
    """The store of the library at `where`, open; `password` is for a database only, and
    `check`, `backup` and `daily` for a file only (see `Library.open`)."""
    if is_shared(where):
        from litman.core.store import postgres_store  # psycopg: not loaded for a file

        return postgres_store.PostgresStore(str(where), read_only=read_only, password=password)
    from litman.core.store.sqlite_store import SQLiteStore

    return SQLiteStore(Path(where), read_only=read_only, check=check, backup=backup, daily=daily)
