"""Papers from RIS and CSL-JSON, which carry no citekey: different DOIs or arXiv ids are two
papers however alike the rest reads, and a look-alike pair is proposed for review, as BibTeX's
pairs with different keys are."""

import json
from pathlib import Path

from litman import app
from litman.core.library.facade import Library

# A conference paper and its journal version, as a Scopus export lists them: the same
# title, first author and year, two DOIs.
PAIR = (
    "TY  - CONF\n"
    "TI  - Federated learning with queue-aware scheduling\n"
    "AU  - Chen, Wei\n"
    "AU  - Park, Jin\n"
    "PY  - 2021\n"
    "T2  - Proceedings of the IEEE Conference on Computer Communications\n"
    "DO  - 10.1109/INFOCOM.2021.1\n"
    "ER  - \n"
    "\n"
    "TY  - JOUR\n"
    "TI  - Federated Learning With Queue-Aware Scheduling\n"
    "AU  - Chen, Wei\n"
    "AU  - Park, Jin\n"
    "AU  - Lee, Ann\n"
    "PY  - 2021\n"
    "T2  - IEEE Transactions on Networking\n"
    "VL  - 29\n"
    "DO  - 10.1109/TNET.2021.2\n"
    "ER  - \n"
)


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_ris_records_with_different_dois_stay_two_papers(library: Library, tmp_path: Path) -> None:
    (report,) = app.import_files(library, [_write(tmp_path, "scopus.ris", PAIR)])
    assert (len(report.added), len(report.merged)) == (2, 0)
    dois = {p.doi: p.extra.get("volume") for p in library.list_papers()}
    assert dois == {"10.1109/INFOCOM.2021.1": None, "10.1109/TNET.2021.2": "29"}


def test_ris_look_alikes_with_different_dois_are_proposed(library: Library, tmp_path: Path) -> None:
    (report,) = app.import_files(library, [_write(tmp_path, "scopus.ris", PAIR)])
    (proposal,) = report.proposed
    assert proposal.how == "same title, first author and year"
    assert "doi" in proposal.differs


def test_a_record_with_another_doi_is_not_merged_into_a_stored_paper(
    library: Library, tmp_path: Path
) -> None:
    first, second = PAIR.split("\n\n")
    app.import_files(library, [_write(tmp_path, "a.ris", first)])
    (report,) = app.import_files(library, [_write(tmp_path, "b.ris", second)])
    assert (len(report.added), len(report.merged), len(report.proposed)) == (1, 0, 1)


def test_the_same_doi_still_merges(library: Library, tmp_path: Path) -> None:
    again = PAIR.replace("10.1109/INFOCOM.2021.1", "10.1109/TNET.2021.2")
    (report,) = app.import_files(library, [_write(tmp_path, "scopus.ris", again)])
    assert (len(report.added), len(report.merged)) == (1, 1)


def test_a_record_without_a_doi_still_merges_with_its_look_alike(
    library: Library, tmp_path: Path
) -> None:
    one = PAIR.replace("DO  - 10.1109/INFOCOM.2021.1\n", "")
    (report,) = app.import_files(library, [_write(tmp_path, "scopus.ris", one)])
    assert (len(report.added), len(report.merged)) == (1, 1)


def test_same_abstracts_with_different_arxiv_ids_stay_two_papers(
    library: Library, tmp_path: Path
) -> None:
    abstract = (
        "We study the geometry of features that trained classifiers converge to near the end "
        "of training, and show that it collapses to a simplex for every layer we measured."
    )
    items = [
        {
            "type": "article",
            "title": f"Collapse {n}",
            "abstract": abstract,
            "URL": f"https://arxiv.org/abs/2101.0000{n}",
        }
        for n in (1, 2)
    ]
    (report,) = app.import_files(library, [_write(tmp_path, "x.json", json.dumps(items))])
    assert (len(report.added), len(report.merged), len(report.proposed)) == (2, 0, 1)


def test_csl_items_with_different_dois_stay_two_papers(library: Library, tmp_path: Path) -> None:
    items = [
        {
            "type": kind,
            "title": "Federated learning with queue-aware scheduling",
            "author": [{"family": "Chen", "given": "Wei"}],
            "issued": {"date-parts": [[2021]]},
            "DOI": doi,
        }
        for kind, doi in (("paper-conference", "10.1/a"), ("article-journal", "10.1/b"))
    ]
    (report,) = app.import_files(library, [_write(tmp_path, "x.json", json.dumps(items))])
    assert (len(report.added), len(report.merged), len(report.proposed)) == (2, 0, 1)
