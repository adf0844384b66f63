"""Full text (schema 12): an attachment's text is kept in the library and searched by the
same typo-tolerant engine, with a `fulltext:` qualifier, and in a plain search below the
title and abstract; it comes and goes with its attachment, undo included."""

from pathlib import Path

import pytest

from litman.core.attached import PDF, NewAttachment
from litman.core.library.facade import Library
from litman.core.records import NewPaper

PAGES = (
    "Walrus embeddings. Page one.",
    "Page two.",
    "Page three.",
    "On page four the zooplankton bioluminescence measurement appears.",
)


@pytest.fixture
def lib(library: Library, tmp_path: Path) -> Library:
    pdf = tmp_path / "w.pdf"
    pdf.write_bytes(b"%PDF-1.4\n")
    library.papers.add_papers(
        [
            NewPaper(
                title="Walrus embeddings", attachments=(NewAttachment(str(pdf), "", PDF, PAGES),)
            ),
            NewPaper(title="Plankton light", abstract="We measure zooplankton bioluminescence."),
            NewPaper(title="Unrelated"),
        ]
    )
    return library


def ids(lib: Library, query: str) -> list[int]:
    return lib.search(query).ids.tolist()


def test_a_word_only_in_the_full_text_finds_its_paper(lib: Library) -> None:
    assert ids(lib, "bioluminescence") == [2, 1]  # the abstract's ranks first
    assert ids(lib, "fulltext:bioluminescence") == [1]
    assert ids(lib, "text:zooplankton") == [1]
    assert ids(lib, "title:zooplankton") == []


def test_a_misspelt_full_text_phrase_finds_it(lib: Library) -> None:
    assert ids(lib, "zooplancton biolumineskence")[:2] == [2, 1]
    assert ids(lib, "fulltext:zooplancton") == [1]


def test_the_text_is_kept_with_its_pages(lib: Library) -> None:
    with lib._read() as conn:
        from litman.core.store import attachments

        assert attachments.texts_of(conn, [1])[1].split(attachments.PAGE_BREAK) == list(PAGES)


def test_detaching_takes_the_text_out_of_search_and_undo_puts_it_back(lib: Library) -> None:
    (att,) = lib.attachments.of(1)
    changes = lib.attachments.detach([att.id])
    assert ids(lib, "fulltext:zooplankton") == []
    lib.undo(changes)
    assert ids(lib, "fulltext:zooplankton") == [1]


def test_set_text_is_searched_at_once(lib: Library, tmp_path: Path) -> None:
    lib.attachments.attach(3, ["https://example.org/x.pdf"])
    (att,) = lib.attachments.of(3)
    lib.attachments.set_text(att.id, ["a page about narwhal tusks"])
    assert ids(lib, "narwhal") == [3]


def test_a_paper_in_the_trash_is_not_found_by_its_text(lib: Library) -> None:
    lib.papers.delete_papers([1])
    assert ids(lib, "fulltext:zooplankton") == []


def test_a_reopened_library_searches_the_text(
    lib: Library, store: str, request: pytest.FixtureRequest
) -> None:
    where = request.getfixturevalue("pg_url") if store == "postgresql" else lib.path
    with Library.open(where) as again:
        assert again.search("fulltext:zooplankton").ids.tolist() == [1]


def test_the_passage_matched_is_the_sentence_with_its_page(lib: Library) -> None:
    found = lib.attachments.passage(1, "zooplancton biolumineskence")
    assert found is not None and found.page == 4
    assert found.text == "On page four the zooplankton bioluminescence measurement appears."
    assert lib.attachments.passage(1, "narwhal") is None
    assert lib.attachments.passage(2, "zooplankton") is None  # no full text


def test_the_store_keeps_the_text_smaller_than_the_text(library: Library) -> None:
    """The text is kept compressed: on disk, the full-text store is smaller than the text."""
    page = "The zooplankton of the upper ocean glow when stirred by a passing ship. " * 40
    library.papers.add_papers(
        [NewPaper(title="Glow", attachments=(NewAttachment("/x/g.pdf", "", PDF, (page,) * 10),))]
    )
    from sqlalchemy import func, select

    from litman.core.store import attachments, models

    text = attachments.PAGE_BREAK.join((page,) * 10)
    with library._read() as conn:
        kept = conn.execute(select(func.sum(func.length(models.fulltext.c.packed)))).scalar_one()
        assert attachments.texts_of(conn, [1]) == {1: text}
    assert 0 < kept < len(text.encode()) / 3
