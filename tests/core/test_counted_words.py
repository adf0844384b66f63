"""A count of one reads as one in the reports the core writes: "1 possible duplicate",
"1 backup", "1 record"; `counted` says every count the same way."""

from litman.core.records import ImportReport, Proposed, counted


def test_counted_says_one_as_one_and_more_as_more() -> None:
    assert counted(1, "paper") == "1 paper"
    assert counted(0, "paper") == "0 papers"
    assert counted(12_345, "paper") == "12,345 papers"
    assert counted(2, "possible duplicate") == "2 possible duplicates"


def test_an_import_with_one_possible_duplicate_says_one() -> None:
    proposed = Proposed(line=3, paper_id=2, citekey="a2", like_id=1, like_citekey="a", how="DOI")
    report = ImportReport(source_name="x.bib", added=(2,), proposed=(proposed,), read=1)
    assert (
        report.summary()
        == "x.bib: 1 added, 0 merged, 1 possible duplicate to review, 0 skipped (1 record read)"
    )
