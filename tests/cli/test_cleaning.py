"""`litman duplicates`, `merge`, `distinct` and `saved`: the same real .bib imported twice
under other citekeys is listed group by group once, a merge keeps every tag, note and key
(the old key finds the kept paper in show, search and export), `distinct` dismisses a
group, and saved searches are kept, counted and exported."""

import json
import re
from pathlib import Path
from typing import Any

import pytest

from litman.cli import main
from litman.core.library.facade import Library

REAL = Path(__file__).parents[1] / "data" / "bib-real" / "Chocolate.bib"


@pytest.fixture
def twice(tmp_path: Path) -> Path:
    """The library holding Chocolate.bib, and a copy of it whose keys all start `copy-`."""
    copy = tmp_path / "copy.bib"
    copy.write_text(re.sub(r"^(@\w+\{)", r"\1copy-", REAL.read_text(), flags=re.M))
    path = tmp_path / "lib.sqlite"
    assert main(["--library", str(path), "import", str(REAL), str(copy)]) == 0
    return path


def entries(bib: Path) -> list[str]:
    """The citekeys of a .bib file's entries (its @comment blocks left out)."""
    return re.findall(r"(?im)^@(?!comment|preamble|string)\w+\{([^,]*),", bib.read_text())


def cli(capsys: pytest.CaptureFixture[str], path: Path, *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(["--library", str(path), *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def groups(capsys: pytest.CaptureFixture[str], path: Path) -> list[dict[str, Any]]:
    code, out, _ = cli(capsys, path, "duplicates", "--json")
    assert code == 0
    found: list[dict[str, Any]] = json.loads(out)
    return found


def test_each_paper_imported_twice_is_one_group_listed_once(
    twice: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    found = groups(capsys, twice)
    with Library.open(twice) as lib:
        assert len(found) == lib.count() // 2 == 15
    for g in found:
        assert len(g["citekeys"]) == 2 and "same DOI" in g["reasons"]
        a, b = sorted(g["citekeys"], key=len)
        assert b == f"copy-{a}"
    code, out, _ = cli(capsys, twice, "duplicates")
    assert code == 0 and "group 1: " in out and "litman merge KEEP OTHER" in out


def test_merge_keeps_tags_notes_and_the_old_key(
    twice: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert cli(capsys, twice, "tag", "add", "cocoa", "Corti_2009")[0] == 0
    assert cli(capsys, twice, "tag", "add", "thesis", "copy-Corti_2009")[0] == 0
    with Library.open(twice) as lib:  # notes are written in the window, not by `edit`
        lib.papers.update_paper(lib.resolve("copy-Corti_2009"), notes="Read for chapter 2")
    code, out, _ = cli(capsys, twice, "merge", "Corti_2009", "copy-Corti_2009")
    assert code == 0 and "merged 1 paper into Corti_2009" in out
    shown = json.loads(cli(capsys, twice, "show", "copy-Corti_2009", "--json")[1])
    assert shown["citekey"] == "Corti_2009"
    assert sorted(shown["tags"]) == ["cocoa", "thesis"] and shown["notes"] == "Read for chapter 2"
    assert all("Corti_2009" not in g["citekeys"] for g in groups(capsys, twice))
    found = json.loads(cli(capsys, twice, "search", "key:copy-Corti_2009", "--json")[1])
    assert [p["citekey"] for p in found] == ["Corti_2009"]
    out_file = tmp_path / "old.bib"
    assert cli(capsys, twice, "export", "key:copy-Corti_2009", "-o", str(out_file))[0] == 0
    assert entries(out_file) == ["Corti_2009"]
    assert re.search(r"ids\s*=\s*\{copy-Corti_2009\}", out_file.read_text())  # biblatex's


def test_prefer_takes_a_field_from_the_other_paper(
    twice: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli(capsys, twice, "edit", "copy-Cooper_2007", "title=Cocoa and health (copy)")[0] == 0
    code, _, err = cli(
        capsys,
        twice,
        "merge",
        "Cooper_2007",
        "copy-Cooper_2007",
        "--prefer",
        "copy-Cooper_2007:title",
    )
    assert code == 0, err
    assert json.loads(cli(capsys, twice, "show", "Cooper_2007", "--json")[1])["title"] == (
        "Cocoa and health (copy)"
    )


def test_a_bad_prefer_is_one_line_and_changes_nothing(
    twice: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = cli(
        capsys, twice, "merge", "Cooper_2007", "copy-Cooper_2007", "--prefer", "Ding_2006:title"
    )
    assert code == 1 and "not one of the papers merged" in err and "Traceback" not in err
    assert len(groups(capsys, twice)) == 15


def test_distinct_dismisses_a_group_for_good(
    twice: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = len(groups(capsys, twice))
    code, out, _ = cli(capsys, twice, "distinct", "Ding_2006", "copy-Ding_2006")
    assert code == 0 and "will not be proposed" in out
    after = groups(capsys, twice)
    assert len(after) == before - 1 and all("Ding_2006" not in g["citekeys"] for g in after)


def test_saved_searches_are_kept_counted_and_exported(
    twice: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = cli(capsys, twice, "saved", "add", "Old cocoa", "chocolate", "-cocoa")
    assert code == 0, out
    listed = json.loads(cli(capsys, twice, "saved", "--json")[1])
    assert [(s["name"], s["query"]) for s in listed] == [("Old cocoa", "chocolate -cocoa")]
    with Library.open(twice) as lib:
        expected = len(lib.search_ids("chocolate -cocoa"))
    assert listed[0]["count"] == expected > 0
    out_file = tmp_path / "saved.bib"
    assert cli(capsys, twice, "export", "saved:Old cocoa", "-o", str(out_file))[0] == 0
    assert len(entries(out_file)) == expected
    assert cli(capsys, twice, "saved", "remove", "old cocoa")[0] == 0
    assert json.loads(cli(capsys, twice, "saved", "list", "--json")[1]) == []
    code, _, err = cli(capsys, twice, "export", "saved:Old cocoa", "-o", str(out_file))
    assert code == 1 and "No saved search named 'Old cocoa'" in err


def test_related_lists_the_papers_sharing_rare_words(
    twice: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = cli(capsys, twice, "related", "Corti_2009", "--json")
    found = [p["citekey"] for p in json.loads(out)]
    # Its copy holds every word of its title, as does Hooper_2012's title (a tie).
    assert code == 0 and "copy-Corti_2009" in found[:2] and "Corti_2009" not in found
    assert len(found) == 10
    assert (
        len(json.loads(cli(capsys, twice, "related", "Corti_2009", "--limit", "3", "--json")[1]))
        == 3
    )


def test_the_file_imported_again_after_a_merge_merges_into_the_kept_paper(
    twice: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert cli(capsys, twice, "merge", "Corti_2009", "copy-Corti_2009")[0] == 0
    copy = tmp_path / "copy.bib"
    code, out, _ = cli(capsys, twice, "import", str(copy), "--json")
    assert code == 0
    (report,) = json.loads(out)
    assert report["added"] == []
    with Library.open(twice) as lib:
        assert lib.count() == 29  # 30 papers, one merged; none added again
        assert lib.resolve("copy-Corti_2009") == lib.resolve("Corti_2009")


def test_a_saved_search_narrowed_to_a_tag_counts_and_exports_within_it(
    twice: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    with Library.open(twice) as lib:
        found = lib.search_ids("chocolate")
        lib.tags.add_tag("Sweet", found[:2])
    code, out, _ = cli(capsys, twice, "saved", "add", "--tag", "Sweet", "Sweet cocoa", "chocolate")
    assert code == 0 and "(in tag/Sweet)" in out
    (listed,) = json.loads(cli(capsys, twice, "saved", "--json")[1])
    assert (listed["within"], listed["count"]) == ("tag/Sweet", 2)
    out_file = tmp_path / "sweet.bib"
    assert cli(capsys, twice, "export", "saved:Sweet cocoa", "-o", str(out_file))[0] == 0
    assert len(entries(out_file)) == 2
    code, out, _ = cli(capsys, twice, "search", "saved:Sweet cocoa")
    assert code == 0 and len(out.strip().splitlines()) == 2


@pytest.mark.parametrize(
    "args",
    [
        ("Sweet cocoa", "chocolate", "--tag", "Sweet"),
        ("Sweet cocoa", "chocolate", "-cocoa", "--tag=Sweet"),
        ("--tag", "Sweet", "Sweet cocoa", "chocolate"),
    ],
)
def test_a_filter_option_after_the_query_narrows_it_not_joins_it(
    twice: Path, capsys: pytest.CaptureFixture[str], args: tuple[str, ...]
) -> None:
    """`saved add NAME QUERY --tag T` saved the query "QUERY --tag T" (the query takes the
    rest of the line, so that a negated word like -cocoa is a word): an option litman knows
    is read as one wherever it stands; any other dashed word stays in the query."""
    code, _out, _ = cli(capsys, twice, "saved", "add", *args)
    assert code == 0
    (listed,) = json.loads(cli(capsys, twice, "saved", "--json")[1])
    assert listed["within"] == "tag/Sweet"
    assert listed["query"] == ("chocolate -cocoa" if "-cocoa" in args else "chocolate")


def test_two_filters_for_one_saved_search_are_refused(
    twice: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exited:  # argparse's usage error, as for any option
        cli(capsys, twice, "saved", "add", "--trash", "Both", "chocolate", "--tag", "A")
    assert exited.value.code == 2
    said = capsys.readouterr().err.strip().splitlines()[-1]
    assert said.endswith("not allowed with argument --trash")
    assert json.loads(cli(capsys, twice, "saved", "--json")[1]) == []
