"""The library room: the `Library` facade (`facade`) and the parts it is made of (papers, tags,
backups, undo), with what they decide: imports and duplicates, citekeys, preprints, copying
between stores.

May import: the search and store rooms and the core's leaves. Imported by the front doors
(`litman.cli`, `litman.gui`, `litman.app`), by formats for citekeys, and by tests.
"""
