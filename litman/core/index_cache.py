"""The search index saved to a cache file, so that a reopened library searches at once.

Building the index for 100k papers takes seconds (benchmarks/bench_search.py); loading it
back takes a fraction of that. A saved index is used only when it was saved at the library's
current *generation*, a random token in the `meta` table that every litman write
transaction replaces: a file changed since, by this process or another, is rebuilt and saved again.

The file is an uncompressed numpy `.npz` of plain arrays (text is UTF-8 bytes, never pickled
objects, so a planted cache file cannot run code), written under a temporary name and
renamed into place. Any problem reading it means "no cache": it is a cache.
"""

import json
import os
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from litman import __version__
from litman.core.postings import array_text, text_array

if TYPE_CHECKING:
    from litman.core.search import SearchIndex

FORMAT = 3  # 2: per-paper digests, for reconciling with outside writes; 3: without status


def save(index: "SearchIndex", path: Path, generation: str) -> None:
    """Write the state of a built index at `generation`."""
    arrays = index.to_arrays()
    header = {"format": FORMAT, "litman": __version__, "generation": generation}
    arrays["header"] = text_array(json.dumps(header))
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial.npz")
    try:
        with partial.open("wb") as f:
            np.savez(f, **arrays)
        os.replace(partial, path)
    finally:
        partial.unlink(missing_ok=True)


def load(index: "SearchIndex", path: Path, generation: str) -> bool:
    """Fill `index` from the cache if it holds this generation; False (untouched) if not."""
    try:
        with np.load(path, allow_pickle=False) as data:
            header = json.loads(array_text(data["header"]))
            if (
                header.get("format") != FORMAT
                or header.get("litman") != __version__
                or header.get("generation") != generation
            ):
                return False
            arrays = {name: data[name] for name in data.files}
        index.from_arrays(arrays)
    except (OSError, ValueError, KeyError, zipfile.BadZipFile, EOFError):
        return False
    return True


class SavedIndex:
    """One library's saved index: which generation it holds, and when to load or save it.

    `generation()` reads the library's current token. The generation is read before a
    build, so that a write landing during the build leaves the saved copy labelled older
    than the file, and it is never trusted.
    """

    def __init__(self, path: Path, generation: Callable[[], str]) -> None:
        self.path = path
        self._generation = generation
        self.saved_at: str | None = None
        self._before_build: str | None = None

    def load_into(self, index: "SearchIndex") -> bool:
        self._before_build = generation = self._generation()
        if load(index, self.path, generation):
            self.saved_at = generation
            return True
        return False

    def after_build(self, index: "SearchIndex") -> None:
        if self._before_build is not None:
            self.save(index, self._before_build)

    def save(self, index: "SearchIndex", generation: str | None = None) -> None:
        """Save a built index as of `generation` (now, by default), unless already saved."""
        generation = self._generation() if generation is None else generation
        if not index.built or generation == self.saved_at:
            return
        try:
            save(index, self.path, generation)
            self.saved_at = generation
        except OSError:
            pass  # a cache that cannot be written is only slower next time
