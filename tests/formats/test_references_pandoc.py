"""litman's formatted references against an independent CSL processor: every entry that
citeproc-py (through `references.render`) makes of the seed library and of a real .bib, in
each style litman names, is what pandoc's citeproc makes of the same CSL-JSON items in the
same style and locale, whitespace aside.

Where the two processors differ by design or by a known bug, both outputs are brought to one
form by a rule below, each with the processor it belongs to and why; an entry still
different after the rules fails the test with both texts."""

import json
import re
import subprocess
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from litman.core.library.facade import Library
from litman.formats import references
from tests.conftest import require_tool
from tests.formats.csl_render import papers_of

Rule = Callable[[str], str]
# Applied to both outputs, for every style.
RULES: list[tuple[str, Rule]] = [
    # pandoc reads each CSL-JSON string as markdown with smart quotes: O'Reilly prints as
    # O’Reilly, "benign" as “benign”, and CHI '08: CHI '08 as CHI “08: CHI”08. litman gives
    # citeproc-py the quotes as stored. Quotes are compared as one mark.
    ("pandoc: smart quotes", lambda s: re.sub("[’‘'“”\"]", "'", s)),
    # pandoc's plain-text writer prints a superscript as ^(T) where litman's text has ᵀ;
    # math letters (𝐱) compared as letters.
    (
        "pandoc: superscripts",
        lambda s: unicodedata.normalize("NFKC", re.sub(r"\^\((.*?)\)", r"\1", s)),
    ),
    # text-case="title": citeproc-py leaves a word after a hyphen as it is (Human-computer),
    # pandoc 2.17 lowercases an all-capital word in brackets (DC4GS as Dc4gs). Compared
    # without case.
    ("both: title case", str.casefold),
    # pandoc 2.17 predates CSL 1.0.2's `article` (a preprint), so Chicago's "Preprint" and
    # Nature's "Preprint at" for it are missing there.
    ("pandoc: CSL 1.0.2 article type", lambda s: re.sub(r" preprint( at)?\.", "", s)),
    # citeproc-py does not move a comma or period inside closing quotes (the en-US locale's
    # punctuation-in-quote): “Title,” there is “Title”, here.
    ("citeproc-py: punctuation-in-quote", lambda s: re.sub(r"([.,])'", r"'\1", s)),
    # citeproc-py does not drop a period or comma after a title ending in ? or ! ("use?."
    # for "use?").
    ("citeproc-py: doubled punctuation", lambda s: re.sub(r"([?!]'?)\s*[.,]", r"\1", s)),
    # pandoc 2.17's citeproc predates CSL 1.0.2's page-range-format="chicago-16" and prints
    # 357–367 where the style (and citeproc-py) give 357–67: ranges compared written out.
    ("pandoc: chicago-16 page ranges", lambda s: re.sub(r"(\d+)–(\d+)", _whole_range, s)),
]
# Per style, applied to both before the rules above.
STYLE_RULES: dict[str, list[tuple[str, Rule]]] = {
    # citeproc-py prints no cs:group that calls no variable, where CSL prints one whose
    # text is constant: GB/T's document type code ([M], [D], [A]) is missing unless the
    # group also holds the medium ([J/OL], which calls URL or DOI).
    "gb-t-7714-2015-numeric": [("citeproc-py: constant groups", lambda s: _no_code(s))],
    "gb-t-7714-2015-author-date": [("citeproc-py: constant groups", lambda s: _no_code(s))],
}
# Styles whose names the two print differently: the entries are compared from the title on.
NAMES_DIFFER = {
    # citeproc-py ignores name initialize="false" and initializes given names (Braz, C.,
    # where the style prints Braz, Christina).
    "chicago-author-date": "citeproc-py: initialize=false",
    # pandoc 2.17's citeproc does not inherit the name options this style sets on cs:style
    # (name-as-sort-order, initialize-with=""): Jeff Yan where NLM prints Yan J.
    "vancouver": "pandoc: inheritable name options on cs:style",
}
# Entries the rules leave different, by a piece of their text, with the reason.
KNOWN = {
    # APA's "(Publication No. 7)" for a thesis: with no number citeproc-py still prints the
    # group's term, where CSL drops a group whose variables are all empty.
    "(publication)": "citeproc-py: a group with empty variables keeps its terms",
    "?'edition": "citeproc-py: a group with empty variables keeps its terms (Chicago)",
    # "Sherry, John F., Jr." is BibTeX's von Last, Jr, First with "Jr" as the given name:
    # citeproc-py prints the suffix it was given, pandoc moves it.
    "sherry": "both: a name whose given part is 'Jr'",
    # Vancouver: a page range "14-" (no last page) is "14–" in citeproc-py, "14–14" in
    # pandoc; and pandoc keeps the "In" of a misc item's empty container.
    "p.14–": "both: an open page range",
    "systems?in.": "pandoc: the term of an empty container group",
    # A title with a quoted phrase, its author substituted: citeproc-py's repetition starts
    # inside the quotes, so the repetition rule cannot find it.
    "benignoverfitting": "citeproc-py: substituted title repeated from its quote",
}
LOCALES = {"gb-t-7714-2015-numeric": "zh-CN", "gb-t-7714-2015-author-date": "zh-CN"}
SOURCES = ["seeds", "complex.bib", "orcid-chinese_citation.bib"]


def _whole_range(m: re.Match[str]) -> str:
    first, last = m.group(1), m.group(2)
    if len(last) < len(first):
        last = first[: len(first) - len(last)] + last
    return f"{first}–{last}"


def substituted_once(squashed: str) -> str:
    """citeproc-py prints a variable substituted for missing authors (the title) again where
    the style prints it: "Title. (n.d.). Title." for CSL's "Title. (n.d.).": the entry is
    compared up to the repetition."""
    start = squashed.lstrip("'")[:12]
    again = squashed.find(start, squashed.find(start) + 1)
    return squashed[:again].rstrip("'") if len(start) == 12 and again > 0 else squashed


def _no_code(s: str) -> str:
    return re.sub(r"\[[A-Za-z]{1,2}\]", "", s)


def pandoc(items: list[dict[str, Any]], style: Path, locale: str, work: Path) -> list[str]:
    require_tool("pandoc")
    data, doc = work / "items.json", work / "doc.md"
    data.write_text(json.dumps(items, ensure_ascii=False), encoding="utf-8")
    doc.write_text('---\nnocite: "@*"\n---\n', encoding="utf-8")
    args = ["pandoc", str(doc), "--citeproc", "--csl", str(style), "--bibliography", str(data)]
    args += ["-t", "plain", "--wrap=none"] + (["-M", f"lang={locale}"] if locale else [])
    done = subprocess.run(
        args, capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL
    )
    assert done.returncode == 0, done.stderr
    return [e.strip() for e in done.stdout.split("\n\n") if e.strip()]


def normal(entry: str, style: str) -> str:
    for _, rule in STYLE_RULES.get(style, []) + RULES:
        entry = rule(entry)
    return substituted_once("".join(entry.split()))


def from_title(entry: str, titles: list[str]) -> str:
    """The entry from the first title it holds on (an entry whose title was substituted
    for its authors, or with none, whole)."""
    for t in titles:
        at = entry.lower().find(t)
        if at >= 0:
            return entry[at:]
    return entry


@pytest.mark.slow
@pytest.mark.parametrize("source", SOURCES)
@pytest.mark.parametrize("style", references.style_names())
def test_citeproc_py_prints_what_pandoc_prints(
    source: str, style: str, seeded: Library, library: Library, tmp_path: Path
) -> None:
    papers = papers_of(source, seeded, library)
    locale = LOCALES.get(style, "")
    mine = references.render(papers, style, "text", locale).entries
    theirs = pandoc(references.items_of(papers), references.style_path(style), locale, tmp_path)
    assert len(mine) == len(theirs) == len(papers)
    a = sorted(normal(e, style) for e in mine)
    b = sorted(normal(e, style) for e in theirs)
    if style in NAMES_DIFFER:
        titles = sorted({"".join(p.title.lower().split())[:20] for p in papers if p.title})
        a = sorted(from_title(e, titles) for e in a)
        b = sorted(from_title(e, titles) for e in b)
    differing = [
        (x, y)
        for x, y in zip(a, b, strict=True)
        if x != y and not any(k in x or k in y for k in KNOWN)
    ]
    assert not differing, "\n".join(f"citeproc-py: {x}\npandoc:      {y}" for x, y in differing)


@pytest.mark.parametrize("marked", [True, False])
@pytest.mark.parametrize("style", ["apa", "ieee"])
def test_text_from_the_html_is_the_text_rendering(
    style: str, marked: bool, seeded: Library
) -> None:
    """The window formats a selection once, as HTML, and takes the text from it unless a
    title holds markup (LaTeX, markdown) whose tags citeproc-py's title case trips on."""
    papers = [p for p in seeded.list_papers() if marked or not re.search(r"[\\*<]", p.title)]
    papers = papers[:30]
    assert marked == any(re.search(r"[\\*<]", p.title) for p in papers)
    rich, text = references.render_both(papers, style)
    assert text == references.render(papers, style, "text")
    assert rich == references.render(papers, style, "html")
