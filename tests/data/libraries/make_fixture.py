"""Write `schema-<N>.sqlite`: a small library made with the current schema.

Run it once per schema version, when that version ships, and commit the file. Tests open
every committed file, so each future migration is tested against a real old library.

    .venv/bin/python tests/data/libraries/make_fixture.py
"""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from litman import app  # noqa: E402
from litman.core.library.facade import Library  # noqa: E402
from litman.core.store import models  # noqa: E402


def main() -> None:
    target = HERE / f"schema-{models.SCHEMA_VERSION}.sqlite"
    if target.exists():
        sys.exit(f"{target.name} exists; a shipped schema's fixture is never rewritten.")
    with Library.open(target, backup=False) as lib:
        app.import_seeds(lib)
        ids = lib.list_ids("id")
        lib.papers.set_status(ids[:5], "read")
        lib.papers.set_status(ids[5:8], "reading")
        lib.tags.add_tag("To Read > Soon", ids[:3])
        lib.tags.set_tag_colour("To Read > Soon", "#d97706")
        lib.papers.update_paper(ids[0], notes="Notes survive upgrades.", rating=4)
    # One file, no WAL beside it.
    import sqlite3

    conn = sqlite3.connect(target)
    conn.execute("PRAGMA journal_mode = DELETE")
    conn.execute("VACUUM")
    conn.close()
    print(f"wrote {target} ({target.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
