"""Writing import batches: one transaction, duplicates merged, reports, first-run seeding."""

import json
from pathlib import Path

import pytest

from litman import app
from litman.cli import main
from litman.core.errors import ImportFailed
from litman.core.library.facade import Library
from litman.core.records import ImportBatch, NewPaper

LONG = (
    "Neural collapse describes the structured geometry that emerges in the features and "
    "weights of trained classifiers near the end of training, and we study it in depth "
    "for deep unconstrained feature models with many layers."
)


def batch(*papers: NewPaper, name: str = "f.txt") -> ImportBatch:
    return ImportBatch(name, tuple(papers), tuple(range(1, len(papers) + 1)))


def test_seed_import_yields_89_papers(seeded: Library) -> None:
    assert seeded.count() == 89


def test_reimporting_the_seeds_adds_nothing(seeded: Library) -> None:
    reports = app.import_seeds(seeded)
    assert sum(len(r.added) for r in reports) == 0
    assert sum(len(r.merged) for r in reports) == 89
    assert seeded.count() == 89


def test_seed_import_keeps_collection_label(seeded: Library) -> None:
    assert ("001_6af6fab6cfa011ab.txt", "59 accepted papers") in seeded.sources()


def test_seed_tags_are_hierarchical(seeded: Library) -> None:
    names = {t.name: t.count for t in seeded.tags()}
    assert names["Optimization > Non-Convex"] == 4
    assert "Deep Learning > Theory" in names


def test_seed_citekeys_are_unique_and_readable(seeded: Library) -> None:
    keys = [p.citekey for p in seeded.list_papers()]
    assert len(set(keys)) == 89
    assert all(k.replace("-", "").isalnum() and k.islower() for k in keys)


def test_markup_or_case_differences_merge(library: Library) -> None:
    library.import_batch(batch(NewPaper(abstract=LONG, title="t", title_derived=True)))
    other = LONG.upper().replace("features", "<i>features</i>").replace(" ", "  ")
    report = library.import_batch(batch(NewPaper(abstract=other, title="u", title_derived=True)))
    assert (len(report.added), len(report.merged)) == (0, 1)


def test_truncated_copy_merges_keeping_the_fuller_text_and_all_tags(library: Library) -> None:
    cut = NewPaper(
        abstract=LONG[:120],
        abstract_truncated=True,
        tags=("short",),
        title="cut",
        title_derived=True,
    )
    full = NewPaper(abstract=LONG, tags=("full",), title="full", title_derived=True)
    library.import_batch(batch(cut))
    report = library.import_batch(batch(full))
    assert report.merged[0].how == "truncated copy of the same abstract"
    (paper,) = library.list_papers()
    assert paper.abstract == LONG and not paper.abstract_truncated
    assert set(paper.tags) == {"short", "full"}


def test_duplicates_within_one_file_merge(library: Library) -> None:
    report = library.import_batch(batch(NewPaper(abstract=LONG), NewPaper(abstract=LONG)))
    assert len(report.added) == 1
    assert report.merged[0].line == 2


def test_papers_sharing_an_opening_stay_two(library: Library) -> None:
    opening = "Reinforcement learning with verifiable rewards has driven recent advances. "
    a = opening + "We propose a token-level metric that quantifies exploration in detail."
    b = opening + "Policy optimization weights gradients by rewards across many sampled responses."
    report = library.import_batch(batch(NewPaper(abstract=a), NewPaper(abstract=b)))
    assert len(report.added) == 2


def test_same_doi_merges(library: Library) -> None:
    library.papers.add_paper(NewPaper(title="A", doi="10.1/ABC"))
    report = library.import_batch(batch(NewPaper(title="B", doi="10.1/abc")))
    assert report.merged[0].how == "same DOI"


@pytest.mark.parametrize(
    "incoming",
    [
        {"doi": "10.48550/arXiv.2301.01234"},
        {"url": "https://arxiv.org/abs/2301.01234v3"},
        {"extra": {"eprint": "arXiv:2301.01234v2"}},
        {"doi": "10.1234/journal.5", "extra": {"eprint": "2301.01234", "archiveprefix": "arXiv"}},
    ],
)
def test_a_paper_known_by_its_arxiv_eprint_merges_with_the_same_preprint(
    library: Library, incoming: dict[str, object]
) -> None:
    stored = NewPaper(title="A", extra={"eprint": "2301.01234", "archiveprefix": "arXiv"})
    library.papers.add_paper(stored)
    report = library.import_batch(batch(NewPaper(title="B", **incoming)))  # type: ignore[arg-type]
    assert report.merged[0].how == "same arXiv id" and not report.added


def test_an_eprint_of_another_archive_is_not_an_arxiv_id(library: Library) -> None:
    library.papers.add_paper(
        NewPaper(title="A", extra={"eprint": "2301.01234", "eprinttype": "hal"})
    )
    report = library.import_batch(batch(NewPaper(title="B", doi="10.48550/arxiv.2301.01234")))
    assert report.added and not report.merged


def test_a_bad_file_among_good_ones_imports_nothing(library: Library, tmp_path: Path) -> None:
    good = tmp_path / "good.txt"
    good.write_text(LONG)
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"\x00\x01" * 50)
    with pytest.raises(ImportFailed):
        app.import_files(library, [good, bad])
    assert library.count() == 0


def test_cancel_leaves_the_library_unchanged(library: Library) -> None:
    papers = [NewPaper(abstract=f"{LONG} variant number {i} " * 2) for i in range(300)]
    with pytest.raises(Exception, match="cancelled"):
        library.import_batches([batch(*papers)], cancelled=lambda: library.count() >= 0)
    assert library.count() == 0


def test_first_run_at_default_location_imports_seeds() -> None:
    path = app.default_library_path()
    assert not path.exists()
    with app.open_library() as lib:
        assert lib.count() == 89
    with app.open_library() as lib:  # the second run does not import again
        assert lib.count() == 89


def test_explicit_library_starts_empty(tmp_path: Path) -> None:
    with app.open_library(tmp_path / "new.sqlite") as lib:
        assert lib.count() == 0


def test_import_seeds_flag_fills_any_library(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "x.sqlite"
    assert main(["--library", str(path), "import", "--seeds"]) == 0
    capsys.readouterr()
    assert main(["--library", str(path), "list", "--json"]) == 0
    papers = json.loads(capsys.readouterr().out)
    assert len(papers) == 89
    assert not any(s in p["abstract"] for p in papers for s in ("<", "xmlns", "&lt;"))


def test_empty_file_exits_nonzero_and_changes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    path = tmp_path / "x.sqlite"
    assert main(["--library", str(path), "import", str(empty)]) == 1
    assert "empty" in capsys.readouterr().err
    assert Library.open(path).count() == 0


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("refs.bib", "\n@article{k1, title={A Bib Paper}}\n"),
        ("refs.ris", "\nTY  - JOUR\nTI  - A RIS Paper\nER  - \n"),
        ("refs.json", '[\n{"id": "k1", "type": "article-journal", "title": "A CSL Paper"}\n]\n'),
    ],
)
def test_an_imported_paper_names_the_file_and_line_it_came_from(
    library: Library, tmp_path: Path, name: str, text: str
) -> None:
    """The detail pane said "From line 2." for a .bib import: which file, it did not say."""
    from litman.formats import registry

    path = tmp_path / name
    path.write_text(text)
    library.import_batch(registry.read(path))
    (paper,) = library.list_papers()
    assert paper.source == f"{name}:2"


def test_a_batch_paper_with_no_source_of_its_own_is_given_the_file_and_line(
    library: Library,
) -> None:
    library.import_batch(batch(NewPaper(title="One"), NewPaper(title="Two"), name="x.bib"))
    assert sorted(p.source for p in library.list_papers()) == ["x.bib:1", "x.bib:2"]


BLOCKS_BIB = (
    '@comment{zeta first}\n@preamble{"\\newcommand{\\x}{y}"}\n@comment{alpha last}\n'
    "@article{a, title={A paper}, author={Lee, Ann}, year={2020}}\n"
)


def test_kept_bibtex_blocks_come_back_in_the_order_read(library: Library, tmp_path: Path) -> None:
    first, second = tmp_path / "first.bib", tmp_path / "second.bib"
    first.write_text(BLOCKS_BIB)
    second.write_text("@comment{middle? no: read later}\n" + BLOCKS_BIB)
    app.import_files(library, [first])
    app.import_files(library, [second])  # one new block, after the others; none twice
    assert [body for _, body in library.kept_blocks()] == [
        "@comment{zeta first}",
        '@preamble{"\\newcommand{\\x}{y}"}',
        "@comment{alpha last}",
        "@comment{middle? no: read later}",
    ]
