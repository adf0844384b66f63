"""The store room: persistence. The `Store` interface (`interface`), its SQLite and PostgreSQL
stores, the schema and tables, locks, backups, the change journal and live news of other
clients.
"""
