"""Check the coverage `make test` measured against a floor per package.

After the run (pytest-cov has combined the workers' data into .coverage) this sums the
statements and misses of every module under each package, the ones no test imported
included, prints the table, and exits 1 naming each package below its floor. The floors only
go up: a package two points or more over its floor is named too, with the floor to raise it
to.
Modelled on qutebrowser's scripts/dev/check_coverage.py.
"""

import sys
from pathlib import Path

import coverage

ROOT = Path(__file__).resolve().parent.parent
# Per cent of statements run by `make test`: the figure measured at e046ac6 (2 December,
# 1,814 tests) rounded down, less one point, as coverage of timing-dependent paths (retries,
# a worker's race) moves a little between runs. Raise a floor when a package gains tests;
# never lower one to let a change in.
FLOORS = {
    "litman/core": 94,  # 95.62% of 5,982 statements
    "litman/formats": 97,  # 98.02% of 2,730
    "litman/metadata": 94,  # 95.35% of 1,011
    "litman/display": 99,  # 100% of 2
    "litman/cli": 92,  # 93.29% of 700 (in-process runs; the subprocess ones are not measured)
    "litman/gui": 91,  # 92.67% of 4,282
    "litman (app.py, paths.py, __main__.py)": 91,  # 92.23% of 103
}
TOP = "litman (app.py, paths.py, __main__.py)"


def package_of(path: Path) -> str:
    """The FLOORS key a module of litman counts towards."""
    parts = path.relative_to(ROOT).parts
    return TOP if len(parts) == 2 else "/".join(parts[:2])


def totals(cov: coverage.Coverage) -> dict[str, tuple[int, int]]:
    """Statements and statements run, by package."""
    sums: dict[str, tuple[int, int]] = {}
    for path in sorted((ROOT / "litman").rglob("*.py")):
        _name, statements, _excluded, missing, _text = cov.analysis2(str(path))
        total, run = sums.get(package_of(path), (0, 0))
        sums[package_of(path)] = (total + len(statements), run + len(statements) - len(missing))
    return sums


def main(data_file: Path = ROOT / ".coverage", floors: dict[str, int] = FLOORS) -> int:
    cov = coverage.Coverage(data_file=str(data_file), config_file=False)
    cov.load()
    if not cov.get_data().measured_files():
        print(f"check_coverage: no coverage data in {data_file} (run make test)", file=sys.stderr)
        return 1
    totals_by_package = totals(cov)
    failed = False
    for package, floor in floors.items():
        total, run = totals_by_package.get(package, (0, 0))
        percent = 100.0 * run / total if total else 100.0
        note = ""
        if percent < floor:
            note, failed = f"  BELOW its floor of {floor}%: test what lost its tests", True
        elif int(percent) - 1 > floor:  # the rule FLOORS was set by
            note = f"  (floor {floor}%: raise it to {int(percent) - 1} in FLOORS)"
        print(f"coverage {package:40} {percent:5.1f}% of {total:5d} statements{note}")
    unknown = set(totals_by_package) - set(floors)
    for package in sorted(unknown):
        print(f"check_coverage: {package} has no floor: add it to FLOORS", file=sys.stderr)
    return 1 if failed or unknown else 0


if __name__ == "__main__":
    sys.exit(main())
