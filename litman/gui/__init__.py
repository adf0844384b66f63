"""The desktop window (PySide6 only). Everything it shows comes through the `Library` API.

May import: PySide6, `litman.app`, `litman.display`, `litman.formats`, `litman.metadata`,
and from `litman.core` only the `Library`, its records and errors, the `Store`/`Site`
interface (`litman.core.store.interface`) and pure helpers (`fields`, `citekeys`, `tag_match`,
`query`). Imported by nothing but `litman.cli` (which starts it) and the tests.

A folder per part of the window (`window/`, `lookup/`, `sidebar/`, `dialogs/`, `detail/`,
`table/`, `writes/`, each importing only those after it) and a few leaves beside them;
docs/architecture.md draws the map.
"""
