"""Issue 19's concurrency test: four client processes make random edits (fields, stored
BibTeX fields, tags, statuses) to the same 1,000 papers at once (tests/core/edit_worker.py).
Afterwards no edit was lost without a conflict record: every accepted edit of a field was
made by a client that saw the value it replaced, and every refused one is in the record;
and the library equals a replay of the accepted edits in their commit order.

On the PostgreSQL test server 300 edits per client, as fast as each can; on one library
file, 100. The test asserts what happens, never how long it takes: how many edits the
clients make in 30 s is benchmarks/bench_concurrent.py's to measure."""

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from litman.core.library.facade import Library
from litman.core.records import NewPaper, Paper
from tests.core.edit_worker import FIELDS, STORED

ROOT = Path(__file__).resolve().parents[2]
PAPERS = 1000
CLIENTS = 4
State = dict[int, dict[str, Any]]
# Only so that a client that never ends does not hang the run: no time is asserted.
GIVE_UP_S = 3600


def seed(lib: Library) -> None:
    lib.papers.add_papers(
        [
            NewPaper(title=f"Paper {n}", venue=f"Venue {n % 7}", year=2000 + n % 20, doi="")
            for n in range(PAPERS)
        ]
    )


def _state(paper: Paper) -> dict[str, Any]:
    values: dict[str, Any] = {name: getattr(paper, name) for name in FIELDS}
    values |= {name: paper.extra.get(name, "") for name in STORED}
    return values | {"tags": set(paper.tags), "status": paper.status.value}


def read(lib: Library) -> State:
    return {p.id: _state(p) for p in lib.iter_papers(lib.list_ids("id"))}


def run_clients(where: str, tmp_path: Path, edits: int, seconds: float) -> list[dict[str, Any]]:
    """Four clients' edits (each at least `edits` of them, for at least `seconds`)."""
    logs = [tmp_path / f"client{w}.json" for w in range(1, CLIENTS + 1)]
    procs = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tests.core.edit_worker",
                where,
                *map(str, (w, edits)),
                *map(str, (seconds, log)),
            ],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for w, log in enumerate(logs, 1)
    ]
    for proc in procs:  # every client has opened the library: all go at once
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    for proc in procs:
        assert proc.stdin is not None
        proc.stdin.write("go\n")
        proc.stdin.close()
    for proc in procs:
        assert proc.wait(timeout=GIVE_UP_S) == 0
    runs = [json.loads(log.read_text(encoding="utf-8")) for log in logs]
    assert all(len(run["edits"]) >= edits for run in runs)
    spans = ", ".join(
        f"{len(r['edits'])} edits in {r['elapsed']:.1f} s ({r['cpu']:.1f} s CPU)" for r in runs
    )
    print(f"{CLIENTS} clients: {spans}")
    return [line for run in runs for line in run["edits"]]


def _replay(start: State, accepted: list[dict[str, Any]]) -> State:
    """The library as the accepted edits make it, one after another in commit order;
    checking on the way that each field edit replaced what its client saw."""
    state = {pid: dict(values, tags=set(values["tags"])) for pid, values in start.items()}
    for e in accepted:
        paper = state[e["pid"]]
        if e["kind"] == "tag":
            (paper["tags"].add if e["value"] else paper["tags"].discard)(e["field"])
        elif e["kind"] in ("field", "stored"):
            # A lost update is a write over a value its client never saw.
            assert e["value"] == paper[e["field"]] or e["saw"] == paper[e["field"]], e
            paper[e["field"]] = e["value"]
        else:
            paper["status"] = e["value"]
    return state


def check(lib: Library, start: State, edits: list[dict[str, Any]]) -> None:
    accepted = sorted((e for e in edits if e.get("seq")), key=lambda e: e["seq"])
    refused = [e for e in edits if e["kind"] == "refused"]
    assert len({e["seq"] for e in accepted}) == len(accepted)  # one commit each
    assert read(lib) == _replay(start, accepted)
    kept = sorted((c.paper_id, c.field, c.mine) for c in lib.papers.conflicts())
    assert kept == sorted((e["pid"], f, mine) for e in refused for f, _, mine in e["conflicts"])
    assert all(c.version > c.seen for c in lib.papers.conflicts())
    print(f"{len(accepted)} edits accepted, {len(refused)} refused as stale")
    kinds = {e["kind"] for e in accepted}
    assert kinds == {"field", "stored", "tag", "status"} and refused, (kinds, len(refused))


@pytest.mark.slow
def test_four_clients_on_postgresql_lose_no_edit(pg_url: str, tmp_path: Path) -> None:
    with Library.open(pg_url) as lib:
        seed(lib)
        start = read(lib)
        edits = run_clients(pg_url, tmp_path, edits=300, seconds=0)
        assert len(edits) >= CLIENTS * 300
        check(lib, start, edits)


@pytest.mark.slow
def test_four_clients_on_one_file_lose_no_edit(library_path: Path, tmp_path: Path) -> None:
    with Library.open(library_path) as lib:
        seed(lib)
        start = read(lib)
        edits = run_clients(str(library_path), tmp_path, edits=100, seconds=0)
        check(lib, start, edits)
