"""Undoable edits. Each command holds ids and values, never widgets: `apply()` calls the
Library and keeps what it returns, `revert()` calls the inverse.

The window runs a command once (`first_run`) before it goes on the undo stack, so a command
that fails (a paper deleted meanwhile, a tag that is only a parent) raises its LitmanError
to the window, which says why, and leaves no undo entry. An undo or redo that fails later is
reported through `report` and the entry is dropped from the stack.
"""

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtGui import QUndoCommand

from litman.core.errors import LitmanError, NotFoundError
from litman.core.library import Library
from litman.core.records import DeletedTag, Paper, Status
from litman.gui.safe_text import clip, mnemonic_free


class LibraryCommand(QUndoCommand):
    """A command over the Library whose failures are told in words, never left on the stack."""

    report: Callable[[str], None] | None = None  # set by the window: shows a message

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self._skip_redo = False

    def apply(self) -> None:
        raise NotImplementedError

    def revert(self) -> None:
        raise NotImplementedError

    def first_run(self) -> None:
        """Do it now; raises LitmanError when it cannot, with nothing changed."""
        self.apply()
        self._skip_redo = True  # QUndoStack.push calls redo() at once: it is already done

    def redo(self) -> None:
        if self._skip_redo:
            self._skip_redo = False
            return
        self._guard(self.apply, "Redo")

    def undo(self) -> None:
        self._guard(self.revert, "Undo")

    def _guard(self, step: Callable[[], None], verb: str) -> None:
        try:
            step()
        except LitmanError as exc:
            self.setObsolete(True)  # QUndoStack drops an obsolete command after the step
            if self.report is not None:
                self.report(f"{verb} of “{self.text()}” failed: {exc}")


class SetStatus(LibraryCommand):
    def __init__(self, lib: Library, ids: Sequence[int], status: Status) -> None:
        super().__init__(f"Mark {len(ids)} {'paper' if len(ids) == 1 else 'papers'} {status}")
        self.lib, self.ids, self.status = lib, list(ids), status
        self.old: dict[int, dict[str, Any]] = {}

    def apply(self) -> None:
        self.old = {k: dict(v) for k, v in self.lib.set_status(self.ids, self.status).old.items()}

    def revert(self) -> None:
        self.lib.restore_fields(self.old)


class TagPapers(LibraryCommand):
    """Put a tag on papers, or take it off; undo reverses it on exactly the papers changed."""

    def __init__(self, lib: Library, tag: str, ids: Sequence[int], add: bool = True) -> None:
        # The text names Edit → Undo: a tag `R&D` must not become an Alt+D mnemonic there.
        super().__init__(
            mnemonic_free(f"{'Tag' if add else 'Untag'} {len(ids)} papers '{clip(tag, 60)}'")
        )
        self.lib, self.tag, self.ids, self.add = lib, tag, list(ids), add
        self.changed: tuple[int, ...] = ()

    def _apply(self, add: bool, ids: Sequence[int]) -> tuple[int, ...]:
        return (self.lib.add_tag if add else self.lib.remove_tag)(self.tag, ids).updated

    def apply(self) -> None:
        self.changed = self._apply(self.add, self.ids)

    def revert(self) -> None:
        if self.changed:
            self._apply(not self.add, self.changed)


class EditFields(LibraryCommand):
    def __init__(self, lib: Library, pid: int, fields: dict[str, Any]) -> None:
        super().__init__(f"Edit {', '.join(fields)}")
        self.lib, self.pid, self.fields = lib, pid, fields
        self.old: dict[str, Any] = {}

    def apply(self) -> None:
        try:
            changes = self.lib.update_paper(self.pid, **self.fields)
        except NotFoundError:
            raise LitmanError(
                "This paper is no longer in the library (it was deleted), so the edit was "
                "not saved."
            ) from None
        self.old = dict(changes.old[self.pid])

    def revert(self) -> None:
        self.lib.restore_fields({self.pid: self.old})


class DeletePapers(LibraryCommand):
    def __init__(self, lib: Library, ids: Sequence[int]) -> None:
        super().__init__(f"Delete {len(ids)} papers")
        self.lib, self.ids = lib, list(ids)
        self.gone: list[Paper] = []

    def apply(self) -> None:
        changes = self.lib.delete_papers(self.ids)
        self.gone = [v["paper"] for v in changes.old.values()]

    def revert(self) -> None:
        self.lib.restore_papers(self.gone)


class RenameTag(LibraryCommand):
    """Rename or merge; undo puts each old tag back on exactly the papers that had it."""

    def __init__(self, lib: Library, old: str, new: str) -> None:
        super().__init__(mnemonic_free(f"Rename tag '{clip(old, 60)}' to '{clip(new, 60)}'"))
        self.lib, self.old_name, self.new_name = lib, old, new
        self.members: dict[str, list[int]] = {}
        self.had_new: dict[str, set[int]] = {}

    def _subtree(self, root: str) -> list[str]:
        key = root.casefold()
        return [
            t.name
            for t in self.lib.tags()
            if t.name.casefold() == key or t.name.casefold().startswith(key + " > ")
        ]

    def apply(self) -> None:
        self.members = {
            n: self.lib.paper_ids_with_tag(n, subtree=False) for n in self._subtree(self.old_name)
        }
        targets = {n: self.new_name + n[len(self.old_name) :] for n in self.members}
        self.had_new = {
            t: set(self.lib.paper_ids_with_tag(t, subtree=False)) for t in targets.values()
        }
        self.lib.rename_tag(self.old_name, self.new_name)

    def revert(self) -> None:
        for name, ids in self.members.items():
            target = self.new_name + name[len(self.old_name) :]
            newcomers = [i for i in ids if i not in self.had_new.get(target, set())]
            self.lib.add_tag(name, ids)  # also brings back a tag that had no papers
            if newcomers:
                self.lib.remove_tag(target, newcomers)
            if not self.had_new.get(target):
                self.lib.delete_tag(target)


class SetField(LibraryCommand):
    """Set, change or remove one stored BibTeX field of a paper; undo puts the old ones back."""

    def __init__(self, lib: Library, pid: int, name: str, value: str) -> None:
        super().__init__(mnemonic_free(f"Edit {clip(name, 40)}"))
        self.lib, self.pid, self.name, self.value = lib, pid, name, value
        self.old: dict[str, Any] = {}

    def apply(self) -> None:
        self.old = dict(self.lib.set_field(self.pid, self.name, self.value).old.get(self.pid, {}))

    def revert(self) -> None:
        if self.old:
            self.lib.restore_fields({self.pid: self.old})


class DeleteTag(LibraryCommand):
    """Delete a tag (its subtags stay); undo puts it back with its colour and papers."""

    def __init__(self, lib: Library, name: str) -> None:
        super().__init__(mnemonic_free(f"Delete tag '{clip(name, 60)}'"))
        self.lib, self.name = lib, name
        self.gone: DeletedTag | None = None

    def apply(self) -> None:
        self.gone = self.lib.delete_tag(self.name).deleted_tag

    def revert(self) -> None:
        if self.gone is not None:
            self.lib.restore_tag(self.gone)
