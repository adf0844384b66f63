"""`litman import x.pdf DIR/`: a paper per PDF with the PDF copied into the files folder (or
`--link`ed), a PDF of a paper already in the library attached to it, and a PDF that cannot
be read one line, the others imported."""

import json
from pathlib import Path
from typing import Any

import pytest

from litman.cli import main
from litman.core.library.facade import Library
from litman.core.records import NewPaper
from tests.formats.test_pdf import SAMPLES, made  # noqa: F401 (a fixture)


def cli(capsys: pytest.CaptureFixture[str], path: Path, *args: str) -> tuple[int, str, str]:
    code = main(["--library", str(path), *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def attachments(capsys: pytest.CaptureFixture[str], lib: Path, paper: int) -> list[dict[str, Any]]:
    listed: list[dict[str, Any]] = json.loads(
        cli(capsys, lib, "attachments", str(paper), "--json")[1]
    )
    return listed


def test_a_pdf_makes_a_paper_with_its_pdf_stored(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    made: dict[str, Path],  # noqa: F811
) -> None:
    lib = tmp_path / "lib.sqlite"
    code, out, _ = cli(capsys, lib, "import", str(made["meta"]))
    assert code == 0 and "1 added" in out
    (paper,) = json.loads(cli(capsys, lib, "list", "--json")[1])
    assert paper["title"] == "Walrus Embeddings for Arctic Acoustics"
    assert paper["doi"] == "10.1234/walrus.2020.001"
    (att,) = attachments(capsys, lib, paper["id"])
    assert att["kind"] == "file" and Path(att["location"]).is_relative_to(tmp_path / "lib-files")
    assert Path(att["location"]).read_bytes() == made["meta"].read_bytes()


def test_link_leaves_the_pdf_where_it_is(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    made: dict[str, Path],  # noqa: F811
) -> None:
    lib = tmp_path / "lib.sqlite"
    cli(capsys, lib, "import", str(made["meta"]), "--link")
    (att,) = attachments(capsys, lib, 1)
    assert (att["kind"], att["location"]) == ("link", str(made["meta"]))


def test_the_same_pdf_again_is_not_a_second_paper(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    made: dict[str, Path],  # noqa: F811
) -> None:
    lib = tmp_path / "lib.sqlite"
    cli(capsys, lib, "import", str(made["meta"]))
    code, out, _ = cli(capsys, lib, "import", str(made["meta"]))
    assert code == 0 and "1 merged" in out
    assert len(json.loads(cli(capsys, lib, "list", "--json")[1])) == 1
    assert len(attachments(capsys, lib, 1)) == 1


def test_a_pdf_of_a_paper_in_the_library_is_attached_to_it(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    made: dict[str, Path],  # noqa: F811
) -> None:
    lib = tmp_path / "lib.sqlite"
    with Library.open(lib) as library:
        library.papers.add_paper(
            NewPaper(
                title="Walrus embeddings", authors=("Doe, Jane",), doi="10.1234/walrus.2020.001"
            )
        )
    cli(capsys, lib, "import", str(made["meta"]))
    (paper,) = json.loads(cli(capsys, lib, "list", "--json")[1])
    assert paper["authors"] == ["Doe, Jane"]
    (att,) = attachments(capsys, lib, paper["id"])
    assert att["kind"] == "file" and att["location"].endswith("walrus.pdf")


def test_a_folder_imports_each_pdf_and_says_each_refusal(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    made: dict[str, Path],  # noqa: F811
) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    for name in ("naacl06-shinyama.pdf", "aes-128.pdf", "simple1.pdf"):
        (folder / name).write_bytes((SAMPLES / name).read_bytes())
    (folder / "fake.pdf").write_text("not a pdf")
    lib = tmp_path / "lib.sqlite"
    code, out, err = cli(capsys, lib, "import", str(folder), str(made["meta"]))
    assert code == 1  # some files gave nothing: said, one line each
    said = out + err
    assert "aes-128.pdf is encrypted" in said and "fake.pdf is not a PDF" in said
    assert "Traceback" not in said
    titles = {p["title"] for p in json.loads(cli(capsys, lib, "list", "--json")[1])}
    assert {
        "Preemptive Information Extraction using Unrestricted Relation Discovery",
        "Walrus Embeddings for Arctic Acoustics",
    } <= titles
    assert len(titles) == 3


def test_a_misspelt_phrase_from_page_four_finds_its_pdf_first(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    made: dict[str, Path],  # noqa: F811
) -> None:
    lib = tmp_path / "lib.sqlite"
    cli(capsys, lib, "import", str(made["meta"]), str(SAMPLES / "naacl06-shinyama.pdf"))
    with Library.open(lib) as library:
        library.papers.add_paper(NewPaper(title="Zooplankton of the Arctic"))
    code, out, _ = cli(capsys, lib, "search", "zooplancton bioluminesense", "--json")
    found = json.loads(out)
    assert code == 0 and found[0]["title"] == "Walrus Embeddings for Arctic Acoustics"
    assert found[0]["passage"] == {
        "page": 4,
        "text": "On page four the zooplankton bioluminescence measurement appears.",
    }
    code, out, _ = cli(capsys, lib, "search", "fulltext:unrestricted", "--json")
    assert [p["title"] for p in json.loads(out)] == [
        "Preemptive Information Extraction using Unrestricted Relation Discovery"
    ]


def test_an_attached_pdf_is_searched(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    made: dict[str, Path],  # noqa: F811
) -> None:
    lib = tmp_path / "lib.sqlite"
    with Library.open(lib) as library:
        library.papers.add_paper(NewPaper(title="A paper"))
    cli(capsys, lib, "attach", "1", str(made["meta"]))
    code, out, _ = cli(capsys, lib, "search", "fulltext:bioluminescence", "--json")
    assert [p["id"] for p in json.loads(out)] == [1]
    code, _, err = cli(capsys, lib, "attach", "1", str(SAMPLES / "aes-128.pdf"))
    assert code == 0 and "aes-128.pdf is encrypted" in err and "its text not searched" in err
