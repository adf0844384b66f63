"""Window size on the screen it opens on.

The first window used to be 1280×800, taller than a 1366×768 laptop's usable area (about
1366×740 under a panel). It now takes at most 90% of the available area, and a saved
geometry from a larger monitor is brought back inside the screen.
"""

from PySide6.QtCore import QRect, QSize
from PySide6.QtWidgets import QWidget

PREFERRED = QSize(1280, 800)


def first_size(available: QSize, preferred: QSize = PREFERRED) -> QSize:
    """The preferred size, shrunk to 90% of what the screen offers where it is larger."""
    return QSize(
        min(preferred.width(), int(available.width() * 0.9)),
        min(preferred.height(), int(available.height() * 0.9)),
    )


def fit(window: QWidget, restored: bool) -> None:
    """Size a new window for its screen, or pull a restored one inside it."""
    screen = window.screen()
    if screen is None:
        return
    area: QRect = screen.availableGeometry()
    if not restored:
        size = first_size(area.size())
        window.resize(size.expandedTo(window.minimumSize()).boundedTo(area.size()))
        window.move(area.center() - window.rect().center())
        return
    frame = window.frameGeometry()
    if area.contains(frame):
        return
    window.resize(window.size().boundedTo(area.size()))
    frame = window.frameGeometry()
    x = min(max(frame.x(), area.x()), area.right() - frame.width() + 1)
    y = min(max(frame.y(), area.y()), area.bottom() - frame.height() + 1)
    window.move(x, y)
