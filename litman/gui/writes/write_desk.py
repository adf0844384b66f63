"""The window's writing desk: commands go through the write worker onto the undo stack,
failures are said, and the search index is saved when writes pause.

A command is queued and the window gets control back at once; the command goes on the undo
stack when its first run has worked (or, stopped half-way, has done something to undo), and
one that fails says why and leaves no undo entry; an edit refused because someone else
changed the same fields opens the merge dialog (gui/writes/merge_dialog.py) instead. Three seconds
after the last write the index is saved on the worker, so quitting finds nothing left to
save.

A shared library's server can go away. While the window knows it is away (`offline`), a
value typed into a field (the detail pane's, the entry editor's) or a tag typed or dropped
goes on the undo stack unsaved, with a message; other commands (marks, the trash) are
refused with one:
what was typed cannot be made again by a click. A command that finds the server gone while
running goes on the undo stack all the same, marked unsaved (`litman.gui.writes.commands`), and
`lost` tells the window. When the server is back, `save_unsaved` saves what the stack holds
and the library does not.
"""

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QMessageBox, QStatusBar, QWidget

from litman.core.errors import Cancelled, ConflictError, ServerUnreachableError
from litman.core.library.facade import Library
from litman.gui.i18n import QT_TRANSLATE_NOOP, fill
from litman.gui.safe_text import rich
from litman.gui.writes import merge_dialog
from litman.gui.writes.commands import EditFields, LibraryCommand, SetField, TagPapers
from litman.gui.writes.write_progress import failure_message
from litman.gui.writes.write_worker import WriteWorker

SAVE_INDEX_AFTER_MS = 3000
# The commands whose refusal as stale the merge dialog answers.
Resavable = EditFields | SetField
# What a user typed (a field's value, a tag's name): kept unsaved while the server is away.
Typed = EditFields | SetField | TagPapers
SAVING_INDEX = QT_TRANSLATE_NOOP("WriteDesk", "Saving the search index")


class WriteDesk(QObject):
    lost = Signal(str)  # a write found the server gone: why
    merged = Signal(int)  # a refused edit of this paper was answered in the merge dialog

    def __init__(
        self,
        parent: QWidget,
        library: Library,
        writes: WriteWorker,
        undo: QUndoStack,
        status_bar: QStatusBar,
    ) -> None:
        super().__init__(parent)
        self.parent_widget, self.library = parent, library
        self.writes, self.undo, self.status_bar = writes, undo, status_bar
        self.save_timer = QTimer(self, singleShot=True, interval=SAVE_INDEX_AFTER_MS)
        self.save_timer.timeout.connect(self._save_index)
        writes.finished.connect(self._wrote)
        writes.failed.connect(self._failed)
        self.offline = ""  # why the server cannot be reached now ('' when it can)
        # Refused edits the merge dialog answers: not told again as failures.
        self._answered: list[BaseException] = []

    def push(self, command: LibraryCommand, said: str = "") -> None:
        """Queue a command on the write worker and return at once; `said` goes to the
        status bar when its first run has worked."""
        if self.offline and not isinstance(command, Typed):
            said = fill(self.tr("“%1” was not made: %2"), command.text(), self.offline)
            self.status_bar.showMessage(said, 15000)
            return
        command.report = self.tell_failure
        command.submit = self.writes.submit
        command.offline = lambda: self.offline
        command.unreachable = self._unreachable
        if self.offline:  # typed: kept, to be saved when the server is back
            command.mark_unsaved()
            self.undo.push(command)
            self._say_kept(self.tr("The server cannot be reached."))
            return

        def done(_result: object) -> None:
            command.mark_done()
            self.undo.push(command)
            if said:
                self.status_bar.showMessage(said, 10000)

        def failed(exc: BaseException) -> None:
            if isinstance(exc, ServerUnreachableError):
                command.mark_unsaved()
                self.undo.push(command)
            elif isinstance(exc, ConflictError) and isinstance(command, Resavable):
                self._answered.append(exc)
                self._merge(command, exc)
            elif command.did_something():
                done(None)

        self.writes.submit(command.text(), command.apply, done=done, failed=failed)

    def unsaved(self) -> list[LibraryCommand]:
        """The commands the undo stack holds and the library does not, oldest first."""
        stack = [self.undo.command(i) for i in range(self.undo.count())]
        return [c for c in stack if isinstance(c, LibraryCommand) and c.unsaved]

    def save_unsaved(self) -> int:
        """Save what the undo stack holds and the library does not (the server is back):
        undone commands first, newest first, then done ones, oldest first. How many."""
        ours = self.unsaved()
        undone = [c for c in reversed(ours) if not c.wanted]
        for command in [*undone, *(c for c in ours if c.wanted)]:
            command.save()
        return len(ours)

    def may_close(self) -> bool:
        """Whether the window may close: edits the server never got are not dropped
        without asking."""
        unsaved = self.unsaved()
        if not unsaved:
            return True
        names = "\n".join(f"• {c.label}" for c in unsaved[:10])
        answer = QMessageBox.question(
            self.parent_widget,
            self.tr("Unsaved edits"),
            rich(
                fill(
                    self.tr(
                        "%1 edits could not be saved: the server cannot be reached.\n\n"
                        "%2\n\nClose anyway, and lose them? (Kept open, they are saved when "
                        "the server is back.)"
                    ),
                    len(unsaved),
                    names,
                )
            ),
            QMessageBox.StandardButton.Close | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        return answer == QMessageBox.StandardButton.Close

    def _unreachable(self, why: str) -> None:
        self._say_kept(why)
        self.lost.emit(why)

    def _say_kept(self, why: str) -> None:
        said = self.tr(
            "%1 The edit stays in Edit → Undo, marked unsaved, and is saved when the "
            "server is back."
        )
        self.status_bar.showMessage(fill(said, why), 15000)

    def tell_failure(self, message: str) -> None:
        QMessageBox.warning(self.parent_widget, "litman", rich(message))

    def _merge(self, command: "Resavable", error: ConflictError) -> None:
        """A refused edit: the merge dialog, then the chosen values saved again on the
        paper's new version (refused again if it has moved on meanwhile)."""
        values = merge_dialog.resolve(self.parent_widget, error, command.values())
        self.merged.emit(error.paper_id)  # the window shows what is stored now
        if values:
            self.push(EditFields(self.library, error.paper_id, values, seen=error.version))
        else:
            said = fill(self.tr("Kept the stored values of %1."), error.citekey)
            self.status_bar.showMessage(said, 10000)

    def _failed(self, label: str, exc: BaseException) -> None:
        if isinstance(exc, ServerUnreachableError):
            self._unreachable(str(exc))  # said in the window's line, not in a box
        elif exc in self._answered:
            self._answered.remove(exc)  # the merge dialog answered it
        elif isinstance(exc, Cancelled):
            self.status_bar.showMessage(failure_message(label, exc), 10000)
        else:  # an expected LitmanError (read-only, busy, not found)
            self.tell_failure(failure_message(label, exc))

    def _wrote(self, label: str, _result: object) -> None:
        if label != self.tr(SAVING_INDEX):
            self.save_timer.start()

    def _save_index(self) -> None:
        if self.writes.busy():
            self.save_timer.start()  # still writing: later
        elif not self.library.read_only:
            lib = self.library
            self.writes.submit(self.tr(SAVING_INDEX), lambda _step: lib.save_index())
