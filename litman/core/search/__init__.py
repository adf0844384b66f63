"""The search room: the in-memory index (`index`), its postings, the query language, ranking, typo
and prefix lookups, and the saved index; SQL answers before the index is ready (`quick`).

May import: the store room (its tables, journal and trash filter) and the core's leaves, numpy
and rapidfuzz. Imported by the library room; the window uses its query and ranking records.
"""
