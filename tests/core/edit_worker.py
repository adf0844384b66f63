"""One client of the concurrency test (tests/core/test_concurrent_edits.py): random edits
of fields, stored BibTeX fields, tags and statuses, one after another (at least EDITS of them,
for at least SECONDS), each logged with what the client saw and whether it landed. It prints
`ready` once the library is open and starts on a line from stdin.

    python -m tests.core.edit_worker LIBRARY WORKER EDITS SECONDS LOG

Like a window, the client keeps the papers it has shown (`lib.get`) and edits from that view,
re-reading a paper only after its own writes and now and then: its view is often stale, as
a user's is who looked at a paper a while ago. Most edits go to a few papers, so that the
clients meet. Each edit's line in LOG (JSON) holds the journal number it committed under
(`Library.last_write_seq`: the order of every client's writes), or the conflict that
refused it.
"""

import json
import random
import sys
import time
from typing import Any

from litman.core.errors import ConflictError
from litman.core.library.facade import Library
from litman.core.records import Paper, Status

FIELDS = ("title", "venue", "year", "doi")
STORED = ("volume", "pages")
TAGS = tuple(f"t{n}" for n in range(5))
HOT = 20  # papers most edits go to
KINDS = ("field", "field", "field", "stored", "tag", "tag", "status")


def edit(lib: Library, rng: random.Random, paper: Paper, worker: int, i: int) -> dict[str, Any]:
    """Make one random edit of `paper` as last seen; what it was and what the client saw."""
    kind = rng.choice(KINDS)
    pid, seen = paper.id, paper.version
    if kind == "field":
        name = rng.choice(FIELDS)
        value: Any = worker * 100_000 + i if name == "year" else f"{name} {worker}.{i}"
        saw: Any = getattr(paper, name)
        lib.papers.update_paper(pid, seen_version=seen, **{name: value})
    elif kind == "stored":
        name = rng.choice(STORED)
        value = "" if rng.random() < 0.2 else f"{name} {worker}.{i}"
        saw = paper.extra.get(name, "")
        lib.papers.set_field(pid, name, value, seen_version=seen)
    elif kind == "tag":
        name = rng.choice(TAGS)
        value = name not in paper.tags  # a click on what the view shows
        saw = not value
        (lib.tags.add_tag if value else lib.tags.remove_tag)(name, [pid])
    else:
        name, value, saw = "status", rng.choice(list(Status)).value, paper.status.value
        lib.papers.set_status([pid], value)
    return {"kind": kind, "pid": pid, "field": name, "value": value, "saw": saw, "seen": seen}


def main(argv: list[str]) -> None:
    where, worker, edits, seconds, log = argv
    w, n, span = int(worker), int(edits), float(seconds)
    rng = random.Random(w)
    lib = Library.open(where, backup=False, daily=False, check=False)
    ids = lib.list_ids("id")
    view: dict[int, Paper] = {}
    lines = []
    # All clients start together: each says it is ready and waits for the word to go, so
    # that they edit at the same time however long each took to start.
    print("ready", flush=True)
    sys.stdin.readline()
    start = time.monotonic()
    # Edits one after another, nothing waited for, until the client has made `edits` of them
    # and `seconds` have passed: every client edits throughout the span.
    i = 0
    while i < n or time.monotonic() - start < span:
        pid = rng.choice(ids[:HOT] if rng.random() < 0.7 else ids)
        if pid not in view or rng.random() < 0.1:
            view[pid] = lib.get(pid)
        line: dict[str, Any] = {"worker": w, "i": i}
        try:
            line |= edit(lib, rng, view[pid], w, i)
            line["seq"] = lib.last_write_seq()
        except ConflictError as exc:
            line |= {"kind": "refused", "pid": exc.paper_id, "seen": exc.seen}
            line["conflicts"] = [[c.field, c.theirs, c.mine] for c in exc.conflicts]
        view[pid] = lib.get(pid)  # shown again after one's own write, as the window does
        lines.append(line)
        i += 1
    elapsed, cpu = time.monotonic() - start, time.process_time()
    lib.close()
    with open(log, "w", encoding="utf-8") as out:
        json.dump({"elapsed": elapsed, "cpu": cpu, "edits": lines}, out)


if __name__ == "__main__":
    main(sys.argv[1:])
