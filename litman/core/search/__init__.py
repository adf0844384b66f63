"""The search room: the in-memory index (`index`), its postings, the query language, ranking, typo
and prefix lookups, and the saved index; SQL answers before the index is ready (`quick`).
"""
