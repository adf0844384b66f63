"""What the detail pane's editors hold, as the fields of one edit of the paper shown.

A field counts when its text differs from the value shown (a read-only editor, which shows a
value too long to edit in part, never does); authors are split at semicolons, a title typed
is no longer one derived from the abstract, and a year is a number from 1 to 9999, cleared,
or refused with a message that says why and what the year stays.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtWidgets import QLineEdit

from litman.core.records import Paper
from litman.display.text import plain_text
from litman.gui.detail.typing_kept import shown_values
from litman.gui.i18n import fill, translate
from litman.gui.safe_text import clip


@dataclass(frozen=True)
class Pending:
    fields: dict[str, Any] = field(default_factory=dict)
    refused: str = ""  # why the year typed was refused (it is left out of `fields`)
    year_saved: bool = False  # a year typed is among `fields`


def pending(p: Paper, edits: Mapping[str, QLineEdit], rating: int, notes: str) -> Pending:
    """The fields the editors, the rating and the notes change on paper `p`."""
    fields: dict[str, Any] = {}
    shown = shown_values(p)
    refused, year_saved = "", False
    for name, edit in edits.items():
        text = edit.text().strip()
        if text == shown[name] or edit.isReadOnly():  # read-only: shown in part, kept
            continue
        if name == "year":
            year = _year(text)
            if year is False:
                refused = year_refusal(text, shown["year"], p.title)
                continue
            fields["year"] = year
            year_saved = True
        elif name == "authors":
            fields["authors"] = tuple(a.strip() for a in text.split(";") if a.strip())
        else:
            fields[name] = text
    if "title" in fields:
        fields["title_derived"] = False
    if rating != p.rating:
        fields["rating"] = rating
    if notes != p.notes:
        fields["notes"] = notes
    return Pending(fields, refused, year_saved)


def year_refusal(text: str, stored: str, title: str) -> str:
    # What was typed stays, to be corrected rather than typed again.
    paper = clip(plain_text(title), 60) or translate("Detail", "this paper")
    if stored:
        said = translate(
            "Detail", "“%1” is not a year (digits only, like 2015): the year of “%2” stays %3."
        )
        return fill(said, clip(text, 40), paper, stored)
    said = translate(
        "Detail", "“%1” is not a year (digits only, like 2015): the year of “%2” stays empty."
    )
    return fill(said, clip(text, 40), paper)


def _year(text: str) -> int | bool | None:
    """The year typed: a number from 1 to 9999, None when cleared, False when not a year."""
    if not text:
        return None
    if text.isascii() and text.isdigit() and 0 < int(text) < 10000:
        return int(text)
    return False
