"""BibTeX entry types and their fields, as the entry editor shows them.

The required and optional fields of each standard BibTeX type, as BibTeX's `plain.bst` and
JabRef's BibTeX mode list them; `author/editor` style alternatives are both listed. Fields
litman models as a paper's own columns (title, author, year, the venue, DOI, URL, abstract,
keywords, reading status, rating) are edited through those; every other field lives in a
paper's `extra` mapping under its lower-case BibTeX name, kept as the LaTeX source the user
typed or imported, and written back as it is.
"""

import re
from collections.abc import Mapping

from litman.core.errors import LitmanError
from litman.core.messages import _

# Entry type -> (required, optional) field names, in the order an editor shows them.
ENTRY_TYPES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "article": (
        ("author", "title", "journal", "year"),
        ("volume", "number", "pages", "month", "issn", "note"),
    ),
    "book": (
        ("author", "editor", "title", "publisher", "year"),
        ("volume", "number", "series", "address", "edition", "month", "isbn", "note"),
    ),
    "inproceedings": (
        ("author", "title", "booktitle", "year"),
        (
            "editor",
            "volume",
            "number",
            "series",
            "pages",
            "address",
            "month",
            "organization",
            "publisher",
            "note",
        ),
    ),
    "incollection": (
        ("author", "title", "booktitle", "publisher", "year"),
        (
            "editor",
            "volume",
            "number",
            "series",
            "type",
            "chapter",
            "pages",
            "address",
            "edition",
            "month",
            "note",
        ),
    ),
    "inbook": (
        ("author", "editor", "title", "chapter", "pages", "publisher", "year"),
        ("volume", "number", "series", "type", "address", "edition", "month", "note"),
    ),
    "phdthesis": (("author", "title", "school", "year"), ("type", "address", "month", "note")),
    "mastersthesis": (
        ("author", "title", "school", "year"),
        ("type", "address", "month", "note"),
    ),
    "techreport": (
        ("author", "title", "institution", "year"),
        ("type", "number", "address", "month", "note"),
    ),
    "manual": (
        ("title",),
        ("author", "organization", "address", "edition", "month", "year", "note"),
    ),
    "booklet": (("title",), ("author", "howpublished", "address", "month", "year", "note")),
    "proceedings": (
        ("title", "year"),
        ("editor", "volume", "number", "series", "address", "month", "organization", "publisher"),
    ),
    "unpublished": (("author", "title", "note"), ("month", "year")),
    "misc": ((), ("author", "title", "howpublished", "month", "year", "note")),
}

# BibTeX fields that are a paper's own columns, with the column each one edits.
MODELLED: dict[str, str] = {
    "title": "title",
    "author": "authors",
    "year": "year",
    "doi": "doi",
    "url": "url",
    "abstract": "abstract",
    "keywords": "tags",
    "readstatus": "status",
    "ranking": "rating",
    "comment": "notes",  # JabRef's Comments field
}
# The field a paper's venue is written to, by entry type (BibTeX export does the same).
VENUE_FIELD = {
    "article": "journal",
    "inproceedings": "booktitle",
    "incollection": "booktitle",
    "inbook": "booktitle",
    "conference": "booktitle",
    "book": "publisher",
    "phdthesis": "school",
    "mastersthesis": "school",
    "techreport": "institution",
    "thesis": "institution",  # biblatex's types
    "report": "institution",
}
# Where else an imported entry's venue may be: BibTeX's own fields, then biblatex's (Zotero,
# Better BibLaTeX).
VENUE_SOURCES = ("journal", "journaltitle", "booktitle", "eventtitle", "howpublished")
RAW_PREFIX = "litman-raw-"  # extra keys the BibTeX reader keeps for byte-exact export
BIBTEX_ORDER = "litman-fields"  # extra key: a .bib entry's field names as read; read from .bib
HIDDEN_PREFIX = "litman-"  # extra keys of litman's own: raw copies, field order, venue field
VENUE_AT = "litman-venue-field"  # extra key: the field an imported venue was read from
# extra key: whether the paper's citation key is pinned ("yes") or made by the key pattern
# ("no"). Without it, a key read from a .bib file is pinned (documents may cite it), and
# any other is not. A pinned key is never made again by the pattern (regenerating keys, a
# lookup filling the fields the key was made of); a key typed by the user pins itself.
KEY_PINNED = "litman-key-pinned"
_NAME = re.compile(r"[a-z][a-z0-9_:.+-]*\Z")
_TYPE = re.compile(r"[a-z][a-z0-9_-]*\Z")


def venue_field(entry_type: str, extra: Mapping[str, str] | None = None) -> str:
    """The field the venue is written to: the one it was read from (`journaltitle`, or
    `journal` in a @misc), else the entry type's."""
    read = (extra or {}).get(VENUE_AT)
    return read or VENUE_FIELD.get(entry_type, "howpublished")


def venue_read_from(entry_type: str, fields: Mapping[str, str]) -> str | None:
    """The field an entry's venue is read from: its type's own, else the first of
    `VENUE_SOURCES` it has (a book's publisher last)."""
    own = VENUE_FIELD.get(entry_type)
    candidates = (own, *VENUE_SOURCES, "publisher" if entry_type == "book" else None)
    return next((k for k in candidates if k and k in fields), None)


def is_column(name: str, entry_type: str) -> bool:
    """Whether a BibTeX field of this entry type is edited as one of the paper's columns."""
    return name in MODELLED or name == venue_field(entry_type)


def fields_for(entry_type: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The (required, optional) fields of a type; an unknown type requires nothing."""
    return ENTRY_TYPES.get(entry_type, ((), ()))


def visible_extra(extra: dict[str, str]) -> dict[str, str]:
    """A paper's stored fields as a user sees them: without litman's own keys (the
    reader's raw copies, the order fields were read in)."""
    return {k: v for k, v in extra.items() if not k.startswith(HIDDEN_PREFIX)}


def check_name(name: str, entry_type: str) -> str:
    """A field name as stored (lower case), or a one-line error saying why it cannot be."""
    key = name.strip().lower()
    if not _NAME.match(key) or key.startswith(HIDDEN_PREFIX):
        raise LitmanError(
            _("'{0}' is not a BibTeX field name: use letters, digits and - _ : . + only.").format(
                name
            )
        )
    if is_column(key, entry_type):
        raise LitmanError(_("'{0}' is one of the paper's own fields: edit it there.").format(key))
    return key


def check_type(entry_type: str) -> str:
    key = entry_type.strip().lower()
    if not _TYPE.match(key):
        raise LitmanError(_("'{0}' is not a BibTeX entry type.").format(entry_type))
    return key


def whole_number(text: str, what: str) -> int | None:
    """A number field as typed (a year, say): None when blank, else its value, or a clear
    error naming `what` ("A year", "year")."""
    if not text.strip():
        return None
    try:
        return int(text)
    except ValueError:
        raise LitmanError(_("{0} is a number, not '{1}'.").format(what, text)) from None


def key_pinned(extra: Mapping[str, str]) -> bool:
    """Whether a paper's key is pinned (`KEY_PINNED`)."""
    flag = extra.get(KEY_PINNED, "")
    return flag == "yes" if flag else BIBTEX_ORDER in extra
