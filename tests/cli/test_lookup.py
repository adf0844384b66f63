"""`litman add` and `litman enrich` against the fake API (tests/metadata/fake_api.py)."""

import json
from pathlib import Path

import pytest

from litman.cli import main
from litman.core.library.facade import Library
from litman.core.records import Paper

SEEDS = {
    "w2sg": "Weak-to-strong generalization (W2SG)",
    "rlvr": "Reinforcement learning with verifiable rewards has driven",
    "soft": "Sign-based optimization methods, such as SignSGD",
    "thr": "Reinforcement learning with verifiable rewards has significantly",
    "dpo": "Normative theories allow one to elicit",
}


def cli(capsys: pytest.CaptureFixture[str], path: Path, *args: str) -> tuple[int, str, str]:
    code = main(["--library", str(path), *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def papers(path: Path) -> dict[int, Paper]:
    with Library.open(path) as lib:
        return {p.id: p for p in lib.list_papers(sort="id")}


def seed(all_papers: dict[int, Paper], key: str) -> Paper:
    (found,) = [p for p in all_papers.values() if p.abstract.startswith(SEEDS[key])]
    return found


@pytest.mark.usefixtures("fake_api")
def test_add_takes_a_doi_an_arxiv_id_and_an_isbn_in_any_form(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "lib.sqlite"
    code, out, err = cli(
        capsys,
        path,
        "add",
        "https://doi.org/10.5555/W2SG.0001",
        "arXiv:2512.99901v2",
        "hep-th/9901999",
        "ISBN 978-3-16-148410-0",
        "doi:10.5555/zenodo.0003",
    )
    assert (code, err) == (0, "")
    assert out.count("added ") == 5
    by_doi = {p.doi: p for p in papers(path).values()}
    w2sg = by_doi["10.5555/w2sg.0001"]
    assert w2sg.authors == ("Example, Ada", "Placeholder, Bo")
    assert (w2sg.year, w2sg.venue, w2sg.entry_type) == (
        2025,
        "Journal of Example Research",
        "article",
    )
    assert (
        w2sg.extra["volume"] == "12" and w2sg.extra["pages"] == "101--130"
    )  # CSL `101-130` as BibTeX writes it
    assert not w2sg.title_derived and w2sg.citekey == "example2025biasvariance"
    assert by_doi["10.48550/arxiv.2512.99901"].extra["eprint"] == "2512.99901"
    assert set(by_doi) == {
        "10.5555/w2sg.0001",
        "10.48550/arxiv.2512.99901",
        "10.5555/hep.0004",
        "10.5555/book.0006",
        "10.5555/zenodo.0003",
    }


@pytest.mark.slow
@pytest.mark.usefixtures("fake_api")
def test_adding_a_stored_doi_or_arxiv_id_again_merges_instead_of_adding(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "lib.sqlite"
    assert cli(capsys, path, "add", "10.5555/w2sg.0001", "2512.99901")[0] == 0
    before = papers(path)
    code, out, _ = cli(
        capsys,
        path,
        "add",
        "doi:10.5555/W2SG.0001",
        "https://arxiv.org/abs/2512.99901v2",
        "10.5555/w2sg.0001",
    )
    assert code == 0
    assert out.count("merged into ") == 3 and "added" not in out
    assert papers(path).keys() == before.keys()


@pytest.mark.usefixtures("fake_api")
def test_adding_an_arxiv_id_merges_into_a_paper_known_only_by_its_eprint(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, bib = tmp_path / "lib.sqlite", tmp_path / "refs.bib"
    bib.write_text(
        "@misc{hal2025soft,\n  title = {SoftSignum},\n  author = {Exemplar, Hal},\n"
        "  eprint = {2512.99901v1},\n  archivePrefix = {arXiv},\n}\n"
    )
    assert cli(capsys, path, "import", str(bib))[0] == 0
    code, out, _ = cli(capsys, path, "add", "arXiv:2512.99901")
    assert code == 0 and out.startswith("merged into hal2025soft: ")
    (paper,) = papers(path).values()
    assert (paper.citekey, paper.doi) == ("hal2025soft", "10.48550/arxiv.2512.99901")


@pytest.mark.usefixtures("fake_api")
def test_add_json_says_where_each_record_went_and_why_others_gave_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "lib.sqlite"
    assert cli(capsys, path, "add", "10.5555/w2sg.0001")[0] == 0
    code, out, err = cli(capsys, path, "add", "--json", "2512.99901v2", "10.5555/W2SG.0001", "x1")
    assert code == 1 and err.startswith("litman: error: x1: ")
    data = json.loads(out)
    stored = {p.doi: p for p in papers(path).values()}
    assert data["papers"] == [
        {
            "identifier": "arXiv:2512.99901",
            "source": "arXiv",
            "action": "added",
            "id": stored["10.48550/arxiv.2512.99901"].id,
            "citekey": "exemplar2025softsignum",
            "title": "SoftSignum: A Smooth Transition from Sign-Based Updates to SGD",
        },
        {
            "identifier": "DOI 10.5555/w2sg.0001",
            "source": "Crossref",
            "action": "merged",
            "id": stored["10.5555/w2sg.0001"].id,
            "citekey": "example2025biasvariance",
            "title": stored["10.5555/w2sg.0001"].title,
        },
    ]
    assert [f["input"] for f in data["failed"]] == ["x1"]
    assert "is not a DOI, an arXiv id or an ISBN" in data["failed"][0]["error"]


@pytest.mark.usefixtures("fake_api")
def test_a_doi_that_is_not_found_is_one_line_and_changes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "lib.sqlite"
    code, out, err = cli(capsys, path, "add", "10.5555/missing")
    assert code == 1 and out == ""
    assert err == (
        "litman: error: 10.5555/missing: No record of DOI 10.5555/missing found "
        "(asked Crossref, doi.org, OpenAlex).\n"
    )
    assert papers(path) == {}


def test_offline_add_and_enrich_say_so_in_one_line(
    seeded_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = papers(seeded_path)
    for args in (["add", "10.5555/w2sg.0001"], ["enrich", "--accept-above", "0.5"]):
        code, _, err = cli(capsys, seeded_path, *args)
        assert code == 1
        assert err.startswith("litman: error: Looking up metadata needs the network:")
        assert err.count("\n") == 1
    assert papers(seeded_path) == before


@pytest.mark.slow
@pytest.mark.usefixtures("fake_api")
def test_enrich_dry_run_shows_a_candidate_table_and_writes_nothing(
    seeded_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = papers(seeded_path)
    code, out, err = cli(capsys, seeded_path, "enrich", "--dry-run", "--accept-above", "0.9")
    assert code == 0
    assert f"[1/{len(before)}]" in out  # every seed paper has a derived title
    assert "score  source" in out
    assert " 1.00  Crossref          2025  10.5555/w2sg.0001" in out
    assert "would accept 1.00 arXiv:" in out
    assert "nothing was written (--dry-run)" in err
    assert papers(seeded_path) == before


@pytest.mark.slow
@pytest.mark.usefixtures("fake_api")
def test_enrich_accept_above_fills_the_papers_that_match_and_no_others(
    seeded_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = papers(seeded_path)
    code, _, err = cli(capsys, seeded_path, "enrich", "--accept-above", "0.9")
    assert code == 0 and "filled 3 from candidates scoring 0.9 or more" in err
    after = papers(seeded_path)
    changed = {pid for pid in before if after[pid] != before[pid]}
    assert changed == {seed(before, k).id for k in ("w2sg", "rlvr", "soft")}
    w2sg = seed(after, "w2sg")
    assert not w2sg.title_derived
    assert w2sg.title.startswith("A Bias–Variance View of Weak-to-Strong Generalization")
    assert w2sg.authors == ("Example, Ada", "Placeholder, Bo")
    assert w2sg.abstract == seed(before, "w2sg").abstract  # not longer: the stored one stays
    rlvr = seed(after, "rlvr")  # a truncated seed is completed from OpenAlex
    assert not rlvr.abstract_truncated
    assert rlvr.abstract.startswith(seed(before, "rlvr").abstract)
    assert rlvr.abstract.endswith("improves accuracy on mathematical reasoning benchmarks.")
    assert seed(after, "soft").extra["eprint"] == "2512.99901"


@pytest.mark.slow
@pytest.mark.usefixtures("fake_api")
def test_enrich_gives_a_filled_paper_the_key_its_real_metadata_makes(
    seeded_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = seed(papers(seeded_path), "w2sg")
    _, out, _ = cli(capsys, seeded_path, "enrich", "--dry-run", "--accept-above", "0.9")
    assert f"citekey: example2025biasvariance (was: {before.citekey})" in out
    code, out, _ = cli(capsys, seeded_path, "enrich", "--accept-above", "0.9")
    assert code == 0 and "citekey" in out
    assert seed(papers(seeded_path), "w2sg").citekey == "example2025biasvariance"
    code, out, _ = cli(capsys, seeded_path, "export", "W2SG", "-o", "-")
    assert code == 0 and out.startswith("@article{example2025biasvariance,")


@pytest.mark.slow
@pytest.mark.usefixtures("fake_api")
def test_enrich_json_lists_each_paper_its_candidates_and_what_was_written(
    seeded_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = papers(seeded_path)
    code, out, _ = cli(capsys, seeded_path, "enrich", "--json", "--accept-above", "0.9")
    assert code == 0
    rows = {r["id"]: r for r in json.loads(out)}
    assert set(rows) == set(before)
    w2sg, dpo = rows[seed(before, "w2sg").id], rows[seed(before, "dpo").id]
    assert w2sg["outcome"] == "accepted" and w2sg["citekey"] == "example2025biasvariance"
    assert w2sg["candidates"][0] == {
        "score": 1.0,
        "source": "Crossref",
        "title": "A Bias–Variance View of Weak-to-Strong Generalization under Bregman Divergence",
        "authors": ["Example, Ada", "Placeholder, Bo"],
        "year": 2025,
        "venue": "Journal of Example Research",
        "doi": "10.5555/w2sg.0001",
        "url": "https://doi.org/10.5555/w2sg.0001",
    }
    changes = {c["field"]: c for c in w2sg["changes"]}
    assert changes["citekey"] == {
        "field": "citekey",
        "old": seed(before, "w2sg").citekey,
        "new": "example2025biasvariance",
    }
    assert dpo["outcome"] == "below threshold" and dpo["changes"] == []
    assert dpo["candidates"][0]["score"] < 0.9
    assert rows[seed(before, "thr").id]["title_derived"] is True


@pytest.mark.usefixtures("fake_api")
def test_enrich_json_dry_run_says_what_it_would_write_and_writes_nothing(
    seeded_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = papers(seeded_path)
    code, out, _ = cli(
        capsys, seeded_path, "enrich", "--json", "--dry-run", "--accept-above", "0.9", "W2SG"
    )
    assert code == 0
    (row,) = json.loads(out)
    assert row["outcome"] == "would accept" and row["citekey"] == seed(before, "w2sg").citekey
    assert {c["field"] for c in row["changes"]} >= {"title", "authors", "citekey"}
    assert papers(seeded_path) == before
    code, out, _ = cli(capsys, seeded_path, "enrich", "--json", "W2SG")
    assert [r["outcome"] for r in json.loads(out)] == ["not asked"]
    code, out, _ = cli(capsys, seeded_path, "enrich", "--json", "no such words anywhere")
    assert (code, json.loads(out)) == (0, [])


@pytest.mark.usefixtures("fake_api")
def test_enrich_with_a_query_looks_only_at_what_it_finds(
    seeded_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = cli(capsys, seeded_path, "enrich", "--dry-run", "W2SG", "Bregman")
    assert code == 0
    assert "[1/1]" in out and "10.5555/w2sg.0001" in out


@pytest.mark.usefixtures("fake_api")
def test_a_wrong_best_candidate_is_shown_but_not_accepted(
    seeded_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = seed(papers(seeded_path), "dpo")
    code, out, _ = cli(
        capsys, seeded_path, "enrich", "--accept-above", "0.9", "Normative", "theories"
    )
    assert code == 0
    assert "10.5555/dpo.0002" in out and "accepted" not in out
    assert seed(papers(seeded_path), "dpo") == before


def test_accept_above_must_be_a_score(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["--library", str(tmp_path / "l.sqlite"), "enrich", "--accept-above", "90"])
    assert caught.value.code == 2
    assert "90 is not from 0 to 1" in capsys.readouterr().err


@pytest.mark.slow
@pytest.mark.usefixtures("fake_api")
def test_enrich_says_its_table_and_outcome_in_chinese(
    seeded_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The candidate table's header in Chinese, its columns still lined up: a Chinese word
    is two columns wide on a terminal."""
    from litman.core import messages

    messages.use(messages.SIMPLIFIED)
    try:
        code, out, err = cli(capsys, seeded_path, "enrich", "--dry-run", "--accept-above", "0.9")
    finally:
        messages.use(messages.ENGLISH)
    assert code == 0
    assert "     得分  来源              年份  DOI                          标题" in out
    assert " 1.00  Crossref          2025  10.5555/w2sg.0001" in out
    assert "将接受 1.00 arXiv:" in out and "（推断的标题）" in out
    assert "已查询 " in err and "未写入任何内容（--dry-run）" in err
