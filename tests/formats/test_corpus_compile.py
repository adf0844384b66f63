"""Every .bib file of the shared corpora, imported and exported by litman, compiles with
pdflatex + BibTeX as its source does: no error or warning the source does not cause too,
entry by entry.

Each file (`bib/real`: others' bibliographies; `bib/edge`: parsers' test files) is imported
into a library of its own and exported. The source and the export are compiled with pdflatex +
BibTeX (plain style, every entry cited), many files to a document (`tests.formats.corpus_tex`,
which traces each message to its file and entry); a batch whose source stops TeX is compiled
again in halves until the file that stops it is alone. An export may not add a message to an
entry its source set (`BIBTEX_KNOWN` lists those that still do, and why); entries the source
never set (BibTeX skipped them: an empty or repeated key, a syntax error) have nothing to be
compared with and are counted apart.

The BibLaTeX export is compiled with pdflatex + biber the same way, over a sample
(`BIBER_SAMPLE`: others' real files as JabRef, bibliotex, ORCID and Papers write them, and
biblatex's own examples) in `make test`; over every file with
`LITMAN_BIBER_CORPUS=all` (biber takes some 10 ms of CPU an entry, and bisecting the batches
a source's `@preamble` stops takes more: the whole corpus is upwards of half an hour).

A missing corpus fails in CI (`tests.gates.corpora_dir`); TeX missing fails under `make test`.
"""

import os
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from litman import app
from litman.core.errors import LitmanError
from litman.core.library.facade import Library
from litman.formats import biblatex, bibtex
from litman.formats.exchange import WriteOptions
from tests.conftest import require_tool
from tests.formats import corpus_tex
from tests.formats.tex_run import TOOLS
from tests.gates import corpora_dir

pytestmark = pytest.mark.slow

MAX_FILES = 40  # a batch's files
MAX_ENTRIES = 1500  # a batch's entries, but for one larger file alone


@dataclass
class Exported:
    source: Path
    name: str  # under the corpora's bib folder
    bibtex: Path
    keys: set[str] = field(default_factory=set)  # casefolded, source's and exports'
    biblatex: Path | None = None  # the BibLaTeX export, of the files biber is run over
    alone: bool = False  # compiled in a batch of its own


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> list[Exported]:
    """Every .bib file of the corpora, exported; files litman refuses (empty, no entries,
    UTF-16) are left out."""
    require_tool(*TOOLS)
    root = corpora_dir("bib")
    work = tmp_path_factory.mktemp("corpus")
    out = []
    for n, source in enumerate(sorted(root.rglob("*.bib"))):
        where = work / str(n)
        where.mkdir()
        try:
            with Library.open(where / "lib.sqlite", backup=False, daily=False) as lib:
                app.import_files(lib, [source])
                papers, blocks = lib.list_papers("citekey"), lib.kept_blocks()
        except LitmanError:
            continue
        bibtex.export(papers, where / "bibtex.bib", blocks=blocks)
        done = Exported(source, str(source.relative_to(root)), where / "bibtex.bib")
        if papers and _for_biber(done.name):
            done.biblatex = where / "biblatex.bib"
            biblatex.export(papers, done.biblatex, WriteOptions(blocks=blocks))
        for path in (source, done.bibtex):
            done.keys |= {k.casefold() for k in corpus_tex.keys_of(_text(path))}
        # An entry with no key is one only its source has (the export gives it a key): in a
        # batch, another file's crossrefs to "" would find it in the source's run alone.
        done.alone = corpus_tex.has_empty_key(_text(source))
        out.append(done)
    assert len(out) > 600, "the corpora hold 667 .bib files, some 657 of them importable"
    return out


# Files biber compiles in `make test` (some 750 entries): others' real bibliographies as
# JabRef, bibliotex, ORCID and Papers write them, and biblatex's own examples.
BIBER_SAMPLE = (
    "real/jabref/",
    "real/bibliotex/",
    "real/exports-misc/orcid-PaglioneBibTeX.bib",
    "real/exports-misc/papers-for-mac.bib",
    "real/exports-misc/citationjs-benchmark-single.bib",
    "edge/bibtex-tidy/biblatex/biblatex-examples.bib",
)


def _for_biber(name: str) -> bool:
    every = os.environ.get("LITMAN_BIBER_CORPUS") == "all"
    return every or any(name.startswith(s) for s in BIBER_SAMPLE)


def _text(path: Path) -> str:
    return path.read_bytes().decode("utf-8", "replace")


def batches(files: Sequence[Exported], size: Callable[[Exported], int]) -> list[list[Exported]]:
    """Files in batches of at most MAX_FILES and MAX_ENTRIES, no key in two files of one;
    a file that must be alone in one of its own."""
    out: list[tuple[list[Exported], set[str], int]] = []
    for f in files:
        if f.alone:
            out.append(([f], set(f.keys), MAX_ENTRIES))
            continue
        for batch, keys, count in out:
            if len(batch) < MAX_FILES and count + size(f) <= MAX_ENTRIES and not keys & f.keys:
                batch.append(f)
                keys |= f.keys
                out[out.index((batch, keys, count))] = (batch, keys, count + size(f))
                break
        else:
            out.append(([f], set(f.keys), size(f)))
    return [batch for batch, _, _ in out]


Compile = Callable[[Sequence[Path], Path], corpus_tex.Run]


# Entries whose export still gives BibTeX a message its source does not, and why. The test
# fails on any other, and on one of these that no longer does (then it comes off the list).
_NESTED = (
    "biber's cascading crossrefs (ccr3 -> ccr2 -> ccr1), which BibTeX does not do. The export "
    "puts each parent after its child, as BibTeX needs when a document cites the child alone "
    "(the source's order then gives 'A bad cross reference' and one more warning); under "
    "\\nocite{*} the source's order lets BibTeX reach ccr1's author through ccr2, which it "
    "then says of the export's order ('nested cross references', 'empty author and editor')"
)
_AUTHOR_AND_EDITOR = (
    "an @mvbook with an author and an editor, exported as the @book plain BibTeX knows: plain "
    "says it can't use both (its book prints the author alone) where it called the source's "
    "@mvbook an unknown type; the entry has a warning either way"
)
BIBTEX_KNOWN = {
    ("edge/biber/crossrefs.bib", "ccr3"): _NESTED,
    ("edge/biber/full-dot.bib", "ccr3"): _NESTED,
    ("edge/bibtexparser-v1/crossref_cascading_aliases.bib", "ccr3"): _NESTED,
    ("edge/bibtex-tidy/biblatex/biblatex-examples.bib", "nietzsche:ksa"): _AUTHOR_AND_EDITOR,
    ("edge/bibtex-tidy/biblatex/biblatex-examples.bib", "aristotle:rhetoric"): _AUTHOR_AND_EDITOR,
}


@dataclass
class Outcome:
    new: list[str] = field(default_factory=list)
    entries: set[tuple[str, str]] = field(default_factory=set)  # (file, key) of each new one
    unmatched: int = 0
    compared: int = 0
    alone: list[str] = field(default_factory=list)


def compare(
    batch: list[Exported],
    export_of: Callable[[Exported], Path],
    run: Compile,
    work: Path,
    outcome: Outcome,
) -> None:
    """The batch's sources and exports compiled; a source that stops the compiler is split
    off until alone."""
    source = run([f.source for f in batch], work / "source")
    if source.fatal and len(batch) > 1:
        half = len(batch) // 2
        compare(batch[:half], export_of, run, work / "a", outcome)
        compare(batch[half:], export_of, run, work / "b", outcome)
        return
    if source.fatal:
        outcome.alone.append(batch[0].name)
    export = run([export_of(f) for f in batch], work / "export")
    new, unmatched = corpus_tex.new_messages(source, export)
    if export.fatal and not source.fatal:
        new[(-1, "", "the export stops the compiler; its source does not")] += 1
    outcome.unmatched += len(unmatched)
    outcome.compared += len(source.entries & export.entries)
    for (n, key, message), count in sorted(new.items()):
        where = batch[n].name if n >= 0 else "+".join(f.name for f in batch)
        outcome.entries.add((where, key))
        outcome.new.append(f"{where} {key!r}: {message}" + (f" ({count}x)" if count > 1 else ""))


def test_every_corpus_file_exported_gives_bibtex_no_new_message(
    corpus: list[Exported], tmp_path: Path
) -> None:
    outcome = Outcome()

    def run(bibs: Sequence[Path], work: Path) -> corpus_tex.Run:
        return corpus_tex.bibtex_batch(corpus_tex.Batch(bibs), work)

    for n, batch in enumerate(batches(corpus, lambda f: len(f.keys))):
        compare(batch, lambda f: f.bibtex, run, tmp_path / str(n), outcome)
    assert outcome.compared > 20000
    unknown = [
        m for m in outcome.new if not any(m.startswith(f"{f} {k!r}:") for f, k in BIBTEX_KNOWN)
    ]
    assert unknown == [], "\n".join(unknown)
    assert outcome.entries == set(BIBTEX_KNOWN), "fixed: take it off BIBTEX_KNOWN"


# Entries whose BibLaTeX export still gives biber or pdflatex a message its source does not.
BIBER_KNOWN: dict[tuple[str, str], str] = {}


@pytest.mark.slow
def test_corpus_files_exported_as_biblatex_give_biber_no_new_message(
    corpus: list[Exported], tmp_path: Path
) -> None:
    outcome = Outcome()
    sample = [f for f in corpus if f.biblatex is not None]

    def run(bibs: Sequence[Path], work: Path) -> corpus_tex.Run:
        return corpus_tex.biber_batch(corpus_tex.Batch(bibs), work)

    for n, batch in enumerate(batches(sample, lambda f: len(f.keys))):
        compare(batch, lambda f: f.biblatex or f.bibtex, run, tmp_path / str(n), outcome)
    assert outcome.compared > 500
    unknown = [
        m for m in outcome.new if not any(m.startswith(f"{f} {k!r}:") for f, k in BIBER_KNOWN)
    ]
    assert unknown == [], "\n".join(unknown)
    assert outcome.entries <= set(BIBER_KNOWN), "fixed: take it off BIBER_KNOWN"


def test_a_file_with_a_keyless_entry_is_batched_alone(tmp_path: Path) -> None:
    """BibTeX files `@article{,` under "", which a crossref to an undefined macro in another
    file of the batch then finds in the source's run, and not in the export's, where the
    entry has a key (a real file: Hayes:84's `crossref = FTCW`)."""
    keyless = tmp_path / "keyless.bib"
    keyless.write_text("@string{x = {y}}\n@article{,\n title = {T}\n}\n")
    assert corpus_tex.has_empty_key(keyless.read_text())
    assert not corpus_tex.has_empty_key("@preamble{ {x} }\n@article{k,\n title = {T}\n}\n")
    files = [Exported(keyless, "a", keyless, {"k1"}, alone=True)]
    files += [Exported(keyless, n, keyless, {n}) for n in "bc"]
    assert [[f.name for f in b] for b in batches(files, lambda f: 1)] == [["a"], ["b", "c"]]


def test_messages_are_traced_to_their_entries(tmp_path: Path) -> None:
    """The tracing the corpus tests stand on: a BibTeX warning, a pdflatex error and a biber
    warning each named with the file and entry they are about."""
    require_tool(*TOOLS)
    one = tmp_path / "one.bib"
    one.write_text(
        "@article{fine, author={A, B}, title={T}, journal={J}, year={2000}}\n"
        "@article{nojournal, author={A, B}, title={T}, year={2000}}\n"
    )
    two = tmp_path / "two.bib"
    two.write_text(
        "@misc{amp, author={A, B}, title={Cats & Dogs}, year={2000}}\n"
        "@misc{after, author={C, D}, title={Fine}, year={2001}}\n"
    )
    run = corpus_tex.bibtex_batch(corpus_tex.Batch([one, two]), tmp_path / "bibtex")
    assert run.messages == Counter(
        {
            (0, "nojournal", "Warning--empty journal in nojournal"): 1,
            (1, "amp", "! Misplaced alignment tab character &."): 1,
        }
    )
    assert run.entries == {(0, "fine"), (0, "nojournal"), (1, "amp"), (1, "after")}
    two.write_text(
        "@misc{amp, author={A, B}, title={Cats & Dogs}, month={October}}\n"
        "@misc{after, author={C, D}, title={Fine}, year={2001}}\n"
    )
    run = corpus_tex.biber_batch(corpus_tex.Batch([one, two]), tmp_path / "biber", ["amp"])
    assert set(run.messages) == {
        (1, "amp", "! Misplaced alignment tab character &."),
        (
            1,
            "amp",
            "WARN legacy month field 'October' in entry 'amp' is not an integer - "
            "this will probably not sort properly.",
        ),
    }
    assert run.entries == {(1, "amp")}


def test_a_biber_warning_on_a_line_is_traced_to_its_own_file(tmp_path: Path) -> None:
    """biber says what its parser found on a line of a file after reading every file: the
    line is the first file's (as its UTF-8 copy's name says), not the last file's."""
    require_tool(*TOOLS)
    one = tmp_path / "one.bib"
    one.write_text("@misc{run, title = {T},\n note = {a: x\nbibtex.note=a: x},\n year = {2000}}\n")
    two = tmp_path / "two.bib"
    two.write_text("@misc{fine, title = {T}, year = {2001}}\n@misc{after, title = {U}}\n")
    run = corpus_tex.biber_batch(corpus_tex.Batch([one, two]), tmp_path / "biber")
    assert list(run.messages) == [
        (0, "run", "WARN BibTeX subsystem: <bib file>, warning: possible runaway string "
         "started at line 2"),
    ]  # fmt: skip
