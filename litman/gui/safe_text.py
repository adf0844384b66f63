"""Text from a library as Qt shows it: literally, never as markup, mnemonics or a flood.

Qt guesses whether a string is rich text (`Qt::mightBeRichText`) wherever a tooltip, a
message box or a label shows it, and reads `&` in a button or menu text as a keyboard
mnemonic. A title `<img src=/etc/x.png>`, an author `<h1>`, a tag `R&D` are data: `rich()`
escapes them into rich text that shows every character, `mnemonic_free()` doubles `&`, and
`clip()` bounds what a widget is asked to lay out (a 50 MB abstract stopped the window).
"""

import html
from dataclasses import replace

from litman.core.records import Paper

# What the detail pane renders of one text; a whole book's abstract fits in a fifth of this.
MAX_RENDERED = 20_000
# What a one-line view (table cell, heading, tooltip) shows of one text.
MAX_LINE = 500


def rich(text: str) -> str:
    """`text` as rich text that displays exactly `text`: escaped, line breaks kept."""
    return '<p style="white-space:pre-wrap">' + html.escape(text, quote=False) + "</p>"


def mnemonic_free(text: str) -> str:
    """`text` for a button, menu item or action: `&` shows as itself, no Alt shortcut."""
    return text.replace("&", "&&")


def clip(text: str, limit: int = MAX_LINE) -> str:
    """At most `limit` characters of `text`, with an ellipsis when some were left out."""
    return text if len(text) <= limit else text[:limit] + "…"


def shown_part(p: Paper) -> Paper:
    """The paper with its abstract cut to what the detail pane renders (search hits in a
    50 MB abstract took minutes to find, for text nobody is shown)."""
    return replace(p, abstract=p.abstract[:MAX_RENDERED]) if len(p.abstract) > MAX_RENDERED else p
