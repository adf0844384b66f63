"""The composition root: which library file a user means, first-run seeding, imports.

`litman` with no `--library` and no `LITMAN_LIBRARY` uses `library.sqlite` in the user data
folder; on the very first run that library is created and filled with the bundled seeds.
An explicit path starts empty.
"""

import contextlib
import hashlib
import io
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

import platformdirs

from litman import paths
from litman.core.attached import Detach
from litman.core.errors import (
    LitmanError,
    NeedsUpgradeError,
    NotFoundError,
)
from litman.core.library.autoexports import Binding
from litman.core.library.backups import refuse_if_claimed
from litman.core.library.facade import Library
from litman.core.messages import _
from litman.core.records import ImportBatch, ImportReport, Paper
from litman.core.store.interface import Backup, Restored, Site, WriterClaim
from litman.formats import exchange, registry
from litman.formats.exchange import ExportReport, WriteOptions

ENV_VAR = "LITMAN_LIBRARY"
SUFFIX = ".sqlite"  # what a new library file's name ends in
Progress = Callable[[int, int], None]


def default_library_path() -> Path:
    return platformdirs.user_data_path("litman", appauthor=False) / "library.sqlite"


@dataclass(frozen=True)
class LibraryChoice:
    path: Path
    is_default: bool


def choose_library(explicit: str | os.PathLike[str] | None = None) -> LibraryChoice:
    """--library beats $LITMAN_LIBRARY beats the default location."""
    if explicit:
        choice = LibraryChoice(library_file(explicit), False)
    elif env := os.environ.get(ENV_VAR):
        choice = LibraryChoice(library_file(env), False)
    else:
        choice = LibraryChoice(default_library_path(), True)
    _refuse_dangling_link(choice.path)
    return choice


def library_file(named: str | os.PathLike[str]) -> Path:
    """The library file a name means: one that exists, a new one ending in `.sqlite`, or
    one that vanished but left backups (for `litman restore`). Anything else is refused,
    creating nothing: a typo, or a database named in a way litman does not read, must not
    become an empty library in the current folder."""
    path = Path(named).expanduser()
    if path.exists() or path.is_symlink() or path.suffix == SUFFIX or site(path).backups():
        return path
    raise LitmanError(
        _(
            "'{0}' names no library: give an existing library file, a new one ending in {1}, or a "
            "shared library (postgresql://USER@HOST/DB, 'host=HOST dbname=DB user=USER' or "
            "'service=NAME'). Nothing was created."
        ).format(os.fspath(named), SUFFIX)
    )


def _refuse_dangling_link(path: Path) -> None:
    """A link to a file that is gone is a library the user moved or unmounted: never create
    an empty one at its target."""
    if path.is_symlink() and not path.exists():
        raise NotFoundError(
            _(
                "{0} is a link to {1}, which does not exist; no library was opened or created."
            ).format(path, os.readlink(path))
        )


def index_cache_path(library: Path) -> Path:
    """Where the search index of a library is saved between runs: the user cache folder,
    one file per library path."""
    real = Path(site(library).where)  # a symlinked library shares its file's cache
    digest = hashlib.sha256(str(real).encode()).hexdigest()[:16]
    cache = platformdirs.user_cache_path("litman", appauthor=False)
    return cache / "search-index" / f"{real.stem}-{digest}.npz"


def open_library(
    explicit: str | os.PathLike[str] | None = None,
    *,
    read_only: bool = False,
    check: bool | None = None,
    daily: bool = True,
) -> Library:
    """Open the library the user means; a first run at the default location gets the seeds.

    By default the integrity check runs only when it can matter (see `litman.core.store.opening`);
    a read-only open reads and writes nothing else."""
    shared = os.fspath(explicit) if explicit else os.environ.get(ENV_VAR)
    if shared and Library.is_shared(shared):  # a database: no file, no cache, no seeds
        return Library.open(str(shared), read_only=read_only)
    choice = choose_library(explicit)
    exists = choice.path.exists()
    first_run = choice.is_default and not exists
    options: dict[str, Any] = {"check": check, "daily": daily}
    options["index_cache"] = index_cache_path(choice.path)
    try:
        # A library that does not exist yet starts empty: made by the first command, even a
        # reading one. (One that vanished is refused: see `litman.core.store.opening`.)
        library = Library.open(choice.path, read_only=read_only and exists, **options)
    except NeedsUpgradeError:  # a reading command on an older file: upgraded (backed up) first
        library = Library.open(choice.path, **options)
    if first_run:
        import_seeds(library)
    return library


def import_seeds(library: Library) -> list[ImportReport]:
    return import_files(library, paths.seed_files())


def import_files(
    library: Library,
    files: Sequence[Path],
    *,
    progress: Progress | None = None,
    cancelled: Callable[[], bool] | None = None,
    keyword_separator: str = ",",
    link_pdfs: bool = False,
) -> list[ImportReport]:
    """Read every file, then write them all in one transaction.

    A file that cannot be read stops the import before anything is written, and a cancel
    leaves the library as it was. PDFs (and folders of them) make papers with the PDF
    attached: copied into the files folder, unless `link_pdfs` (`litman.formats.pdf`).
    """
    for path in files:  # checked before any file is read: reading one drops SQLite's locks
        library.refuse_own_file(Path(path), "import")
    batches = registry.read_all([Path(path) for path in files], keyword_separator)
    reports = library.import_batches(batches, progress=progress, cancelled=cancelled)
    if not link_pdfs:
        _keep_pdf_copies(library, batches, reports)
    return reports


def attach_files(
    library: Library,
    paper_id: int,
    files: Sequence[Path | str],
    *,
    link: bool = False,
    title: str = "",
) -> list[str]:
    """Attach files or URLs to a paper (`Attachments.attach`), then read each PDF's text for
    full-text search; what could not be read, one line each (the file stays attached)."""
    from litman.formats.pdf_text import extract_many

    changes = library.attachments.attach(paper_id, files, link=link, title=title)
    ids = changes.inverse.ids if isinstance(changes.inverse, Detach) else ()
    pdfs = [a for a in library.attachments.of(paper_id) if a.id in ids and a.pdf and not a.url]
    said = []
    for a, found in zip(pdfs, extract_many([Path(a.location) for a in pdfs]), strict=True):
        if found.refused:
            said.append(f"{Path(a.path).name} {found.refused}: attached, but its text not searched")
        else:
            library.attachments.set_text(a.id, found.pages)
    return said


@dataclass(frozen=True)
class TextsRead:
    """What `read_missing_texts` did: how many PDFs it looked at and read, and a line for
    each it could not read."""

    looked_at: int
    read: int
    refused: tuple[str, ...]


def read_missing_texts(
    library: Library,
    paper_ids: Sequence[int] | None = None,
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
) -> TextsRead:
    """Read the text of each PDF (of these papers, else of all) that the library keeps no
    text of, for full-text search: one attached before full text was, or a file found
    again since. Read in the capped worker process (`litman.formats.pdf_text`), each kept
    as soon as it is read, so a stop keeps what was read; `progress(done, total)` after
    each file. A PDF that cannot be read is told, and tried again next time."""
    from litman.formats.pdf_text import extract_many

    pdfs = library.attachments.without_text(paper_ids)
    found = extract_many([Path(a.location) for a in pdfs], cancelled)
    read, refused = 0, []
    for done, (a, got) in enumerate(zip(pdfs, found, strict=False), 1):
        if got.refused:
            refused.append(f"{Path(a.location).name} {got.refused}")
        else:
            library.attachments.set_text(a.id, got.pages)
            read += 1
        if progress is not None:
            progress(done, len(pdfs))
    return TextsRead(len(pdfs), read, tuple(refused))


def _keep_pdf_copies(
    library: Library, batches: Sequence[ImportBatch], reports: Sequence[ImportReport]
) -> None:
    """The PDFs an import read, copied into the files folder (when the library has one)."""
    pdfs = [(b, r) for b, r in zip(batches, reports, strict=True) if b.source_name.endswith(".pdf")]
    files = [Path(a.path) for b, _ in pdfs for p in b.papers for a in p.attachments]
    ids = [i for _, r in pdfs for i in (*r.added, *(m.into_id for m in r.merged))]
    if files and library.attachments.folder() is not None:
        library.attachments.keep_copies(ids, files)


def papers_to_export(library: Library, ids: Sequence[int]) -> Iterator[Paper]:
    """The papers with these ids as an export writes them, read a page at a time: each
    `file` field as read while the paper's attachments are the ones it names, else written
    from them (`litman.formats.file_field`)."""
    from litman.formats.file_field import exported

    return exported(library.iter_papers(ids), library.attachments.of_papers)


def export_papers(
    papers: Iterable[Paper],
    path: Path,
    fmt: str | None = None,
    *,
    blocks: Sequence[tuple[str, str]] = (),
) -> ExportReport:
    """Write papers to `path` in an export format (`fmt`, else the one the file's suffix
    names), and say which fields the format could not carry."""
    fmt = registry.format_for(path, fmt)
    return registry.export(papers, path, fmt, WriteOptions(blocks=blocks))


def site(path: Path) -> Site:
    """Where the library file at `path` lives, opened or not."""
    return Library.site_at(path)


def backup_now(path: Path) -> Backup:
    """A manual backup of a healthy library."""
    return site(path).backup_now()


def check_library(path: Path) -> None:
    """The store's full integrity check, on demand; raises CorruptLibraryError (naming the
    newest good backup) for a damaged library, and changes nothing."""
    site(path).check_whole()


def restore_backup(
    path: Path, name: str | None = None, *, lock: WriterClaim | None = None
) -> Restored:
    """Put a backup (the newest good one by default) in place of the library.

    Refused while a window other than the caller (who passes its own `lock`) has the library
    open: that window would go on writing to the file being replaced.
    """
    where = site(path)
    refuse_if_claimed(where, lock)
    return where.restore(name)


def backup_papers(backup: Backup) -> int | None:
    """How many papers a backup holds, or None when it cannot be read."""
    return Library.site_at(backup.path).papers_in(backup)


@dataclass(frozen=True)
class AutoExported:
    """What `run_autoexports` did with one binding: `written`, `unchanged` (its bytes
    would not change: the file is not touched) or `failed`, with the reason."""

    binding: Binding
    outcome: str
    error: str = ""


def run_autoexports(library: Library) -> list[AutoExported]:
    """Bring every bound file up to date with its query (`library.autoexports`): each is
    written whole under a temporary name and renamed over the old one, and left untouched
    when its bytes would be the same. A file that cannot be written is reported (kept with
    its binding for `litman autoexport list`) and the others are still written."""
    return [_autoexport(library, b) for b in library.autoexports.list()]


def autoexport_bytes(library: Library, binding: Binding) -> bytes:
    """The bytes `binding`'s file should hold now."""
    query = binding.query
    if query.startswith("saved:"):
        saved = library.saved.get(query.removeprefix("saved:").strip().strip('"'))
        ids = library.saved_ids(saved, "citekey")
    else:
        ids = library.search_ids(query, sort="citekey")
    papers = papers_to_export(library, ids)
    out = io.StringIO()
    registry.write(papers, out, binding.fmt, WriteOptions(blocks=library.kept_blocks()))
    return registry.file_bytes(out.getvalue(), binding.fmt)


def _autoexport(library: Library, binding: Binding) -> AutoExported:
    path = Path(binding.path)
    try:
        data = autoexport_bytes(library, binding)
        if path.is_file() and path.read_bytes() == data:
            outcome = "unchanged"
        else:
            library.refuse_own_file(path, "export to")
            exchange.export_file(path, lambda out: _raw(out, data), newline="")
            outcome = "written"
        error = ""
    except (OSError, LitmanError) as exc:
        outcome, error = "failed", _one_line(exc)
    if error != binding.error:
        with contextlib.suppress(LitmanError):  # a read-only library keeps none
            library.autoexports.set_error(binding.path, error)
    return AutoExported(binding, outcome, error)


def _raw(out: TextIO, data: bytes) -> ExportReport:
    out.flush()
    out.buffer.write(data)
    return ExportReport(written=0)


def _one_line(exc: BaseException) -> str:
    if isinstance(exc, OSError):
        return f"cannot write: {exc.strerror or exc}"
    return " ".join(str(exc).split())
