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


def test_a_build_holds_a_bounded_amount_of_text_at_a_time(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The index build tokenises the documents a chunk at a time, and a chunk ends where its
    texts reach `BUILD_CHARS` characters: a chunk of 5,000 papers with full text held their
    25M words as strings at once. The index it makes is the same."""
    from litman.core.search import postings

    page = "Bioluminescent zooplankton migrate at dusk; krill follow. " * 50
    library.papers.add_papers(
        [
            NewPaper(
                title=f"Paper {i}",
                attachments=(NewAttachment(f"/x/{i}.pdf", "", PDF, (page + f"word{i}",) * 3),),
            )
            for i in range(12)
        ]
    )
    queries = ("zooplancton", "fulltext:krill", "word7", "paper", "biolum")
    library.build_index()
    whole = [ids(library, q) for q in queries]
    chunks: list[int] = []
    made = postings.Postings._chunk_keys

    def noted(self: postings.Postings, docs):  # type: ignore[no-untyped-def]
        chunks.append(sum(len(t) for d in docs for t in d.texts))
        return made(self, docs)

    monkeypatch.setattr(postings, "BUILD_CHARS", 2 * len(page) * 3, raising=False)
    monkeypatch.setattr(postings.Postings, "_chunk_keys", noted)
    library.index.build()  # made again from the documents
    assert len(chunks) >= 6 and max(chunks) < 3 * len(page) * 3
    assert [ids(library, q) for q in queries] == whole
    assert sorted(whole[0]) == list(range(1, 13)) and whole[2] == [8]


def test_the_index_reads_the_full_text_a_few_papers_at_a_time(
    lib: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full build's documents come a page of papers at a time, and their attachments'
    text `TEXT_PAGE` papers at a time: a page's 1,000 papers of text were held together."""
    from litman.core.store import attachments
    from litman.core.store import rows as store_rows

    with lib._read() as conn:
        whole = list(store_rows.iter_index_docs(conn))
    asked: list[int] = []
    read = attachments.texts_of

    def noted(conn, ids):  # type: ignore[no-untyped-def]
        asked.append(len(ids))
        return read(conn, ids)

    monkeypatch.setattr(store_rows, "TEXT_PAGE", 2, raising=False)
    monkeypatch.setattr(attachments, "texts_of", noted)
    with lib._read() as conn:
        assert list(store_rows.iter_index_docs(conn)) == whole
    assert asked == [2, 1] and any(PAGES[3] in t for d in whole for t in d.texts)
