"""The PDF worker's reading (`pdf_text.worker_main`), run in the test's own process: what each
file's JSON line says, on real PDFs written by others (tests/data/pdf/SOURCES.md). The import
tests run it as litman does, in its own capped process; here a failure shows its traceback
and the lines it ran are measured. Only the address-space cap is left out: it would hold the
whole test process."""

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from litman.formats import pdf_text

PDFS = Path(__file__).resolve().parents[1] / "data" / "pdf"

Lines = Callable[..., list[dict[str, Any]]]


@pytest.fixture
def lines(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Lines:
    monkeypatch.setattr(pdf_text, "_limit_memory", lambda memory: None)

    def read(*names: str) -> list[dict[str, Any]]:
        args = ["--memory=1000000000", *(str(PDFS / n) for n in names)]
        assert pdf_text.worker_main(args) == 0
        return [json.loads(line) for line in capsys.readouterr().out.splitlines()]

    return read


def test_a_real_paper_gives_its_pages_and_its_title_from_the_largest_type(lines: Lines) -> None:
    (paper,) = lines("naacl06-shinyama.pdf")
    assert paper["page_count"] == len(paper["pages"]) > 1
    assert "Preemptive Information Extraction" in str(paper["title"])
    assert "relation" in str(paper["pages"][0]).lower()
    assert "\ufffe" not in "".join(paper["pages"])  # broken words joined again


def test_one_line_per_file_in_order_encrypted_and_damaged_said(lines: Lines) -> None:
    read = lines("aes-128.pdf", "simple1.pdf", "zen_of_python_corrupted.pdf", "rc4-40.pdf")
    assert len(read) == 4
    assert "encrypted" in str(read[0]["refused"]) and "encrypted" in str(read[3]["refused"])
    assert "Hello" in "".join(read[1]["pages"])
    assert "refused" not in read[2] and read[2]["page_count"] >= 1  # PDFium repairs it


def test_a_file_that_is_not_a_pdf_is_refused_as_damaged(lines: Lines, tmp_path: Path) -> None:
    fake = tmp_path / "not.pdf"
    fake.write_bytes(b"%PDF-1.4\nthis is no PDF at all\n")
    (got,) = lines(str(fake))
    assert got == {"refused": "is damaged or not a PDF PDFium can read"}
