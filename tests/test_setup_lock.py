"""`make run` installs from requirements.lock only what running litman needs; `make test`
and `make package` add their extras' pins (scripts/lock_subset.py). Each subset is checked
against what the installed packages' own metadata say they require."""

import importlib.util
import tomllib
from importlib import metadata
from pathlib import Path
from types import ModuleType

import pytest
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[1]
TOOLS = {"pytest", "mypy", "ruff", "pyinstaller", "import-linter", "hypothesis", "pytest-qt"}


def lock_subset() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "lock_subset", ROOT / "scripts" / "lock_subset.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def locked_names(*extras: str) -> set[str]:
    ls = lock_subset()
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    pins = ls.read_lock((ROOT / "requirements.lock").read_text(encoding="utf-8"))
    return {pin.name for pin in ls.subset(pins, ls.roots(pyproject, list(extras)))}


def required(*extras: str) -> set[str]:
    """What litman with `extras` needs on this machine, by the installed packages' metadata
    (markers evaluated here, a requirement's own extras followed); a package not installed
    counts itself only."""
    ls = lock_subset()
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    todo = [Requirement(r) for r in project["dependencies"]]
    todo += [Requirement(r) for e in extras for r in project["optional-dependencies"][e]]
    found: set[str] = set()
    seen: set[tuple[str, frozenset[str]]] = set()
    while todo:
        req = todo.pop()
        key = (ls.normalise(req.name), frozenset(req.extras))
        if key in seen:
            continue
        seen.add(key)
        found.add(key[0])
        try:
            requires = metadata.requires(req.name) or []
        except metadata.PackageNotFoundError:
            # An extra not installed here (`make test` does not install PyInstaller, which
            # `make package` adds): its own pin is checked, its dependencies where installed.
            continue
        for text in requires:
            dep = Requirement(text)
            asked = ("", *req.extras)
            if dep.marker is None or any(dep.marker.evaluate({"extra": e}) for e in asked):
                todo.append(dep)
    return found


def test_the_run_set_holds_everything_litman_needs_to_run() -> None:
    assert required() <= locked_names()


def test_the_run_set_leaves_the_test_and_build_tools_out() -> None:
    assert not locked_names() & TOOLS
    assert "setuptools" in locked_names()  # the build backend installs litman itself


@pytest.mark.parametrize("extra", ["test", "package"])
def test_each_extra_adds_what_it_needs(extra: str) -> None:
    assert required(extra) <= locked_names(extra)


def test_every_extra_together_is_the_whole_lock() -> None:
    ls = lock_subset()
    pins = ls.read_lock((ROOT / "requirements.lock").read_text(encoding="utf-8"))
    assert locked_names("test", "package") == {pin.name for pin in pins}
