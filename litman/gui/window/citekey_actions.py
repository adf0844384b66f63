"""Paper → Regenerate Citation Keys… and Paper → Citation Key Pattern…: the library's key
rule in JabRef's notation (`library.citekeys`), and the selected papers' keys made again by
it after a preview of old → new, as one undoable step.

Keys typed or read from a file are never made again unless asked here; new papers get
theirs by the pattern.
"""

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QInputDialog, QLineEdit, QMenu, QMessageBox

from litman.core.errors import LitmanError
from litman.core.library import key_patterns
from litman.core.library.facade import Library
from litman.core.records import Changes
from litman.gui.i18n import fill, papers, translate
from litman.gui.safe_text import rich
from litman.gui.writes import commands

if TYPE_CHECKING:
    from litman.gui.window.window_api import Window

PREVIEW_ROWS = 30


class KeysCounted(QObject):
    """The translation context of counted citation keys (a plural form each)."""


class RegenerateKeys(commands.Undoable):
    """Make papers' keys again by the library's pattern; undo gives the old keys back."""

    def __init__(self, lib: Library, ids: Sequence[int]) -> None:
        super().__init__(
            lib,
            fill(
                translate("CitekeyActions", "Regenerate the citation keys of %1"), papers(len(ids))
            ),
        )
        self.ids = list(ids)

    def call(self) -> Changes:
        return self.lib.citekey_rule.regenerate(self.ids)


class PinKeys(commands.Undoable):
    """Pin (or unpin) papers' keys: a pinned key is never made again by the pattern."""

    def __init__(self, lib: Library, ids: Sequence[int], pinned: bool) -> None:
        text = (
            translate("CitekeyActions", "Pin the citation keys of %1")
            if pinned
            else translate("CitekeyActions", "Unpin the citation keys of %1")
        )
        super().__init__(lib, fill(text, papers(len(ids))))
        self.ids, self.pinned = list(ids), pinned

    def call(self) -> Changes:
        return self.lib.citekey_rule.pin(self.ids, self.pinned)


def install(win: "Window", menu: QMenu) -> None:
    regenerate = menu.addAction(translate("CitekeyActions", "Regenerate Citation Keys…"))
    regenerate.triggered.connect(lambda _checked=False: regenerate_keys(win))
    pattern = menu.addAction(translate("CitekeyActions", "Citation Key Pattern…"))
    pattern.triggered.connect(lambda _checked=False: set_pattern(win))
    win.acts.regenerate_keys, win.acts.key_pattern = regenerate, pattern
    win.table.addAction(regenerate)
    for pinned, text in (
        (True, translate("CitekeyActions", "Pin Citation Keys")),
        (False, translate("CitekeyActions", "Unpin Citation Keys")),
    ):
        action = menu.addAction(text)
        action.triggered.connect(lambda _checked=False, p=pinned: pin_keys(win, p))
        win.table.addAction(action)
        if pinned:
            win.acts.pin_keys = action
        else:
            win.acts.unpin_keys = action


def pin_keys(win: "Window", pinned: bool) -> None:
    """Pin (or unpin) the selection's keys, undoably."""
    ids = win.selected_ids()
    if ids:
        win.push(PinKeys(win.library, ids, pinned))


def regenerate_keys(win: "Window") -> None:
    """Preview old → new for the selection, then regenerate on OK."""
    ids = win.selected_ids()
    if not ids:
        return
    planned = win.library.citekey_rule.plan(ids)
    pinned = len(win.library.citekey_rule.pinned(ids))
    if not planned:
        said = translate("CitekeyActions", "The selected papers' keys already follow the pattern")
        if pinned:
            said = KeysCounted.tr(
                "The selected papers' keys follow the pattern or are pinned (%Ln pinned)",  # type: ignore[arg-type]
                "",
                pinned,  # type: ignore[arg-type]
            )
        win.statusBar().showMessage(said, 5000)
        return
    lines = [f"{r.old} → {r.new}" for r in planned[:PREVIEW_ROWS]]
    if pinned:
        lines.append(
            KeysCounted.tr(
                "%Ln pinned key(s) kept (Paper → Unpin Citation Keys frees them)",  # type: ignore[arg-type]
                "",
                pinned,  # type: ignore[arg-type]
            )
        )
    if len(planned) > PREVIEW_ROWS:
        lines.append(
            fill(translate("CitekeyActions", "… and %1 more"), len(planned) - PREVIEW_ROWS)
        )
    box = QMessageBox(win.window())
    box.setWindowTitle(translate("CitekeyActions", "Regenerate Citation Keys"))
    change = KeysCounted.tr("Change %Ln citation key(s)?", "", len(planned))  # type: ignore[arg-type]
    box.setText(rich(change + "\n\n" + "\n".join(lines)))
    box.setStandardButtons(QMessageBox.StandardButton.Ok | QMessageBox.StandardButton.Cancel)
    if box.exec() == QMessageBox.StandardButton.Ok:
        said = KeysCounted.tr(
            "Regenerated %Ln citation key(s) (Ctrl+Z undoes)",  # type: ignore[arg-type]
            "",
            len(planned),  # type: ignore[arg-type]
        )
        win.push(RegenerateKeys(win.library, ids), said=said)


def set_pattern(win: "Window") -> None:
    """Ask for the key pattern new papers get their keys by; refuse one it cannot read."""
    hint = ", ".join(key_patterns.EXAMPLES)
    text, ok = QInputDialog.getText(
        win.window(),
        translate("CitekeyActions", "Citation Key Pattern"),
        fill(
            translate(
                "CitekeyActions",
                "Key pattern for new papers (JabRef's notation: %1; empty: litman's own rule):",
            ),
            hint,
        ),
        QLineEdit.EchoMode.Normal,
        win.library.citekey_rule.pattern(),
    )
    if not ok:
        return
    try:
        win.library.citekey_rule.set_pattern(text.strip())
    except LitmanError as e:
        QMessageBox.warning(win.window(), "litman", rich(str(e)))
        return
    shown = text.strip() or translate("CitekeyActions", "litman’s own rule")
    win.statusBar().showMessage(fill(translate("CitekeyActions", "Key pattern: %1"), shown), 5000)
