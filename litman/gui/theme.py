"""Light or dark, as the system says.

Where the platform theme already hands Qt a dark palette (macOS, Windows 11, GNOME and KDE
with their portals), nothing is done. Where the system asks for dark but the palette stayed
light, litman switches to the Fusion style with a dark palette, so that it never glares. The
widgets use palette roles, not fixed colours, so both palettes read well.
"""

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

_DARK = {
    QPalette.ColorRole.Window: "#1f2125",
    QPalette.ColorRole.WindowText: "#e6e6e6",
    QPalette.ColorRole.Base: "#17181b",
    QPalette.ColorRole.AlternateBase: "#23252a",
    QPalette.ColorRole.Text: "#e6e6e6",
    QPalette.ColorRole.Button: "#2a2d33",
    QPalette.ColorRole.ButtonText: "#e6e6e6",
    QPalette.ColorRole.Highlight: "#3b6fb6",
    QPalette.ColorRole.HighlightedText: "#ffffff",
    QPalette.ColorRole.ToolTipBase: "#2a2d33",
    QPalette.ColorRole.ToolTipText: "#e6e6e6",
    QPalette.ColorRole.PlaceholderText: "#8a8f98",
    QPalette.ColorRole.Mid: "#5a5f68",
    QPalette.ColorRole.Link: "#7aa7e8",
}


def system_wants_dark(qapp: QGuiApplication) -> bool:
    return qapp.styleHints().colorScheme() == Qt.ColorScheme.Dark


def palette_is_dark(palette: QPalette) -> bool:
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def apply(qapp: QApplication, dark: bool | None = None) -> None:
    """Follow the system (or force `dark`), adding a dark palette only where none came."""
    dark = system_wants_dark(qapp) if dark is None else dark
    if not dark or palette_is_dark(qapp.palette()):
        return
    qapp.setStyle("Fusion")
    palette = QPalette()
    for role, colour in _DARK.items():
        palette.setColor(role, QColor(colour))
    for role in (QPalette.ColorRole.Text, QPalette.ColorRole.WindowText):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor("#7d828a"))
    qapp.setPalette(palette)
