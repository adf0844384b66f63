"""The library room: the `Library` facade (`facade`) and the parts it is made of (papers, tags,
backups, undo), with what they decide: imports and duplicates, citekeys, preprints, copying
between stores.
"""
