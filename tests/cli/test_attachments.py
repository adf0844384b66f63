"""`litman attach`, `attachments`, `open` and `files-folder`: files copied or linked, listed
with where they are, opened in the viewer `LITMAN_OPENER` names (or the path printed), and
what goes wrong said in one line with nothing changed."""

import json
import sys
from pathlib import Path

import pytest

from litman import viewer
from litman.cli import main
from litman.core.library.facade import Library
from litman.core.records import NewPaper
from tests.formats.test_pdf import made  # noqa: F401 (a fixture)


@pytest.fixture
def lib_path(tmp_path: Path) -> Path:
    path = tmp_path / "lib.sqlite"
    with Library.open(path) as lib:
        lib.papers.add_papers(
            [
                NewPaper(title="Walrus embeddings", citekey="walrus", doi="10.1000/w"),
                NewPaper(title="Bare"),
            ]
        )
    return path


@pytest.fixture
def a_pdf(tmp_path: Path) -> Path:
    path = tmp_path / "in" / "walrus.pdf"
    path.parent.mkdir()
    path.write_bytes(b"%PDF-1.4\n%%EOF\n")
    return path


def cli(capsys: pytest.CaptureFixture[str], path: Path, *args: str) -> tuple[int, str, str]:
    code = main(["--library", str(path), *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_attach_copies_and_attachments_lists(
    lib_path: Path, a_pdf: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = cli(capsys, lib_path, "attach", "walrus", str(a_pdf))
    assert code == 0 and "attached 1 file to walrus" in out
    code, out, _ = cli(capsys, lib_path, "attachments", "walrus", "--json")
    (att,) = json.loads(out)
    assert att["kind"] == "file" and att["content_type"] == "application/pdf"
    assert Path(att["location"]).parent.parent == lib_path.with_name("lib-files")
    assert not att["missing"]
    assert str(lib_path.with_name("lib-files")) in cli(capsys, lib_path, "attachments", "1")[1]


def test_a_linked_file_that_goes_missing_is_said(
    lib_path: Path, a_pdf: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cli(capsys, lib_path, "attach", "1", str(a_pdf), "--link")
    a_pdf.unlink()
    assert "MISSING" in cli(capsys, lib_path, "attachments", "1")[1]
    code, _, err = cli(capsys, lib_path, "open", "1", "--print")
    assert code == 1 and f"file is missing: {a_pdf}" in err and "Traceback" not in err


def test_a_file_not_there_attaches_nothing(
    lib_path: Path, a_pdf: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = cli(capsys, lib_path, "attach", "1", str(a_pdf), str(tmp_path / "no.pdf"))
    assert code == 1 and err.count("\n") == 1 and "no such file" in err
    assert json.loads(cli(capsys, lib_path, "attachments", "1", "--json")[1]) == []


def test_open_print_gives_the_first_pdf(
    lib_path: Path, a_pdf: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cli(capsys, lib_path, "attach", "1", "https://example.org/page", str(a_pdf))
    code, out, _ = cli(capsys, lib_path, "open", "walrus", "--print")
    assert code == 0 and out.strip().endswith("walrus.pdf") and Path(out.strip()).is_file()
    assert cli(capsys, lib_path, "open", "1", "--online", "--print")[1].strip() == (
        "https://doi.org/10.1000/w"
    )


def test_open_calls_the_viewer_with_the_path(
    lib_path: Path,
    a_pdf: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    said = tmp_path / "viewer-was-given"
    script = f"import sys, pathlib; pathlib.Path({json.dumps(str(said))}).write_text(sys.argv[1])"
    monkeypatch.setenv(viewer.OPENER_ENV, f"{sys.executable} -c '{script}'")
    cli(capsys, lib_path, "attach", "1", str(a_pdf), "--link")
    assert cli(capsys, lib_path, "open", "1")[0] == 0
    assert viewer.started[-1].wait(timeout=60) == 0
    assert said.read_text() == str(a_pdf)


def test_a_viewer_that_cannot_start_is_one_line(
    lib_path: Path, a_pdf: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(viewer.OPENER_ENV, "/no/such/viewer")
    cli(capsys, lib_path, "attach", "1", str(a_pdf))
    code, _, err = cli(capsys, lib_path, "open", "1")
    assert code == 1 and "Cannot start /no/such/viewer" in err and err.count("\n") == 1


def test_open_without_attachments_says_how(
    lib_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = cli(capsys, lib_path, "open", "2")
    assert code == 1 and "has no attachment: `litman attach 2 FILE`" in err


def test_files_folder_is_set_and_used(
    lib_path: Path, a_pdf: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli(capsys, lib_path, "files-folder")[1].strip() == str(lib_path.with_name("lib-files"))
    cli(capsys, lib_path, "files-folder", str(tmp_path / "papers"))
    cli(capsys, lib_path, "attach", "1", str(a_pdf))
    (att,) = json.loads(cli(capsys, lib_path, "attachments", "1", "--json")[1])
    assert Path(att["location"]).is_relative_to(tmp_path / "papers")


def test_emptying_the_trash_deletes_stored_files(
    lib_path: Path, a_pdf: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cli(capsys, lib_path, "attach", "1", str(a_pdf))
    stored = Path(cli(capsys, lib_path, "open", "1", "--print")[1].strip())
    cli(capsys, lib_path, "delete", "1")
    assert stored.exists()
    cli(capsys, lib_path, "trash", "empty", "--yes")
    assert not stored.exists() and a_pdf.exists()


def test_detach_and_find_missing(
    lib_path: Path, a_pdf: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cli(capsys, lib_path, "attach", "1", str(a_pdf), "--link")
    elsewhere = tmp_path / "moved"
    elsewhere.mkdir()
    a_pdf.rename(elsewhere / a_pdf.name)
    code, out, _ = cli(capsys, lib_path, "find-missing", str(elsewhere))
    assert code == 0 and "found 1 missing file" in out
    (att,) = json.loads(cli(capsys, lib_path, "attachments", "1", "--json")[1])
    assert att["location"] == str(elsewhere / a_pdf.name) and not att["missing"]
    code, out, _ = cli(capsys, lib_path, "detach", str(att["id"]))
    assert code == 0 and "removed 1 attachment" in out
    assert json.loads(cli(capsys, lib_path, "attachments", "1", "--json")[1]) == []
    code, _, err = cli(capsys, lib_path, "detach", "99")
    assert code == 1 and "No attachment with id 99" in err


def test_files_folder_rename_names_files_copied_in(
    lib_path: Path, a_pdf: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = cli(capsys, lib_path, "files-folder", "--rename", "{citekey}")
    assert code == 0 and "named '{citekey}'" in out
    download = a_pdf.rename(a_pdf.with_name("download (3).pdf"))
    cli(capsys, lib_path, "attach", "walrus", str(download))
    assert cli(capsys, lib_path, "open", "walrus", "--print")[1].strip().endswith("/walrus.pdf")
    code, _, err = cli(capsys, lib_path, "files-folder", "--rename", "{nope}")
    assert code == 1 and "not nope" in err


def test_extract_text_reads_the_pdfs_attached_without_it(
    lib_path: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    made: dict[str, Path],  # noqa: F811
) -> None:
    with Library.open(lib_path) as lib:  # a PDF linked as a library made before full text
        pid = lib.papers.add_paper(NewPaper(title="Walrus"))
        lib.attachments.attach(pid, [made["meta"]], link=True)
        assert lib.search("fulltext:zooplankton").ids.tolist() == []
    code, out, _ = cli(capsys, lib_path, "extract-text")
    assert code == 0 and "read the text of 1 PDF of 1" in out
    with Library.open(lib_path) as lib:
        assert lib.search("fulltext:zooplankton").ids.tolist() == [pid]
    code, out, _ = cli(capsys, lib_path, "extract-text")
    assert code == 0 and "every PDF's text is kept already" in out


def test_extract_text_says_which_pdf_it_could_not_read(
    lib_path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(b"%PDF-1.4\nthis is no PDF body\n")
    with Library.open(lib_path) as lib:
        lib.attachments.attach(1, [broken], link=True)
    code, out, err = cli(capsys, lib_path, "extract-text")
    assert code == 0 and "read the text of 0 PDFs of 1" in out
    assert err.startswith("litman: broken.pdf ")
