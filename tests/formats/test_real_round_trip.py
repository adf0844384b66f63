"""Real .bib files through litman and back: every citekey returns on the same entry, and
every field the user did not edit is the same text (white space aside), biblatex's under
BibTeX's name for it (`litman.formats.bibtex_plain`, tested on its own); any difference is
one the import report lists."""

from pathlib import Path

import pytest

from litman import app
from litman.core.library.facade import Library
from litman.formats import bibtex, bibtex_macros, bibtex_plain, bibtex_read
from tests.conftest import ROOT

REAL = sorted((ROOT / "tests" / "data" / "bib-real").glob("*.bib"))


def raw_entries(path: Path) -> dict[str, dict[str, str]]:
    """Citekey -> field -> value as a reader resolves it (macros expanded), first wins,
    under BibTeX's names."""
    text = bibtex_read._decoded(path).text
    lib = bibtex_read._parse_blocks(text)[0]
    macros = bibtex_macros.Macros(dict(bibtex_read.MONTHS))
    bibtex_read._define(lib, macros)
    out: dict[str, dict[str, str]] = {}
    for entry in lib.entries:
        fields = bibtex_read._fields(entry, macros, set(), 0, [])
        _, named = bibtex_plain.entry(entry.entry_type, list(fields.items()))
        # `50%` is written `50\%` (a raw `%` is a comment to LaTeX), `&` `\&`: the same text
        out.setdefault(entry.key, {k: " ".join(_unescaped(v).split()) for k, v in named})
    return out


def _unescaped(value: str) -> str:
    return value.replace("\\%", "%").replace("\\&", "&").replace("\\#", "#")


@pytest.mark.parametrize("path", REAL, ids=lambda p: p.name)
def test_a_real_file_comes_back_as_it_was_read(path: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.bib"
    with Library.open(tmp_path / "lib.sqlite") as lib:
        (report,) = app.import_files(lib, [path])
        bibtex.export(lib.list_papers("citekey"), out, mode="utf8", blocks=lib.kept_blocks())
    renamed = {r.stored: r.wanted for r in report.renamed}
    before, after = raw_entries(path), raw_entries(out)
    reported = " ".join(report.warnings)
    made = [k for k in after if k not in before and k not in renamed]
    assert len(made) == reported.count("without a citation key; litman made one")
    for key, fields in after.items():
        if key in renamed or key in made:
            continue  # a key litman gave (reported): no source entry of that name
        original = before[key]
        for name, value in original.items():
            if name.startswith("%") or f"'{name}' appears twice" in reported:
                continue
            assert fields.get(name) == value, f"{key}.{name}: {value!r} -> {fields.get(name)!r}"
    missing = {k for k in set(before) - set(after) - set(renamed.values()) if k}
    missing -= {k for k in missing if k.startswith(bibtex_read.NO_KEY)}
    assert not missing, f"citekeys lost: {sorted(missing)[:5]}"
