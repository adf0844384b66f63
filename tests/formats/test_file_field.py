"""The `file` field others write (JabRef, Mendeley, Zotero/Better BibTeX, BibDesk; RIS L1/L4;
a Zotero database's attachments) read into attachments that open, and written back: as
read while unedited, in JabRef's form once the attachments changed."""

import re
from pathlib import Path

import pytest

from litman import app
from litman.core.attached import PDF
from litman.core.library.facade import Library
from litman.formats import file_field, registry
from litman.formats.file_field import parse
from tests.conftest import corpora_dir


def paths(value: str) -> list[str]:
    return [a.path for a in parse(value)]


def test_jabref_entries_give_title_path_and_type() -> None:
    (a,) = parse("HKO2007.pdf:HKO2007.pdf:PDF")
    assert (a.title, a.path, a.content_type) == ("HKO2007.pdf", "HKO2007.pdf", PDF)
    assert paths(":Fen2010 - From the Resource.pdf:PDF;:b.ps:PostScript") == [
        "Fen2010 - From the Resource.pdf",
        "b.ps",
    ]


def test_jabref_escapes_are_undone() -> None:
    assert paths(r":http\://arxiv.org/pdf/0803.0142v1:PDF") == ["http://arxiv.org/pdf/0803.0142v1"]
    assert paths(r"Draft:JabRef\\Aziz2009.pdf:PDF") == [r"JabRef\Aziz2009.pdf"]
    assert paths(r":a\;b.pdf:PDF") == ["a;b.pdf"]


def test_mendeley_latex_escapes_are_read() -> None:
    value = r":C$\backslash$:/Users/amitrani/Documents/Mendeley/Hess - 2012 - Impact.pdf:pdf"
    (a,) = parse(value)
    assert a.path == "C:/Users/amitrani/Documents/Mendeley/Hess - 2012 - Impact.pdf"
    assert a.content_type == PDF


def test_zotero_and_better_bibtex_paths_are_plain() -> None:
    assert paths("/home/u/Zotero/storage/AB12/a.pdf;/home/u/b.pdf") == [
        "/home/u/Zotero/storage/AB12/a.pdf",
        "/home/u/b.pdf",
    ]
    assert paths(r"C:\Users\me\x.pdf") == [r"C:\Users\me\x.pdf"]
    assert paths("files/Zuniga:2016jt/A4FA.pdf") == ["files/Zuniga:2016jt/A4FA.pdf"]
    assert paths("ftp://gaia.cs.umass.edu/pub/Padhey99-markov.ps") == [
        "ftp://gaia.cs.umass.edu/pub/Padhey99-markov.ps"
    ]


def test_every_real_file_field_in_the_corpora_names_a_path() -> None:
    found = 0
    for bib in sorted(corpora_dir("bib").rglob("*.bib")):
        text = bib.read_text("utf-8", "replace")
        if not re.search(r"(?im)^\s*file\s*=", text):
            continue
        for paper in registry.read(bib).papers:
            value = next((v for k, v in paper.extra.items() if k.lower() == "file"), "")
            if not value:
                continue
            found += 1
            named = [a.path for a in paper.attachments]
            assert named and all(named), (bib.name, value)
            assert not any("backslash" in p or p.startswith(":") for p in named), (bib, value)
    assert found > 100


@pytest.fixture
def bib_with_files(tmp_path: Path) -> Path:
    folder = tmp_path / "refs"
    (folder / "pdfs").mkdir(parents=True)
    (folder / "pdfs" / "smith.pdf").write_bytes(b"%PDF-1.4\n")
    bib = folder / "refs.bib"
    bib.write_text(
        "@article{smith2020,\n  title = {Walrus},\n  file = {Main:pdfs/smith.pdf:PDF},\n}\n\n"
        "@article{roe2021,\n  title = {Zebra},\n  file = {:C$\\backslash$:/gone/roe.pdf:pdf},\n}\n",
        encoding="utf-8",
    )
    return bib


def test_an_imported_bib_has_working_attachments(bib_with_files: Path, tmp_path: Path) -> None:
    with Library.open(tmp_path / "lib.sqlite") as lib:
        app.import_files(lib, [bib_with_files])
        smith = lib.get_by_citekey("smith2020")
        (a,) = lib.attachments.of(smith.id)
        assert a.location == str(bib_with_files.parent / "pdfs" / "smith.pdf")
        assert (a.title, a.kind, a.missing) == ("Main", "link", False)
        (b,) = lib.attachments.of(lib.get_by_citekey("roe2021").id)
        assert b.path == "C:/gone/roe.pdf" and b.missing


def export_file_fields(lib: Library) -> dict[str, str]:
    out = {}
    for p in app.papers_to_export(lib, lib.list_ids("citekey")):
        out[p.citekey] = p.extra.get("file", "")
    return out


def test_the_file_field_is_written_back_as_read_until_edited(
    bib_with_files: Path, tmp_path: Path
) -> None:
    with Library.open(tmp_path / "lib.sqlite") as lib:
        app.import_files(lib, [bib_with_files])
        assert export_file_fields(lib) == {
            "roe2021": ":C$\\backslash$:/gone/roe.pdf:pdf",
            "smith2020": "Main:pdfs/smith.pdf:PDF",
        }
        roe = lib.get_by_citekey("roe2021").id
        lib.attachments.detach([a.id for a in lib.attachments.of(roe)])
        lib.attachments.attach(roe, ["https://example.org/a:b"])
        smith = lib.get_by_citekey("smith2020").id
        lib.attachments.detach([a.id for a in lib.attachments.of(smith)])
        assert export_file_fields(lib) == {
            "roe2021": r":https\://example.org/a\:b:URL",
            "smith2020": "",
        }


def test_the_bib_export_writes_the_jabref_form(bib_with_files: Path, tmp_path: Path) -> None:
    with Library.open(tmp_path / "lib.sqlite") as lib:
        app.import_files(lib, [bib_with_files])
        smith = lib.get_by_citekey("smith2020").id
        pdf = tmp_path / "new.pdf"
        pdf.write_bytes(b"%PDF-1.4\n")
        lib.attachments.attach(smith, [pdf], link=True)
        out = tmp_path / "out.bib"
        app.export_papers(app.papers_to_export(lib, [smith]), out)
        text = out.read_text()
    here = str(bib_with_files.parent / "pdfs" / "smith.pdf").replace(":", "\\:")
    assert f"Main:{here}:PDF;:{pdf!s}:PDF" in text.replace("\n", " ").replace("  ", " ")


def test_ris_l1_and_l4_become_attachments(tmp_path: Path) -> None:
    ris = tmp_path / "x.ris"
    ris.write_text(
        "TY  - JOUR\nTI  - Walrus\nL1  - /home/u/walrus.pdf\nL4  - https://example.org/fig.png\n"
        "ER  - \n",
        encoding="utf-8",
    )
    (p,) = registry.read(ris).papers
    assert [a.path for a in p.attachments] == ["/home/u/walrus.pdf", "https://example.org/fig.png"]


def test_a_duplicate_import_adds_its_files_to_the_paper(
    bib_with_files: Path, tmp_path: Path
) -> None:
    again = bib_with_files.with_name("again.bib")
    again.write_text(
        "@article{smith2020,\n  title = {Walrus},\n  file = {:pdfs/smith.pdf:PDF;:extra.pdf:PDF},\n}\n"
    )
    with Library.open(tmp_path / "lib.sqlite") as lib:
        app.import_files(lib, [bib_with_files])
        app.import_files(lib, [again])
        smith = lib.get_by_citekey("smith2020").id
        assert [Path(a.path).name for a in lib.attachments.of(smith)] == ["smith.pdf", "extra.pdf"]


def test_plain_zotero_paths_keep_an_escaped_semicolon() -> None:
    got = file_field.parse_plain(r"/z/storage/K/a\;b.pdf;attachments:sub/c.pdf")
    assert [a.path for a in got] == ["/z/storage/K/a;b.pdf", "sub/c.pdf"]


def test_a_zotero_database_imports_with_its_attachments(tmp_path: Path) -> None:
    from tests.formats.test_zotero import Zotero

    db = tmp_path / "zotero" / "zotero.sqlite"
    db.parent.mkdir()
    z = Zotero(db)
    item = z.item("journalArticle", "AAAA1111", title="Safe Bandits")
    z.attachment(item, "ATT00001", "storage:paper.pdf")
    z.attachment(item, "ATT00002", str(tmp_path / "linked.pdf"))
    z.attachment(item, "ATT00003", None, mode=3, url="https://arxiv.org/abs/2101.01234")
    z.close()
    stored = db.parent / "storage" / "ATT00001" / "paper.pdf"
    stored.parent.mkdir(parents=True)
    stored.write_bytes(b"%PDF-1.4\n")
    with Library.open(tmp_path / "lib.sqlite") as lib:
        app.import_files(lib, [db])
        found = lib.attachments.of(lib.list_ids()[0])
    assert [(a.location, a.missing) for a in found] == [
        (str(stored), False),
        (str(tmp_path / "linked.pdf"), True),
        ("https://arxiv.org/abs/2101.01234", False),
    ]
