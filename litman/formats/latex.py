r"""Plain text to BibTeX field text and back.

`encode` escapes the characters that mean something to BibTeX or LaTeX (`& % $ # _ { } ~ ^ \`)
so they print literally, and leaves inline math (`$\\mathbf{x}_0$`) as written when it is
safe to (balanced braces, no `%` or `#`). `decode` is its exact inverse for what `encode`
writes, and falls back to pylatexenc for other LaTeX (accents such as `{\\"u}`, `\\ss`,
protective braces) found in files written elsewhere, with a cache: decoding every field of a
large file through pylatexenc is what makes bibtexparser's LaTeX middleware slow. LaTeX that
pylatexenc fails on (`\\input` with no argument) is kept as written: `readable` says so.
"""

import logging
import re
import unicodedata
from functools import lru_cache

from pylatexenc import latexwalker, macrospec
from pylatexenc.latex2text import LatexNodes2Text, MacroTextSpec, get_default_latex_context_db
from pylatexenc.latexencode import UnicodeToLatexEncoder

_ESCAPES = {
    "\\": r"\textbackslash{}",
    "{": r"\textbraceleft{}",  # BibTeX counts `\{` as a brace: it must stay balanced
    "}": r"\textbraceright{}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
    # In LaTeX text `<` prints as ¡; and escaped, no `<tag>` can reach an HTML-aware reader.
    "<": r"\textless{}",
    ">": r"\textgreater{}",
}
_ESCAPE_RE = re.compile(r"[\\{}&%$#_~^<>]")
_SPECIALS = tuple(_ESCAPES)
_MATH = re.compile(r"(?<!\\)\$[^$\n]+?(?<!\\)\$")
_UNESCAPE = re.compile(
    r"\\text(?:backslash|asciitilde|asciicircum|braceleft|braceright|less|greater)\{\}"
    r"|\\[&%$#_]"
)
_BACK = {v: k for k, v in _ESCAPES.items()}
logging.getLogger("pylatexenc").setLevel(logging.ERROR)
_TO_LATEX = UnicodeToLatexEncoder(
    non_ascii_only=True, unknown_char_policy="keep", replacement_latex_protection="braces-all"
)


def math_spans(text: str) -> list[tuple[int, int]]:
    """Where `text` holds inline math kept as written (`$...$` whose braces nest): `encode`
    and `decode` leave it alone, BibTeX titles brace it, and `litman.display` shows it."""
    if "$" not in text:  # most text: one scan at C speed, not the pattern's (8% of export)
        return []
    return [m.span() for m in _MATH.finditer(text) if _safe_math(m.group())]


def _safe_math(segment: str) -> bool:
    """Math kept as written must nest its braces as BibTeX counts them (every brace) and
    as bibtexparser does (not one right after a backslash)."""
    inner = segment[1:-1]
    if "%" in inner or "#" in inner or inner.endswith("\\"):
        return False
    return all(braces_nest(braces.findall(inner)) for braces in (_ALL_BRACES, _BARE_BRACES))


def braces_nest(braces: list[str]) -> bool:
    """Whether a run of `{` and `}` opens and closes in order, as BibTeX counts them."""
    depth = 0
    for brace in braces:
        depth += 1 if brace == "{" else -1
        if depth < 0:
            return False
    return depth == 0


_ALL_BRACES = re.compile(r"[{}]")
_BARE_BRACES = re.compile(r"(?<!\\)[{}]")


def encode(text: str, ascii_only: bool = False) -> str:
    """Field text that prints `text` literally (inline math stays math)."""
    if not any(map(text.__contains__, _SPECIALS)) and (not ascii_only or text.isascii()):
        return text  # the common case: one scan per special, faster than one regex search
    out, pos = [], 0
    for start, end in math_spans(text):
        out += [_escape(text[pos:start], ascii_only), text[start:end]]
        pos = end
    out.append(_escape(text[pos:], ascii_only))
    return "".join(out)


def _escape(text: str, ascii_only: bool) -> str:
    text = _ESCAPE_RE.sub(lambda m: _ESCAPES[m.group()], text)
    if ascii_only and not text.isascii():
        text = _TO_LATEX.unicode_to_latex(text)
    return text


def encode_non_ascii(text: str) -> str:
    """Non-ASCII characters in their LaTeX form (`ü` -> `{\\"u}`, `∈` ->
    `{\\ensuremath{\\in}}`); scripts that need fonts pdflatex does not load by default
    (Cyrillic, CJK) stay as they are. An invisible mark with no LaTeX form (a bidi mark, a
    zero-width space) is left out: pdflatex stops on it, and it prints as nothing."""
    return "".join(c if c.isascii() else _char_latex(c) for c in text)


@lru_cache(maxsize=4096)
def _char_latex(char: str) -> str:
    out = str(_TO_LATEX.unicode_to_latex(char))
    if out == char and unicodedata.category(char) == "Cf":
        return ""
    return char if "\\cyr" in out.lower() else out


class Undecodable(ValueError):
    """LaTeX that pylatexenc cannot turn into text."""


def decode(value: str) -> str:
    """Unicode text from a field value: our own escapes exactly, other LaTeX via pylatexenc;
    a value pylatexenc cannot read is kept as written."""
    if "\\" not in value and "{" not in value and "}" not in value and "~" not in value:
        return value
    try:
        return _decode(value)
    except Undecodable:
        return value


def readable(value: str) -> bool:
    """Whether `decode` reads `value` as text, rather than keeping it as written."""
    try:
        decode_strict(value)
    except Undecodable:
        return False
    return True


def decode_strict(value: str) -> str:
    """`decode`, raising `Undecodable` where that keeps the value as written."""
    if "\\" not in value and "{" not in value and "}" not in value and "~" not in value:
        return value
    return _decode(value)


_ENSUREMATH = re.compile(r"\{\\ensuremath\{((?:[^{}]|\{[^{}]*\})*)\}\}")


@lru_cache(maxsize=1)
def _math_chars() -> dict[str, str]:
    """`\\ensuremath{_0}` -> `₀`: the inverse of what `encode_non_ascii` writes for
    characters only math mode can set."""
    from pylatexenc.latexencode._uni2latexmap import uni2latex

    out: dict[str, str] = {}
    for code, form in uni2latex.items():
        out.setdefault(form, chr(code))
    return out


@lru_cache(maxsize=65536)
def _decode(value: str) -> str:
    if "\\ensuremath" in value:
        chars = _math_chars()
        value = _ENSUREMATH.sub(
            lambda m: chars.get(f"\\ensuremath{{{m.group(1)}}}", m.group()), value
        )
    out, pos = [], 0
    for start, end in math_spans(value):
        out += [_decode_text(value[pos:start]), value[start:end]]
        pos = end
    out.append(_decode_text(value[pos:]))
    return "".join(out)


def _decode_text(text: str) -> str:
    plain = _UNESCAPE.sub("", text)
    if "\\" not in plain and "{" not in plain and "}" not in plain and "~" not in plain:
        return _UNESCAPE.sub(lambda m: _BACK[m.group()], text)
    # LaTeX beyond our own escapes: a file from elsewhere. Accents and protective braces,
    # most of what real files hold, are decoded here; pylatexenc takes anything else.
    quick = _quick_decode(text)
    if quick is not None:
        return quick
    return _piecewise(text)


# Text at brace depth 0, split at whitespace: each piece is decoded on its own.
_PIECE = re.compile(r"(?:[^\s{}]|\{(?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*\})+")
_BARE_MACRO = re.compile(r"\\[A-Za-z]+$")


def _piecewise(text: str) -> str:
    """Text that the fast path cannot decode whole: each whitespace-separated piece (with
    its braced groups) goes the fast way when it can, and only the rest to pylatexenc,
    which tokenising a whole 200-word abstract made most of a LaTeX import's time."""
    pieces = list(_PIECE.finditer(text))
    kept = "".join(m.group() for m in pieces)
    if (kept.count("{"), kept.count("}")) != (text.count("{"), text.count("}")):
        return str(_LATEX2TEXT.latex_to_text(text))  # unbalanced or deeply nested braces
    out, pos, pending = [], 0, ""
    for m in pieces:
        if pending:  # `\emph {x}`: a macro and its argument belong together
            pending += text[pos : m.start()] + m.group()
        else:
            out.append(text[pos : m.start()])
            pending = m.group()
        pos = m.end()
        if not _BARE_MACRO.search(pending):
            out.append(_decode_piece(pending))
            pending = ""
    if pending:
        out.append(_decode_piece(pending))
    out.append(text[pos:])
    return "".join(out)


@lru_cache(maxsize=16384)
def _decode_piece(piece: str) -> str:
    quick = _quick_decode(piece)
    return quick if quick is not None else str(_LATEX2TEXT.latex_to_text(piece))


# TeX's logos read as their names ("The format of \\TeX\\ DVI files"), so that a search
# for "TeX DVI" finds them.
LOGOS = (
    "TeX LaTeX LaTeXe BibTeX MF MP AmS AmSTeX AmSLaTeX XeTeX XeLaTeX LuaTeX LuaLaTeX "
    "pdfTeX pdfLaTeX eTeX ConTeXt METAFONT METAPOST SliTeX"
).split()
_LOGO_TEXT = {"LaTeXe": "LaTeX2e", "MF": "Metafont", "MP": "MetaPost", "AmS": "AMS"}
_LOGO_RE = re.compile(
    r"\\(" + "|".join(sorted(LOGOS, key=len, reverse=True)) + r")(?![A-Za-z])(?:\{\})?"
)


# Font switches and sizes show nothing themselves: `{\\em x}` reads `x`.
_SWITCHES = (
    "em bf it sc sl tt rm sf up md normalfont itshape bfseries scshape slshape ttfamily "
    "rmfamily sffamily upshape mdseries tiny scriptsize footnotesize small normalsize large "
    "Large LARGE huge Huge relax protect noopsort"
).split()


def _unknown_macro(node: object) -> str:
    """A macro pylatexenc cannot show is kept as written (`\\TUG`), not deleted."""
    name = str(getattr(node, "macroname", ""))
    space = str(getattr(node, "macro_post_space", ""))
    return "\\" + name + (space or "{}")


def _context() -> object:
    db = get_default_latex_context_db()
    db.set_unknown_macro_spec(MacroTextSpec("", simplify_repl=_unknown_macro))
    logos = [MacroTextSpec(m, _LOGO_TEXT.get(m, m)) for m in LOGOS]
    logos += [MacroTextSpec(m, "") for m in _SWITCHES]
    logos.append(MacroTextSpec("href", simplify_repl=_href_text))
    db.add_context_category("litman-logos", prepend=True, macros=logos)
    return db


def _href_text(n: latexwalker.LatexMacroNode, l2tobj: LatexNodes2Text) -> str:
    """`\\href{url}{text}` reads as the text it prints."""
    args = n.nodeargd.argnlist if n.nodeargd else []
    return str(l2tobj.nodelist_to_text(args[1:2])) if len(args) > 1 and args[1] else ""


def _walker_context() -> object:
    """pylatexenc's parser knows no `\\href`, so it would give it no arguments."""
    db = latexwalker.get_default_latex_context_db()
    db.add_context_category(
        "litman-links", prepend=True, macros=[macrospec.std_macro("href", False, 2)]
    )
    return db


class _Reader(LatexNodes2Text):  # type: ignore[misc]
    """pylatexenc's text converter with litman's parser context. pylatexenc fails in many
    ways on malformed input (an `IndexError` for `\\input` alone, a `KeyError`, a
    `TypeError` ...): any failure is `Undecodable`, so that no field stops an import."""

    def latex_to_text(self, latex: str, **parse_flags: object) -> str:
        try:
            return str(super().latex_to_text(latex, latex_context=_WALKER, **parse_flags))
        except Exception as exc:  # any failure: see the class docstring
            raise Undecodable(latex) from exc


_WALKER = _walker_context()
_LATEX2TEXT = _Reader(latex_context=_context(), math_mode="verbatim", keep_braced_groups=False)
_ACCENTS = {
    '"': "\u0308",
    "'": "\u0301",
    "`": "\u0300",
    "^": "\u0302",
    "~": "\u0303",
    "=": "\u0304",
    ".": "\u0307",
    "c": "\u0327",
    "v": "\u030c",
    "u": "\u0306",
    "H": "\u030b",
    "k": "\u0328",
    "r": "\u030a",
}
_LETTERS = {
    "ss": "ß",
    "o": "ø",
    "O": "Ø",
    "l": "ł",
    "L": "Ł",
    "ae": "æ",
    "AE": "Æ",
    "oe": "œ",
    "OE": "Œ",
    "aa": "å",
    "AA": "Å",
    "i": "ı",
    "j": "ȷ",
}
_ACCENT_RE = re.compile(
    r"""\\(["'`^~=.]|[cvuHkr](?=[{\s]))\s*(?:\{\s*(\\?[A-Za-z]+)\s*\}|(\\?[A-Za-z]))"""
)
_LETTER_RE = re.compile(r"\\(ss|ae|AE|oe|OE|aa|AA|[oOlLij])(?![A-Za-z])(?:\{\})?")


def _quick_decode(text: str) -> str | None:
    """Accents (`{\\"u}`, `\\c{c}`), special letters and braces; None if more is there."""

    def accent(m: re.Match[str]) -> str:
        base = m.group(2) or m.group(3)
        if base in ("\\i", "\\j"):  # an accent goes on a plain i or j, not a dotless one
            base = base[1:]
        base = _LETTERS.get(base[1:], base[1:]) if base.startswith("\\") else base
        return unicodedata.normalize("NFC", base + _ACCENTS[m.group(1)])

    out = _ACCENT_RE.sub(accent, text)
    if "\\" in out:
        out = _LOGO_RE.sub(lambda m: _LOGO_TEXT.get(m.group(1), m.group(1)), out)
        out = out.replace("\\ ", " ")
    out = _LETTER_RE.sub(lambda m: _LETTERS[m.group(1)], out)
    while "\\" in _UNESCAPE.sub("", out):  # font switches, innermost first: `\emph{a \textbf{b}}`
        out, found = _FONT_RE.subn(r"\1", out)
        if not found:
            return None
    # Protective braces go, but not the braces our own escapes stand for (`{AA\\{}}`).
    pieces = _UNESCAPE_SPLIT.split(out)
    for i, piece in enumerate(pieces):
        if i % 2:
            pieces[i] = _BACK[piece]
        else:
            piece = piece.replace("---", "—").replace("--", "–").replace("~", "\u00a0")
            piece = piece.replace("``", "“").replace("''", "”")
            pieces[i] = piece.replace("{", "").replace("}", "")
    return "".join(pieces)


_UNESCAPE_SPLIT = re.compile(f"({_UNESCAPE.pattern})")


# A font switch around text with no macro left in it: it reads as its words.
_FONT_RE = re.compile(
    r"\\(?:emph|textit|textbf|textsl|textsc|textup|textmd|textrm|textsf|textnormal)"
    r"\s*\{([^{}\\]*(?:\{[^{}\\]*\}[^{}\\]*)*)\}"
)


# A `%` no backslash escapes; and the argument of `\url` or of `\href`, which takes `%` as is.
_PERCENT = re.compile(r"(?<!\\)((?:\\\\)*)%")
_URL_ARG = re.compile(r"\\(?:url|href)\s*\{[^{}]*\}")


def escape_percents(value: str) -> str:
    """A field value with each raw `%` escaped (`50%` -> `50\\%`): LaTeX would read the rest
    of the line as a comment, and biber, which joins a value's lines, the rest of the value
    with its closing brace. A `%` the source meant as a comment is kept: one that ends a
    line, or one after white space with text before the line ends (`EECS), %`). So is one
    in a `\\url{...}`, which reads it as is."""
    if "%" not in value:
        return value
    urls = [m.span() for m in _URL_ARG.finditer(value)] if "\\" in value else []

    def escaped(m: re.Match[str]) -> str:
        at = m.end() - 1
        if any(start <= at < end for start, end in urls) or _meant(value, at):
            return m.group()
        return m.group(1) + "\\%"

    return _PERCENT.sub(escaped, value)


# A `&` or `#` no backslash escapes.
_ALIGN_OR_PARAM = re.compile(r"(?<!\\)((?:\\\\)*)([&#])")


def escape_specials(value: str) -> str:
    """`escape_percents`, and each raw `&` and `#` escaped too (`Cats & Dogs` ->
    `Cats \\& Dogs`): BibTeX copies them into the .bbl, where pdflatex stops on them
    ("Misplaced alignment tab character", "macro parameter character"). Those in a
    `\\url{...}` stay, and every `&` of a value with an environment (`\\begin{tabular}`)."""
    value = escape_percents(value)
    if "&" not in value and "#" not in value:
        return value
    urls = [m.span() for m in _URL_ARG.finditer(value)] if "\\" in value else []
    tabular = "\\begin{" in value

    def escaped(m: re.Match[str]) -> str:
        at = m.end() - 1
        if any(start <= at < end for start, end in urls) or (tabular and m.group(2) == "&"):
            return m.group()
        return m.group(1) + "\\" + m.group(2)

    return _ALIGN_OR_PARAM.sub(escaped, value)


# A `_` or `^` no backslash escapes (`\\^o` is an accent, `\\_` prints as it should).
_SCRIPT = re.compile(r"(?<!\\)((?:\\\\)*)([_^])")
# Math by other means than `$`: `\ensuremath{_0}` (as `encode_non_ascii` writes `₀`), `\(x_0\)`.
_MATH_ARG = re.compile(r"\\ensuremath\s*\{(?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*\}|\\\(.*?\\\)", re.S)


def escape_scripts(value: str) -> str:
    """A value with each `_` and `^` outside math escaped (`U(1)_A` -> `U(1)\\_A`): in text
    pdflatex stops on them ("Missing $ inserted"). Those in math (`$...$`, `\\ensuremath{}`)
    stay, and those in a `\\url{...}`, which reads them as they are."""
    if "_" not in value and "^" not in value:
        return value
    kept = [m.span() for m in _MATH.finditer(value)]
    if "\\" in value:
        kept += [m.span() for m in _URL_ARG.finditer(value)]
        kept += [m.span() for m in _MATH_ARG.finditer(value)]

    def escaped(m: re.Match[str]) -> str:
        at = m.end() - 1
        if any(start <= at < end for start, end in kept):
            return m.group()
        return m.group(1) + _ESCAPES[m.group(2)]

    return _SCRIPT.sub(escaped, value)


def _meant(value: str, at: int) -> bool:
    """Whether the `%` at `at` is a comment: text follows it to a line end inside the value,
    and it ends the line or comes after white space."""
    end = value.find("\n", at)
    if end < 0:
        return False  # a comment would run into the closing brace: never meant
    return not value[at + 1 : end].strip() or (at > 0 and value[at - 1].isspace())
