"""Papers from PDFs: identifiers, title and abstract from what a PDF says of itself (PDFs
made here with pdflatex, and real ones from pdfminer.six's samples, tests/data/pdf), read
in a worker with limits; an encrypted, damaged, oversized or non-PDF file is one line."""

import subprocess
from pathlib import Path

import pytest

from benchmarks.pdfs import pdf_file, text_pdf
from litman.core.errors import ImportFailed
from litman.formats import pdf, pdf_text, registry
from tests.conftest import require_tool

SAMPLES = Path(__file__).resolve().parents[1] / "data" / "pdf"

PAPER = r"""\documentclass{article}
\usepackage[pdftex%(meta)s]{hyperref}
\title{Walrus Embeddings for Arctic Acoustics}
\author{Jane Doe}
\date{}
\begin{document}
\maketitle
\begin{abstract}
We embed walrus calls in a vector space and find herds by their songs.
\end{abstract}
\section{Introduction}
Published as doi:10.1234/walrus.2020.001 and on arXiv:2101.01234v2.
\newpage Page two.
\newpage Page three.
\newpage On page four the zooplankton bioluminescence measurement appears.
\end{document}
"""


def pdflatex(folder: Path, name: str, source: str) -> Path:
    require_tool("pdflatex")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.tex").write_text(source, encoding="utf-8")
    subprocess.run(
        ["pdflatex", "-interaction=batchmode", f"{name}.tex"],
        cwd=folder,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=300,
        check=True,
    )
    return folder / f"{name}.pdf"


@pytest.fixture(scope="session")
def made(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """PDFs made once: with hyperref's metadata, and without (title only in the text)."""
    folder = tmp_path_factory.mktemp("pdfs")
    meta = ",pdftitle={Walrus Embeddings for Arctic Acoustics},pdfauthor={Jane Doe}"
    bare = PAPER.replace("Published as doi:10.1234/walrus.2020.001 and on", "See")
    return {
        "meta": pdflatex(folder / "meta", "walrus", PAPER % {"meta": meta}),
        "bare": pdflatex(folder / "bare", "walrus", bare % {"meta": ""}),
    }


def test_doi_arxiv_title_and_abstract_from_a_pdf(made: dict[str, Path]) -> None:
    (p,) = pdf.read(made["meta"]).papers
    assert p.title == "Walrus Embeddings for Arctic Acoustics"
    assert p.doi == "10.1234/walrus.2020.001"
    assert (p.extra["eprint"], p.year) == ("2101.01234", 2021)
    assert p.abstract == "We embed walrus calls in a vector space and find herds by their songs."
    assert p.extra[pdf.LOOKUP] == "doi:10.1234/walrus.2020.001"
    (a,) = p.attachments
    assert a.path == str(made["meta"]) and len(a.pages) == 4
    assert "zooplankton bioluminescence" in a.pages[3]


def test_without_metadata_the_title_is_the_largest_type(made: dict[str, Path]) -> None:
    (p,) = pdf.read(made["bare"]).papers
    assert p.title == "Walrus Embeddings for Arctic Acoustics"
    assert (p.doi, p.extra[pdf.LOOKUP]) == ("", "arxiv:2101.01234")


def test_a_real_paper_gives_its_title_and_abstract() -> None:
    (p,) = pdf.read(SAMPLES / "naacl06-shinyama.pdf").papers
    assert p.title == "Preemptive Information Extraction using Unrestricted Relation Discovery"
    assert p.abstract.startswith("We are trying to extend the boundary of Information Extraction")
    assert "Existing IE systems" in p.abstract  # a word broken at a line's end, joined
    assert p.extra[pdf.LOOKUP] == "title"


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("aes-128.pdf", "is encrypted"),
        ("rc4-40.pdf", "is encrypted"),
    ],
)
def test_an_encrypted_pdf_is_one_line(name: str, said: str) -> None:
    batch = pdf.read(SAMPLES / name)
    assert batch.papers == () and len(batch.skipped) == 1
    assert batch.skipped[0].reason == f"{name} {said} (a password is needed to read it)"


def test_damaged_and_false_pdfs_are_one_line_each(tmp_path: Path) -> None:
    cut = tmp_path / "cut.pdf"
    cut.write_bytes((SAMPLES / "naacl06-shinyama.pdf").read_bytes()[:700])
    fake = tmp_path / "fake.pdf"
    fake.write_text("<html>not a pdf</html>")
    batches = pdf.read_many([cut, fake, SAMPLES / "simple1.pdf"])
    reasons = [[s.reason for s in b.skipped] for b in batches]
    assert reasons[:2] == [
        ["cut.pdf is damaged or not a PDF PDFium can read"],
        ["fake.pdf is not a PDF"],
    ]
    assert batches[2].papers  # the worker went on after them


def test_a_pdf_that_runs_over_time_is_one_line_and_the_next_is_read(
    monkeypatch: pytest.MonkeyPatch, made: dict[str, Path]
) -> None:
    monkeypatch.setattr(pdf_text, "SECONDS", 0.001)
    (found,) = pdf_text.extract_many([made["meta"]])
    assert found.refused.startswith("took longer than") and found.refused.endswith("to read")
    assert not found.pages


def test_only_the_first_pages_of_a_long_pdf_are_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "long.pdf"
    path.write_bytes(many_pages(1200))
    batch = pdf.read(path)
    (p,) = batch.papers
    assert len(p.attachments[0].pages) == pdf_text.MAX_PAGES
    assert batch.warnings == (f"long.pdf: only the text of its first {pdf_text.MAX_PAGES} "
                              "pages was kept",)  # fmt: skip


def many_pages(n: int) -> bytes:
    """A PDF of `n` pages, each saying its number."""
    return text_pdf([[f"Page {i + 1}"] for i in range(n)], size=12, box=(200, 200))


def test_a_folder_is_read_as_its_pdfs(tmp_path: Path, made: dict[str, Path]) -> None:
    folder = tmp_path / "in"
    (folder / "sub").mkdir(parents=True)
    (folder / "sub" / "w.pdf").write_bytes(made["meta"].read_bytes())
    (folder / "notes.txt").write_text("not read")
    (folder / "x.PDF").write_bytes((SAMPLES / "simple1.pdf").read_bytes())
    batches = registry.read_all([folder])
    assert [b.source_name for b in batches] == ["w.pdf", "x.PDF"]


def test_a_folder_without_pdfs_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ImportFailed, match="no PDFs in it"):
        registry.read_all([tmp_path])


def bomb(megabytes: int) -> bytes:
    """A one-page PDF whose content stream inflates from a few hundred kB to `megabytes`."""
    import zlib

    packer = zlib.compressobj(1)
    zeros = b"\0" * (1 << 20)
    data = b"".join(packer.compress(zeros) for _ in range(megabytes)) + packer.flush()
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>",
        b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(data) + data + b"\nendstream",
    ]
    return pdf_file(objects)


def test_a_compression_bomb_is_stopped_by_the_memory_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pdf_text, "MEMORY", 400 * 1024 * 1024)
    path = tmp_path / "bomb.pdf"
    path.write_bytes(bomb(800))  # 800 MB inflated, twice the worker's room
    after = tmp_path / "after.pdf"
    after.write_bytes((SAMPLES / "simple1.pdf").read_bytes())
    first, second = pdf.read_many([path, after])
    assert [s.reason for s in first.skipped] == [
        "bomb.pdf made the PDF reader fail (out of memory, or a crash)"
    ]
    assert second.papers  # a new worker read the next file


@pytest.mark.parametrize(
    ("name", "title"),
    [
        ("zen_of_python_corrupted.pdf", "Beautiful is better than ugly."),  # xref repaired
        ("issue-1113-evil-xobjects.pdf", "Hello world"),  # recursive form XObjects
    ],
)
def test_damaged_and_hostile_real_pdfs_are_read(name: str, title: str) -> None:
    (p,) = pdf.read(SAMPLES / name).papers
    assert p.title.startswith(title)
