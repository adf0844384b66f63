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

A shared library's server can go away. A run that fails for that (`ServerUnreachableError`)
is not dropped: the command stays on the stack, its text marked "(unsaved)", remembering
whether the library holds it (`held`) and whether the stack says it should (`wanted`: done,
or undone). While the window knows the server is away (`offline`), undo and redo only move
that wish. When the server is back the window calls `save()` on every such command, which
runs what makes the library agree with the stack.
"""

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtGui import QUndoCommand

from litman.core.errors import Cancelled, LitmanError, NotFoundError, ServerUnreachableError
from litman.core.library.facade import Library
from litman.core.records import Changes, Status
from litman.core.search.filters import ALL, Filter
from litman.gui.i18n import QT_TRANSLATE_NOOP, fill, papers, status_word, translate
from litman.gui.safe_text import clip, mnemonic_free

# Papers per transaction of a bulk status change: a progress step, and where a cancel can
# stop. (Each transaction also costs a refresh of the window: 10,000 made 100k take 4x.)
CHUNK = 25_000
Step = Callable[[int, int], None]
Work = Callable[[Step], Any]
Submit = Callable[..., object]  # WriteWorker.submit(label, work, done=, failed=)
UNSAVED = QT_TRANSLATE_NOOP("Commands", " (unsaved)")  # English in tests, shown translated
RATING_EDIT = 1  # the QUndoCommand id of an edit of a paper's rating alone


def no_step(_done: int, _total: int) -> None:
    """The step callback of work run in place: no progress, no cancel."""


def chunked(ids: Sequence[int]) -> list[Sequence[int]]:
    return [ids[i : i + CHUNK] for i in range(0, len(ids), CHUNK)]


class LibraryCommand(QUndoCommand):
    """A command over the Library whose failures are told in words, never left on the stack."""

    report: Callable[[str], None] | None = None  # set by the window: shows a message
    submit: Submit | None = None  # set by the window: its write queue
    # Set by the window: why the server cannot be reached now ('' when it can), and who to
    # tell when a run finds it gone.
    offline: Callable[[], str] | None = None
    unreachable: Callable[[str], None] | None = None

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self._skip_redo = False
        self.label = text
        self.held = False  # the library holds this command's change
        self.wanted = True  # the undo stack says it should (done, not undone)

    @property
    def unsaved(self) -> bool:
        """Whether the library and the undo stack disagree about this command."""
        return self.held != self.wanted

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
        self.held = True

    def mark_unsaved(self) -> None:
        """Its first run could not reach the server: pushed all the same, to be saved."""
        self._skip_redo = True
        self.held = False
        self._show()

    def redo(self) -> None:
        self.wanted = True
        if self._skip_redo:
            self._skip_redo = False
        elif not self.held:
            self._run(self.apply, QT_TRANSLATE_NOOP("Commands", "Redo"), held=True)
        self._show()

    def undo(self) -> None:
        self.wanted = False
        if self.held:
            self._run(self.revert, QT_TRANSLATE_NOOP("Commands", "Undo"), held=False)
        self._show()  # never saved: there is nothing to take back

    def save(self) -> None:
        """Make the library agree with the stack (the server is back)."""
        if self.unsaved:
            work = self.apply if self.wanted else self.revert
            self._run(work, QT_TRANSLATE_NOOP("Commands", "Save"), held=self.wanted)

    def _show(self) -> None:
        self.setText(self.label + (translate("Commands", UNSAVED) if self.unsaved else ""))

    def _run(self, work: Work, verb: str, *, held: bool) -> None:
        """Run `work` on the queue (in place without one), taking it as done meanwhile."""
        before, self.held = self.held, held
        why = self.offline() if self.offline is not None else ""
        if why:
            self._lost(before, why)
        elif self.submit is None:
            self._guard(lambda: work(no_step), verb, before)
        else:
            self.submit(
                fill(translate("Commands", "%1: %2"), translate("Commands", verb), self.label),
                work,
                done=lambda _result: self._show(),
                failed=lambda exc: self._failed(exc, before),
            )

    def _lost(self, before: bool, why: str) -> None:
        self.held = before
        self._show()
        if self.unreachable is not None:
            self.unreachable(why)

    def _failed(self, exc: BaseException, before: bool) -> None:
        if isinstance(exc, ServerUnreachableError):
            self._lost(before, str(exc))
        elif not isinstance(exc, Cancelled):
            self.setObsolete(True)  # QUndoStack drops an obsolete command at its next step

    def _guard(self, step: Callable[[], None], verb: str, before: bool) -> None:
        try:
            step()
        except ServerUnreachableError as exc:
            self._lost(before, str(exc))
        except LitmanError as exc:
            self.setObsolete(True)  # QUndoStack drops an obsolete command after the step
            if self.report is not None:
                said = translate("Commands", "%1 of “%2” failed: %3")
                self.report(fill(said, translate("Commands", verb), self.text(), exc))


class SetValues(LibraryCommand):
    """Set one unsearched value (a status, a rating) on many papers, CHUNK papers per
    transaction; undo restores exactly the papers changed, in one transaction."""

    def __init__(
        self,
        lib: Library,
        ids: Sequence[int],
        text: str,
        write: Callable[[Sequence[int]], Changes],
    ) -> None:
        super().__init__(text)
        self.lib, self.ids, self.write = lib, list(ids), write
        self.done: list[Changes] = []

    def apply(self, step: Step) -> None:
        self.done = []
        for n, part in enumerate(chunked(self.ids)):
            step(n * CHUNK, len(self.ids))
            self.done.append(self.write(part))

    def revert(self, step: Step) -> None:
        step(0, len(self.ids))
        if self.did_something():
            self.lib.undo(Changes.joined(self.done))
        self.done = []

    def did_something(self) -> bool:
        return any(not c.empty for c in self.done)


def set_status(lib: Library, ids: Sequence[int], status: Status) -> SetValues:
    """Mark many papers with one reading status."""
    text = fill(translate("Commands", "Mark %1 %2"), papers(len(ids)), status_word(status))
    return SetValues(lib, ids, text, lambda part: lib.papers.set_status(part, status))


def set_rating(lib: Library, ids: Sequence[int], rating: int) -> SetValues:
    """Give many papers one rating."""
    text = fill(translate("Commands", "Rate %1 %2 ★"), papers(len(ids)), rating)
    return SetValues(lib, ids, text, lambda part: lib.papers.set_rating(part, rating))


class Undoable(LibraryCommand):
    """A command that is one Library call: it keeps the Changes record the call returns,
    and undo hands that record back to the Library (`Library.undo`), one transaction."""

    def __init__(self, lib: Library, text: str) -> None:
        super().__init__(text)
        self.lib = lib
        self.done: Changes | None = None

    def call(self) -> Changes:
        raise NotImplementedError

    def apply(self, step: Step) -> None:
        self.done = self.call()

    def revert(self, step: Step) -> None:
        if self.done is not None and self.done.inverse is not None:
            self.lib.undo(self.done)
        self.done = None

    def did_something(self) -> bool:
        return self.done is not None and not self.done.empty


class MergePapers(Undoable):
    """Merge duplicates into one paper (`Library.merging`), with the versions shown; undo
    gives every paper back."""

    def __init__(
        self,
        lib: Library,
        keep: int,
        others: Sequence[int],
        choose: dict[str, int],
        seen: dict[int, int],
    ) -> None:
        super().__init__(lib, fill(translate("Commands", "Merge %1"), papers(len(others) + 1)))
        self.keep, self.others, self.choose = keep, list(others), choose
        self.seen: dict[int, int] | None = seen

    def call(self) -> Changes:
        # The versions shown guard the first merge; a redo merges the papers as they are.
        seen, self.seen = self.seen, None
        return self.lib.merging.merge(self.keep, self.others, self.choose, seen)


class NotDuplicates(Undoable):
    """Say papers are not duplicates; undo forgets it."""

    def __init__(self, lib: Library, ids: Sequence[int]) -> None:
        super().__init__(lib, "Not Duplicates")
        self.ids = list(ids)

    def call(self) -> Changes:
        return self.lib.duplicates.dismiss(self.ids)


class SaveSearch(Undoable):
    """Keep a query, with the sidebar filter it narrows, under a name in the library
    (`Library.saved`); undo forgets it."""

    def __init__(self, lib: Library, name: str, query: str, within: Filter = ALL) -> None:
        super().__init__(lib, "Save Search")
        self.name, self.query, self.within = name, query, within

    def call(self) -> Changes:
        return self.lib.saved.add(self.name, self.query, self.within)


class RenameSaved(Undoable):
    """Give a saved search another name; undo gives its old one back."""

    def __init__(self, lib: Library, name: str, new_name: str) -> None:
        super().__init__(lib, "Rename Saved Search")
        self.name, self.new_name = name, new_name

    def call(self) -> Changes:
        return self.lib.saved.update(self.name, new_name=self.new_name)


class RemoveSaved(Undoable):
    """Forget a saved search; undo keeps it again."""

    def __init__(self, lib: Library, name: str) -> None:
        super().__init__(lib, "Remove Saved Search")
        self.name = name

    def call(self) -> Changes:
        return self.lib.saved.remove(self.name)


class TagPapers(Undoable):
    """Put a tag on papers, or take it off; undo reverses it on exactly the papers changed
    (and removes the tag again when tagging made it)."""

    def __init__(self, lib: Library, tag: str, ids: Sequence[int], add: bool = True) -> None:
        # The text names Edit → Undo: a tag `R&D` must not become an Alt+D mnemonic there.
        super().__init__(
            lib,
            mnemonic_free(
                fill(
                    translate("Commands", "Tag %1 '%2'")
                    if add
                    else translate("Commands", "Untag %1 '%2'"),
                    papers(len(ids)),
                    clip(tag, 60),
                )
            ),
        )
        self.tag, self.ids, self.add = tag, list(ids), add

    # One transaction however many papers: the search index takes the changed links as
    # they are (`SearchIndex.link`), so a whole-library tag costs its SQL, not a rebuild.
    # A cancel stops it before it starts.

    def apply(self, step: Step) -> None:
        step(0, len(self.ids))
        super().apply(step)

    def call(self) -> Changes:
        return (self.lib.tags.add_tag if self.add else self.lib.tags.remove_tag)(self.tag, self.ids)


class EditFields(Undoable):
    """Edit fields of one paper (its own by column name, stored BibTeX ones by theirs) as
    shown at version `seen`: a field someone else changed since is refused (ConflictError,
    which the window answers with the merge dialog). A redo writes without the check: the
    version it saw is its own first run's."""

    def __init__(
        self, lib: Library, pid: int, fields: dict[str, Any], seen: int | None = None
    ) -> None:
        super().__init__(
            lib, mnemonic_free(fill(translate("Commands", "Edit %1"), clip(", ".join(fields), 60)))
        )
        self.pid, self.fields, self.seen = pid, fields, seen
        self.later: list[Changes] = []  # rating edits merged into this one (`mergeWith`)

    def values(self) -> dict[str, Any]:
        """What this edit writes, by field name (for saving it again, merged)."""
        return dict(self.fields)

    def call(self) -> Changes:
        try:
            done = self.lib.papers.edit(self.pid, self.fields, seen_version=self.seen)
        except NotFoundError:
            raise LitmanError(
                translate(
                    "Commands",
                    "This paper is no longer in the library (it was deleted), so the edit was "
                    "not saved.",
                )
            ) from None
        self.seen = None
        return done

    # Rating clicks in a row are one undo step, and none when they end where they began.
    def id(self) -> int:
        return RATING_EDIT if set(self.fields) == {"rating"} else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        """Take in the next rating edit of the same paper (both saved): undo reverts both,
        and an edit back to the rating it began at is dropped (QUndoStack drops an
        obsolete command after a merge)."""
        if not (
            isinstance(other, EditFields)
            and other.pid == self.pid
            and other.id() == self.id() == RATING_EDIT
            and self.held
            and other.held
            and self.done is not None
            and other.done is not None
        ):
            return False
        self.later.append(other.done)
        self.fields = dict(other.fields)
        began = self.done.old.get(self.pid, {}).get("rating")
        self.setObsolete(began == self.fields["rating"])
        return True

    def apply(self, step: Step) -> None:
        self.later = []
        super().apply(step)

    def revert(self, step: Step) -> None:
        for done in reversed(self.later):  # the later clicks first, each its own record
            self.lib.undo(done)
        self.later = []
        super().revert(step)


class DeletePapers(Undoable):
    """Move papers to the trash; undo takes them out again (each one statement)."""

    def __init__(self, lib: Library, ids: Sequence[int]) -> None:
        super().__init__(lib, fill(translate("Commands", "Move %1 to the trash"), papers(len(ids))))
        self.ids = list(ids)

    def apply(self, step: Step) -> None:
        step(0, len(self.ids))  # one transaction
        super().apply(step)

    def call(self) -> Changes:
        return self.lib.papers.delete_papers(self.ids)


class RestorePapers(DeletePapers):
    """Take papers out of the trash; undo moves them back in."""

    def __init__(self, lib: Library, ids: Sequence[int]) -> None:
        super().__init__(lib, ids)
        self.label = fill(translate("Commands", "Restore %1 from the trash"), papers(len(ids)))
        self.setText(self.label)

    def call(self) -> Changes:
        return self.lib.papers.restore(self.ids)


class RenameTag(Undoable):
    """Rename or merge; undo puts each old tag back on exactly the papers that had it."""

    def __init__(self, lib: Library, old: str, new: str) -> None:
        said = fill(translate("Commands", "Rename tag '%1' to '%2'"), clip(old, 60), clip(new, 60))
        super().__init__(lib, mnemonic_free(said))
        self.old_name, self.new_name = old, new

    def call(self) -> Changes:
        return self.lib.tags.rename_tag(self.old_name, self.new_name)


class SetField(Undoable):
    """Set, change or remove one stored BibTeX field of a paper; undo puts the old ones back.
    Refused as `EditFields` is when someone else changed it after version `seen`."""

    def __init__(
        self, lib: Library, pid: int, name: str, value: str, seen: int | None = None
    ) -> None:
        super().__init__(lib, mnemonic_free(fill(translate("Commands", "Edit %1"), clip(name, 40))))
        self.pid, self.name, self.value, self.seen = pid, name, value, seen

    def values(self) -> dict[str, Any]:
        return {self.name: self.value}

    def call(self) -> Changes:
        done = self.lib.papers.set_field(self.pid, self.name, self.value, seen_version=self.seen)
        self.seen = None
        return done


class ColourTag(Undoable):
    """Give a tag a colour (None: none); undo puts back the colour it had."""

    def __init__(self, lib: Library, name: str, colour: str | None) -> None:
        super().__init__(
            lib, mnemonic_free(fill(translate("Commands", "Colour tag '%1'"), clip(name, 60)))
        )
        self.name, self.colour = name, colour

    def call(self) -> Changes:
        return self.lib.tags.set_tag_colour(self.name, self.colour)


class DeleteTag(Undoable):
    """Delete a tag (its subtags stay); undo puts it back with its colour and papers."""

    def __init__(self, lib: Library, name: str) -> None:
        super().__init__(
            lib, mnemonic_free(fill(translate("Commands", "Delete tag '%1'"), clip(name, 60)))
        )
        self.name = name

    def call(self) -> Changes:
        return self.lib.tags.delete_tag(self.name)
