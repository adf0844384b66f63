"""The core: data model, SQLite store, the `Library` facade, search and citekeys.

No Qt and no format libraries live here, so the CLI, the GUI and the tests share one API.
"""
