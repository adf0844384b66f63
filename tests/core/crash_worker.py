"""A process for the crash test to kill: one long write on a library, announced on stdout.

    python -m tests.core.crash_worker LIBRARY import FILE
    python -m tests.core.crash_worker LIBRARY tag NAME
    python -m tests.core.crash_worker LIBRARY status STATUS

It prints "go" just before the write starts and "done SECONDS" when it has committed.
"""

import sys
import time
from pathlib import Path

from litman.core.library.facade import Library
from litman.formats import registry


def main(argv: list[str]) -> None:
    path, op, arg = argv
    lib = Library.open(path, backup=False)
    ids = lib.list_ids("id") if op != "import" else []
    batch = registry.read(Path(arg)) if op == "import" else None
    print("go", flush=True)
    start = time.perf_counter()
    if op == "import":
        assert batch is not None
        lib.import_batches([batch])
    elif op == "tag":
        lib.tags.add_tag(arg, ids)
    else:
        lib.papers.set_status(ids, arg)
    print(f"done {time.perf_counter() - start:.3f}", flush=True)
    lib.close()


if __name__ == "__main__":
    main(sys.argv[1:])
