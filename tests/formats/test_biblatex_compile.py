"""BibLaTeX exports compile with pdflatex + biber with no warning: the seed library, a real
JabRef file (tests/data/bib-real), and a real file whose export may warn only where its
source does. Skipped where TeX is not installed; failed under `make test`, which installs it.
"""

from pathlib import Path

import pytest

from litman import app
from litman.core.library.facade import Library
from litman.formats import biblatex
from litman.formats.exchange import WriteOptions
from tests.conftest import ROOT, require_tool
from tests.formats.test_biblatex import PDFLATEX_STOPS
from tests.formats.tex_run import TOOLS, biber_run

CHOCOLATE = ROOT / "tests" / "data" / "bib-real" / "Chocolate.bib"  # JabRef's own example
NMR = ROOT / "tests" / "data" / "bib-real" / "nmr_relaxation.bib"


@pytest.fixture(autouse=True)
def _tex_installed() -> None:
    require_tool(*TOOLS)


def exported(source: Path, tmp_path: Path) -> Path:
    out = tmp_path / "export.bib"
    with Library.open(tmp_path / "lib.sqlite") as lib:
        app.import_files(lib, [source])
        biblatex.export(lib.list_papers("citekey"), out, WriteOptions(blocks=lib.kept_blocks()))
    return out


@pytest.mark.slow
def test_the_seed_library_compiles_with_biber_without_a_warning(
    seeded: Library, tmp_path: Path
) -> None:
    out = tmp_path / "seeds.bib"
    biblatex.export(seeded.list_papers("citekey"), out)
    assert biber_run(out, tmp_path / "run") == ([], [])


@pytest.mark.slow
def test_a_real_jabref_file_compiles_with_biber_without_a_warning(tmp_path: Path) -> None:
    out = exported(CHOCOLATE, tmp_path)
    text = out.read_text(encoding="utf-8")
    assert "journaltitle = " in text and "date = " in text and "\tyear = " not in text
    assert biber_run(out, tmp_path / "run") == ([], [])


@pytest.mark.slow
def test_a_real_file_warns_less_than_its_source(tmp_path: Path) -> None:
    src_errors, src_warnings = biber_run(NMR, tmp_path / "source")
    errors, warnings = biber_run(exported(NMR, tmp_path), tmp_path / "export")
    assert set(errors) <= set(src_errors)
    assert set(warnings) <= set(src_warnings) and len(warnings) < len(src_warnings)


@pytest.mark.slow
def test_unedited_text_pdflatex_stops_on_compiles_with_biber(tmp_path: Path) -> None:
    source = tmp_path / "in.bib"
    source.write_text(PDFLATEX_STOPS, encoding="utf-8")
    assert biber_run(exported(source, tmp_path), tmp_path / "run") == ([], [])
