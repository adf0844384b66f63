"""Hostile files are refused or cut down before they can cost memory or hang an import:
@string expansion is capped per value and per file, and a file's size and type are checked
before a byte of it is read."""

import os
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

from litman.core.errors import ImportFailed
from litman.formats import bibtex, decoding, registry


def doubling(n: int) -> str:
    """987 bytes of this reached 4.2 GB before the cap: each macro is twice the last."""
    lines = ['@string{a0 = "xxxxxxxxxxxxxxxx"}']
    lines += [f"@string{{a{i} = a{i - 1} # a{i - 1}}}" for i in range(1, n)]
    lines.append(f'@article{{big, title = a{n - 1} # a{n - 1}, author = "A. B."}}')
    lines.append('@article{fine, title = "Fine", author = "C. D.", year = 2001}')
    return "\n".join(lines) + "\n"


def test_a_doubling_string_chain_is_cut_with_a_report_line(tmp_path: Path) -> None:
    path = tmp_path / "bomb.bib"
    path.write_text(doubling(60))
    tracemalloc.start()
    batch = bibtex.read(path)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert peak < 50 * 2**20
    assert "line 14: @string 'a13' would expand to more than 100,000 characters; left out" in (
        batch.warnings
    )
    assert max(len(p.title) for p in batch.papers) < 100_000


def test_a_field_expanding_past_the_cap_skips_its_entry(tmp_path: Path) -> None:
    path = tmp_path / "bomb.bib"
    path.write_text(doubling(13))  # a12 holds 65,536 characters; the title twice that
    batch = bibtex.read(path)
    assert [p.citekey for p in batch.papers] == ["fine"]
    assert [(s.line, s.reason) for s in batch.skipped] == [
        (14, "a field would expand to more than 100,000 characters")
    ]


def test_the_file_total_of_expansions_is_capped(tmp_path: Path) -> None:
    # Each use is under the per-value cap, but 400 of them add up to 36 M characters.
    path = tmp_path / "wide.bib"
    big = "y" * 90_000
    entries = [f'@article{{k{i}, title = "T{i}", note = big}}' for i in range(400)]
    path.write_text(f'@string{{big = "{big}"}}\n' + "\n".join(entries))
    batch = bibtex.read(path)
    assert len(batch.papers) == 400
    notes = [p.extra["note"] for p in batch.papers]
    expanded = sum(len(n) for n in notes if n == big)
    assert expanded <= bibtex.MAX_EXPANDED_CHARS
    assert notes[-1] == "big"  # past the budget, the name is kept as text
    assert any("expanded to more than 20,000,000 characters" in w for w in batch.warnings)


def test_a_huge_sparse_file_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "huge.bib"
    with path.open("wb") as f:
        f.truncate(3 * 2**30)  # 3 GB, sparse: costs no disk
    tracemalloc.start()
    with pytest.raises(ImportFailed, match="larger than litman imports"):
        registry.read(path)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert peak < 10 * 2**20


def test_no_more_than_the_limit_is_read_from_a_growing_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The size is checked again on what was read: a file that grows after the check.
    path = tmp_path / "grows.bib"
    path.write_bytes(b"@misc{a, title={x}}\n" * 10)
    monkeypatch.setattr(decoding, "_check_kind", lambda *_: None)
    monkeypatch.setattr(decoding, "MAX_BYTES", 50)
    with pytest.raises(ImportFailed, match="larger than litman imports"):
        decoding.read_bytes(path)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero on this system")
def test_a_symlink_to_dev_zero_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "zero.bib"
    path.symlink_to("/dev/zero")
    with pytest.raises(ImportFailed, match="not a file"):
        registry.read(path)


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_named_bib_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "x.bib"
    os.mkfifo(fifo)
    # In a child process, so that a regression hangs one process, bounded, not the suite.
    library = str(tmp_path / "l.sqlite")
    run = subprocess.run(
        [sys.executable, "-m", "litman", "--library", library, "import", str(fifo)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 1
    assert run.stderr.strip().splitlines() == [
        "litman: error: x.bib: is a pipe, socket or device, not a file; nothing was imported."
    ]
