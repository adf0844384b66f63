"""What the hostile-input tests share: the corpus, the import that must refuse cleanly or
succeed, the CPU-time bound on a huge value, and whole imports of random pieces."""

import random
import time
from pathlib import Path

from hypothesis import HealthCheck, settings

from litman import app
from litman.core.errors import ImportFailed
from litman.core.library.facade import Library
from litman.core.records import ImportReport

HOSTILE = Path(__file__).resolve().parents[1] / "data" / "hostile"
fuzz = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def snapshot(lib: Library) -> tuple[object, ...]:
    return tuple((p.id, p.title, p.abstract, p.tags) for p in lib.list_papers("id"))


def import_outcome(lib: Library, path: Path) -> str:
    """'imported' or 'refused'; any other exception fails the test."""
    before = snapshot(lib)
    try:
        reports = app.import_files(lib, [path])
    except ImportFailed as exc:
        assert str(exc).startswith(path.name), "the error names the file"
        assert snapshot(lib) == before, "a refused file changed the library"
        return "refused"
    assert all(r.source_name == path.name for r in reports)
    return "imported"


def timed_import(lib: Library, path: Path) -> list[ImportReport] | ImportFailed:
    """The import's reports, or the error refusing it, in under 30 s of CPU time (not wall
    time: a hang spins, while a machine busy with other work only waits)."""
    start = time.process_time()
    try:
        result: list[ImportReport] | ImportFailed = app.import_files(lib, [path])
    except ImportFailed as exc:
        result = exc
    assert time.process_time() - start < 30, "no hang"
    return result


def import_noise(
    lib: Library,
    folder: Path,
    pieces: list[str],
    suffixes: list[str],
    files: int,
    seed: int,
    longest: int,
) -> None:
    """Import `files` files, each refused or imported cleanly: every third one random bytes,
    the others runs of fewer than `longest` random `pieces`; the library stays consistent."""
    rng = random.Random(seed)
    for i in range(files):
        path = folder / f"f{i}{rng.choice(suffixes)}"
        if i % 3 == 0:
            path.write_bytes(bytes(rng.randrange(256) for _ in range(rng.randrange(300))))
        else:
            path.write_text("".join(rng.choice(pieces) for _ in range(rng.randrange(longest))))
        import_outcome(lib, path)
    assert lib.check() == "ok"
