"""`litman cite`: a paper as a formatted reference, what pandoc's citeproc prints for the
same item in the same style and locale (APA; GB/T 7714 numeric in Chinese), the in-text
citation with --citation, HTML with its text escaped, and a style, locale or file that
cannot be used said in one line."""

from pathlib import Path

import pytest

from litman.cli import main
from litman.core.library.facade import Library
from litman.core.records import NewPaper
from litman.formats import references
from tests.formats.test_references_pandoc import pandoc


@pytest.fixture
def lib_path(tmp_path: Path) -> Path:
    path = tmp_path / "lib.sqlite"
    with Library.open(path) as lib:
        lib.papers.add_papers(
            [
                NewPaper(
                    title="Walrus embeddings & <tusks>",
                    citekey="walrus2020",
                    authors=("Doe, Jane", "Roe, Richard"),
                    year=2020,
                    venue="Journal of Marine Learning",
                    entry_type="article",
                    doi="10.1000/w",
                    extra={"volume": "12", "pages": "3--14"},
                ),
                NewPaper(title="Seals", citekey="seals", authors=("Poe, Ann",), year=2019),
            ]
        )
    return path


def cli(capsys: pytest.CaptureFixture[str], path: Path, *args: str) -> tuple[int, str, str]:
    code = main(["--library", str(path), *args])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize(("style", "locale"), [("apa", ""), ("gb-t-7714-2015-numeric", "zh-CN")])
def test_cite_prints_what_pandoc_prints(
    lib_path: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path, style: str, locale: str
) -> None:
    args = ["cite", "walrus2020", "--style", style] + (["--locale", locale] if locale else [])
    code, out, _ = cli(capsys, lib_path, *args)
    with Library.open(lib_path) as lib:
        items = references.items_of([lib.get_by_citekey("walrus2020")])
    (theirs,) = pandoc(items, references.style_path(style), locale, tmp_path)
    assert code == 0
    assert "".join(out.split()) == "".join(theirs.split())


def test_citation_is_the_in_text_form(lib_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, lib_path, "cite", "walrus2020", "seals", "--citation")
    assert code == 0 and out.strip() == "(Doe & Roe, 2020; Poe, 2019)"


def test_html_escapes_the_library_text(lib_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = cli(capsys, lib_path, "cite", "walrus2020", "--format", "html")
    assert "Walrus embeddings &amp; &lt;tusks&gt;" in out
    assert "<i>Journal of Marine Learning</i>" in out and out.startswith('<div class="csl-bib')


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--style", "harvard"], "unknown style 'harvard'"),
        (["--locale", "xx-YY"], "unknown locale 'xx-YY'"),
        (["--style", "missing.csl"], "no style file at missing.csl"),
    ],
)
def test_what_cannot_be_used_is_one_line(
    lib_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], said: str
) -> None:
    code, out, err = cli(capsys, lib_path, "cite", "walrus2020", *args)
    assert code == 1 and not out and said in err and "Traceback" not in err


def test_a_style_file_is_used_and_a_broken_one_refused(
    lib_path: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    mine = tmp_path / "mine.csl"
    mine.write_bytes(references.style_path("ieee").read_bytes())
    assert cli(capsys, lib_path, "cite", "seals", "--style", str(mine))[1].startswith("[1] A. Poe")
    broken = tmp_path / "broken.csl"
    broken.write_text('<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><style>&e;</style>')
    code, _, err = cli(capsys, lib_path, "cite", "seals", "--style", str(broken))
    assert code == 1 and "not a CSL style" in err and "root" not in err
