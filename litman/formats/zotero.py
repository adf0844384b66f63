"""Zotero's own database: a copy of `zotero.sqlite`, opened read only.

Each regular item is a paper: its item type mapped to a BibTeX entry type (the Zotero type
kept as `zotero-type` where the mapping loses it), `title`, `abstractNote`, creators in
their order (the type's primary creators as authors, editors and other roles as BibTeX-style
fields; a single-field name as written), `date` (Zotero's `2019-05-00 May 2019` form) as year
and month, `publicationTitle` and the fields based on it (`proceedingsTitle`, `bookTitle`,
...) as venue (the publisher, university or institution for books, theses and reports),
`DOI`, `url`, and every other field under its BibTeX name (`issue` as `number`, `place` as
`address`, `accessDate` as `urldate`) or its own, lower-cased; `extra` is kept as
`zotero-extra`, and a `Citation Key:` line in it (Better BibTeX) or the `citationKey` field
gives the citekey. Tags are tags, each collection is a tag of its path (`Thesis > Methods`),
child notes become the paper's notes as text, and the attachments' paths are kept in `file`
(`;` between them; stored files under the database's `storage` folder). Items in the trash
and in feeds, standalone notes and attachments are not papers; the report says how many.
A note or attachment in the trash is left out, and so is a collection in the trash (with
the collections inside it) as a tag.
The schema read is Zotero's `resource/schema/userdata.sql`, field and type names its
`schema.json` (github.com/zotero/zotero, github.com/zotero/zotero-schema).

The file is a stranger's, and SQL can be made to run for ever: a view named `itemTags` over
an endless recursive query, or real tables whose joins multiply. So every table read must
be an ordinary table (not a view, not a virtual table), and the work SQLite may do is
bounded by the file's size (`STEPS_PER_BYTE`); past either, the file is refused.
"""

import hashlib
import re
import sqlite3
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path

from litman.core.errors import ImportFailed
from litman.core.messages import _
from litman.core.records import ImportBatch, NewPaper, Skipped, counted
from litman.formats import markup
from litman.formats.bibtex_fields import MONTH_NAMES
from litman.formats.exchange import MAX_FIELD_CHARS

TYPES = {
    "journalArticle": "article",
    "magazineArticle": "article",
    "newspaperArticle": "article",
    "book": "book",
    "bookSection": "incollection",
    "conferencePaper": "inproceedings",
    "thesis": "phdthesis",
    "report": "techreport",
    "webpage": "online",
    "blogPost": "online",
    "forumPost": "online",
    "manuscript": "unpublished",
    "patent": "patent",
    "dataset": "dataset",
    "computerProgram": "software",
}
EXACT = {"journalArticle", "book", "bookSection", "conferencePaper", "report", "webpage"}
NOT_PAPERS = ("note", "attachment", "annotation")
# Fields whose base field (schema.json) is `publicationTitle`: the venue.
VENUES = (
    "publicationTitle",
    "proceedingsTitle",
    "bookTitle",
    "websiteTitle",
    "blogTitle",
    "forumTitle",
    "encyclopediaTitle",
    "dictionaryTitle",
    "programTitle",
)
PUBLISHERS = ("publisher", "university", "institution", "repository", "company")
PUBLISHER_VENUE = frozenset({"book", "phdthesis", "techreport"})
RENAMED = {
    "issue": "number",
    "place": "address",
    "ISSN": "issn",
    "ISBN": "isbn",
    "shortTitle": "shorttitle",
    "accessDate": "urldate",
    "journalAbbreviation": "shortjournal",
    "university": "school",
    "extra": "zotero-extra",
    "abstractNote": "abstract",
    "reportNumber": "number",
    "repository": "publisher",
    **dict.fromkeys(["thesisType", "reportType", "websiteType", "manuscriptType"], "type"),
    **dict.fromkeys(["presentationType", "letterType", "postType", "genre"], "type"),
}
MODELLED = frozenset({"title", "abstractNote", "date", "DOI", "url", "citationKey"})
# Every table read, each of which must be an ordinary table.
TABLES = (
    *("items", "itemTypes", "itemData", "fields", "itemDataValues", "creators"),
    *("itemCreators", "creatorTypes", "itemTags", "tags", "collections"),
    *("collectionItems", "deletedItems", "itemNotes", "itemAttachments"),
)
CORE = ("items", "itemTypes", "itemData", "fields", "collections")  # what says it is Zotero's
# SQLite's steps per byte of the file a read may take. Reading a Zotero database takes about
# 0.2: 0.28 and 2.8 million steps for 2,000 and 20,000 items (2.0 and 17.6 MB), 0.62 million
# for 2,000 items of 50 tags each (3.2 MB), the smallest rows there are. Five per byte, or
# two million for a small file, stops a crafted one within seconds.
STEPS_PER_BYTE = 5
STEPS_FLOOR = 2_000_000
_STEP_GRAIN = 10_000  # steps between two looks at the count
_CITEKEY = re.compile(r"(?im)^\s*citation key\s*:\s*(\S+)\s*$")
_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})(?: (.*))?", re.S)


def read(path: Path) -> ImportBatch:
    """The papers of a Zotero database; ImportFailed when the file is not one."""
    try:
        size = path.stat().st_size
    except OSError:
        size = 0  # connecting says what is wrong with it
    budget = _Budget(STEPS_FLOOR + STEPS_PER_BYTE * size)
    try:
        with _open(path, budget) as db:
            return _batch(path, db)
    except sqlite3.DatabaseError as exc:
        if budget.spent:
            raise ImportFailed(
                f"{path.name}: takes far more work to read than a Zotero database of its size "
                "(its tables are not as Zotero makes them); nothing was imported."
            ) from None
        # known by SQLite's result code (SQLITE_BUSY, or an extended SQLITE_BUSY_...)
        busy = getattr(exc, "sqlite_errorname", "").startswith(("SQLITE_BUSY", "SQLITE_LOCK"))
        hint = "; close Zotero, or import a copy of it" if busy else ""
        raise ImportFailed(
            f"{path.name}: cannot be read as Zotero's database ({exc}{hint}); nothing was imported."
        ) from exc


class _Budget:
    """SQLite's progress handler: counts steps, and stops the query once over `limit`."""

    def __init__(self, limit: int) -> None:
        self.left = limit // _STEP_GRAIN
        self.spent = False

    def __call__(self) -> int:
        self.left -= 1
        self.spent = self.left < 0
        return int(self.spent)


def _open(path: Path, budget: _Budget) -> sqlite3.Connection:
    uri = path.resolve().as_uri() + "?mode=ro"
    # Zotero holds its database locked while it runs: waiting for it would be in vain.
    db = sqlite3.connect(uri, uri=True, timeout=0.5)
    db.set_progress_handler(budget, _STEP_GRAIN)
    db.execute("PRAGMA query_only = 1")
    problem = _not_zotero(db)
    if problem:
        db.close()
        raise ImportFailed(f"{path.name}: is not a Zotero database{problem}; nothing was imported.")
    return db


def _not_zotero(db: sqlite3.Connection) -> str:
    """Why the database is not Zotero's to read ("" when it is): a table of Zotero's core
    missing, or a table read that is not an ordinary table."""
    tables = _real_tables(db)
    if not set(CORE) <= tables:
        return " (zotero.sqlite)"
    odd = next((t for t in TABLES if t not in tables), None)
    return f" as Zotero writes it ({odd} is not a table)" if odd else ""


def _real_tables(db: sqlite3.Connection) -> set[str]:
    """The ordinary tables: not views, and not virtual tables, whose module runs code."""
    rows = db.execute("SELECT name, sql FROM sqlite_master WHERE type = 'table'")
    return {
        name
        for name, sql in rows
        if not str(sql or "").lstrip().upper().startswith("CREATE VIRTUAL")
    }


def _batch(path: Path, db: sqlite3.Connection) -> ImportBatch:
    kinds = dict(
        db.execute(
            f"SELECT i.itemID, t.typeName FROM items i JOIN {_types(db)} t USING (itemTypeID)"
        ).fetchall()
    )
    left_out = _left_out(db, kinds)
    ids = sorted(i for i, kind in kinds.items() if kind not in NOT_PAPERS and i not in left_out)
    fields, creators = _fields(db), _creators(db)
    tags, notes, files = _tags(db), _notes(db), _files(db, path.parent, fields)
    papers, lines, skipped = [], [], []
    for item in ids:
        values = fields.get(item, {})
        too_long = next((k for k, v in values.items() if len(v) > MAX_FIELD_CHARS), None)
        if too_long:
            skipped.append(
                Skipped(item, _("item {0}: '{1}' is too long to be real").format(item, too_long))
            )
            continue
        extra = {"file": ";".join(files[item])} if files.get(item) else {}
        papers.append(_paper(kinds[item], values, creators.get(item, []), extra))
        papers[-1] = _with(papers[-1], tags.get(item, []), notes.get(item, []))
        lines.append(item)
    if not papers and not skipped:
        raise ImportFailed(f"{path.name}: holds no Zotero items; nothing was imported.")
    warnings = _said(db, kinds, left_out)
    return ImportBatch(
        path.name,
        tuple(papers),
        tuple(lines),
        tuple(skipped),
        tuple(warnings),
        digest=_digest(path),
    )


def _types(db: sqlite3.Connection) -> str:
    return _combined(db, "itemTypes")


def _combined(db: sqlite3.Connection, table: str) -> str:
    """Zotero's table with custom types and fields too (`fieldsCombined`), when filled."""
    combined = table + "Combined"
    filled = _has(db, combined) and db.execute(f"SELECT 1 FROM {combined} LIMIT 1").fetchone()
    return combined if filled else table


def _has(db: sqlite3.Connection, table: str) -> bool:
    return table in _real_tables(db)


def _left_out(db: sqlite3.Connection, kinds: dict[int, str]) -> set[int]:
    """Items in the trash, and items of feeds (not the user's library)."""
    out = {r[0] for r in db.execute("SELECT itemID FROM deletedItems")}
    if _has(db, "feeds"):
        feed = "SELECT itemID FROM items WHERE libraryID IN (SELECT libraryID FROM feeds)"
        out |= {r[0] for r in db.execute(feed)}
    return out


def _said(db: sqlite3.Connection, kinds: dict[int, str], left_out: set[int]) -> list[str]:
    """What was not imported: standalone notes and files, items in the trash or feeds."""
    children = {r[0] for r in db.execute(_CHILDREN)}
    alone = [kinds[i] for i in kinds if i not in children and i not in left_out]
    counts = {kind: alone.count(kind) for kind in NOT_PAPERS[:2]}
    out = [
        f"{n} standalone {kind}{'s' * (n != 1)} not imported as papers"
        for kind, n in counts.items()
        if n
    ]
    trashed = sum(1 for i in left_out if i in kinds)
    if trashed:
        out.append(f"{counted(trashed, 'item')} in the trash or in feeds not imported")
    return out


_CHILDREN = (
    "SELECT itemID FROM itemNotes WHERE parentItemID IS NOT NULL "
    "UNION SELECT itemID FROM itemAttachments WHERE parentItemID IS NOT NULL"
)


def _fields(db: sqlite3.Connection) -> dict[int, dict[str, str]]:
    table = _combined(db, "fields")
    rows = db.execute(
        f"SELECT d.itemID, f.fieldName, v.value FROM itemData d JOIN {table} f USING (fieldID) "
        "JOIN itemDataValues v USING (valueID)"
    )
    out: dict[int, dict[str, str]] = defaultdict(dict)
    for item, name, value in rows:
        if value is not None and str(value).strip():
            out[item][str(name)] = str(value)
    return out


def _creators(db: sqlite3.Connection) -> dict[int, list[tuple[str, str]]]:
    """Each item's (role, name) in the order Zotero shows them."""
    rows = db.execute(
        "SELECT ic.itemID, ct.creatorType, c.firstName, c.lastName, c.fieldMode "
        "FROM itemCreators ic JOIN creators c USING (creatorID) "
        "JOIN creatorTypes ct USING (creatorTypeID) ORDER BY ic.itemID, ic.orderIndex"
    )
    out: dict[int, list[tuple[str, str]]] = defaultdict(list)
    for item, role, first, last, mode in rows:
        first, last = " ".join(str(first or "").split()), " ".join(str(last or "").split())
        name = last if mode == 1 or not first else f"{last}, {first}" if last else first
        if name:
            out[item].append((str(role), name))
    return out


def _tags(db: sqlite3.Connection) -> dict[int, list[str]]:
    out: dict[int, list[str]] = defaultdict(list)
    for item, name in db.execute(
        "SELECT it.itemID, t.name FROM itemTags it JOIN tags t USING (tagID)"
    ):
        out[item].append(str(name))
    paths = _collection_paths(db)
    for collection, item in db.execute("SELECT collectionID, itemID FROM collectionItems"):
        if collection in paths:
            out[item].append(paths[collection])
    return out


def _collection_paths(db: sqlite3.Connection) -> dict[int, str]:
    """Each collection's path of names, `Parent > Child` (a loop or a depth past 32 stops);
    none for a collection in the trash or inside one."""
    rows = db.execute("SELECT collectionID, collectionName, parentCollectionID FROM collections")
    named = {c: (" ".join(str(name).replace(">", "-").split()), parent) for c, name, parent in rows}
    trashed = _trashed_collections(db)
    out = {}
    for c in named:
        path: list[str] = []
        at, seen = c, set()
        while at in named and at not in seen and len(path) < 32:
            seen.add(at)
            path.append(named[at][0])
            at = named[at][1]
        if all(path) and not seen & trashed:
            out[c] = " > ".join(reversed(path))
    return out


def _trashed_collections(db: sqlite3.Connection) -> set[int]:
    """Collections in the trash (Zotero 7 and later; older databases have no such table)."""
    if not _has(db, "deletedCollections"):
        return set()
    return {r[0] for r in db.execute("SELECT collectionID FROM deletedCollections")}


def _notes(db: sqlite3.Connection) -> dict[int, list[str]]:
    out: dict[int, list[str]] = defaultdict(list)
    rows = db.execute(
        "SELECT parentItemID, note FROM itemNotes WHERE parentItemID IS NOT NULL "
        "AND itemID NOT IN (SELECT itemID FROM deletedItems) ORDER BY itemID"
    )
    for parent, note in rows:
        text = markup.note_text(str(note or ""))
        if text:
            out[parent].append(text)
    return out


def _files(
    db: sqlite3.Connection, folder: Path, fields: dict[int, dict[str, str]]
) -> dict[int, list[str]]:
    """Each item's attachments' paths: a stored file under `storage/KEY/`, a linked file
    as Zotero has it (`attachments:` paths are relative to Zotero's base folder), a linked
    URL (link mode 3, no path) as its attachment item's `url`."""
    rows = db.execute(
        "SELECT a.parentItemID, a.path, i.key, a.itemID FROM itemAttachments a "
        "JOIN items i USING (itemID) WHERE a.parentItemID IS NOT NULL "
        "AND (a.path IS NOT NULL OR a.linkMode = 3) "
        "AND a.itemID NOT IN (SELECT itemID FROM deletedItems) ORDER BY a.itemID"
    )
    out: dict[int, list[str]] = defaultdict(list)
    for parent, where, key, item in rows:
        if where is None:  # a linked URL
            where = fields.get(item, {}).get("url", "")
            if not where:
                continue
        where = str(where)
        if where.startswith("storage:"):
            where = str(folder / "storage" / str(key) / where[len("storage:") :])
        out[parent].append(where.replace(";", "\\;"))
    return out


def _paper(
    kind: str, values: dict[str, str], creators: list[tuple[str, str]], extra: dict[str, str]
) -> NewPaper:
    etype = TYPES.get(kind, "misc")
    if kind not in EXACT:
        extra["zotero-type"] = kind
    venue_at = _first(values, VENUES)
    if not venue_at and etype in PUBLISHER_VENUE:
        venue_at = _first(values, PUBLISHERS)
    venue = values.get(venue_at, "")
    primary = (
        "author" if any(r == "author" for r, _ in creators) else (creators[:1] or [("", "")])[0][0]
    )
    for role in dict.fromkeys(r for r, _unused in creators if r != primary):
        extra[role.lower()] = " and ".join(n for r, n in creators if r == role)
    year, month, day = _date(values.get("date", ""))
    if month:
        extra["month"] = MONTH_NAMES[month - 1]
    if day:
        extra["date"] = f"{year:04d}-{month:02d}-{day:02d}"
    for name, value in values.items():
        if name not in MODELLED and name != venue_at:
            extra.setdefault(RENAMED.get(name, name.lower()), value)
    return NewPaper(
        title=" ".join(markup.to_plain(values.get("title", "")).split()),
        abstract=values.get("abstractNote", "").strip(),
        authors=tuple(n for r, n in creators if r == primary),
        year=year or None,
        venue=" ".join(venue.split()),
        doi=values.get("DOI", "").strip(),
        url=values.get("url", "").strip(),
        entry_type=etype,
        citekey=_citekey(values),
        extra=extra,
    )


def _first(values: dict[str, str], names: Iterable[str]) -> str:
    """The first of `names` that has a value."""
    return next((n for n in names if values.get(n, "").strip()), "")


def _date(value: str) -> tuple[int, int, int]:
    """Year, month and day (0 where unknown) of Zotero's `YYYY-MM-DD original` dates."""
    m = _DATE.match(value.strip())
    if not m:
        found = re.search(r"(?<!\d)(\d{4})(?!\d)", value)
        return (int(found.group(1)) if found else 0), 0, 0
    year, month, day = (int(m.group(n)) for n in (1, 2, 3))
    month = month if 1 <= month <= 12 else 0
    return year, month, day if month and 1 <= day <= 31 else 0


def _citekey(values: dict[str, str]) -> str:
    key = values.get("citationKey", "").strip()
    found = _CITEKEY.search(values.get("extra", ""))
    return key or (found.group(1) if found else "")


def _with(p: NewPaper, tags: list[str], notes: list[str]) -> NewPaper:
    clean = [" > ".join(" ".join(t.split()) for t in tag.split(">")) for tag in tags]
    ok = [t for t in clean if all(level for level in t.split(" > "))]
    return replace(p, tags=tuple(dict.fromkeys(ok)), notes="\n\n".join(notes))


def _digest(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        while chunk := f.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()
