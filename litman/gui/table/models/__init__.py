"""The window's Qt item models: `papers` (the 100k-row table over a list of ids, rows fetched
in pages and cached by id) and `columns` (the columns it can show, built-in and BibTeX fields).

May import: PySide6, the `Library` and its records, `litman.display` and pure helpers of
`litman.core` and `litman.formats`. Imported by the window's widgets in `litman.gui` only.
"""
