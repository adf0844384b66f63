"""Finding a paper's published record: by DOI, arXiv id or ISBN, or from its abstract alone.

One small client per public index (Crossref, DOI content negotiation, arXiv, OpenAlex) behind
the `MetadataSource` interface; `net` is the only module that opens a connection, one request
at a time per source, with timeouts, retries, a size cap and a week's cache on disk. No Qt:
the window and the CLI call `lookup` and `matching` from worker threads or the command line.

May import: `litman.core` (the `Library`, its records and errors, `text`) and
`litman.formats` (CSL-JSON items, markup), and the network through `net` alone; never Qt.
Imported by `litman.gui` and `litman.cli` only (import-linter: layers, and "the network only
through litman.metadata").
"""
