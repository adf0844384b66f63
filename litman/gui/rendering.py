"""Paper text as the window shows it: plain text, never interpreted HTML.

The abstract is HTML-escaped, search hits are wrapped in highlight spans, and simple inline
LaTeX math is shown as Unicode. No tag of the paper's own can reach the viewer, and the
viewer loads nothing remote. Titles read as text too: the LaTeX that titles derived from
abstracts carry (`\\emph{...}`, `$(\\epsilon,\\delta)$`, an author's own `\\fedqueue{}`) is
shown as what it says. The stored text, and so BibTeX export, keep the LaTeX.
"""

import html
import re

from litman.formats.latex import math_segments

HIGHLIGHT = '<span style="background-color:#fde68a;color:#111">{}</span>'


def abstract_html(text: str, spans: list[tuple[int, int]]) -> str:
    math = math_segments(text)
    pieces: list[str] = []
    pos = 0
    events = sorted([(s, e, "hit", "") for s, e in spans] + [(s, e, "math", u) for s, e, u in math])
    for start, end, kind, uni in events:
        if start < pos:
            continue  # overlaps what was already written (a hit inside math)
        pieces.append(html.escape(text[pos:start]))
        body = html.escape(uni if kind == "math" else text[start:end])
        pieces.append(HIGHLIGHT.format(body) if kind == "hit" else f"<i>{body}</i>")
        pos = end
    pieces.append(html.escape(text[pos:]))
    return "<p>" + "".join(pieces).replace("\n", "<br>") + "</p>"


# Font switches that wrap words (`\emph{x}` reads x), a macro standing alone (`\fedqueue{}`,
# `\cb`: an author's own name for their method, read as that name), and escaped characters.
_WRAPPER = re.compile(r"\\(?:emph|textit|textbf|textsc|texttt|textrm|textsf|text|mbox)\{([^{}]*)\}")
_LONE_MACRO = re.compile(r"\\([A-Za-z]+)(?:\{\})?")
_ESCAPED = re.compile(r"\\([%&_#$])")
# Markdown emphasis from scraped pages (`*VRU*`, `**γ-similarity**`) reads as its words.
_EMPHASIS = re.compile(r"(?<![\w*])(\*\*?)(?=\S)([^*]*?\S)\1(?![\w*])")


def plain_title(text: str) -> str:
    """A title's LaTeX read as text: math as Unicode, font switches and lone macros as
    their words, `\\%` as %; markdown emphasis as its words."""
    if "\\" not in text and "$" not in text and "*" not in text:
        return text
    pieces, pos = [], 0
    for start, end, uni in math_segments(text):
        pieces += [_text_part(text[pos:start]), uni]
        pos = end
    pieces.append(_text_part(text[pos:]))
    return "".join(pieces)


def _text_part(text: str) -> str:
    text = _WRAPPER.sub(r"\1", text)
    text = _ESCAPED.sub(r"\1", text)
    text = _EMPHASIS.sub(r"\2", text)
    return _LONE_MACRO.sub(r"\1", text)
