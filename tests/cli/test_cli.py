"""The `litman` command through its real entry point, and in-process for speed."""

import json
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from litman.cli import main
from litman.core.library.facade import Library
from litman.core.records import NewPaper


def run(*args: str, env_library: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run `python -m litman` as a user would, in a fresh process."""
    env = None
    if env_library is not None:
        import os

        env = {**os.environ, "LITMAN_LIBRARY": str(env_library)}
    return subprocess.run(
        [sys.executable, "-m", "litman", *args], capture_output=True, text=True, env=env, timeout=60
    )


def cli_json(capsys: pytest.CaptureFixture[str], *args: str) -> Any:
    assert main(list(args)) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.slow
def test_list_json_of_a_new_library_is_empty(tmp_path: Path) -> None:
    result = run("--library", str(tmp_path / "x.sqlite"), "list", "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == []


def test_search_in_a_new_library_finds_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli_json(capsys, "--library", str(tmp_path / "x.sqlite"), "search", "x", "--json") == []


def test_library_option_works_after_the_subcommand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli_json(capsys, "list", "--library", str(tmp_path / "y.sqlite"), "--json") == []
    assert (tmp_path / "y.sqlite").exists()


@pytest.mark.slow
def test_env_variable_chooses_the_library(tmp_path: Path) -> None:
    path = tmp_path / "env.sqlite"
    assert run("list", env_library=path).returncode == 0
    assert path.exists()


def _library_with_two(path: Path) -> list[int]:
    with Library.open(path) as lib:
        return list(lib.papers.add_papers([NewPaper(title="Alpha"), NewPaper(title="Beta")]).added)


@pytest.mark.slow
def test_tag_and_status_changes_persist_across_processes(tmp_path: Path) -> None:
    path = tmp_path / "lib.sqlite"
    ids = _library_with_two(path)
    assert run("--library", str(path), "tag", "add", "Reading Group", str(ids[0])).returncode == 0
    assert run("--library", str(path), "status", "read", str(ids[1])).returncode == 0
    papers = json.loads(run("--library", str(path), "list", "--json").stdout)
    by_id = {p["id"]: p for p in papers}
    assert by_id[ids[0]]["tags"] == ["Reading Group"]
    assert by_id[ids[1]]["status"] == "read"
    tags = json.loads(run("--library", str(path), "tags", "--json").stdout)
    assert tags == [{"name": "Reading Group", "count": 1, "colour": None}]


def test_list_json_has_the_documented_keys(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "lib.sqlite"
    _library_with_two(path)
    (paper, _) = cli_json(capsys, "--library", str(path), "list", "--json")
    assert {
        "id",
        "citekey",
        "title",
        "title_derived",
        "authors",
        "year",
        "venue",
        "doi",
        "url",
        "abstract",
        "abstract_truncated",
        "tags",
        "status",
        "rating",
        "source",
        "added_at",
    } <= set(paper)


def test_tag_rename_and_delete(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "lib.sqlite"
    ids = _library_with_two(path)
    lib_arg = ["--library", str(path)]
    assert main([*lib_arg, "tag", "add", "old", *map(str, ids)]) == 0
    assert main([*lib_arg, "tag", "rename", "old", "new"]) == 0
    capsys.readouterr()
    assert cli_json(capsys, *lib_arg, "tags", "--json") == [
        {"name": "new", "count": 2, "colour": None}
    ]
    assert main([*lib_arg, "tag", "delete", "new"]) == 0
    capsys.readouterr()
    assert cli_json(capsys, *lib_arg, "tags", "--json") == []


def test_stats_counts_by_status_and_tag(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "lib.sqlite"
    ids = _library_with_two(path)
    main(["--library", str(path), "status", "reading", str(ids[0])])
    capsys.readouterr()
    stats = cli_json(capsys, "--library", str(path), "stats", "--json")
    assert stats["papers"] == 2
    assert stats["status"] == {"unread": 1, "reading": 1, "read": 0}


def test_show_accepts_a_citekey(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "lib.sqlite"
    ids = _library_with_two(path)
    key = Library.open(path).get(ids[0]).citekey
    assert cli_json(capsys, "--library", str(path), "show", key, "--json")["id"] == ids[0]


@pytest.mark.slow
def test_unknown_id_is_one_clear_line_and_exit_1(tmp_path: Path) -> None:
    result = run("--library", str(tmp_path / "x.sqlite"), "show", "42")
    assert result.returncode == 1
    assert result.stderr.strip() == "litman: error: No paper with id 42."


@pytest.mark.slow
def test_missing_import_file_is_a_failure_without_traceback(tmp_path: Path) -> None:
    result = run("--library", str(tmp_path / "x.sqlite"), "import", "nope.txt")
    assert result.returncode == 1
    assert "no such file" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.slow
def test_unknown_file_type_is_a_clear_error(tmp_path: Path) -> None:
    odd = tmp_path / "refs.xyz"
    odd.write_text("x")
    result = run("--library", str(tmp_path / "x.sqlite"), "import", str(odd))
    assert result.returncode == 1
    assert "cannot import '.xyz'" in result.stderr


@pytest.mark.slow
def test_a_file_whose_every_entry_is_skipped_fails_the_import(tmp_path: Path) -> None:
    bad = tmp_path / "broken.bib"
    bad.write_text("@article{a, title = {never closed\n")
    result = run("--library", str(tmp_path / "x.sqlite"), "import", str(bad))
    assert result.returncode == 1, result.stdout
    assert "0 added" in result.stdout and "nothing was imported from" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.slow
def test_usage_errors_exit_2(tmp_path: Path) -> None:
    assert run("--library", str(tmp_path / "x.sqlite"), "status", "skimmed", "1").returncode == 2
    assert run("--library", str(tmp_path / "x.sqlite"), "import").returncode == 2


@pytest.mark.slow
def test_newer_schema_is_refused_with_exit_1(tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "x.sqlite"
    Library.open(path).close()
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE meta SET value='999' WHERE key='schema_version'")
    conn.close()
    result = run("--library", str(path), "list")
    assert result.returncode == 1
    assert "newer litman" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.slow
def test_no_subcommand_opens_the_window_on_the_seeded_default_library(tmp_path: Path) -> None:
    """The real entry point, seeded, shows its window; --quit-after-show closes it once the
    first rows are painted, so the test waits for that, not for a fixed time."""
    import os

    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_DATA_HOME": str(tmp_path)}
    env.pop("LITMAN_LIBRARY", None)
    proc = subprocess.run(
        [sys.executable, "-m", "litman", "--quit-after-show"],
        env=env,
        timeout=300,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stderr
    assert "shown 89" in proc.stdout
    with Library.open(tmp_path / "litman" / "library.sqlite") as lib:
        assert lib.count() == 89


# -- backups and damaged libraries --------------------------------------------------------


@pytest.mark.slow
def test_backup_list_and_restore(seeded_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lib = ["--library", str(seeded_path)]
    assert main(["backup", *lib]) == 0
    assert "backed up" in capsys.readouterr().out
    listed = cli_json(capsys, "backup", "--list", "--json", *lib)
    assert [b["reason"] for b in listed] == ["manual"] and listed[0]["papers"] == 89
    assert main(["status", "read", "1", *lib]) == 0
    assert main(["restore", *lib]) == 0
    out = capsys.readouterr().out
    assert "restored" in out and "kept as" in out
    shown = cli_json(capsys, "show", "1", "--json", *lib)
    assert shown["status"] == "unread"


def _papers_page_offset(path: Path) -> int:
    """Where a leaf page of the papers table, halfway through them, starts in the file."""
    conn = sqlite3.connect(path)
    try:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        pages = [
            int(n)
            for (n,) in conn.execute(
                "SELECT pageno FROM dbstat WHERE name = 'papers' AND pagetype = 'leaf' ORDER BY pageno"
            )
        ]
        size = int(conn.execute("PRAGMA page_size").fetchone()[0])
    finally:
        conn.close()
    return (pages[len(pages) // 2] - 1) * size


@pytest.mark.slow
def test_a_damaged_library_gets_one_clear_line_and_a_restore_hint(seeded_path: Path) -> None:
    assert run("--library", str(seeded_path), "backup").returncode == 0
    data = bytearray(seeded_path.read_bytes())
    at = _papers_page_offset(seeded_path)  # damage where `list` must read
    data[at : at + 8192] = b"\xa5" * 8192
    seeded_path.write_bytes(bytes(data))
    result = run("--library", str(seeded_path), "list")
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert "is damaged" in result.stderr and "litman restore" in result.stderr
    assert seeded_path.read_bytes() == bytes(data)
    fixed = run("--library", str(seeded_path), "restore")
    assert fixed.returncode == 0, fixed.stderr
    assert run("--library", str(seeded_path), "list").returncode == 0


def test_restore_is_refused_while_a_window_holds_the_library(
    seeded_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from litman.core.store.locking import WriterLock

    main(["backup", "--library", str(seeded_path)])
    window = WriterLock(seeded_path)
    assert window.acquire()
    try:
        assert main(["restore", "--library", str(seeded_path)]) == 1
        assert "Close that window first" in capsys.readouterr().err
    finally:
        window.release()


def test_list_shows_titles_as_text_and_json_keeps_the_latex(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "t.sqlite"
    with Library.open(path) as lib:
        lib.papers.add_paper(NewPaper(title=r"The Noise Required for $(\epsilon,\delta)$-DP"))
    assert main(["--library", str(path), "list"]) == 0
    assert "The Noise Required for (ϵ,δ)-DP" in capsys.readouterr().out
    (paper,) = cli_json(capsys, "--library", str(path), "list", "--json")
    assert paper["title"] == r"The Noise Required for $(\epsilon,\delta)$-DP"


def test_list_sorted_by_authors_follows_family_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with Library.open(tmp_path / "lib.sqlite") as lib:
        lib.papers.add_papers(
            [NewPaper(title=f"By {a}", authors=(a,)) for a in ("John Smith", "Zoe Adams")]
        )
    rows = cli_json(
        capsys, "--library", str(tmp_path / "lib.sqlite"), "list", "--json", "--sort", "authors"
    )
    assert [r["authors"] for r in rows] == [["Zoe Adams"], ["John Smith"]]


def test_show_lists_each_stored_field_but_not_litmans_own(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`show` prints a paper's other BibTeX fields one a line, as `edit` names them, and
    not the bookkeeping litman keeps beside them (its field order, raw copies)."""
    bib = tmp_path / "a.bib"
    bib.write_text("@article{a, title={T}, author={Doe, J}, year=1946, volume={70}}\n")
    lib_arg = ["--library", str(tmp_path / "lib.sqlite")]
    assert main([*lib_arg, "import", str(bib)]) == 0
    capsys.readouterr()
    assert main([*lib_arg, "show", "a"]) == 0
    out = capsys.readouterr().out
    assert "volume: 70" in out
    assert "litman-" not in out and "{" not in out
