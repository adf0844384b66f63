"""The paper table's cells painted: the style draws all but the text, the text is drawn
from a copy elided once.

Qt's QStyledItemDelegate asks the model seven roles of each cell through Python and lays
its text out three times (its size, its elision, its drawing): 25 µs a cell, 11 ms for a
screen of 30 rows, two thirds of a keystroke's frame at 100k papers. Here the style paints
the cell from an option with no text (the selection, the status icon or the tag dots, the
focus frame: as Qt's delegate would, text aside), and the text is drawn on top as one
line, elided to its width once per text, width and font and kept (a screen repainted, or
the rows a narrowing search keeps, elide nothing again). A cell this does not cover (text
of more than one plain line, right-to-left, wrapped) is painted by Qt's delegate.
"""

from typing import NamedTuple

from PySide6.QtCore import (
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QPointF,
    QRect,
    QSize,
    Qt,
)
from PySide6.QtGui import QColor, QFont, QFontMetrics, QIcon, QPainter, QPalette, QTextLayout
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from litman.gui.table.models.papers import Cell, PaperTableModel

# Elided texts kept: a screen is about 200 cells, and a few thousand keep the rows typing
# goes back and forth over. Cleared whole when full, like the model's paper cache.
KEPT = 20_000

# Flags tested as plain ints: an operation on a Qt flag enum in Python costs a
# microsecond or two, and a screen asks a few thousand of them.
_ENABLED = QStyle.StateFlag.State_Enabled.value
_ACTIVE = QStyle.StateFlag.State_Active.value
_SELECTED = QStyle.StateFlag.State_Selected.value
_Feature = QStyleOptionViewItem.ViewItemFeature
_WRAPPED = _Feature.WrapText.value
_LEFT_TO_RIGHT = Qt.LayoutDirection.LeftToRight
_ITEM = QStyle.ControlElement.CE_ItemViewItem
_OFF = QIcon.State.Off
_RESTYLED = {
    QEvent.Type.FontChange,
    QEvent.Type.PaletteChange,
    QEvent.Type.StyleChange,
    QEvent.Type.ApplicationPaletteChange,
    QEvent.Type.ApplicationFontChange,
}


class Layout(NamedTuple):
    """How a cell of one kind is laid out (its width and height, its icon, its state), as
    the style lays it out: the same for every such cell, so asked of the style once."""

    features: QStyleOptionViewItem.ViewItemFeature  # the view's, with text (and an icon)
    icon_size: QSize  # the icon's, as Qt's delegate fits it in the decoration size
    x: int  # where the text starts in the cell
    width: int  # how wide it may be, less the margins Qt's delegate keeps
    baseline: float  # of a plain line of text, from the cell's top
    italic_baseline: float  # of an italic one
    colour: QColor  # of the text


class CellPainter(QStyledItemDelegate):
    def __init__(self, model: PaperTableModel, parent: QWidget) -> None:
        super().__init__(parent)
        self.model = model
        self._follow(QFont())  # the font of the cells laid out; the table's is met in paint
        parent.installEventFilter(self)  # a new font, palette or style: laid out again

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in _RESTYLED:
            self._layouts.clear()
        return False

    def paint(
        self,
        painter: QPainter,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> None:
        cell = self.model.cell(index.row(), index.column())
        widget = option.widget
        features = option.features.value
        if (
            cell is None
            or not cell.plain
            or widget is None
            or features & _WRAPPED
            or option.direction is not _LEFT_TO_RIGHT
        ):
            super().paint(painter, option, index)
            return
        # The option is this cell's own copy (the view makes one per cell): the style
        # paints it as Qt's delegate would with its text, text aside.
        rect, icon, state = option.rect, cell.icon, option.state.value
        key = (rect.width(), rect.height(), icon.cacheKey() if icon else 0, state, features)
        layout = self._layouts.get(key) or self._lay_out(key, option, icon)
        option.features = layout.features
        if icon is not None:
            option.icon = icon
            option.decorationSize = layout.icon_size
        widget.style().drawControl(_ITEM, option, painter, widget)
        if cell.text:
            self._draw_text(painter, cell, rect, layout, option.textElideMode)

    def _draw_text(
        self,
        painter: QPainter,
        cell: Cell,
        rect: QRect,
        layout: Layout,
        elide: Qt.TextElideMode,
    ) -> None:
        italic = cell.italic
        key = (cell.text, layout.width, italic)
        text = self._elided.get(key)
        if text is None:
            if len(self._elided) >= KEPT:
                self._elided.clear()
            text = self._metrics[italic].elidedText(cell.text, elide, layout.width)
            self._elided[key] = text
        painter.setPen(layout.colour)
        if italic:  # the painter's font is the table's otherwise
            painter.setFont(self._italic)
            at = QPointF(rect.x() + layout.x, rect.y() + layout.italic_baseline)
            painter.drawText(at, text)
            painter.setFont(self._font)
        else:
            painter.drawText(QPointF(rect.x() + layout.x, rect.y() + layout.baseline), text)

    def _lay_out(
        self, key: tuple[int, int, int, int, int], option: QStyleOptionViewItem, icon: QIcon | None
    ) -> Layout:
        if option.font != self._font:
            self._follow(option.font)
        widget, state = option.widget, key[3]
        style = widget.style()
        opt = QStyleOptionViewItem(option)
        opt.rect = QRect(0, 0, key[0], key[1])
        opt.features |= _Feature.HasDisplay
        if icon is not None:
            opt.features |= _Feature.HasDecoration
            size = opt.decorationSize
            opt.decorationSize = size.boundedTo(icon.actualSize(size, _mode(state), _OFF))
        margin = style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, widget) + 1
        text = style.subElementRect(QStyle.SubElement.SE_ItemViewItemText, opt, widget)
        layout = Layout(  # copies: what the option holds goes with it
            opt.features,
            QSize(opt.decorationSize),
            text.x() + margin,
            max(0, text.width() - 2 * margin),
            _baseline(self._font, text),
            _baseline(self._italic, text),
            QColor(opt.palette.color(*_colour(state))),
        )
        self._layouts[key] = layout
        return layout

    def _follow(self, font: QFont) -> None:
        """Texts elided in another font are elided again (the table's font changed)."""
        self._elided: dict[tuple[str, int, bool], str] = {}
        self._layouts: dict[tuple[int, int, int, int, int], Layout] = {}
        self._font = QFont(font)
        self._italic = QFont(font)
        self._italic.setItalic(True)
        self._metrics = (QFontMetrics(self._font), QFontMetrics(self._italic))


def _baseline(font: QFont, text: QRect) -> float:
    """Where a line of text in `font` has its baseline in a cell whose text rectangle is
    `text`: as Qt's delegate centres its text layout, in whole pixels."""
    layout = QTextLayout("x", font)
    layout.beginLayout()
    line = layout.createLine()
    layout.endLayout()
    top = text.y() + (text.height() - round(line.height())) // 2
    return top + line.ascent()


def _colour(state: int) -> tuple[QPalette.ColorGroup, QPalette.ColorRole]:
    """The text's colour in a cell of this state, as Qt's style picks it."""
    if not state & _ENABLED:
        group = QPalette.ColorGroup.Disabled
    elif not state & _ACTIVE:
        group = QPalette.ColorGroup.Inactive
    else:
        group = QPalette.ColorGroup.Normal
    selected = state & _SELECTED
    return group, QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.Text


def _mode(state: int) -> QIcon.Mode:
    """The icon's mode in a cell of this state, as Qt's delegate picks it."""
    if not state & _ENABLED:
        return QIcon.Mode.Disabled
    return QIcon.Mode.Selected if state & _SELECTED else QIcon.Mode.Normal
