"""LaTeX and markdown in titles and abstracts, read as text for display."""

from pathlib import Path

import pytest

from litman import app
from litman.core.library.facade import Library
from litman.display.text import markup_segments, plain_text
from litman.formats import bibtex


@pytest.mark.parametrize(
    ("title", "shown"),
    [
        (r"\fedqueue{}: A Queue-Aware FL Protocol", "fedqueue: A Queue-Aware FL Protocol"),
        (
            r"The Concept of \emph{stationary Points of the MMD}",
            "The Concept of stationary Points of the MMD",
        ),
        (r"The Noise Required for $(\epsilon,\delta)$-DP", "The Noise Required for (ϵ,δ)-DP"),
        ("The Convergence of *VRU*", "The Convergence of VRU"),
        (r"\textbf{Bold} and **bold** at 20\%", "Bold and bold at 20%"),
        ("A*B*C products, Q*-learning and A* search", "A*B*C products, Q*-learning and A* search"),
        ("Plain words", "Plain words"),
        (r"Called **$\gamma$-similarity**", "Called γ-similarity"),
        (r"Antu\ifmmode š\else š\fi{}ek", "Antušek"),  # APS writes accents in names so
        (
            r"Electronic Publishing: Design\/{} on Active Documents",
            "Electronic Publishing: Design on Active Documents",
        ),  # italic correction
        (r"Stanford TeX\ {} Project", "Stanford TeX Project"),  # control space
        # Spacing macros print space, not their names (the decoder keeps `\thinspace`).
        (r"TeX at Calma R\thinspace{}&\thinspace D", "TeX at Calma R & D"),
        (r"shifts of (2.33\thinspace{}$\pm$0.37)", "shifts of (2.33 ±0.37)"),
        (r"a\quad{}b\qquad c\enspace d", "a b c d"),
    ],
)
def test_titles_read_as_text(title: str, shown: str) -> None:
    assert plain_text(title) == shown


def test_a_spacing_macro_in_an_abstract_shows_no_name() -> None:
    text = r"shifts of (2.33\thinspace{}$\pm$0.37) and R\thinspace{}&\thinspace D"
    shown = [text[a:b] for _s, _e, _style, a, b in markup_segments(text)]
    assert shown == ["", "", ""]


def test_markup_inside_math_is_left_to_the_math() -> None:
    text = r"Bounds of $\mathcal{O}(\sqrt{T})$ with \emph{care}"
    (only,) = markup_segments(text)
    assert text[only[3] : only[4]] == "care" and only[2] == "i"


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        (r"Doping NbSe$_2$ with \ch{Ta}", "Doping NbSe₂ with Ta"),  # chemformula (bibliotex)
        (r"\unknown{a} and \fedqueue{}: kept", "a and fedqueue: kept"),
    ],
)
def test_an_unknown_macro_with_an_argument_shows_the_argument(
    raw: str, shown: str, library: Library, tmp_path: Path
) -> None:
    # As imported: the LaTeX decoder leaves `\ch{}Ta` of `\ch{Ta}`, shown "chTa" before.
    source = tmp_path / "in.bib"
    source.write_text(f"@misc{{a, title = {{{raw}}}}}\n", encoding="utf-8")
    app.import_files(library, [source])
    (paper,) = library.list_papers()
    assert plain_text(paper.title) == shown
    assert f"title = {{{raw}}}" in bibtex.dumps([paper])  # exported as it was read
