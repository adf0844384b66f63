"""Undoable edits. Each command holds ids and values, never widgets: `apply()` calls the
Library and keeps what it returns, `revert()` calls the inverse.

Every run goes through the window's write queue (`submit`, a single-thread pool), so the
GUI thread never writes and a bulk action gives control back at once. The window queues a
command's first run and puts it on the undo stack when that run has worked, so a command
that fails (a paper deleted meanwhile, a tag that is only a parent) says why and leaves no
undo entry. An undo or redo that fails later is reported through `report` and the entry is
dropped from the stack. Bulk work runs one transaction per CHUNK papers and calls
`step(done, total)` between them, which reports progress and raises `Cancelled` once the user
has pressed Cancel: what was done before the stop is recorded, so undo reverts exactly that.
A command with no queue (a script, a test) runs in place.
"""

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtGui import QUndoCommand

from litman.core.errors import Cancelled, LitmanError, NotFoundError
from litman.core.library import Library
from litman.core.records import DeletedTag, Paper, Status
from litman.gui.safe_text import clip, mnemonic_free

# Papers per transaction of a bulk status change: a progress step, and where a cancel can
# stop. (Each transaction also costs a refresh of the window: 10,000 made 100k take 4x.)
CHUNK = 25_000
Step = Callable[[int, int], None]
Work = Callable[[Step], Any]
Submit = Callable[..., object]  # WriteWorker.submit(label, work, done=, failed=)


def no_step(_done: int, _total: int) -> None:
    """The step callback of work run in place: no progress, no cancel."""


def chunked(ids: Sequence[int]) -> list[Sequence[int]]:
    return [ids[i : i + CHUNK] for i in range(0, len(ids), CHUNK)]


class LibraryCommand(QUndoCommand):
    """A command over the Library whose failures are told in words, never left on the stack."""

    report: Callable[[str], None] | None = None  # set by the window: shows a message
    submit: Submit | None = None  # set by the window: its write queue

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self._skip_redo = False

    def apply(self, step: Step) -> None:
        raise NotImplementedError

    def revert(self, step: Step) -> None:
        raise NotImplementedError

    def did_something(self) -> bool:
        """Whether a stopped or failed run left changes that undo must revert (bulk
        commands write chunk by chunk; the others are one transaction)."""
        return False

    def first_run(self, step: Step = no_step) -> None:
        """Do it now, on this thread; raises LitmanError when it cannot."""
        self.apply(step)
        self.mark_done()

    def mark_done(self) -> None:
        self._skip_redo = True  # QUndoStack.push calls redo() at once: it is already done

    def redo(self) -> None:
        if self._skip_redo:
            self._skip_redo = False
            return
        self._run(self.apply, "Redo")

    def undo(self) -> None:
        self._run(self.revert, "Undo")

    def _run(self, work: Work, verb: str) -> None:
        if self.submit is None:
            self._guard(lambda: work(no_step), verb)
        else:
            self.submit(f"{verb}: {self.text()}", work, failed=lambda exc: self._failed(exc))

    def _failed(self, exc: BaseException) -> None:
        if not isinstance(exc, Cancelled):
            self.setObsolete(True)  # QUndoStack drops an obsolete command at its next step

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

    def apply(self, step: Step) -> None:
        self.old = {}
        for n, part in enumerate(chunked(self.ids)):
            step(n * CHUNK, len(self.ids))
            changes = self.lib.set_status(part, self.status)
            self.old.update((k, dict(v)) for k, v in changes.old.items())

    def revert(self, step: Step) -> None:
        pids = list(self.old)
        for n, part in enumerate(chunked(pids)):
            step(n * CHUNK, len(pids))
            self.lib.restore_fields({pid: self.old[pid] for pid in part})

    def did_something(self) -> bool:
        return bool(self.old)


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

    # One transaction however many papers: tag names are indexed words, and the search
    # index rebuilds once for a change to most of the library where chunks re-indexed
    # paper by paper (tagging 100k papers in 10k chunks took 144 s on a loaded machine).
    # A cancel stops it before it starts.

    def apply(self, step: Step) -> None:
        step(0, len(self.ids))
        self.changed = self._apply(self.add, self.ids)

    def revert(self, step: Step) -> None:
        step(0, len(self.changed))
        if self.changed:
            self._apply(not self.add, self.changed)
            self.changed = ()

    def did_something(self) -> bool:
        return bool(self.changed)


class EditFields(LibraryCommand):
    def __init__(self, lib: Library, pid: int, fields: dict[str, Any]) -> None:
        super().__init__(f"Edit {', '.join(fields)}")
        self.lib, self.pid, self.fields = lib, pid, fields
        self.old: dict[str, Any] = {}

    def apply(self, step: Step) -> None:
        try:
            changes = self.lib.update_paper(self.pid, **self.fields)
        except NotFoundError:
            raise LitmanError(
                "This paper is no longer in the library (it was deleted), so the edit was "
                "not saved."
            ) from None
        self.old = dict(changes.old[self.pid])

    def revert(self, step: Step) -> None:
        if self.old:
            self.lib.restore_fields({self.pid: self.old})


class DeletePapers(LibraryCommand):
    def __init__(self, lib: Library, ids: Sequence[int]) -> None:
        super().__init__(f"Delete {len(ids)} papers")
        self.lib, self.ids = lib, list(ids)
        self.gone: list[Paper] = []

    def apply(self, step: Step) -> None:
        step(0, len(self.ids))  # one transaction, after one backup
        changes = self.lib.delete_papers(self.ids)
        self.gone = [v["paper"] for v in changes.old.values()]

    def revert(self, step: Step) -> None:
        step(0, len(self.gone))
        self.lib.restore_papers(self.gone)


class RenameTag(LibraryCommand):
    """Rename or merge; undo puts each old tag back on exactly the papers that had it."""

    def __init__(self, lib: Library, old: str, new: str) -> None:
        super().__init__(mnemonic_free(f"Rename tag '{clip(old, 60)}' to '{clip(new, 60)}'"))
        self.lib, self.old_name, self.new_name = lib, old, new
        self.members: dict[str, list[int]] = {}
        self.had_new: dict[str, set[int]] = {}
        self.colours: dict[str, str] = {}

    def _subtree(self, root: str) -> list[str]:
        key = root.casefold()
        return [
            t.name
            for t in self.lib.tags()
            if t.name.casefold() == key or t.name.casefold().startswith(key + " > ")
        ]

    def apply(self, step: Step) -> None:
        self.members = {
            n: self.lib.paper_ids_with_tag(n, subtree=False) for n in self._subtree(self.old_name)
        }
        self.colours = {
            t.name: t.colour for t in self.lib.tags() if t.colour and t.name in self.members
        }
        targets = {n: self.new_name + n[len(self.old_name) :] for n in self.members}
        self.had_new = {
            t: set(self.lib.paper_ids_with_tag(t, subtree=False)) for t in targets.values()
        }
        self.lib.rename_tag(self.old_name, self.new_name)

    def revert(self, step: Step) -> None:
        for name, ids in self.members.items():
            target = self.new_name + name[len(self.old_name) :]
            newcomers = [i for i in ids if i not in self.had_new.get(target, set())]
            self.lib.add_tag(name, ids)  # also brings back a tag that had no papers
            if newcomers:
                self.lib.remove_tag(target, newcomers)
            if not self.had_new.get(target):
                self.lib.delete_tag(target)
        for name, colour in self.colours.items():  # add_tag made them anew, uncoloured
            self.lib.set_tag_colour(name, colour)


class SetField(LibraryCommand):
    """Set, change or remove one stored BibTeX field of a paper; undo puts the old ones back."""

    def __init__(self, lib: Library, pid: int, name: str, value: str) -> None:
        super().__init__(mnemonic_free(f"Edit {clip(name, 40)}"))
        self.lib, self.pid, self.name, self.value = lib, pid, name, value
        self.old: dict[str, Any] = {}

    def apply(self, step: Step) -> None:
        self.old = dict(self.lib.set_field(self.pid, self.name, self.value).old.get(self.pid, {}))

    def revert(self, step: Step) -> None:
        if self.old:
            self.lib.restore_fields({self.pid: self.old})


class DeleteTag(LibraryCommand):
    """Delete a tag (its subtags stay); undo puts it back with its colour and papers."""

    def __init__(self, lib: Library, name: str) -> None:
        super().__init__(mnemonic_free(f"Delete tag '{clip(name, 60)}'"))
        self.lib, self.name = lib, name
        self.gone: DeletedTag | None = None

    def apply(self, step: Step) -> None:
        self.gone = self.lib.delete_tag(self.name).deleted_tag

    def revert(self, step: Step) -> None:
        if self.gone is not None:
            self.lib.restore_tag(self.gone)
