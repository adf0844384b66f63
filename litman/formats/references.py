"""Formatted references: papers as a bibliography and an in-text citation in a CSL style,
through citeproc-py, as plain text or HTML.

The items are the CSL-JSON litman exports (`csljson.item_of`), so a style prints here what
it prints in pandoc or Zotero from litman's export. Styles come by name from the CSL
project's repository (`csl_styles/`, CC BY-SA 3.0, see its SOURCES.md) or from any `.csl`
file; locales are citeproc-py's (`en-US`, `zh-CN`, ...), the style's default unless asked.

Two things citeproc-py leaves to its caller are done here: text from the library is escaped
for HTML (citeproc-py passes a title's `&` and `<` through), CSL's rich-text tags (`<i>`,
`<b>`, `<sup>`, `<sub>`) kept as tags in HTML and dropped in plain text; and a numeric
style's label is set apart from its entry by a space, as pandoc and citeproc-js print it.
"""

import html
import re
import warnings
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from litman.core.errors import LitmanError
from litman.core.records import Paper

STYLES_DIR = Path(__file__).resolve().parent / "csl_styles"
# The names offered, and the CSL repository's file of each (Vancouver is NLM's
# citation-sequence style, which the repository's `vancouver-nlm` points to).
STYLES: dict[str, str] = {
    "apa": "apa.csl",
    "chicago-author-date": "chicago-author-date.csl",
    "ieee": "ieee.csl",
    "nature": "nature.csl",
    "vancouver": "nlm-citation-sequence.csl",
    "gb-t-7714-2015-numeric": "china-national-standard-gb-t-7714-2015-numeric.csl",
    "gb-t-7714-2015-author-date": "china-national-standard-gb-t-7714-2015-author-date.csl",
}
DEFAULT_STYLE = "apa"
MAX_STYLE_BYTES = 2_000_000  # the largest style in the CSL repository is under 400 kB
Format = Literal["text", "html"]
_TAGS = ("i", "b", "sup", "sub")
_TAG = re.compile(r"</?(?:{})>".format("|".join(_TAGS)))
_ESCAPED_TAG = re.compile(r"&lt;(/?(?:{}))&gt;".format("|".join(_TAGS)))
_ANY_TAG = re.compile(r"<[^>]*>")
_NUMBER_LABEL = re.compile(r"^(\[\d+\]|\d+\.)(?=\S)")


class StyleError(LitmanError):
    """A style or locale that cannot be used: named in one line."""


@dataclass(frozen=True)
class References:
    """What a style makes of some papers: the bibliography's entries in the style's order,
    and one in-text citation of them all."""

    entries: tuple[str, ...]
    citation: str
    fmt: Format

    def bibliography(self) -> str:
        """The entries as one text: a line each, or HTML in citeproc-js's classes."""
        if self.fmt == "text":
            return "\n".join(self.entries)
        body = "".join(f'  <div class="csl-entry">{e}</div>\n' for e in self.entries)
        return f'<div class="csl-bib-body">\n{body}</div>'


def style_names() -> list[str]:
    return list(STYLES)


def style_path(style: str) -> Path:
    """The file of a style named (`apa`) or given as a path to a `.csl` file."""
    if style in STYLES:
        return STYLES_DIR / STYLES[style]
    path = Path(style).expanduser()
    if path.suffix.lower() != ".csl":
        names = ", ".join(STYLES)
        raise StyleError(f"unknown style {style!r}: name one of {names}, or a .csl file")
    if not path.is_file():
        raise StyleError(f"no style file at {path}")
    if path.stat().st_size > MAX_STYLE_BYTES:
        raise StyleError(f"{path} is over {MAX_STYLE_BYTES // 1_000_000} MB: not a CSL style")
    return path


def render(
    papers: Iterable[Paper], style: str = DEFAULT_STYLE, fmt: Format = "text", locale: str = ""
) -> References:
    """The bibliography and in-text citation of `papers` in `style`, as `fmt`."""
    from citeproc import Citation, CitationItem, CitationStylesBibliography
    from citeproc.source.json import CiteProcJSON

    items = [_item(p, str(n), fmt) for n, p in enumerate(papers)]
    formatter = _formatter(fmt)
    with warnings.catch_warnings():  # it warns of each variable a style has no use for
        warnings.simplefilter("ignore")
        style_ = _style(style_path(style), locale)
        bib = CitationStylesBibliography(style_, CiteProcJSON(items), formatter)
        citation = Citation([CitationItem(i["id"]) for i in items])
        bib.register(citation)
        cited = str(bib.cite(citation, _ignore)) if items else ""
        entries = tuple(_entry(str(e)) for e in bib.bibliography()) if items else ()
    return References(entries, cited, fmt)


def render_both(
    papers: Iterable[Paper], style: str = DEFAULT_STYLE, locale: str = ""
) -> tuple[References, References]:
    """`render` as HTML and as text. citeproc-py takes 25-60 ms a paper in APA and Chicago,
    so the text is the HTML's without its tags where no paper's text has CSL markup (which
    citeproc-py's title case reads as part of a word: `<i>word` stays lowercase)."""
    papers = list(papers)
    rich = render(papers, style, "html", locale)
    if any(_may_be_marked(p.title) or _may_be_marked(p.venue) for p in papers):
        return rich, render(papers, style, "text", locale)
    return rich, References(tuple(map(_unmarked, rich.entries)), _unmarked(rich.citation), "text")


def _may_be_marked(text: str) -> bool:
    """Whether `shown.rich_text` could give `text` italics or bold (LaTeX, markdown)."""
    return "\\" in text or "*" in text or "<" in text


def _unmarked(markup: str) -> str:
    return html.unescape(_ANY_TAG.sub("", markup))


def items_of(papers: Iterable[Paper]) -> list[dict[str, Any]]:
    """The CSL-JSON items rendered, as `render` gives them to citeproc-py (plain text)."""
    return [_item(p, str(n), "text") for n, p in enumerate(papers)]


def _ignore(_: object) -> None:
    """citeproc-py's callback for a citation of an item it does not know: none here."""


def _formatter(fmt: Format) -> Any:
    from citeproc import formatter

    if fmt not in ("text", "html"):
        raise StyleError(f"unknown format {fmt!r}: text or html")
    return formatter.plain if fmt == "text" else formatter.html


def locales() -> list[str]:
    """The locales citeproc-py has (`en-US`, `zh-CN`, ...)."""
    from citeproc.frontend import LOCALES_PATH

    return sorted(p.stem.removeprefix("locales-") for p in Path(LOCALES_PATH).glob("*.xml"))


def _check_locale(locale: str) -> None:
    known = locales()
    if locale and not any(k == locale or k.startswith(locale + "-") for k in known):
        raise StyleError(f"unknown locale {locale!r} (try en-US, en-GB, de-DE, zh-CN)")


@lru_cache(maxsize=8)
def _style(path: Path, locale: str) -> Any:
    """A parsed style (Chicago's takes about 0.1 s to read), kept for the next copy."""
    from citeproc import CitationStylesStyle
    from lxml import etree

    _check_locale(locale)
    head = path.read_bytes()[:4096].lower()
    if b"<!doctype" in head or b"<!entity" in head:
        raise StyleError(f"{path.name} declares a DOCTYPE: not a CSL style")
    try:
        return CitationStylesStyle(str(path), locale=locale or None, validate=False)
    except ValueError as e:  # an unknown locale
        raise StyleError(f"unknown locale {locale!r} (try en-US, en-GB, de-DE, zh-CN)") from e
    except (etree.XMLSyntaxError, OSError) as e:
        raise StyleError(f"{path.name} is not a CSL style: {e}") from e


def _item(p: Paper, key: str, fmt: Format) -> dict[str, Any]:
    """`p`'s CSL-JSON item under an id of its own (citeproc-py lowercases ids, so two
    citekeys differing in case would be one item), its text escaped for `fmt`."""
    from litman.formats import csljson  # dates, names, DOIs: loaded only to cite

    item = csljson.item_of(p)
    item.pop("custom", None)
    item.pop("abstract", None)
    item.pop("note", None)
    item.pop("keyword", None)
    item["id"] = key
    return {k: _value(v, _text_for(fmt)) for k, v in item.items()}


def _text_for(fmt: Format) -> Callable[[str], str]:
    if fmt == "text":
        return lambda s: _TAG.sub("", s)
    return lambda s: _ESCAPED_TAG.sub(r"<\1>", html.escape(s, quote=False))


def _value(value: Any, text: Callable[[str], str]) -> Any:
    if isinstance(value, str):
        return text(value)
    if isinstance(value, list):
        return [_value(v, text) for v in value]
    if isinstance(value, dict) and "date-parts" not in value:
        return {k: _value(v, text) for k, v in value.items()}
    return value


def _entry(text: str) -> str:
    """An entry as printed: a numeric style's label (`[1]`, `1.`) and its text apart."""
    return _NUMBER_LABEL.sub(r"\1 ", text.strip())
