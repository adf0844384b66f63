"""The search index saved to a cache file, so that a reopened library searches at once.

Building the index for 100k papers takes seconds (benchmarks/bench_search.py); loading it
back takes a fraction of that. A saved index is used only when it was saved at the library's
current *generation*, a random token in the `meta` table that every litman write
transaction replaces: a file changed since, by this process or another, is rebuilt and saved again.

The file is an uncompressed numpy `.npz` of plain arrays (text is UTF-8 bytes, never pickled
objects, so a planted cache file cannot run code), written under a temporary name and
renamed into place. Any problem reading it means "no cache": it is a cache.

A saved index a few writes behind the library is caught up rather than rebuilt: through
the journal of those writes (`litman.core.index_journal`) when it proves every step, which
costs the few changed papers; otherwise by reconciling every paper's digest (about 1 s at
100k papers, against 5-6 s for a build). So a command-line write no longer makes the next
search rebuild the whole index.
"""

import json
import os
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from litman import __version__
from litman.core import index_journal
from litman.core.postings import array_text, text_array

if TYPE_CHECKING:
    from litman.core.search import SearchIndex

FORMAT = 3  # 2: per-paper digests, for reconciling with outside writes; 3: without status
# A journal replay above this many papers also saves the whole index again at close, which
# empties the journal; below it the saved file and its journal stand for the library.
COMPACT_AT = 2000


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
    return load_any(index, path, generation) is not None


def load_any(index: "SearchIndex", path: Path, generation: str | None = None) -> str | None:
    """Fill `index` from the cache (if it holds `generation`, when one is given); the
    generation it holds, or None (index untouched) when there is nothing usable."""
    try:
        with np.load(path, allow_pickle=False) as data:
            header = json.loads(array_text(data["header"]))
            saved = header.get("generation")
            if (
                header.get("format") != FORMAT
                or header.get("litman") != __version__
                or not isinstance(saved, str)
                or (generation is not None and saved != generation)
            ):
                return None
            arrays = {name: data[name] for name in data.files}
        index.from_arrays(arrays)
    except (OSError, ValueError, KeyError, zipfile.BadZipFile, EOFError):
        return None
    return saved


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
        saved = load_any(index, self.path)
        if saved is None:
            return False
        if saved != generation:
            self._catch_up(index, saved, generation)
        else:
            self.saved_at = generation
        return True

    def _catch_up(self, index: "SearchIndex", saved: str, generation: str) -> None:
        """Bring a loaded index from generation `saved` to `generation`: replay the journal
        when it proves every step, else compare every paper (`SearchIndex.reconcile`)."""
        replay = index_journal.chain(self.path, saved, generation)
        if replay is None:
            index.reconcile()
            return  # saved_at stays behind: the index is saved again at close
        replay_into(index, replay)
        if replay.size <= COMPACT_AT:
            self.saved_at = generation  # the file and its journal hold it: no save needed

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
            index_journal.clear(self.path)  # the saved file holds all it told
        except OSError:
            pass  # a cache that cannot be written is only slower next time


def replay_into(index: "SearchIndex", replay: index_journal.Replay) -> None:
    """Re-index the papers a journal says changed, as they are now (added, edited, gone)."""
    ids = sorted(replay.text | replay.attrs)
    present = {d.id for d in index.docs(ids)}
    known = {i for i in ids if i < len(index.alive) and index.alive[i]}
    added = [i for i in ids if i in present and i not in known]
    deleted = [i for i in ids if i not in present and i in known]
    text = [i for i in sorted(replay.text) if i in present and i in known]
    attrs = [i for i in sorted(replay.attrs - replay.text) if i in present and i in known]
    index.apply(added, text, deleted)
    if attrs:
        index.apply([], attrs, [], text_changed=False)
