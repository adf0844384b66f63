"""The paper table's columns, each declared once: key, header, text, tooltip, sort key.

The built-in columns are always in the model; the header hides and orders them. Any stored
BibTeX field (`volume`, `pages`, `note`, ...) can be a column too, keyed `field:NAME`.
Authors read the same way in every row, by family name: "Kopp et al.", "Kopp & Leymann",
as `litman.core.names` reads them, the same reading the Authors sort key is made of.
"""

from collections.abc import Callable
from dataclasses import dataclass

from litman.core import names
from litman.core.records import Paper
from litman.display.text import plain_text, tag_text
from litman.gui.i18n import QT_TRANSLATE_NOOP, fill, status_name, translate
from litman.gui.safe_text import clip

FIELD_PREFIX = "field:"


def family_name(name: str, literal: bool = False) -> str:
    """What the column shows of a name: its family name (`de la Fontaine`, `Smith` of
    `John Smith Jr.`), or a name named whole (`World Health Organization`) whole; a Chinese
    name whole, as it is written (`张三`)."""
    return names.stored(name, literal).label


def authors_label(
    authors: tuple[str, ...], literal: frozenset[str] | set[str] = frozenset()
) -> str:
    """ "Kopp et al.", "Kopp & Leymann"; an organisation (`{World Health Organization}`
    in the .bib) is named whole."""
    if not authors:
        return ""

    def short(name: str) -> str:
        return family_name(name, name in literal)

    if len(authors) == 1:
        return short(authors[0])
    if len(authors) == 2:
        return f"{short(authors[0])} & {short(authors[1])}"
    return fill(translate("Columns", "%1 et al."), short(authors[0]))


def _authors(p: Paper) -> str:
    return authors_label(p.authors, names.literal_names(p.authors, p.extra))


@dataclass(frozen=True)
class Column:
    key: str
    header: str
    text: Callable[[Paper], str]
    sort: str | None = None  # the Library's sort key; None: not sortable
    shown: bool = True  # shown by default
    width: int = 90
    tip: str = ""  # header tooltip
    named_by_us: bool = True  # header and tip are ours to translate; a stored field's are data

    def shown_header(self) -> str:
        return (
            translate("Columns", self.header) if self.named_by_us and self.header else self.header
        )

    def shown_tip(self) -> str:
        return translate("Columns", self.tip) if self.named_by_us and self.tip else self.tip


def _title(p: Paper) -> str:
    return plain_text(clip(p.title)) + (" …" if p.abstract_truncated and not p.title else "")


def _date(value: object) -> str:
    return value.strftime("%Y-%m-%d") if hasattr(value, "strftime") else ""


BUILT_IN: tuple[Column, ...] = (
    Column(
        "status",
        "",
        lambda p: "",
        "status",
        width=28,
        tip=QT_TRANSLATE_NOOP("Columns", "Reading status"),
    ),
    Column("title", QT_TRANSLATE_NOOP("Columns", "Title"), _title, "title", width=380),
    Column("authors", QT_TRANSLATE_NOOP("Columns", "Authors"), _authors, "authors", width=110),
    Column(
        "year",
        QT_TRANSLATE_NOOP("Columns", "Year"),
        lambda p: str(p.year) if p.year else "",
        "year",
        width=45,
    ),
    Column(
        "venue", QT_TRANSLATE_NOOP("Columns", "Venue"), lambda p: clip(p.venue), "venue", width=90
    ),
    Column(
        "tags",
        QT_TRANSLATE_NOOP("Columns", "Tags"),
        lambda p: clip(", ".join(map(tag_text, p.tags))),
        "tags",
        width=120,
    ),
    Column(
        "added",
        QT_TRANSLATE_NOOP("Columns", "Added"),
        lambda p: _date(p.added_at),
        "added",
        width=80,
    ),
    Column(
        "citekey",
        QT_TRANSLATE_NOOP("Columns", "Citation key"),
        lambda p: p.citekey,
        "citekey",
        shown=False,
        width=130,
    ),
    Column(
        "entry_type",
        QT_TRANSLATE_NOOP("Columns", "Entry type"),
        lambda p: p.entry_type,
        "entry_type",
        shown=False,
    ),
    Column(
        "rating",
        QT_TRANSLATE_NOOP("Columns", "Rating"),
        lambda p: "★" * p.rating,
        "rating",
        shown=False,
        width=60,
        tip="0-5",
    ),
    Column(
        "status_text",
        QT_TRANSLATE_NOOP("Columns", "Status"),
        lambda p: status_name(p.status),
        "status",
        shown=False,
    ),
    Column(
        "doi",
        QT_TRANSLATE_NOOP("Columns", "DOI"),
        lambda p: clip(p.doi),
        "doi",
        shown=False,
        width=150,
    ),
    Column(
        "read_at",
        QT_TRANSLATE_NOOP("Columns", "Date read"),
        lambda p: _date(p.read_at),
        "read",
        shown=False,
    ),
    Column(
        "modified",
        QT_TRANSLATE_NOOP("Columns", "Modified"),
        lambda p: _date(p.modified_at),
        "modified",
        shown=False,
    ),
    # An icon (the model's): a file there, a file missing, links only. Last, so that a
    # header state saved before it restores as it was, with this column added at its end.
    Column(
        "attachment",
        "",
        lambda p: "",
        "attachments",
        width=28,
        tip=QT_TRANSLATE_NOOP("Columns", "Attachment"),
    ),
)
# Columns that give their width to the title while no paper in the library has a value.
ELASTIC = ("authors", "year", "venue", "tags")


def field_column(name: str) -> Column:
    """A stored BibTeX field as a column; its values are the LaTeX source as stored."""
    return Column(
        FIELD_PREFIX + name,
        name,
        lambda p: clip(p.extra.get(name, "")),
        shown=True,
        width=90,
        named_by_us=False,
    )


def tooltip(p: Paper, key: str) -> str | None:
    if key == "status":
        return status_name(p.status)
    if key == "title":
        notes = []
        if p.title_derived:
            notes.append(translate("Columns", "title derived from the abstract"))
        if p.abstract_truncated:
            notes.append(translate("Columns", "abstract cut off at the source"))
        return clip(p.title) + (f"\n({'; '.join(notes)})" if notes else "")
    if key == "authors":
        return clip("; ".join(p.authors)) or None
    if key == "tags":
        return clip("\n".join(p.tags)) or None
    return None
