"""The paper table's model: an ordered list of ids, rows fetched by page and cached by id.

Sorting asks the Library for a new id order (SQL or the search index); there is no proxy
model. A Changes record refreshes only the rows it names.
"""

from collections.abc import Sequence
from typing import Any, NamedTuple

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QFont, QGuiApplication, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import QApplication, QStyle

from litman import paths
from litman.core.attached import Files
from litman.core.errors import ServerUnreachableError
from litman.core.library.facade import Library
from litman.core.records import Paper, Status
from litman.gui.i18n import QT_TRANSLATE_NOOP, translate
from litman.gui.safe_text import rich
from litman.gui.table.models.columns import BUILT_IN, FIELD_PREFIX, Column, field_column, tooltip
from litman.gui.tag_dots import tag_dots

# Papers read at a time, from the first row asked for down: a screenful. Qt paints from the
# top row on screen, so a read starting there covers the screen; a page aligned to
# multiples of its size read the rows above the screen too (64 where 30 were shown).
PAGE = 32
# Papers read are kept across a refill that changed no paper (a keystroke, a sort), up to
# this many: typing narrows a search, and its next rows are mostly ones already read
# (reading a page cost 3-8 ms of each keystroke).
KEPT = 2_000
Index = QModelIndex | QPersistentModelIndex


class Cell(NamedTuple):
    """What a cell shows, made once per paper read: its text, its icon (the status, the tag
    dots), whether the text is italic (a title derived from the abstract), and whether the
    text is one plain line (no control or separator character) that the table's delegate
    may draw itself."""

    text: str
    icon: QIcon | None
    italic: bool
    plain: bool


def status_icon(status: Status) -> QIcon:
    """The status icon, with a white version for selected rows (the blue circle of
    'unread' vanished on the selection colour). Drawn from the SVG once, at two sizes:
    an icon made of pixmaps paints a table cell faster than the SVG engine's cache."""
    svg = QIcon(str(paths.resources_dir() / "icons" / f"{status.value}.svg"))
    if not isinstance(QCoreApplication.instance(), QGuiApplication):
        return svg  # no pixmaps without a GUI application (a model tested on its own)
    icon = QIcon()
    for size in (16, 32):
        base = svg.pixmap(size, size)
        white = QPixmap(base.size())
        white.setDevicePixelRatio(base.devicePixelRatio())
        white.fill(Qt.GlobalColor.transparent)
        painter = QPainter(white)
        painter.drawPixmap(0, 0, base)
        painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_SourceIn)
        painter.fillRect(white.rect(), Qt.GlobalColor.white)
        painter.end()
        icon.addPixmap(base, QIcon.Mode.Normal)
        icon.addPixmap(white, QIcon.Mode.Selected)
    return icon


# The Attachment column's icons (the style's own) and tooltips, by what a paper's attachments
# come to.
_FILE_ICONS = {
    Files.PRESENT: QStyle.StandardPixmap.SP_FileIcon,
    Files.MISSING: QStyle.StandardPixmap.SP_MessageBoxWarning,
    Files.LINKS: QStyle.StandardPixmap.SP_DriveNetIcon,
}
_FILE_TIPS = {
    Files.PRESENT: QT_TRANSLATE_NOOP("PaperTable", "Has its file"),
    Files.MISSING: QT_TRANSLATE_NOOP(
        "PaperTable", "A file is missing (Paper → Find Missing Files… relinks it)"
    ),
    Files.LINKS: QT_TRANSLATE_NOOP("PaperTable", "Has a link"),
}


# The roles answered, as plain ints: Qt asks seven roles of each painted cell (about 1,400
# calls per repaint), and comparing an int with a Qt enum member costs a microsecond each.
_DISPLAY = Qt.ItemDataRole.DisplayRole.value
_DECORATION = Qt.ItemDataRole.DecorationRole.value
_FONT = Qt.ItemDataRole.FontRole.value
_TOOLTIP = Qt.ItemDataRole.ToolTipRole.value
_ACCESSIBLE = Qt.ItemDataRole.AccessibleTextRole.value
_ROLES = frozenset({_DISPLAY, _DECORATION, _FONT, _TOOLTIP, _ACCESSIBLE})
_CELL = (
    Qt.ItemFlag.ItemIsSelectable
    | Qt.ItemFlag.ItemIsEnabled
    | Qt.ItemFlag.ItemNeverHasChildren
    | Qt.ItemFlag.ItemIsDragEnabled
)


class PaperTableModel(QAbstractTableModel):
    sortRequested = Signal(str, bool)  # column key, descending
    lost = Signal(str)  # a shared library's server was gone when rows were read: why

    def __init__(self, library: Library) -> None:
        super().__init__()
        self.library = library
        self._ids: list[int] = []
        self._row_of: dict[int, int] | None = {}
        self._cache: dict[int, Paper] = {}
        self._files: dict[int, Files | None] = {}  # read with the papers: the disk looked at
        self._cells: dict[int, list[Cell | None]] = {}  # per paper read, made when painted
        self._icons: dict[Status, QIcon] = {}  # made when first painted: pixmaps need a GUI app
        self._file_icons: dict[Files, QIcon] = {}
        self._italic = QFont()
        self._italic.setItalic(True)
        self.columns: list[Column] = list(BUILT_IN)
        self._colours: dict[str, str] = {}  # tag name -> colour, for the dots on the title
        self._dots: dict[tuple[str, ...], QIcon] = {}
        self.offline = False  # a shared library's server is away: read nothing new

    # -- columns ---------------------------------------------------------------------------

    def column_of(self, key: str) -> int | None:
        return next((i for i, c in enumerate(self.columns) if c.key == key), None)

    def field_columns(self) -> list[str]:
        return [c.key[len(FIELD_PREFIX) :] for c in self.columns if c.key.startswith(FIELD_PREFIX)]

    def add_field_column(self, name: str) -> int:
        """A column for a stored BibTeX field, at the end; returns its section."""
        found = self.column_of(FIELD_PREFIX + name)
        if found is not None:
            return found
        n = len(self.columns)
        self.beginInsertColumns(QModelIndex(), n, n)
        self.columns.append(field_column(name))
        self._cells.clear()
        self.endInsertColumns()
        return n

    def set_tag_colours(self, colours: dict[str, str]) -> None:
        """Tag colours shown as dots before the title, as in Zotero."""
        if colours != self._colours:
            self._colours = dict(colours)
            self._dots.clear()
            self._cells.clear()
            if self._ids:
                col = self.column_of("title") or 0
                self.dataChanged.emit(self.index(0, col), self.index(len(self._ids) - 1, col))

    def _tag_dots(self, tags: tuple[str, ...]) -> QIcon | None:
        colours = tuple(self._colours[t] for t in tags if t in self._colours)
        if not colours:
            return None
        if colours not in self._dots:
            self._dots[colours] = tag_dots(colours)
        return self._dots[colours]

    # -- contents --------------------------------------------------------------------------

    def set_ids(self, ids: Sequence[int], *, same_papers: bool = False) -> None:
        """Show these rows. `same_papers`: no paper changed since the last refill (the
        search text or the sort did), so the papers read already are kept."""
        self.beginResetModel()
        self._ids = list(ids)
        self._row_of = None  # made when first asked: typing replaces 100k ids per keystroke
        if not same_papers or len(self._cache) > KEPT:
            self._cache.clear()
            self._files.clear()
            self._cells.clear()
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
            self._files.pop(pid, None)
            self._cells.pop(pid, None)
        if rows:
            self.dataChanged.emit(
                self.index(min(rows), 0), self.index(max(rows), len(self.columns) - 1)
            )

    def cached(self, ids: Sequence[int]) -> list[Paper]:
        """The papers of these ids that the table holds, read earlier."""
        return [self._cache[i] for i in ids if i in self._cache]

    def paper(self, row: int) -> Paper | None:
        pid = self._ids[row]
        if pid not in self._cache and not self.offline:  # offline: only rows read before
            page = [i for i in self._ids[row : row + PAGE] if i not in self._cache]
            try:
                self._cache.update((p.id, p) for p in self.library.get_many(page))
                self._files.update(dict.fromkeys(page))
                self._files.update(self.library.attachments.files(page))
            except ServerUnreachableError as exc:  # before the window knew: tell it
                self.offline = True
                self.lost.emit(str(exc))
        return self._cache.get(pid)

    # -- Qt model API ----------------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self._ids)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.columns)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self.columns):
            return None
        column = self.columns[section]
        if role == Qt.ItemDataRole.DisplayRole:
            return column.shown_header()
        if role == Qt.ItemDataRole.ToolTipRole:
            return column.shown_tip() or None
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return column.shown_tip() or column.shown_header()
        return None

    def data(self, index: Index, role: int = _DISPLAY) -> Any:
        # Most roles Qt asks about are answered before the paper is looked up.
        if role not in _ROLES:
            return None
        row = index.row()  # -1 for an invalid index
        if not 0 <= row < len(self._ids):
            return None
        if role in (_DISPLAY, _DECORATION, _FONT):
            cell = self.cell(row, index.column())
            if cell is None:
                return None
            if role == _DISPLAY:
                return cell.text
            if role == _DECORATION:
                return cell.icon
            return self._italic if cell.italic else None
        paper = self._cache.get(self._ids[row])
        if paper is None and (paper := self.paper(row)) is None:
            return None
        key = self.columns[index.column()].key
        if key == "attachment":
            return self._attachment(self._files.get(paper.id), role)
        if role == _TOOLTIP:
            tip = tooltip(paper, key)
            return rich(tip) if tip else None  # a title `<img src=…>` is text, not markup
        return paper.status.value if key == "status" else None  # _ACCESSIBLE

    def _attachment(self, files: Files | None, role: int) -> Any:
        """The Attachment column: an icon for what the paper's attachments come to."""
        if files is None or role in (_DISPLAY, _FONT):
            return None
        if role == _TOOLTIP:
            return translate("PaperTable", _FILE_TIPS[files])
        if role == _ACCESSIBLE:
            return files.value
        icon = self._file_icons.get(files)
        app = QCoreApplication.instance()
        if icon is None and isinstance(app, QApplication):  # a style needs a widget app
            icon = self._file_icons[files] = app.style().standardIcon(_FILE_ICONS[files])
        return icon

    def cell(self, row: int, column: int) -> Cell | None:
        """What the cell at `row`, `column` shows (None for a paper that cannot be read: a
        shared library's server away). Made once per paper and column, and kept with the
        paper: a screen of rows is painted again on every keystroke and scroll."""
        pid = self._ids[row]
        cells = self._cells.get(pid)
        if cells is None:
            cells = self._cells[pid] = [None] * len(self.columns)
        cell = cells[column]
        if cell is None:
            paper = self._cache.get(pid)
            if paper is None and (paper := self.paper(row)) is None:
                return None
            cell = cells[column] = self._cell(paper, self.columns[column])
        return cell

    def _cell(self, paper: Paper, column: Column) -> Cell:
        text = column.text(paper)
        key = column.key
        icon = None
        if key == "status":
            icon = self._status_icon(paper.status)
        elif key == "title":
            icon = self._tag_dots(paper.tags)
        elif key == "attachment":
            icon = self._attachment(self._files.get(paper.id), _DECORATION)
        italic = key == "title" and paper.title_derived
        return Cell(text, icon, italic, text.isprintable())

    def _status_icon(self, status: Status) -> QIcon:
        icon = self._icons.get(status)
        if icon is None:
            icon = self._icons[status] = status_icon(status)
        return icon

    def flags(self, index: Index) -> Qt.ItemFlag:
        # Asked for every painted cell: one flag value made once, not two enum operations
        # in Python each time.
        return _CELL if index.isValid() else Qt.ItemFlag.NoItemFlags

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """A header click; column -1 (a third click clears the indicator) is relevance, sent
        as the empty key. A column with no sort key keeps the current order."""
        if column < 0:
            self.sortRequested.emit("", False)
            return
        key = self.columns[column].sort
        if key is not None:
            self.sortRequested.emit(key, order == Qt.SortOrder.DescendingOrder)

    def mimeTypes(self) -> list[str]:
        return ["application/x-litman-ids"]

    def mimeData(self, indexes: Sequence[QModelIndex]) -> Any:
        from PySide6.QtCore import QMimeData

        ids = sorted({self._ids[i.row()] for i in indexes if i.isValid()})
        mime = QMimeData()
        mime.setData("application/x-litman-ids", ",".join(map(str, ids)).encode())
        return mime
