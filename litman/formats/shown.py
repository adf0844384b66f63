"""LaTeX and markdown read as display text: what the window and the command line show, and
what the CSL-JSON and RIS exports write (their readers print text as given).

A title or an abstract keeps its source everywhere else (the database, `--json`, BibTeX). Shown,
simple inline math reads as Unicode (`$\\mathbf{x}_0$` as `x₀`), font switches and markdown
emphasis as their words, with the spans to draw in italic or bold. Which `$...$` is math is
`litman.formats.latex.math_spans`' answer, the one BibTeX export also keeps as written.
`rich_text` writes the italic and bold in CSL's rich-text markup (`<i>`, `<b>`).
"""

import re
from functools import lru_cache

from pylatexenc.latex2text import LatexNodes2Text

from litman.formats.latex import math_spans

_MATH_TEXT = LatexNodes2Text(math_mode="text")
_SCRIPT_CHARS = str.maketrans("0123456789+-=()ni", "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₙᵢ")
_SUPER_CHARS = str.maketrans("0123456789+-=()nTi*", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿᵀⁱ*")


def math_segments(text: str) -> list[tuple[int, int, str]]:
    """Each inline math span of `text` with a readable Unicode rendering."""
    return [(s, e, math_to_unicode(text[s + 1 : e - 1])) for s, e in math_spans(text)]


@lru_cache(maxsize=4096)
def math_to_unicode(latex: str) -> str:
    """`\\mathbf{x}_0` reads `x₀`, `\\alpha^2` reads `α²`: simple math, readably."""

    def script(m: re.Match[str], table: dict[int, int]) -> str:
        body = m.group(1) or m.group(2)
        converted = body.translate(table)
        # `{}` ends a preceding macro name: `\beta{}ᵢ`, not the unknown macro `\betaᵢ`
        return "{}" + converted if converted != body or not body.isalpha() else m.group(0)

    text = re.sub(r"_\{([^{}]*)\}|_(\w)", lambda m: script(m, _SCRIPT_CHARS), latex)
    text = re.sub(r"\^\{([^{}]*)\}|\^(\w)", lambda m: script(m, _SUPER_CHARS), text)
    try:
        return str(_MATH_TEXT.latex_to_text(text)).strip()
    except Exception:  # pylatexenc on odd input: show the source rather than fail
        return latex


# Markup that reads as its words when shown: font switches (`\emph{x}`), markdown emphasis
# from scraped pages (`*VRU*`, `**γ-similarity**`), escaped characters (`\%`), and a macro
# standing alone (`\fedqueue{}`, `\cb`: an author's own name for their method, read as that
# name). Each pattern's group 2 is what is shown; longer matches win where two overlap.
_SPACING_NAMES = r"(?:thinspace|negthinspace|enspace|enskip|quad|qquad|space|nobreakspace)"
_NOT_SPACING = r"(?!" + _SPACING_NAMES + r"(?![A-Za-z]))"
_MARKUP = [
    (re.compile(r"\\(emph|textit)\{([^{}]*)\}"), "i"),
    (re.compile(r"\\(textbf)\{([^{}]*)\}"), "b"),
    (re.compile(r"\\(textsc|texttt|textrm|textsf|text|mbox)\{([^{}]*)\}"), ""),
    (re.compile(r"(?<![\w*])(\*\*)(?=\S)([^*]*?\S)\*\*(?![\w*])"), "b"),
    (re.compile(r"(?<![\w*])(\*)(?=\S)([^*]*?\S)\*(?![\w*])"), "i"),
    (re.compile(r"(\\)([%&_#$])"), ""),
    # The LaTeX decoder reads a macro it does not know with its argument as the name, `{}`,
    # then the argument's text (`\ch{Ta}` as `\ch{}Ta`): shown, the argument (`Ta`).
    (re.compile(r"(\\" + _NOT_SPACING + r"[A-Za-z]+\{\})()(?=\w)"), ""),
    (re.compile(r"(\\)" + _NOT_SPACING + r"([A-Za-z]+)(?![A-Za-z]|\{\}\w)(?:\{\})?"), ""),
    # A spacing macro the LaTeX decoder kept (`2.33\thinspace{}`) prints space, not its name.
    (re.compile(r"(\\" + _SPACING_NAMES + r"(?![A-Za-z])(?:\{\})?)()"), ""),
]


def markup_segments(text: str) -> list[tuple[int, int, str, int, int]]:
    """Each piece of markup outside math: (start, end, style, shown start, shown end), where
    style is "i", "b" or "" and the shown span holds the words it stands for."""
    if "\\" not in text and "*" not in text:
        return []
    math = [(s, e) for s, e, _ in math_segments(text)]
    found = sorted(
        (m.start(), -m.end(), style, m.start(2), m.end(2))
        for rx, style in _MARKUP
        for m in rx.finditer(text)
    )
    out: list[tuple[int, int, str, int, int]] = []
    for start, neg_end, style, shown_start, shown_end in found:
        end = -neg_end
        # Markup may hold math (`**$\gamma$-similarity**`), never sit in it or cross it.
        if any(s < end and start < e and not start <= s < e <= end for s, e in math):
            continue
        if any(s < end and start < e for s, e, *_ in out):
            continue
        out.append((start, end, style, shown_start, shown_end))
    return out


def plain_text(text: str) -> str:
    """LaTeX and markdown read as text, for showing a title or part of an abstract: math as
    Unicode, markup as its words. Stored text, --json and BibTeX keep the source."""
    return _shown(text, {})


def tag_text(tag: str) -> str:
    """A tag's name shown: LaTeX read as text where the tag has math or a braced command, as
    keywords imported from BibTeX do (`$\\epsilon$-dominance` as ϵ-dominance); a backslash a
    person typed in a name (`C:\\papers`) stays, since a bare macro reads as its name."""
    return plain_text(tag) if "$" in tag or "{\\" in tag else tag


def written_text(text: str) -> str:
    """`plain_text` for a file another program prints (RIS): TeX's `--` and `---` outside
    math as the dashes they print, as the LaTeX decoder reads them."""
    return _dashes(_shown(text, {}))


def name_text(name: str) -> str:
    """A person's name as written for other programs: LaTeX left in it (`\\ifmmode`) read."""
    return written_text(name) if "\\" in name else name


def rich_text(text: str) -> str:
    """`written_text` with its italic and bold in CSL's rich-text markup (`<i>…</i>`,
    `<b>…</b>`)."""
    return _dashes(_shown(text, _CSL_TAGS))


def _dashes(text: str) -> str:
    return text.replace("---", "—").replace("--", "–") if "--" in text else text


_CSL_TAGS = {"i": ("<i>", "</i>"), "b": ("<b>", "</b>")}


def _shown(text: str, tags: dict[str, tuple[str, str]]) -> str:
    if "\\" not in text and "$" not in text and "*" not in text:
        return text
    text = _NOTHING.sub("", _IFMMODE.sub(r"\2", text))
    text = _CONTROL_SPACE.sub(" ", text)
    text = _SPACING.sub(" ", text)
    shown = [(s, e, uni) for s, e, uni in math_segments(text)]
    shown += [
        (s, e, _tagged(_shown(text[a:b], tags), tags.get(style)))
        for s, e, style, a, b in markup_segments(text)
    ]
    pieces, pos = [], 0
    for start, end, words in sorted(shown, key=lambda piece: (piece[0], -piece[1])):
        if start < pos:
            continue  # math inside markup: the markup's words were read with it
        pieces += [text[pos:start], words]
        pos = end
    pieces.append(text[pos:])
    return "".join(pieces)


# `\ifmmode \check{s}\else \v{s}\fi{}` (APS writes accents in names so): text reads the text
# branch, which the LaTeX decoder has already made a letter.
_IFMMODE = re.compile(r"\\ifmmode\s*(.*?)\\else\s*(.*?)\\fi(?:\{\})?")


# TeX's italic correction (`Design\/{}`) prints nothing.
_NOTHING = re.compile(r"\\/(?:\{\})?")
# A control space (`TeX\ {} output`) is a space.
_CONTROL_SPACE = re.compile(r"\\ (?:\{\})?\s*")
# A spacing macro (`\thinspace`, `\quad`) is a space.
_SPACING = re.compile(r"\\" + _SPACING_NAMES + r"(?![A-Za-z])(?:\{\})?\s*")


def _tagged(words: str, tag: tuple[str, str] | None) -> str:
    return f"{tag[0]}{words}{tag[1]}" if tag and words else words
