"""A journal beside a saved search index: which papers each write changed since it was saved.

A saved index is labelled with the library's generation, a random token that every write
replaces, so one command-line write (`litman status read 5`) made the next search rebuild
the whole index (10 s and 952 MB at 100k papers). Every committed write now appends one line
here: the generation it started from, the one it made, and the ids it touched. A search
that finds the saved index a few writes behind follows that chain from the saved generation
to the current one and re-indexes only those papers; a broken chain (a write that was not
journalled, another library's file, a restore) means the chain proves nothing and the index
is reconciled or rebuilt instead (`litman.core.index_cache`).

One JSON object per line, appended with O_APPEND, so that concurrent writers interleave
whole lines; a torn or unreadable line breaks the chain, never misleads it. No numpy here:
the window and every command journal their writes without loading the index code.
"""

import contextlib
import json
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from litman.core.records import Changes

# A write touching more papers than this is journalled as "many": replaying it would cost
# about what a reconcile costs, and its line would be long.
MAX_IDS = 5000


def path_for(index_file: Path) -> Path:
    return index_file.with_name(index_file.name + ".journal")


def record(index_file: Path, before: str, after: str, changes: Changes) -> None:
    """Append the write that took the library from generation `before` to `after`."""
    text_ids = [*changes.added, *changes.deleted]
    attr_ids: list[int] = []
    (text_ids if changes.text_changed else attr_ids).extend(changes.updated)
    entry: dict[str, object] = {"from": before, "to": after}
    if len(text_ids) + len(attr_ids) > MAX_IDS:
        entry["many"] = True
    else:
        entry.update(text=text_ids, attrs=attr_ids)
    _append(path_for(index_file), json.dumps(entry, separators=(",", ":")) + "\n")


def _append(path: Path, line: str) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW, 0o600)
        try:
            os.write(fd, line.encode())
        finally:
            os.close(fd)
    except OSError:
        pass  # a journal that cannot be written only makes the next search slower


def clear(index_file: Path) -> None:
    """Forget the journal (after a full save, which holds everything in it)."""
    with contextlib.suppress(OSError):
        path_for(index_file).unlink(missing_ok=True)


@dataclass
class Replay:
    """The papers to re-index to bring a saved index from one generation to another."""

    text: set[int] = field(default_factory=set)  # added, deleted or edited
    attrs: set[int] = field(default_factory=set)  # status only

    @property
    def size(self) -> int:
        return len(self.text | self.attrs)


def chain(index_file: Path, saved: str, current: str) -> Replay | None:
    """What changed from generation `saved` to `current`, if the journal proves every step;
    None if any step is missing, unreadable or too large."""
    steps: dict[str, dict[str, object] | None] = {}
    for entry in _entries(path_for(index_file)):
        start = str(entry.get("from"))
        # Two writes from one generation (a restored backup written again): ambiguous.
        steps[start] = None if start in steps else entry
    replay, at, seen = Replay(), saved, set()
    while at != current:
        step = steps.get(at)
        if step is None or step.get("many") or at in seen:
            return None
        seen.add(at)
        replay.text.update(_ints(step.get("text")))
        replay.attrs.update(_ints(step.get("attrs")))
        at = str(step.get("to"))
    return replay


def _entries(path: Path) -> Iterable[dict[str, object]]:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return
    for line in lines:
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        if isinstance(entry, dict):
            yield entry


def _ints(value: object) -> list[int]:
    if not isinstance(value, list):
        return []
    return [v for v in value if isinstance(v, int)]
