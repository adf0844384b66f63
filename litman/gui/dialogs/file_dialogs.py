"""File dialogs that never open the library's own files.

Qt's file dialog guesses each listed file's type from its first bytes (the Type column and
the completer ask `QFileIconProvider.type()`, which asks `QMimeDatabase` to sniff), so
typing the library's folder opened and closed `library.sqlite`, `-wal` and `-shm`. Closing a
descriptor drops the process's POSIX locks on that file, and SQLite's locks with them
(strace shows the opens; see core/store/own_files.py). Here the dialog is Qt's own (the same on
every platform), its icon provider names types from the file name alone, a proxy hides the
library's files from the list, and a chosen path that is one of them is refused.
"""

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QFileInfo, QModelIndex, QPersistentModelIndex, QSortFilterProxyModel
from PySide6.QtWidgets import QFileDialog, QFileIconProvider, QFileSystemModel, QMessageBox

from litman.core.errors import LitmanError
from litman.gui.i18n import fill, translate
from litman.gui.safe_text import rich

if TYPE_CHECKING:
    from litman.gui.dialogs.host import Host

Index = QModelIndex | QPersistentModelIndex


class NameOnlyIconProvider(QFileIconProvider):
    """Icons and type names from the file name and kind, never from the file's contents."""

    def type(self, info: QFileInfo) -> str:
        if info.isDir():
            return translate("FileDialogs", "Folder")
        suffix = info.suffix()
        return (
            fill(translate("FileDialogs", "%1 file"), suffix.upper())
            if suffix
            else translate("FileDialogs", "File")
        )

    def icon(self, what):  # type: ignore[no-untyped-def]
        if isinstance(what, QFileInfo):
            kind = (
                QFileIconProvider.IconType.Folder
                if what.isDir()
                else QFileIconProvider.IconType.File
            )
            return super().icon(kind)
        return super().icon(what)


class HideLibraryFiles(QSortFilterProxyModel):
    """Leaves the library's own files out of the dialog's list."""

    def __init__(self, win: "Host") -> None:
        super().__init__(win.window())
        self.library = win.library

    def filterAcceptsRow(self, row: int, parent: Index) -> bool:
        source = self.sourceModel()
        if not isinstance(source, QFileSystemModel):
            return True
        path = Path(source.filePath(source.index(row, 0, parent)))
        return not self.library.owns_file(path)


def _dialog(win: "Host", title: str, folder: Path, filters: str) -> QFileDialog:
    dialog = QFileDialog(win.window(), title, str(folder), filters)
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
    dialog.setIconProvider(NameOnlyIconProvider())  # before the model lists anything
    dialog.setProxyModel(HideLibraryFiles(win))
    return dialog


def _refused(win: "Host", paths: list[Path], doing: str) -> bool:
    for path in paths:
        try:
            win.library.refuse_own_file(path, doing)
        except LitmanError as exc:
            QMessageBox.warning(win.window(), "litman", rich(str(exc)))
            return True
    return False


def open_files(win: "Host", title: str, folder: Path, filters: str) -> list[Path]:
    """Files to read, chosen by the user; none of them is the library's."""
    dialog = _dialog(win, title, folder, filters)
    dialog.setFileMode(QFileDialog.FileMode.ExistingFiles)
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptOpen)
    if not dialog.exec():
        return []
    paths = [Path(f) for f in dialog.selectedFiles()]
    return [] if _refused(win, paths, "import") else paths


def save_file(
    win: "Host", title: str, suggested: Path, filters: str, chosen: list[str] | None = None
) -> Path | None:
    """A file to write, chosen by the user; never one of the library's. The filter the user
    chose is added to `chosen`, when given (two formats may share a suffix: BibTeX and
    BibLaTeX both write .bib)."""
    dialog = _dialog(win, title, suggested.parent, filters)
    dialog.setFileMode(QFileDialog.FileMode.AnyFile)
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
    dialog.selectFile(suggested.name)
    if not dialog.exec():
        return None
    files = dialog.selectedFiles()
    path = Path(files[0]) if files else None
    if chosen is not None:
        chosen.append(dialog.selectedNameFilter())
    return None if path is None or _refused(win, [path], "export to") else path
