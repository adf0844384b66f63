"""Render resources/icons/litman.svg into the icon files each platform's bundle needs.

    .venv/bin/python packaging/make_icons.py

Writes litman.png (512 px, for Linux and the .desktop file), litman.ico (Windows, several
sizes) and litman.icns (macOS), through Qt's own image plugins. Run it after changing the
SVG and commit the results.
"""

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

ICONS = Path(__file__).resolve().parent.parent / "resources" / "icons"


def render(svg: QSvgRenderer, size: int) -> QImage:
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    svg.render(painter)
    painter.end()
    return image


def main() -> None:
    QGuiApplication(sys.argv[:1])
    svg = QSvgRenderer(str(ICONS / "litman.svg"))
    if not svg.isValid():
        sys.exit("litman.svg did not load")
    for name, size, fmt in (
        ("litman.png", 512, "PNG"),
        ("litman.ico", 256, "ICO"),
        ("litman.icns", 1024, "ICNS"),
    ):
        target = ICONS / name
        if not render(svg, size).save(str(target), fmt):
            sys.exit(f"could not write {target}")
        print(f"wrote {target} ({target.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
