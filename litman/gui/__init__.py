"""The desktop window (PySide6 only). Everything it shows comes through the `Library` API.

May import: PySide6, `litman.app`, `litman.display`, `litman.formats`, `litman.metadata`,
and from `litman.core` only the `Library`, its records and errors, the `Store`/`Site`
interface (`litman.core.store.interface`) and pure helpers (`fields`, `citekeys`, `tag_match`,
`query`). Imported by nothing but `litman.cli` (which starts it) and the tests.
"""
