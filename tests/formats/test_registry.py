"""The registry declares each reader and writer once: the file dialogs' filters, the command
line's choices and help, and the format a suffix names all come from it."""

import io
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TextIO

import pytest

from litman.cli import main
from litman.core.library.facade import Library
from litman.core.records import NewPaper, Paper
from litman.formats import registry
from litman.formats.exchange import ExportReport, WriteOptions


def _shout(
    papers: Iterable[Paper], out: TextIO, options: WriteOptions = WriteOptions()
) -> ExportReport:
    n = 0
    for p in papers:
        out.write(p.title.upper() + "\n")
        n += 1
    return ExportReport(n, {"abstract": n})


@pytest.fixture
def shout() -> Iterator[None]:
    registry.register_writer("shout", "Shouting", ".shout", lambda: _shout)
    try:
        yield
    finally:
        registry.unregister_writer("shout")


def test_every_reader_is_in_the_open_filter() -> None:
    pattern = registry.open_filter().split(";;")[0]
    for suffix in registry.supported_suffixes():
        assert f"*{suffix}" in pattern
    assert registry.open_filter().endswith(";;All files (*)")


def test_a_registered_writer_is_offered_everywhere(shout: None) -> None:
    assert "Shouting (*.shout)" in registry.save_filters().split(";;")
    assert "shout" in registry.writer_names()
    assert registry.format_for(Path("x.shout")) == "shout"
    assert registry.label("shout") == "Shouting"


def test_the_save_filter_names_the_format(shout: None) -> None:
    assert registry.format_for_filter("Shouting (*.shout)") == "shout"
    assert registry.format_for_filter("RIS (*.ris)") == "ris"


def test_a_registered_writer_writes_to_a_file_and_says_what_it_left_out(
    shout: None, tmp_path: Path
) -> None:
    out = tmp_path / "x.shout"
    report = registry.export([_paper("Bandits", tmp_path)], out, registry.format_for(out))
    assert out.read_text(encoding="utf-8") == "BANDITS\n"
    assert report.describe(registry.label("shout")) == [
        "Shouting cannot express 'abstract': left out of 1 paper"
    ]


def test_the_command_line_exports_through_a_registered_writer(
    shout: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lib = Library.open(tmp_path / "lib.sqlite")
    lib.papers.add_papers([NewPaper(title="Bandits", citekey="a")])
    lib.close()
    args = ["--library", str(tmp_path / "lib.sqlite"), "export", "-o", "-", "--format", "shout"]
    assert main(args) == 0
    assert capsys.readouterr().out == "BANDITS\n"


def test_the_command_line_help_names_every_format(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["export", "--help"])
    text = capsys.readouterr().out
    for name in registry.writer_names():
        assert name in text
    with pytest.raises(SystemExit):
        main(["--help"])
    text = capsys.readouterr().out
    for suffix in registry.supported_suffixes():
        assert suffix in text


def test_bibtex_writes_through_the_registry_with_its_options(tmp_path: Path) -> None:
    out = io.StringIO()
    options = WriteOptions(mode="ascii", blocks=(("preamble", "@preamble{x}"),))
    report = registry.writer_for("bibtex")([_paper("Müller", tmp_path)], out, options)
    assert report.written == 1
    assert out.getvalue().startswith("@preamble{x}")
    assert '{\\"u}' in out.getvalue()


def _paper(title: str, folder: Path) -> Paper:
    lib = Library.open(folder / "papers.sqlite")
    try:
        [paper_id] = lib.papers.add_papers([NewPaper(title=title, citekey="a")]).added
        return lib.get(paper_id)
    finally:
        lib.close()
