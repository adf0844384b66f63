"""The core: the data model, the `Library` and its parts, the `Store` interface and its
SQLite store, search and citekeys.

`library` is the front door: `Library` composes its parts (`library_papers`,
`library_tags`, `library_backups`) over one `Store` (`storage`: the protocol;
`sqlite_store`: the SQLite implementation, over `opening`, `backups`, `locking`, `sqlite`,
`schema`, `models` and the row helpers in `store`). `records`, `errors`, `query`,
`fields`, `citekeys`, `tag_match` and `text` are plain data and pure functions.

May import: the standard library, SQLAlchemy/SQLModel, numpy, rapidfuzz and the like; never
Qt, `bibtexparser`, or any other litman package. Imported by every other litman package;
`litman.gui`, `litman.cli` and `litman.app` may use `library`, `storage` and the plain-data
modules only, never the file-level ones (import-linter contract "one front door").
"""
