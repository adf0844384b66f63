"""A tag's colour as the table and the sidebar show it: coloured dots side by side.

A leaf both rooms use (the table beside a paper's title, the sidebar beside a tag), so that
neither imports the other for it.
"""

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QColor, QGuiApplication, QIcon, QPainter, QPixmap


def tag_dots(colours: tuple[str, ...]) -> QIcon:
    """Up to four coloured dots side by side, one per coloured tag."""
    if not isinstance(QCoreApplication.instance(), QGuiApplication):
        return QIcon()
    shown = colours[:4]
    pix = QPixmap(10 * len(shown) + 2, 12)
    pix.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pix)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    for i, colour in enumerate(shown):
        painter.setBrush(QColor(colour))
        painter.setPen(QColor(colour).darker(130))
        painter.drawEllipse(1 + 10 * i, 2, 8, 8)
    painter.end()
    return QIcon(pix)
