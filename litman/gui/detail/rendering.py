"""Paper text as the window shows it: plain text, never interpreted HTML.

The abstract is HTML-escaped, search hits are wrapped in highlight spans, simple inline
LaTeX math is shown as Unicode, and font switches and markdown emphasis as italic or bold
words. No tag of the paper's own can reach the viewer, and the
viewer loads nothing remote. Titles are shown through `litman.display.text.plain_text`.
Below the abstract, one line says what is shown in part, derived or left undefined.
"""

import html

from litman.core.records import Paper
from litman.display.text import markup_segments, math_segments, plain_text
from litman.formats.bibtex_macros import UNDEFINED
from litman.gui.i18n import fill, translate
from litman.gui.safe_text import MAX_RENDERED, clip

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


def shown_abstract(p: Paper, spans: dict[str, list[tuple[int, int]]]) -> str:
    """The abstract, at most MAX_RENDERED characters of it: laying out 50 MB took the
    window past 7 GB. Hits beyond the cut are dropped with it."""
    text = p.abstract[:MAX_RENDERED]
    hits = [(s, e) for s, e in spans.get("abstract", []) if e <= len(text)]
    return abstract_html(text, hits)


def paper_notes(p: Paper) -> list[str]:
    """What the pane says of a paper's text under it: an abstract shown in part or cut at
    the source, a title derived, @string macros left undefined, where the paper came from."""
    notes = []
    if len(p.abstract) > MAX_RENDERED:
        said = translate("Detail", "Showing the first %1 of %2 characters of the abstract.")
        notes.append(fill(said, f"{MAX_RENDERED:,}", f"{len(p.abstract):,}"))
    if p.title_derived:
        notes.append(translate("Detail", "Title derived from the abstract: edit it above."))
    if p.abstract_truncated:
        notes.append(translate("Detail", "Abstract cut off at the source (…)."))
    if UNDEFINED in p.extra:
        said = translate(
            "Detail",
            "Names @string macros no imported file defines (%1): "
            "import this file together with the one that defines them; as it is, its fields "
            "show the names, and an export writes them as read.",
        )
        notes.append(fill(said, clip(p.extra[UNDEFINED], 200)))
    if p.source:
        notes.append(fill(translate("Detail", "From %1."), p.source))
    return notes
