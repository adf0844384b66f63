"""Paper text as the window shows it: plain text, never interpreted HTML.

The abstract is HTML-escaped, search hits are wrapped in highlight spans, simple inline
LaTeX math is shown as Unicode, and font switches and markdown emphasis as italic or bold
words. No tag of the paper's own can reach the viewer, and the
viewer loads nothing remote. Titles are shown through `litman.display.text.plain_text`.
"""

import html

from litman.display.text import markup_segments, math_segments, plain_text

HIGHLIGHT = '<span style="background-color:#fde68a;color:#111">{}</span>'


def abstract_html(text: str, spans: list[tuple[int, int]]) -> str:
    math = [(s, e, "math", u, 0, 0) for s, e, u in math_segments(text)]
    markup = [(s, e, style, "", a, b) for s, e, style, a, b in markup_segments(text)]
    hits = [(s, e, "hit", "", 0, 0) for s, e in spans]
    pieces: list[str] = []
    pos = 0
    # Longer first where two start together: a hit inside markup is drawn within it.
    for start, end, kind, uni, a, b in sorted(hits + math + markup, key=lambda ev: (ev[0], -ev[1])):
        if start < pos:
            continue  # inside what was already written (a hit inside math or markup)
        pieces.append(html.escape(text[pos:start]))
        if kind == "hit":
            pieces.append(HIGHLIGHT.format(html.escape(text[start:end])))
        elif kind == "math":
            pieces.append(f"<i>{html.escape(uni)}</i>")
        else:  # markup shows its words, with the hits among them
            inner = _with_hits(text, a, b, spans)
            pieces.append(f"<{kind}>{inner}</{kind}>" if kind else inner)
        pos = end
    pieces.append(html.escape(text[pos:]))
    return "<p>" + "".join(pieces).replace("\n", "<br>") + "</p>"


def _with_hits(text: str, start: int, end: int, spans: list[tuple[int, int]]) -> str:
    """The words markup shows (markup nested in them read too), hits highlighted."""
    out, pos = [], start
    for s, e in sorted(spans):
        if start <= s and e <= end and s >= pos:
            out += [html.escape(plain_text(text[pos:s])), HIGHLIGHT.format(html.escape(text[s:e]))]
            pos = e
    out.append(html.escape(plain_text(text[pos:end])))
    return "".join(out)
