"""Exports compile with real TeX: pdflatex + BibTeX (plain) and pdflatex + biber (biblatex).

Each document cites every entry (`\\nocite{*}`) of the seed export and of two real files
from tests/data/bib-real. An export may cause no TeX error, BibTeX or biber message that its
source does not cause too; the seed export (no source file) may cause only the warnings of
entries with no author or year. Skipped where TeX is not installed, and failed under `make test`,
which installs it.
"""

from pathlib import Path

import pytest

from litman import app
from litman.core.library.facade import Library
from litman.formats import bibtex
from tests.conftest import ROOT, require_tool
from tests.formats.tex_run import TOOLS, biber_run, bibtex_plain


@pytest.fixture(autouse=True)
def _tex_installed() -> None:
    """Skipped where TeX is not installed; under make test (which installs it) that fails."""
    require_tool(*TOOLS)


REAL = ROOT / "tests" / "data" / "bib-real"
FILES = ["nmr_relaxation.bib", "BBT_does_not_import_groups_from_JabRef_5.1_1641.bib"]
RUNS = {"bibtex": bibtex_plain, "biber": biber_run}


def exported(source: Path, tmp_path: Path) -> Path:
    out = tmp_path / "export.bib"
    with Library.open(tmp_path / "lib.sqlite") as lib:
        app.import_files(lib, [source])
        bibtex.export(lib.list_papers("citekey"), out, blocks=lib.kept_blocks())
    return out


def _normal(messages: list[str]) -> set[str]:
    return {" ".join(m.split()) for m in messages if "line" not in m or "---" not in m}


@pytest.mark.slow
@pytest.mark.parametrize("name", FILES)
@pytest.mark.parametrize("tool", sorted(RUNS))
def test_a_real_file_exported_compiles_as_its_source_does(
    name: str, tool: str, tmp_path: Path
) -> None:
    source = REAL / name
    src_errors, src_warnings = RUNS[tool](source, tmp_path / "source")
    errors, warnings = RUNS[tool](exported(source, tmp_path), tmp_path / "export")
    assert set(errors) <= set(src_errors), f"new errors: {set(errors) - set(src_errors)}"
    new = _normal(warnings) - _normal(src_warnings)
    assert not new, f"new warnings: {sorted(new)}"


@pytest.mark.slow
@pytest.mark.parametrize("tool", sorted(RUNS))
def test_the_seed_export_compiles(seeded: Library, tool: str, tmp_path: Path) -> None:
    out = tmp_path / "seeds.bib"
    bibtex.export(seeded.list_papers("citekey"), out)
    errors, warnings = RUNS[tool](out, tmp_path / "run")
    assert not errors
    allowed = ("empty", "need author or key", "missing field 'author'", "missing field 'year'")
    assert [w for w in warnings if not any(a in w for a in allowed)] == []
