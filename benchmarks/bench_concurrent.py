"""Four client processes editing the same 1,000 papers of a shared library at once, for 30 s
(tests/core/edit_worker.py: fields, stored BibTeX fields, tags, statuses, from views often
stale): how many edits each makes, at what CPU, and how many are refused as stale. The run
is then checked as the test checks it (tests/core/test_concurrent_edits.py: no edit lost
without a conflict record), which asserts no time: the throughput is this script's.

    .venv/bin/python benchmarks/bench_concurrent.py [SECONDS]

The server is a throwaway cluster of the run's own (tests/pg_server.py).
"""

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from litman.core.library.facade import Library
from tests import pg_server
from tests.core.test_concurrent_edits import check, read, run_clients, seed


def main(seconds: float = 30.0) -> None:
    cluster = pg_server.start()
    try:
        url = cluster.url()
        with Library.open(url) as lib, tempfile.TemporaryDirectory() as logs:
            seed(lib)
            start = read(lib)
            edits = run_clients(url, Path(logs), edits=0, seconds=seconds)  # prints the rates
            check(lib, start, edits)  # prints accepted and refused
    finally:
        cluster.stop()


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 30.0)
