"""The pins of requirements.lock that litman needs to run, plus those of the extras named.

    python3 scripts/lock_subset.py [EXTRA...] [--lock FILE] [--pyproject FILE]

prints them as they are locked (version, environment marker and hashes), for
`pip install --require-hashes --no-deps -r`. `make run` installs the bare set; `make test`
adds `test` (pytest, mypy, ruff, import-linter ...) and `make package` adds `package`
(PyInstaller): one lock, so every purpose gets the same versions of what they share.

The lock is uv's, annotated: under each pin, `# via` names the locked packages that require
it. A pin is needed when it is one of pyproject.toml's dependencies (of litman, of an
extra named, or the build backend, which installs litman itself), or when a needed pin
requires it. Standard library only: set-up runs this before the venv exists.
"""

import argparse
import re
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")


def normalise(name: str) -> str:
    """A distribution name as PEP 503 compares them."""
    return re.sub(r"[-_.]+", "-", name).lower()


def requirement_name(requirement: str) -> str:
    found = _NAME.match(requirement.strip())
    if found is None:
        raise ValueError(f"not a requirement: {requirement!r}")
    return normalise(found.group())


@dataclass
class Pin:
    """One locked requirement: its text (the pin line and its hashes) and who requires it."""

    name: str
    text: list[str] = field(default_factory=list)
    via: set[str] = field(default_factory=set)


def read_lock(text: str) -> list[Pin]:
    pins: list[Pin] = []
    in_via = False
    for line in text.splitlines():
        stripped = line.strip()
        if line and not line[0].isspace() and not line.startswith("#"):
            pins.append(Pin(requirement_name(line), [line]))
            in_via = False
        elif not pins or not stripped:
            continue
        elif stripped.startswith("--hash") or stripped.startswith("-"):
            pins[-1].text.append(line)
        elif stripped.startswith("# via"):
            rest = stripped.removeprefix("# via").strip()
            in_via = not rest
            if rest:
                pins[-1].via.add(_parent(rest))
        elif in_via and stripped.startswith("#   "):
            pins[-1].via.add(_parent(stripped.removeprefix("#").strip()))
    return pins


def _parent(text: str) -> str:
    """`litman (pyproject.toml)` or `pydantic`: the requiring package's name."""
    return requirement_name(text.split(" (", 1)[0])


def roots(pyproject: dict[str, object], extras: list[str]) -> set[str]:
    """The names pyproject.toml asks for directly: litman's dependencies, the extras',
    and the build backend's (set-up installs litman without build isolation)."""
    project = pyproject["project"]
    assert isinstance(project, dict)
    optional = project.get("optional-dependencies", {})
    unknown = [e for e in extras if e not in optional]
    if unknown:
        raise SystemExit(f"lock_subset: no extra {', '.join(unknown)} in pyproject.toml")
    build = pyproject.get("build-system", {})
    assert isinstance(build, dict)
    wanted = [*project["dependencies"], *build.get("requires", [])]
    wanted += [r for e in extras for r in optional[e]]
    return {requirement_name(r) for r in wanted}


def subset(pins: list[Pin], needed: set[str]) -> list[Pin]:
    """The pins needed, in the lock's order: `needed` and all they require, transitively."""
    needed = set(needed)
    grew = True
    while grew:
        grew = False
        for pin in pins:
            if pin.name not in needed and pin.via & needed:
                needed.add(pin.name)
                grew = True
    return [pin for pin in pins if pin.name in needed]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("extras", nargs="*")
    parser.add_argument("--lock", type=Path, default=ROOT / "requirements.lock")
    parser.add_argument("--pyproject", type=Path, default=ROOT / "pyproject.toml")
    args = parser.parse_args(argv)
    pyproject = tomllib.loads(args.pyproject.read_text(encoding="utf-8"))
    pins = subset(read_lock(args.lock.read_text(encoding="utf-8")), roots(pyproject, args.extras))
    print("\n".join(line for pin in pins for line in pin.text))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
