"""Undoable edits. Each command holds ids and values, never widgets: `redo()` calls the
Library and keeps what it returns, `undo()` calls the inverse."""

from collections.abc import Sequence
from typing import Any

from PySide6.QtGui import QUndoCommand

from litman.core.library import Library
from litman.core.records import Paper, Status
from litman.gui.safe_text import clip, mnemonic_free


class SetStatus(QUndoCommand):
    def __init__(self, lib: Library, ids: Sequence[int], status: Status) -> None:
        super().__init__(f"Mark {len(ids)} {'paper' if len(ids) == 1 else 'papers'} {status}")
        self.lib, self.ids, self.status = lib, list(ids), status
        self.old: dict[int, dict[str, Any]] = {}

    def redo(self) -> None:
        self.old = {k: dict(v) for k, v in self.lib.set_status(self.ids, self.status).old.items()}

    def undo(self) -> None:
        self.lib.restore_fields(self.old)


class TagPapers(QUndoCommand):
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

    def redo(self) -> None:
        self.changed = self._apply(self.add, self.ids)

    def undo(self) -> None:
        if self.changed:
            self._apply(not self.add, self.changed)


class EditFields(QUndoCommand):
    def __init__(self, lib: Library, pid: int, fields: dict[str, Any]) -> None:
        super().__init__(f"Edit {', '.join(fields)}")
        self.lib, self.pid, self.fields = lib, pid, fields
        self.old: dict[str, Any] = {}

    def redo(self) -> None:
        self.old = dict(self.lib.update_paper(self.pid, **self.fields).old[self.pid])

    def undo(self) -> None:
        self.lib.restore_fields({self.pid: self.old})


class DeletePapers(QUndoCommand):
    def __init__(self, lib: Library, ids: Sequence[int]) -> None:
        super().__init__(f"Delete {len(ids)} papers")
        self.lib, self.ids = lib, list(ids)
        self.gone: list[Paper] = []

    def redo(self) -> None:
        changes = self.lib.delete_papers(self.ids)
        self.gone = [v["paper"] for v in changes.old.values()]

    def undo(self) -> None:
        self.lib.restore_papers(self.gone)


class RenameTag(QUndoCommand):
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

    def redo(self) -> None:
        self.members = {
            n: self.lib.paper_ids_with_tag(n, subtree=False) for n in self._subtree(self.old_name)
        }
        targets = {n: self.new_name + n[len(self.old_name) :] for n in self.members}
        self.had_new = {
            t: set(self.lib.paper_ids_with_tag(t, subtree=False)) for t in targets.values()
        }
        self.lib.rename_tag(self.old_name, self.new_name)

    def undo(self) -> None:
        for name, ids in self.members.items():
            target = self.new_name + name[len(self.old_name) :]
            newcomers = [i for i in ids if i not in self.had_new.get(target, set())]
            self.lib.add_tag(name, ids)  # also brings back a tag that had no papers
            if newcomers:
                self.lib.remove_tag(target, newcomers)
            if not self.had_new.get(target):
                self.lib.delete_tag(target)


class SetField(QUndoCommand):
    """Set, change or remove one stored BibTeX field of a paper; undo puts the old ones back."""

    def __init__(self, lib: Library, pid: int, name: str, value: str) -> None:
        super().__init__(mnemonic_free(f"Edit {clip(name, 40)}"))
        self.lib, self.pid, self.name, self.value = lib, pid, name, value
        self.old: dict[str, Any] = {}

    def redo(self) -> None:
        self.old = dict(self.lib.set_field(self.pid, self.name, self.value).old.get(self.pid, {}))

    def undo(self) -> None:
        if self.old:
            self.lib.restore_fields({self.pid: self.old})
