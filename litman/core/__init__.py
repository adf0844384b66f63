"""The core: everything litman knows without a window or a file format. No Qt.

Three rooms, each importing only the ones below it (import-linter contract "core rooms"):
- `library/`: the front door. `library.facade.Library` composes its parts (`papers`, `tags`,
  `backups`, `undo`) over one store, and decides what imports, duplicates, citekeys and
  preprints mean.
- `search/`: the in-memory index (`index`) with its postings, the query language (`query`),
  ranking, typo and prefix lookups, the saved index (`index_cache`), and plain-SQL answers
  while the index builds (`quick`).
- `store/`: persistence. The `Store` and `Site` protocols (`interface`), the SQLite and
  PostgreSQL stores, schema and tables, locks, backups, the change journal and live news.
Beside them, the leaves every room uses: `records` (plain data crossing the boundary),
`errors`, `fields`, `text` and `batch`.

May import: the standard library, SQLAlchemy/SQLModel, numpy, rapidfuzz and the like; never
Qt, `bibtexparser`, or any other litman package. Imported by every other litman package:
`litman.gui`, `litman.cli` and `litman.app` use the library room, the store's `interface` and
the leaves, never the file-level modules (import-linter contract "one front door").
"""
