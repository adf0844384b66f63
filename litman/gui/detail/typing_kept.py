"""What is being typed in the detail pane when the paper it shows is drawn again.

A write (another client's, arriving live, or the window's own) redraws the pane. The
fields whose text differs from the paper as shown before, and from the paper as it is now
(the window's own edit, landed), are being typed: the redraw leaves
them as they are, with their cursor, and does not save them half-typed. `Typing` names them,
and says which of them the write changed, so the pane can tell the user that saving will
show theirs beside yours in the merge dialog.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field

from PySide6.QtWidgets import QLineEdit

from litman.core.records import Paper


def shown_values(p: Paper) -> dict[str, str]:
    """The text of the pane's line fields for paper `p`."""
    return {
        "title": p.title,
        "authors": "; ".join(p.authors),
        "year": str(p.year) if p.year else "",
        "venue": p.venue,
        "doi": p.doi,
        "url": p.url,
    }


@dataclass(frozen=True)
class Typing:
    """The pane's fields being typed: line fields, notes, rating, entry editor fields."""

    lines: frozenset[str] = frozenset()
    notes: bool = False
    rating: bool = False
    entry: frozenset[str] = field(default_factory=frozenset)

    def any(self) -> bool:
        return bool(self.lines or self.notes or self.rating or self.entry)

    def changed(self, old: Paper, new: Paper) -> list[str]:
        """The shared fields being typed that the write changed (notes and ratings are each
        user's own: they never conflict)."""
        before, after = shown_values(old), shown_values(new)
        names = [n for n in sorted(self.lines) if before[n] != after[n]]
        for name in sorted(self.entry):
            if _entry_value(old, name) != _entry_value(new, name):
                names.append(name)
        return names


def _entry_value(p: Paper, name: str) -> str:
    return p.citekey if name == "citekey" else p.extra.get(name, "")


@dataclass(frozen=True)
class Held:
    """What the pane holds now: its line fields, the notes and rating, and the entry
    editor's fields being typed."""

    edits: Mapping[str, QLineEdit]
    notes: str
    rating: int
    entry: frozenset[str]


def typed(held: Held, old: Paper, new: Paper) -> Typing:
    """What the pane holds typed for `old`, the paper it showed, now `new`."""
    before, after = shown_values(old), shown_values(new)
    lines = frozenset(
        name
        for name, edit in held.edits.items()
        if not edit.isReadOnly() and edit.text().strip() not in (before[name], after[name])
    )
    return Typing(
        lines=lines,
        notes=held.notes not in (old.notes, new.notes),
        rating=held.rating not in (old.rating, new.rating),
        entry=held.entry,
    )
