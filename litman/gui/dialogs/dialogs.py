"""The window's dialogs: import with progress and cancel, export, confirmations, tag edits.

Each function takes the main window and talks to the user; the work itself goes through
workers, undoable commands or the Library. Tests patch the Qt dialog calls.
"""

import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QColorDialog, QInputDialog, QMessageBox, QProgressDialog

from litman import app
from litman.core.errors import Cancelled, LitmanError
from litman.core.records import ImportReport
from litman.core.store.interface import Backup, Restored
from litman.formats import registry
from litman.formats.exchange import ExportReport
from litman.gui.dialogs import file_dialogs
from litman.gui.i18n import fill, open_filter, papers, translate
from litman.gui.safe_text import clip, rich
from litman.gui.workers import Worker
from litman.gui.writes import commands

if TYPE_CHECKING:
    from litman.gui.dialogs.host import Host


class DuplicatesToReview(QObject):
    """The translation context of the import report's count of possible duplicates."""


def import_files(win: "Host") -> None:
    files = file_dialogs.open_files(
        win, translate("Dialogs", "Import papers"), Path.home(), open_filter()
    )
    if files:
        run_import(win, files)


@dataclass
class ImportRun:
    """An import started from the window: its worker, then what it came to (the reports, or
    the exception that stopped it) and the report shown."""

    worker: Worker
    outcome: list[ImportReport] | Exception | None = None
    report: QMessageBox | None = None


def run_import(win: "Host", files: list[Path]) -> ImportRun:
    """Import on the write worker with a cancellable progress dialog, then show the report."""
    stop = threading.Event()
    progress = QProgressDialog(
        translate("Dialogs", "Importing…"), translate("Dialogs", "Cancel"), 0, 0, win.window()
    )
    progress.setWindowTitle(translate("Dialogs", "Import"))
    progress.setWindowModality(Qt.WindowModality.WindowModal)
    progress.setMinimumDuration(300)
    progress.canceled.connect(stop.set)
    run = ImportRun(
        Worker(
            lambda report: app.import_files(
                win.library, files, progress=report, cancelled=stop.is_set
            )
        )
    )

    def on_progress(done: int, total: int) -> None:
        progress.setMaximum(total)
        progress.setValue(done)

    def finished(reports: list[ImportReport]) -> None:
        progress.reset()
        run.outcome = reports
        run.report = show_report(win, reports)

    def failed(exc: Exception) -> None:
        progress.reset()
        run.outcome = exc
        if isinstance(exc, Cancelled):
            said = translate("Dialogs", "Import cancelled; nothing was imported.")
            win.statusBar().showMessage(said, 5000)
        elif isinstance(exc, LitmanError):
            said = fill(translate("Dialogs", "%1\n\nNothing was imported."), exc)
            QMessageBox.warning(win.window(), translate("Dialogs", "Import failed"), rich(said))
        else:
            said = fill(translate("Dialogs", "Unexpected error: %1"), repr(exc))
            QMessageBox.critical(win.window(), translate("Dialogs", "Import failed"), rich(said))

    run.worker.signals.progress.connect(on_progress)
    run.worker.signals.finished.connect(finished)
    run.worker.signals.failed.connect(failed)
    win.runner(run.worker)
    return run


def report_text(reports: list[ImportReport]) -> str:
    lines = []
    for r in reports:
        lines.append(r.summary() + (f"  [{r.label}]" if r.label else ""))
        lines += [f"   {line}" for line in r.details()]
    return "\n".join(lines)


def show_report(win: "Host", reports: list[ImportReport]) -> QMessageBox:
    added = sum(len(r.added) for r in reports)
    merged = sum(len(r.merged) for r in reports)
    skipped = sum(len(r.skipped) for r in reports)
    box = QMessageBox(win.window())
    box.setWindowTitle(translate("Dialogs", "Import report"))
    read = sum(r.read for r in reports)
    proposed = sum(len(r.proposed) for r in reports)
    # Kept as papers of their own, the possible duplicates need the user: said up front,
    # not only in the details (listed there, each with the paper it looks like).
    said = fill(
        translate("Dialogs", "%1 read: %2 added, %3 merged, %4 skipped."),
        *(f"{n:,}" for n in (read, added, merged, skipped)),
    )
    if proposed:
        said += DuplicatesToReview.tr(
            " %Ln possible duplicate(s) to review: see Show Details.",  # type: ignore[arg-type]
            "",
            proposed,  # type: ignore[arg-type]
        )
    box.setText(said)
    box.setDetailedText(report_text(reports))
    box.setIcon(QMessageBox.Icon.Information)
    # The details list one line per merged or skipped paper: give them room to be read.
    box.setStyleSheet("QTextEdit { min-width: 560px; min-height: 280px; }")
    box.open()
    return box


def export(win: "Host", scope: str) -> None:

    lib = win.library
    # "All" is counted here and listed on the worker: no whole-library read on this thread.
    if scope == "selection":
        ids: list[int] | None = win.selected_ids()
    elif scope == "all":
        ids = None
    else:
        ids = win.model.ids()
    count = lib.count() if ids is None else len(ids)
    if not count:
        QMessageBox.information(
            win.window(),
            translate("Dialogs", "Export"),
            translate("Dialogs", "There are no papers to export."),
        )
        return
    chosen: list[str] = []
    path = file_dialogs.save_file(
        win,
        fill(translate("Dialogs", "Export %1"), papers(count)),
        Path.home() / "litman.bib",
        registry.save_filters(),
        chosen,
    )
    if not path:
        return
    fmt = _format_chosen(Path(path), chosen)

    def work(_step: object) -> ExportReport:
        # The `file` fields as the attachments are now (app.papers_to_export).
        papers = app.papers_to_export(lib, lib.list_ids("citekey") if ids is None else ids)
        try:
            blocks = lib.kept_blocks(ids)  # every file's for all papers, else theirs
            return app.export_papers(papers, Path(path), fmt, blocks=blocks)
        except OSError as exc:
            said = fill(translate("Dialogs", "Could not write %1: %2"), path, exc.strerror)
            raise LitmanError(said) from exc

    def done(report: ExportReport) -> None:
        left_out = report.describe(registry.label(fmt))
        said = fill(translate("Dialogs", "Exported %1 to %2"), papers(report.written), path)
        win.statusBar().showMessage(said, 5000)
        if left_out:
            QMessageBox.information(
                win.window(), translate("Dialogs", "Export report"), "\n".join(left_out)
            )

    # Reading and writing 100k papers takes seconds: on the write worker (which also gives
    # it a consistent library between writes), with progress in the status bar.
    win.writes.submit(fill(translate("Dialogs", "Export %1"), papers(count)), work, done=done)


def _format_chosen(path: Path, chosen: list[str]) -> str:
    """The format of the filter chosen, when the file's suffix is that format's (BibTeX or
    BibLaTeX for .bib) or it has none; else the one the suffix names."""
    fmt = registry.format_for_filter(chosen[0]) if chosen else None
    if fmt and path.suffix.lower() in ("", registry.suffix_of(fmt)):
        return fmt
    return registry.format_for(path)


def rename_tag(win: "Host", tag: str, merge: bool) -> None:
    names = [t.name for t in win.library.tags() if t.name != tag]
    if merge:
        label = rich(fill(translate("Dialogs", "Merge '%1' into:"), clip(tag)))
        # Index -1: the box starts empty, so Enter cannot merge into the first tag by chance.
        new, ok = QInputDialog.getItem(
            win.window(), translate("Dialogs", "Merge tag"), label, names, -1, True
        )
    else:
        label = rich(fill(translate("Dialogs", "New name for '%1':"), clip(tag)))
        new, ok = QInputDialog.getText(
            win.window(), translate("Dialogs", "Rename tag"), label, text=tag
        )
    if ok and new.strip() and new.strip() != tag:
        win.push(commands.RenameTag(win.library, tag, new.strip()))


def delete_tag(win: "Host", tag: str) -> None:
    text = rich(
        fill(translate("Dialogs", "Delete the tag '%1' and take it off every paper?"), clip(tag))
    )
    answer = QMessageBox.question(win.window(), translate("Dialogs", "Delete tag"), text)
    if answer == QMessageBox.StandardButton.Yes:
        win.push(commands.DeleteTag(win.library, tag))


def tag_colour(win: "Host", tag: str) -> None:
    current = next((t.colour for t in win.library.tags() if t.name == tag and t.colour), None)
    colour = QColorDialog.getColor(
        QColor(current or "#2563eb"),
        win.window(),
        fill(translate("Dialogs", "Colour for '%1'"), clip(tag, 60)),
    )
    if colour.isValid() and colour.name() != current:
        win.push(commands.ColourTag(win.library, tag, colour.name()))


# -- backups ---------------------------------------------------------------------------


def backup_now(win: "Host") -> None:
    try:
        backup = win.library.backups.take()
    except LitmanError as exc:
        QMessageBox.warning(win.window(), translate("Dialogs", "Backup failed"), rich(str(exc)))
        return
    win.statusBar().showMessage(fill(translate("Dialogs", "Backed up to %1"), backup.path), 8000)


def restore_from_backup(win: "Host") -> None:
    """Pick a backup, confirm, and put it in place; the current file is kept first. Each
    backup's papers are counted on the worker (opening every backup took seconds here)."""
    found = win.library.backups.list()
    if not found:
        QMessageBox.information(
            win.window(),
            translate("Dialogs", "Restore from backup"),
            rich(
                fill(
                    translate(
                        "Dialogs",
                        "There are no backups of this library yet in %1.\n\nlitman takes one "
                        "each day the library is opened, before upgrades and before bulk deletes "
                        "and merges; File → Back Up Now takes one at once.",
                    ),
                    win.library.backups.where(),
                )
            ),
        )
        return

    def count(_step: object) -> list[str]:
        labels = []
        for b in found:
            n = win.library.backups.papers_in(b)
            how_many = translate("Dialogs", "unreadable") if n is None else papers(n)
            labels.append(f"{b.taken_at:%Y-%m-%d %H:%M}  ·  {b.reason}  ·  {how_many}")
        return labels

    win.writes.submit(
        translate("Dialogs", "Counting the papers in each backup"),
        count,
        done=lambda labels: _pick_and_restore(win, found, labels),
    )


def _pick_and_restore(win: "Host", found: list[Backup], labels: list[str]) -> bool:
    label, ok = QInputDialog.getItem(
        win.window(),
        translate("Dialogs", "Restore from backup"),
        translate("Dialogs", "Put this backup in place of the library:"),
        labels,
        0,
        False,
    )
    if not ok or label not in labels:
        return False
    chosen = found[labels.index(label)]
    answer = QMessageBox.question(
        win.window(),
        translate("Dialogs", "Restore from backup"),
        fill(
            translate(
                "Dialogs",
                "Replace the library with the backup from %1?\n\n"
                "The library as it is now is kept as a backup first, so this can be undone by "
                "restoring that one.",
            ),
            f"{chosen.taken_at:%Y-%m-%d %H:%M}",
        ),
    )
    if answer != QMessageBox.StandardButton.Yes:
        return False
    win.detail.commit_edits()
    _restore(win, chosen)
    return True


def damaged_while_open(win: "Host", problem: str) -> None:
    good = win.library.backups.newest_good()
    text = fill(
        translate("Dialogs", "litman's integrity check found damage in %1:\n%2\n\n"),
        win.library.site.where,
        problem,
    )
    title = translate("Dialogs", "Library damaged")
    if good is None:
        text += translate(
            "Dialogs", "There is no good backup. Export what you can with File → Export everything…"
        )
        QMessageBox.warning(win.window(), title, rich(text))
        return
    text += fill(
        translate(
            "Dialogs",
            "The newest good backup is from %1. Restore it now? The damaged file is kept aside.",
        ),
        f"{good.taken_at:%Y-%m-%d %H:%M}",
    )
    if QMessageBox.question(win.window(), title, rich(text)) == QMessageBox.StandardButton.Yes:
        _restore(win, good)


def _restore(win: "Host", backup: Backup) -> None:
    """Put the backup in place on the write worker, after every queued write: close the
    library, replace the file, reopen (which checks it). Then, on the GUI thread, redraw
    from scratch (the undo stack is cleared: its commands refer to the file that was
    replaced) and say what happened."""
    when = f"{backup.taken_at:%Y-%m-%d %H:%M}"

    def work(_step: object) -> Restored:
        return win.library.backups.restore(backup.name, claim=win.writer_lock)

    def done(restored: Restored) -> None:
        _redraw(win)
        said = fill(translate("Dialogs", "Restored the backup from %1."), when)
        if restored.kept:
            said += fill(
                translate("Dialogs", " The replaced file is kept as %1."), restored.kept.name
            )
        win.statusBar().showMessage(said, 15000)

    def failed(exc: BaseException) -> None:
        _redraw(win)
        QMessageBox.warning(win.window(), translate("Dialogs", "Restore failed"), rich(str(exc)))

    win.writes.submit(
        fill(translate("Dialogs", "Restoring the backup from %1"), when),
        work,
        done=done,
        failed=failed,
    )


def _redraw(win: "Host") -> None:
    win.undo.clear()
    win.refresh_all()
