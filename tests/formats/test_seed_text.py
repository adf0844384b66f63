"""Reading plain-text abstract files: the seeds' quirks, encodings, bad input."""

import codecs
import re
from pathlib import Path

import pytest

from litman import paths
from litman.core.errors import ImportFailed
from litman.core.records import ImportBatch
from litman.formats import seed_text
from litman.formats.markup import to_plain
from litman.formats.titles import derive_title

SEEDS = {p.name[:3]: p for p in paths.seed_files()}


def read(name: str) -> ImportBatch:
    return seed_text.read(SEEDS[name])


def test_each_seed_file_yields_one_paper_per_abstract() -> None:
    assert [len(read(n).papers) for n in ("000", "001", "002")] == [10, 59, 20]


def test_count_header_is_the_label_not_a_paper() -> None:
    batch = read("001")
    assert batch.label == "59 accepted papers"
    assert batch.lines[0] == 2
    assert all("accepted papers" not in p.abstract for p in batch.papers)


def test_page_chrome_is_skipped_with_line_numbers() -> None:
    batch = read("002")
    assert [s.line for s in batch.skipped] == [2, 3]
    assert all("论文检索" not in p.abstract for p in batch.papers)


def test_category_line_tags_only_the_next_abstract() -> None:
    papers = read("002").papers
    assert papers[0].tags == ()  # the opening abstract has no category line
    assert papers[1].tags == ("Optimization > Non-Convex",)
    assert papers[1].abstract.startswith("Sign-based optimization methods")
    assert papers[2].tags == ()  # "Normative theories" has no category line before it
    assert papers[3].tags == ("Deep Learning > Theory",)


def test_ellipsis_is_removed_and_truncation_recorded() -> None:
    papers = read("001").papers
    assert all(p.abstract_truncated for p in papers)
    assert not any(p.abstract.endswith(("…", "...")) for p in papers)
    assert not any(p.abstract_truncated for p in read("000").papers)


def test_markup_becomes_meaningful_plain_text() -> None:
    abstracts = [p.abstract for p in read("001").papers]
    assert not any(re.search(r"<|xmlns|&lt;|mml:", a) for a in abstracts)
    assert any("x₀ ∈ {−1, 1}ⁿ" in a for a in abstracts)
    assert any("signal x₀ ∈ ℝ" in a for a in abstracts)


def test_latex_stays_as_written() -> None:
    assert any(r"$\mathbf{x}_0$" in p.abstract for p in read("001").papers)


@pytest.mark.parametrize(
    ("html", "plain"),
    [
        ('x <inf xmlns:mml="http://www.w3.org/1998/Math/MathML">0</inf>', "x₀"),
        ("e<sup>n</sup>", "eⁿ"),
        ("A<sub>ij</sub>", "Aᵢⱼ"),
        ("A<sub>αβ</sub>", "A_{αβ}"),
        ("a &amp; b", "a & b"),
        ('cut <sup xmlns:mml="http://www.w3.org/1998', "cut"),
        ("<script>alert(1)</script>safe", "safe"),
    ],
)
def test_markup_conversion(html: str, plain: str) -> None:
    assert " ".join(to_plain(html).split()) == plain


def test_derived_titles_are_marked_short_and_whole_words() -> None:
    for name in SEEDS:
        for p in read(name).papers:
            assert p.title_derived and p.title
            assert len(p.title.split()) <= 12
            last = re.escape(p.title.split()[-1].strip("():,"))
            assert re.search(rf"(?i)(?<!\w){last}(?!\w)", p.abstract), p.title


def test_title_prefers_the_named_contribution() -> None:
    softsignum = read("002").papers[1]
    assert softsignum.title == "SoftSignum: A Novel Optimization Method"


def test_title_skips_background_opening() -> None:
    text = (
        "Recent advances have significantly improved our understanding of things. "
        "In this work, we establish optimal generalization rates for GD with deep ReLU "
        "networks by carefully trading off errors."
    )
    assert derive_title(text) == "Optimal Generalization Rates for GD with Deep ReLU Networks"


def test_provenance_records_file_and_line() -> None:
    batch = read("001")
    assert batch.papers[0].source == f"{SEEDS['001'].name}:2"
    assert read("000").papers[1].source.endswith(":3")


def test_seeds_are_misc_without_authors() -> None:
    assert all(p.entry_type == "misc" and not p.authors for p in read("000").papers)


def write(tmp_path: Path, data: bytes, name: str = "abs.txt") -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


ABSTRACT = "We propose a careful method for reading abstracts that works on every file we tried."


@pytest.mark.parametrize(
    "encoded",
    [
        ABSTRACT.encode("utf-8"),
        codecs.BOM_UTF8 + ABSTRACT.encode("utf-8"),
        ABSTRACT.encode("utf-16"),  # with BOM
    ],
)
def test_accepted_encodings(tmp_path: Path, encoded: bytes) -> None:
    batch = seed_text.read(write(tmp_path, encoded))
    assert batch.papers[0].abstract == ABSTRACT and not batch.warnings


def test_other_bytes_decode_as_cp1252_with_a_warning(tmp_path: Path) -> None:
    batch = seed_text.read(write(tmp_path, ("Müller " + ABSTRACT).encode("cp1252")))
    assert batch.papers[0].abstract.startswith("Müller")
    assert "cp1252" in batch.warnings[0]


@pytest.mark.parametrize("data", [b"\x00\x01\x02binary\x00" * 20, bytes(range(256)) * 4])
def test_binary_data_is_a_clear_error(tmp_path: Path, data: bytes) -> None:
    with pytest.raises(ImportFailed, match=r"binary|NUL"):
        seed_text.read(write(tmp_path, data))


def test_empty_file_says_so(tmp_path: Path) -> None:
    with pytest.raises(ImportFailed, match="empty"):
        seed_text.read(write(tmp_path, b"\n\n  \n"))


def test_file_without_abstracts_says_so(tmp_path: Path) -> None:
    with pytest.raises(ImportFailed, match="no abstracts"):
        seed_text.read(write(tmp_path, b"12 papers\nHome\nSearch\n"))


def test_hard_wrapped_paragraphs_are_joined(tmp_path: Path) -> None:
    text = (
        "We study wrapped text that continues\non the next line of the same paragraph.\n\n"
        "A second abstract sits here, also\nwrapped over two lines for the test.\n"
    )
    batch = seed_text.read(write(tmp_path, text.encode()))
    assert [p.abstract.split()[-1] for p in batch.papers] == ["paragraph.", "test."]
    assert batch.lines == (1, 4)


def test_one_per_line_without_blank_lines(tmp_path: Path) -> None:
    text = f"{ABSTRACT}\nAnother abstract about something else entirely, long enough here.\n"
    assert len(seed_text.read(write(tmp_path, text.encode())).papers) == 2
