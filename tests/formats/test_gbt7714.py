"""Chinese references as Chinese writers compile them: XeLaTeX with ctex and the GB/T 7714
BibTeX package and style (`gbt7714`, `gbt7714-numerical`), over litman's export of Chinese
and English papers.

Checked with the tools, not with litman: no error or warning from XeLaTeX or BibTeX beyond
the document's own, and the style's rule for long author lists, "等" after three Chinese
authors and "et al." after three English ones. The BibTeX export says a Chinese entry's
language (`language = {zh}`), as the gbt7714 styles document it; the BibLaTeX one in
biblatex-gb7714-2015's word (`language = {chinese}`), and the same export compiles with
XeLaTeX, ctex, biblatex's `gb7714-2015` style and biber.
"""

import re
import subprocess
from pathlib import Path

import pytest

from litman import app
from litman.core.library.facade import Library
from litman.core.records import NewPaper
from litman.formats import bibtex
from tests.formats.tex_run import tex_errors
from tests.gates import require_tool

pytestmark = pytest.mark.slow

PAPERS = [
    NewPaper(
        title="基于深度学习的图像识别方法研究",
        authors=("张三", "李四", "王五", "欧阳修"),
        venue="计算机学报",
        year=2020,
        entry_type="article",
        citekey="zhang2020",
    ),
    NewPaper(
        title="Walrus embeddings for sparse retrieval",
        authors=("Doe, Jane", "Roe, Richard", "Poe, Edgar", "Moe, Anna"),
        venue="Journal of Retrieval",
        year=2021,
        entry_type="article",
        citekey="doe2021",
    ),
]

PREAMBLE = "\\documentclass{ctexart}\n\\usepackage{gbt7714}\n"
DOC = PREAMBLE + (
    "\\begin{document}\n\\nocite{*}\n\\bibliographystyle{gbt7714-numerical}\n"
    "\\bibliography{refs}\n\\end{document}\n"
)
CITING_NOTHING = PREAMBLE + "\\begin{document}\n文献\n\\end{document}\n"


def _run(cmd: list[str], work: Path) -> str:
    done = subprocess.run(
        cmd, cwd=work, capture_output=True, text=True, errors="replace", timeout=600,
        stdin=subprocess.DEVNULL,
    )  # fmt: skip
    return done.stdout + done.stderr


def test_a_chinese_paper_says_its_language_and_an_english_one_does_not(tmp_path: Path) -> None:
    with Library.open(tmp_path / "lib.sqlite") as lib:
        lib.papers.add_papers(PAPERS)
        text = bibtex.dumps(lib.list_papers(), mode="utf8")
    entries = {m.group(1): m.group(0) for m in re.finditer(r"@\w+\{(\w+),.*?\n\}", text, re.S)}
    assert "language = {zh}" in entries["zhang2020"]
    assert "language" not in entries["doe2021"]


def test_a_language_the_source_gave_is_kept(tmp_path: Path) -> None:
    source = "@article{k, title = {机器学习导论}, author = {李四}, language = {chinese}}\n"
    bib = tmp_path / "in.bib"
    bib.write_text(source, encoding="utf-8")
    with Library.open(tmp_path / "lib.sqlite") as lib:
        app.import_files(lib, [bib])
        text = bibtex.dumps(lib.list_papers(), mode="utf8")
    assert "language = {chinese}" in text and "{zh}" not in text


def _warnings(log: Path) -> list[str]:
    return re.findall(r"^(?:LaTeX|Package \w+) Warning:.*$", log.read_text(), re.M)


def _xelatex(work: Path) -> Path:
    _run(["xelatex", "-interaction=nonstopmode", "doc.tex"], work)
    return work / "doc.log"


def test_xelatex_and_gbt7714_set_a_mixed_export_without_a_message(tmp_path: Path) -> None:
    require_tool("xelatex", "bibtex")
    # The document's own messages, citing nothing (ctex's default font says it lacks a
    # script tag): what the bibliography adds is measured against them.
    alone = tmp_path / "alone"
    alone.mkdir()
    (alone / "doc.tex").write_text(CITING_NOTHING, encoding="utf-8")
    own = set(_warnings(_xelatex(alone)))
    with Library.open(tmp_path / "lib.sqlite") as lib:
        lib.papers.add_papers(PAPERS)
        (tmp_path / "refs.bib").write_text(
            bibtex.dumps(lib.list_papers(), mode="utf8"), encoding="utf-8"
        )
    (tmp_path / "doc.tex").write_text(DOC, encoding="utf-8")
    _xelatex(tmp_path)
    _run(["bibtex", "doc"], tmp_path)
    _xelatex(tmp_path)
    log = _xelatex(tmp_path)  # the third run, as natbib asks, settles the citations
    blg = (tmp_path / "doc.blg").read_text(errors="replace")
    assert "Warning--" not in blg and "error message" not in blg, blg
    assert tex_errors(log) == []
    assert [w for w in _warnings(log) if w not in own] == []
    bbl = (tmp_path / "doc.bbl").read_text(encoding="utf-8")
    chinese, english = (bbl[bbl.index(f"{{{key}}}") :] for key in ("zhang2020", "doe2021"))
    chinese, english = chinese.split("\\bibitem")[0], english.split("\\bibitem")[0]
    assert "张三, 李四, 王五, 等" in chinese.replace("\n", " "), chinese
    assert "欧阳修" not in chinese
    assert re.search(r"POE E, et~al\.", english.replace("\n", " ")), english


def _biblatex_entries(tmp_path: Path, papers: list[NewPaper]) -> dict[str, str]:
    from litman.formats import biblatex

    with Library.open(tmp_path / "lib.sqlite") as lib:
        lib.papers.add_papers(papers)
        out = tmp_path / "refs.bib"
        biblatex.export(lib.list_papers(), out)
    text = out.read_text(encoding="utf-8")
    return {m.group(1): m.group(0) for m in re.finditer(r"@\w+\{(\w+),.*?\n\}", text, re.S)}


def test_the_biblatex_export_says_chinese_as_gb7714_2015_reads_it(tmp_path: Path) -> None:
    entries = _biblatex_entries(tmp_path, PAPERS)
    assert "language = {chinese}" in entries["zhang2020"]
    assert "langid" not in entries["zhang2020"]
    assert "language" not in entries["doe2021"]


def test_the_biblatex_export_names_an_iso_code_for_chinese(tmp_path: Path) -> None:
    source = "@article{k, title = {Deep learning}, author = {Li, Si}, language = {zh-CN}}\n"
    bib = tmp_path / "in.bib"
    bib.write_text(source, encoding="utf-8")
    from litman.formats import biblatex

    with Library.open(tmp_path / "lib.sqlite") as lib:
        app.import_files(lib, [bib])
        out = tmp_path / "out.bib"
        biblatex.export(lib.list_papers(), out)
    text = out.read_text(encoding="utf-8")
    assert "language = {chinese}" in text and "zh-CN" not in text


BIBLATEX_DOC = (
    "\\documentclass{ctexart}\n\\usepackage[backend=biber,style=gb7714-2015]{biblatex}\n"
    "\\addbibresource{refs.bib}\n\\begin{document}\n\\nocite{*}\n\\printbibliography\n"
    "\\end{document}\n"
)


def test_xelatex_biber_and_gb7714_2015_set_a_mixed_export_without_a_message(
    tmp_path: Path,
) -> None:
    require_tool("xelatex", "biber")
    alone = tmp_path / "alone"
    alone.mkdir()
    (alone / "doc.tex").write_text(CITING_NOTHING, encoding="utf-8")
    own = set(_warnings(_xelatex(alone)))
    _biblatex_entries(tmp_path, PAPERS)
    (tmp_path / "doc.tex").write_text(BIBLATEX_DOC, encoding="utf-8")
    _xelatex(tmp_path)
    biber = _run(["biber", "doc"], tmp_path)
    _xelatex(tmp_path)
    log = _xelatex(tmp_path)  # the third run settles the labels, as biblatex asks
    assert "WARN" not in biber and "ERROR" not in biber, biber
    assert tex_errors(log) == []
    assert [w for w in _warnings(log) if w not in own] == []
    bbl = (tmp_path / "doc.bbl").read_text(encoding="utf-8")
    chinese = bbl[bbl.index("{zhang2020}") :].split("\\endentry")[0]
    # The style read the field: Chinese rules and the Chinese entries' place in the order.
    assert "\\field{languageid}{chinese}" in chinese, chinese
    assert "\\field{lansortorder}{1}" in chinese, chinese
