"""The paper table's model: an ordered list of ids, rows fetched by page and cached by id.

Sorting asks the Library for a new id order (SQL or the search index); there is no proxy
model. A Changes record refreshes only the rows it names.
"""

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QFont, QGuiApplication, QIcon, QPainter, QPixmap

from litman import paths
from litman.core.library import Library
from litman.core.records import Paper, Status
from litman.formats.latex import plain_text
from litman.gui.safe_text import clip, rich

PAGE = 64  # papers read at a time: a screenful or two; each keystroke reads the first page
Index = QModelIndex | QPersistentModelIndex
COLUMNS: list[tuple[str, str]] = [
    ("status", ""),
    ("title", "Title"),
    ("authors", "Authors"),
    ("year", "Year"),
    ("venue", "Venue"),
    ("tags", "Tags"),
    ("added", "Added"),
]
# Every column sorts: its key names a Library sort (SORT_FIELDS) of the same name.
SORT_KEYS = {key: key for key, _label in COLUMNS}


def status_icon(status: Status) -> QIcon:
    """The status icon, with a white version for selected rows (the blue circle of
    'unread' vanished on the selection colour)."""
    icon = QIcon(str(paths.resources_dir() / "icons" / f"{status.value}.svg"))
    if not isinstance(QCoreApplication.instance(), QGuiApplication):
        return icon  # no pixmaps without a GUI application (a model tested on its own)
    for size in (16, 32):
        base = icon.pixmap(size, size)
        white = QPixmap(base.size())
        white.setDevicePixelRatio(base.devicePixelRatio())
        white.fill(Qt.GlobalColor.transparent)
        painter = QPainter(white)
        painter.drawPixmap(0, 0, base)
        painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceIn)
        painter.fillRect(white.rect(), Qt.GlobalColor.white)
        painter.end()
        icon.addPixmap(white, QIcon.Mode.Selected)
    return icon


_ROLES = frozenset(
    {
        Qt.ItemDataRole.DisplayRole,
        Qt.ItemDataRole.DecorationRole,
        Qt.ItemDataRole.FontRole,
        Qt.ItemDataRole.ToolTipRole,
        Qt.ItemDataRole.AccessibleTextRole,
    }
)


class PaperTableModel(QAbstractTableModel):
    sortRequested = Signal(str, bool)  # column key, descending

    def __init__(self, library: Library) -> None:
        super().__init__()
        self.library = library
        self._ids: list[int] = []
        self._row_of: dict[int, int] | None = {}
        self._cache: dict[int, Paper] = {}
        self._icons: dict[Status, QIcon] = {}  # made when first painted: pixmaps need a GUI app
        self._italic = QFont()
        self._italic.setItalic(True)

    # -- contents --------------------------------------------------------------------------

    def set_ids(self, ids: Sequence[int]) -> None:
        self.beginResetModel()
        self._ids = list(ids)
        self._row_of = None  # made when first asked: typing replaces 100k ids per keystroke
        self._cache.clear()
        self.endResetModel()

    def ids(self) -> list[int]:
        return list(self._ids)

    def paper_id(self, row: int) -> int:
        return self._ids[row]

    def id_slice(self, first: int, last: int) -> list[int]:
        """The ids of rows first..last, both included."""
        return self._ids[first : last + 1]

    def row_of(self, pid: int) -> int | None:
        return self._rows().get(pid)

    def _rows(self) -> dict[int, int]:
        if self._row_of is None:
            self._row_of = {pid: row for row, pid in enumerate(self._ids)}
        return self._row_of

    def refresh(self, ids: Sequence[int]) -> None:
        """Re-read these papers when next shown."""
        row_of = self._rows()
        rows = [row_of[i] for i in ids if i in row_of]
        for pid in ids:
            self._cache.pop(pid, None)
        if rows:
            self.dataChanged.emit(self.index(min(rows), 0), self.index(max(rows), len(COLUMNS) - 1))

    def paper(self, row: int) -> Paper | None:
        pid = self._ids[row]
        if pid not in self._cache:
            start = (row // PAGE) * PAGE
            page = [i for i in self._ids[start : start + PAGE] if i not in self._cache]
            self._cache.update((p.id, p) for p in self.library.get_many(page))
        return self._cache.get(pid)

    # -- Qt model API ----------------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._ids)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section][1]
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.ToolTipRole:
            return "Reading status" if section == 0 else None
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        # Qt asks about a dozen roles per painted cell; most are answered before the paper
        # is looked up (about 2,400 calls per repaint of a full window).
        if role not in _ROLES or not index.isValid() or not 0 <= index.row() < len(self._ids):
            return None
        paper = self.paper(index.row())
        if paper is None:
            return None
        key = COLUMNS[index.column()][0]
        if role == Qt.ItemDataRole.DisplayRole:
            return display(paper, key)
        if role == Qt.ItemDataRole.DecorationRole and key == "status":
            icon = self._icons.get(paper.status)
            if icon is None:
                icon = self._icons[paper.status] = status_icon(paper.status)
            return icon
        if role == Qt.ItemDataRole.FontRole and key == "title" and paper.title_derived:
            return self._italic
        if role == Qt.ItemDataRole.ToolTipRole:
            tip = tooltip(paper, key)
            return rich(tip) if tip else None  # a title `<img src=…>` is text, not markup
        if role == Qt.ItemDataRole.AccessibleTextRole and key == "status":
            return paper.status.value
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        base = super().flags(index)
        return base | Qt.ItemFlag.ItemIsDragEnabled if index.isValid() else base

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        key = COLUMNS[column][0]
        self.sortRequested.emit(SORT_KEYS[key], order == Qt.SortOrder.DescendingOrder)

    def mimeTypes(self) -> list[str]:
        return ["application/x-litman-ids"]

    def mimeData(self, indexes: Sequence[QModelIndex]) -> Any:
        from PySide6.QtCore import QMimeData

        ids = sorted({self._ids[i.row()] for i in indexes if i.isValid()})
        mime = QMimeData()
        mime.setData("application/x-litman-ids", ",".join(map(str, ids)).encode())
        return mime


def display(p: Paper, key: str) -> str:
    if key == "title":
        return plain_text(clip(p.title)) + (" …" if p.abstract_truncated and not p.title else "")
    if key == "authors":
        if not p.authors:
            return ""
        first = p.authors[0].split(",")[0]
        return first + (
            " et al."
            if len(p.authors) > 2
            else f" & {p.authors[1].split(',')[0]}"
            if len(p.authors) == 2
            else ""
        )
    if key == "year":
        return str(p.year) if p.year else ""
    if key == "venue":
        return clip(p.venue)
    if key == "tags":
        return clip(", ".join(p.tags))
    if key == "added":
        return p.added_at.strftime("%Y-%m-%d")
    return ""


def tooltip(p: Paper, key: str) -> str | None:
    if key == "status":
        return p.status.value.capitalize()
    if key == "title":
        notes = []
        if p.title_derived:
            notes.append("title derived from the abstract")
        if p.abstract_truncated:
            notes.append("abstract cut off at the source")
        return clip(p.title) + (f"\n({'; '.join(notes)})" if notes else "")
    if key == "authors":
        return clip("; ".join(p.authors)) or None
    return None
