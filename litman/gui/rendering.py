"""Paper text as the window shows it: plain text, never interpreted HTML.

The abstract is HTML-escaped, search hits are wrapped in highlight spans, and simple inline
LaTeX math is shown as Unicode. No tag of the paper's own can reach the viewer, and the
viewer loads nothing remote. Titles are shown through `litman.formats.latex.plain_title`.
"""

import html

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
