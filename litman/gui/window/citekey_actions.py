"""Paper → Regenerate Citation Keys… and Paper → Citation Key Pattern…: the library's key
rule in JabRef's notation (`library.citekeys`), and the selected papers' keys made again by
it after a preview of old → new, as one undoable step.

Keys typed or read from a file are never made again unless asked here; new papers get
theirs by the pattern.
"""

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QInputDialog, QLineEdit, QMenu, QMessageBox

from litman.core.errors import LitmanError
from litman.core.library import key_patterns
from litman.core.library.facade import Library
from litman.core.records import Changes, counted
from litman.gui.safe_text import rich
from litman.gui.writes import commands

if TYPE_CHECKING:
    from litman.gui.window.window_api import Window

PREVIEW_ROWS = 30


class RegenerateKeys(commands.Undoable):
    """Make papers' keys again by the library's pattern; undo gives the old keys back."""

    def __init__(self, lib: Library, ids: Sequence[int]) -> None:
        super().__init__(lib, f"Regenerate the citation keys of {counted(len(ids), 'paper')}")
        self.ids = list(ids)

    def call(self) -> Changes:
        return self.lib.citekey_rule.regenerate(self.ids)


def install(win: "Window", menu: QMenu) -> None:
    regenerate = menu.addAction("Regenerate Citation Keys…")
    regenerate.triggered.connect(lambda _checked=False: regenerate_keys(win))
    pattern = menu.addAction("Citation Key Pattern…")
    pattern.triggered.connect(lambda _checked=False: set_pattern(win))
    win.acts.regenerate_keys, win.acts.key_pattern = regenerate, pattern
    win.table.addAction(regenerate)


def regenerate_keys(win: "Window") -> None:
    """Preview old → new for the selection, then regenerate on OK."""
    ids = win.selected_ids()
    if not ids:
        return
    planned = win.library.citekey_rule.plan(ids)
    if not planned:
        win.statusBar().showMessage("The selected papers' keys already follow the pattern", 5000)
        return
    lines = [f"{r.old} → {r.new}" for r in planned[:PREVIEW_ROWS]]
    if len(planned) > PREVIEW_ROWS:
        lines.append(f"… and {len(planned) - PREVIEW_ROWS} more")
    box = QMessageBox(win.window())
    box.setWindowTitle("Regenerate Citation Keys")
    box.setText(rich(f"Change {counted(len(planned), 'citation key')}?\n\n" + "\n".join(lines)))
    box.setStandardButtons(QMessageBox.StandardButton.Ok | QMessageBox.StandardButton.Cancel)
    if box.exec() == QMessageBox.StandardButton.Ok:
        said = f"Regenerated {counted(len(planned), 'citation key')} (Ctrl+Z undoes)"
        win.push(RegenerateKeys(win.library, ids), said=said)


def set_pattern(win: "Window") -> None:
    """Ask for the key pattern new papers get their keys by; refuse one it cannot read."""
    hint = ", ".join(key_patterns.EXAMPLES)
    text, ok = QInputDialog.getText(
        win.window(),
        "Citation Key Pattern",
        f"Key pattern for new papers (JabRef's notation: {hint}; empty: litman's own rule):",
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
    win.statusBar().showMessage(f"Key pattern: {text.strip() or 'litman’s own rule'}", 5000)
