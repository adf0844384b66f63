"""The paper table: an ids-only model over the Library's search, its columns and header, the
selection held as row ranges, and the search box that feeds it.

May import: the writes room and the leaves of `litman.gui`. Imported by every room above it
(detail, dialogs, sidebar, lookup, window).
"""
