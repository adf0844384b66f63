"""Decoding LaTeX from .bib files: the common macros on the fast path, the rest piece by piece."""

import pytest
from pylatexenc.latex2text import LatexNodes2Text

from litman.formats import latex

READ = [
    (r"We \emph{study} it", "We study it"),
    (r"\textit{a \emph{b}} c", "a b c"),
    (r"\textbf{Bold} \textsc{Caps} \textsl{sl}", "Bold Caps sl"),
    (r"\emph {spaced} words", "spaced words"),
    (r"\emph{M{\"u}ller} and \emph{a {DNA} b}", "Müller and a DNA b"),
    ("pages 10--20, a---b, {x}", "pages 10–20, a—b, x"),
    ("``quoted'' {words}", "“quoted” words"),
    (r"50\% of \emph{it}", "50% of it"),
    (r"as in \cite{key} we \emph{show}", "as in <cit.> we show"),
    (r"\ldots and more {x}", "…and more x"),
    (r"{\em x y} z", "x y z"),
]


@pytest.mark.parametrize(("source", "text"), READ)
def test_common_latex_reads_as_text(source: str, text: str) -> None:
    assert latex.decode(source) == text


@pytest.mark.parametrize(("source", "text"), READ)
def test_the_fast_path_reads_what_pylatexenc_reads(source: str, text: str) -> None:
    whole = LatexNodes2Text(math_mode="verbatim", keep_braced_groups=False)
    assert latex.decode(source) == whole.latex_to_text(source)


def _abstract(n: int, marker: str) -> str:
    words = " ".join(f"word{i}" for i in range(n))
    return (
        rf"We \emph{{show}} that ``{marker}'' {words} -- see \cite{{{marker}}} and \textit{{it}}."
    )


def test_pylatexenc_gets_only_the_pieces_that_need_it(monkeypatch: pytest.MonkeyPatch) -> None:
    given: list[str] = []
    real = latex._LATEX2TEXT

    class Recording:
        def latex_to_text(self, text: str) -> str:
            given.append(text)
            return str(real.latex_to_text(text))

    monkeypatch.setattr(latex, "_LATEX2TEXT", Recording())
    text = latex.decode(_abstract(200, "zqpiece"))
    assert "<cit.>" in text and "“zqpiece”" in text and "show" in text
    assert given and max(map(len, given)) < 30


def test_an_abstract_with_only_common_macros_never_reaches_pylatexenc(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class Refusing:
        def latex_to_text(self, text: str) -> str:
            raise AssertionError(f"pylatexenc was given {text!r}")

    monkeypatch.setattr(latex, "_LATEX2TEXT", Refusing())
    source = r"We \emph{prove} ``tight'' bounds for \textit{M{\"u}ller's} 10--20 steps, $x_i$."
    assert latex.decode(source) == "We prove “tight” bounds for Müller's 10–20 steps, $x_i$."


def test_unbalanced_braces_still_decode_whole() -> None:
    assert latex.decode(r"odd } { \cite{q}") == LatexNodes2Text(
        math_mode="verbatim", keep_braced_groups=False
    ).latex_to_text(r"odd } { \cite{q}")
