"""Where litman finds its bundled files, from a source checkout or a frozen build.

This is the only module that knows about `sys._MEIPASS`: everything else asks it for
`resources_dir()` and `seeds_dir()`.
"""

import sys
from pathlib import Path


def bundle_root() -> Path:
    """The folder holding `resources/` and `seeds/`: the checkout, or PyInstaller's bundle."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    return Path(__file__).resolve().parent.parent


def resources_dir() -> Path:
    return bundle_root() / "resources"


def seeds_dir() -> Path:
    return bundle_root() / "seeds"


def seed_files() -> list[Path]:
    return sorted(seeds_dir().glob("*.txt"))


def is_frozen() -> bool:
    return bool(getattr(sys, "frozen", False))
