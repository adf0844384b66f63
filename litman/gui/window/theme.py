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


def luminance(colour: QColor) -> float:
    """WCAG relative luminance."""

    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    return (
        0.2126 * channel(colour.redF())
        + 0.7152 * channel(colour.greenF())
        + 0.0722 * channel(colour.blueF())
    )


def contrast(fg: QColor, bg: QColor) -> float:
    """WCAG contrast ratio of two opaque colours (1 to 21; AA text needs 4.5)."""
    hi, lo = sorted((luminance(fg), luminance(bg)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def flatten(fg: QColor, bg: QColor) -> QColor:
    """A translucent colour as painted over `bg` (Qt's light placeholder is half-alpha)."""
    a = fg.alphaF()
    return QColor.fromRgbF(
        fg.redF() * a + bg.redF() * (1 - a),
        fg.greenF() * a + bg.greenF() * (1 - a),
        fg.blueF() * a + bg.blueF() * (1 - a),
    )


def readable(palette: QPalette) -> QPalette:
    """The palette with its muted text (placeholder, used for notes and hints) moved toward
    the text colour until it reads at 4.5:1 on both the window and the base colour."""
    text = palette.color(QPalette.ColorRole.WindowText)
    muted = palette.color(QPalette.ColorRole.PlaceholderText)
    backgrounds = [palette.color(r) for r in (QPalette.ColorRole.Window, QPalette.ColorRole.Base)]
    for step in range(11):
        mixed = _mix(flatten(muted, backgrounds[0]), text, step / 10)
        if all(contrast(mixed, bg) >= 4.6 for bg in backgrounds):
            break
    for group in (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive):
        palette.setColor(group, QPalette.ColorRole.PlaceholderText, mixed)
    return palette


def _mix(a: QColor, b: QColor, t: float) -> QColor:
    def mix(x: float, y: float) -> float:
        return x + (y - x) * t

    return QColor.fromRgbF(
        mix(a.redF(), b.redF()), mix(a.greenF(), b.greenF()), mix(a.blueF(), b.blueF())
    )


def apply(qapp: QApplication, dark: bool | None = None) -> None:
    """Follow the system (or force `dark`), adding a dark palette only where none came;
    either way, muted text is made to read at WCAG AA contrast."""
    dark = system_wants_dark(qapp) if dark is None else dark
    if not dark or palette_is_dark(qapp.palette()):
        qapp.setPalette(readable(qapp.palette()))
        return
    qapp.setStyle("Fusion")
    palette = QPalette()
    for role, colour in _DARK.items():
        palette.setColor(role, QColor(colour))
    for role in (QPalette.ColorRole.Text, QPalette.ColorRole.WindowText):
        palette.setColor(QPalette.ColorGroup.Disabled, role, QColor("#7d828a"))
    qapp.setPalette(readable(palette))
