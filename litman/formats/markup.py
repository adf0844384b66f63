"""Scraped HTML and MathML turned into plain text that keeps its meaning.

`x <inf xmlns:mml="...">0</inf>` reads `x₀` and `<sup>n</sup>` reads `ⁿ`; content that has no
Unicode sub- or superscript form is written `x_{ij}` / `x^{ij}`. Every other tag is dropped
with its attributes, entities are decoded, and a tag cut off at the end of a truncated line
is removed. LaTeX is left alone.
"""

import html
import re

SUB = str.maketrans(
    "0123456789+-=()aehijklmnoprstuvxβγρφχ", "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓᵦᵧᵨᵩᵪ"
)
SUP = str.maketrans(
    "0123456789+-=()abcdefghijklmnoprstuvwxyzABDEGHIJKLMNOPRTUVWβγδθφχ∗*′",
    "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻᴬᴮᴰᴱᴳᴴᴵᴶᴷᴸᴹᴺᴼᴾᴿᵀᵁⱽᵂᵝᵞᵟᶿᵠᵡ**′",
)

_SCRIPT = re.compile(r"\s*<(sub|sup|inf)\b[^>]*>(.*?)</\1\s*>", re.I | re.S)
_DROP_WITH_CONTENT = re.compile(r"<(script|style)\b[^>]*>.*?</\1\s*>", re.I | re.S)
_BREAK = re.compile(r"<(br|p|div|li)\b[^>]*/?>", re.I)
_TAG = re.compile(r"</?[A-Za-z][\w:.-]*(\s[^<>]*)?/?>")
_CUT_TAG = re.compile(r"<[A-Za-z/][^<>]*$")
_OPEN_SCRIPT_AT_END = re.compile(r"\s*<(sub|sup|inf)\b[^>]*>([^<]*)$", re.I)


def _script(kind: str, content: str) -> str:
    content = content.strip()
    table = SUP if kind.lower() == "sup" else SUB
    converted = content.translate(table)
    if all(ch != orig or not ch.isalnum() for ch, orig in zip(converted, content, strict=True)):
        return converted
    mark = "^" if kind.lower() == "sup" else "_"
    return f"{mark}{content}" if len(content) == 1 else f"{mark}{{{content}}}"


def has_markup(text: str) -> bool:
    return "<" in text or "&" in text


def to_plain(text: str) -> str:
    """Plain text from scraped markup; text without markup comes back unchanged."""
    if not has_markup(text):
        return text
    text = _DROP_WITH_CONTENT.sub(" ", text)
    text = _CUT_TAG.sub("", text)
    text = _OPEN_SCRIPT_AT_END.sub(lambda m: _script(m.group(1), _TAG.sub("", m.group(2))), text)
    for _ in range(3):  # nested sub/sup: innermost first
        new = _SCRIPT.sub(lambda m: _script(m.group(1), _TAG.sub("", m.group(2))), text)
        if new == text:
            break
        text = new
    text = _BREAK.sub(" ", text)
    text = _TAG.sub("", text)
    return html.unescape(text)


_NOTE_START = re.compile(r"\s*<(?:p|div|h[1-6]|ul|ol|blockquote|pre)\b", re.I)
_NOTE_END = re.compile(r"</(?:p|div|h[1-6]|ul|ol|blockquote|pre)\s*>\s*\Z", re.I)
_BLOCK_END = re.compile(r"(?i)</(?:p|div|li|h[1-6]|blockquote|pre|tr)\s*>|<br\s*/?>")


def is_html_note(text: str) -> bool:
    """Whether a note is HTML as Zotero writes notes (`<p>…</p>`, `<div …>…</div>`)."""
    return bool(_NOTE_START.match(text) and _NOTE_END.search(text))


def note_text(note: str) -> str:
    """An HTML note as plain text, a line per paragraph."""
    text = to_plain(_BLOCK_END.sub("\n", note))
    lines = [" ".join(line.split()) for line in text.splitlines()]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip()
