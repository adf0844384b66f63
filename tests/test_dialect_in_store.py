"""A difference between database backends lives in the store (`litman.core.store`): code
outside it asks the store's SQL dialect (`litman.core.store.dialects`) and never checks which
database it runs on, so a third backend touches one package. Inside the store, only the
dialects module names a database: the rest asks it too."""

import ast
from collections.abc import Iterator
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "litman"
STORE = PACKAGE / "core" / "store"
DIALECTS = STORE / "dialects.py"
NAMES = {"sqlite", "postgresql"}  # SQLAlchemy's dialect names


def _outside_store() -> list[Path]:
    return [p for p in sorted(PACKAGE.rglob("*.py")) if STORE not in p.parents]


def _is_name(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value in NAMES


def _checks(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """Where a module reads a dialect or compares with, or is keyed by, a dialect's name."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "dialect":
            yield node.lineno, "reads `.dialect`"
        elif isinstance(node, ast.Compare) and any(map(_is_name, [node.left, *node.comparators])):
            yield node.lineno, "compares with a dialect's name"
        elif isinstance(node, ast.Dict) and any(k is not None and _is_name(k) for k in node.keys):
            yield node.lineno, "is keyed by a dialect's name"


def test_no_dialect_check_outside_the_store() -> None:
    found = sorted(
        f"{path.relative_to(PACKAGE.parent)}:{line}: {what}"
        for path in _outside_store()
        for line, what in _checks(ast.parse(path.read_text(encoding="utf-8")))
    )
    assert not found, "dialect checks outside litman/core/store:\n" + "\n".join(found)


def test_only_the_dialects_module_names_a_dialect() -> None:
    found = sorted(
        f"{path.relative_to(PACKAGE.parent)}:{line}: {what}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if path != DIALECTS
        for line, what in _checks(ast.parse(path.read_text(encoding="utf-8")))
        if what != "reads `.dialect`"  # compiling for a connection's dialect is no check
    )
    assert not found, "dialect names outside litman/core/store/dialects.py:\n" + "\n".join(found)


def test_the_check_finds_a_dialect_check() -> None:
    tree = ast.parse('fold = conn.dialect.name != "sqlite"\nq = {"postgresql": 1}')
    assert {what for _, what in _checks(tree)} == {
        "reads `.dialect`",
        "compares with a dialect's name",
        "is keyed by a dialect's name",
    }
