"""Each package's `__init__` docstring says what lives there, what it may import and what
may import it."""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "litman"
INITS = sorted(PACKAGE.rglob("__init__.py"))


@pytest.mark.parametrize("init", INITS, ids=lambda p: str(p.parent.relative_to(PACKAGE.parent)))
def test_a_package_docstring_says_what_may_import_it(init: Path) -> None:
    doc = (ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))) or "").lower()
    assert len(doc.split()) >= 20, "says what lives there"
    assert "may import" in doc, "says what it may import"
    assert "imported by" in doc or "import it" in doc, "says what may import it"
