"""The store room: persistence. The `Store` interface (`interface`), its SQLite and PostgreSQL
stores, the schema and tables, locks, backups, the change journal and live news of other
clients. Every difference between the databases lives here: the other rooms ask a store's
SQL dialect (`dialects`) and never check which database they run on.

May import: the core's leaves, SQLAlchemy/SQLModel and psycopg; never the library or search
rooms. Imported by the library and search rooms; the front doors use only `interface`
(import-linter contract "one front door").
"""
