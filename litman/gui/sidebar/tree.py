"""The left sidebar: Library (All / Unread / Reading / Read, and the Trash), the tag tree
and the saved searches, with counts. In a shared library the reading counts are the user's
own, and say so ("Read (mine)").

Each item carries the typed filter it stands for (`StatusFilter(Status.READ)`,
`TagFilter("A > B")`, `TRASH`: `litman.core.search.filters`), never query text; selecting
one emits it, and the window searches with it beside the search box's text. Rows dropped
on a tag, and the tag context menu, are emitted as requests: the window decides what they
do. The filter shown is kept between sessions as a line of text (`setting_of`, `filter_of`).
A saved search is a query a person typed, kept under a name (`Library.saved`) with the filter
it was saved in: choosing one emits its text (`savedChosen`), which the window puts in the
search box, and while it is the current item its filter is the one the table is narrowed by.
"""

from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QAbstractItemView, QMenu, QTreeWidget, QTreeWidgetItem

from litman.core.errors import LitmanError
from litman.core.library.facade import Library
from litman.core.records import SavedSearch, Status
from litman.core.search.filters import (
    ALL,
    TRASH,
    Filter,
    StatusFilter,
    TagFilter,
    Trash,
    filter_from_text,
    filter_text,
)
from litman.display.text import tag_text
from litman.gui.i18n import QT_TRANSLATE_NOOP, fill, status_name, translate
from litman.gui.sidebar.duplicates_count import DuplicatesCount
from litman.gui.tag_dots import tag_dots

ROLE = Qt.ItemDataRole.UserRole
SAVED_ROLE = ROLE + 2  # a saved search's query
SAVED_FILTER_ROLE = ROLE + 5  # the sidebar filter a saved search narrows
DUPLICATES_ROLE = ROLE + 4  # the Duplicates row
MIME = "application/x-litman-ids"


# In a shared library each user keeps their own reading status.
MINE_TIP = QT_TRANSLATE_NOOP(
    "Sidebar", "Your own reading status: each user of a shared library keeps their own"
)


def setting_of(within: Filter) -> str:
    """A filter as the view settings keep it (`filters.filter_text`; "all" for all)."""
    return filter_text(within) or "all"


def filter_of(setting: str) -> Filter:
    """The filter a view setting keeps (`setting_of`); All for anything else. Settings
    kept as query text by earlier versions (`tag:"A"`, `in:trash`) are read too."""
    if setting.startswith('tag:"') and setting.endswith('"') and len(setting) > 6:
        return TagFilter(setting[5:-1])
    return TRASH if setting == "in:trash" else filter_from_text(setting)


class Sidebar(QTreeWidget):
    filterChanged = Signal(object)  # the Filter now selected
    tagsDropped = Signal(str, list)
    renameRequested = Signal(str)
    mergeRequested = Signal(str)
    deleteRequested = Signal(str)
    colourRequested = Signal(str)
    savedChosen = Signal(str)  # the query of the saved search chosen
    duplicatesRequested = Signal()  # the Duplicates row clicked: the window opens its dialog
    savedRemoveRequested = Signal(str)  # a saved search's name
    savedRenameRequested = Signal(str)  # a saved search's name

    def __init__(self, library: Library) -> None:
        super().__init__()
        self.library = library
        self.read_only = False  # no tag menu, no drops
        self.setHeaderHidden(True)
        self.setColumnCount(2)
        self.setAccessibleName(self.tr("Library and tags"))
        self.setAcceptDrops(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DropOnly)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.customContextMenuRequested.connect(self._menu)
        self.currentItemChanged.connect(self._current_changed)
        self.itemClicked.connect(self._clicked)
        self.itemActivated.connect(self._clicked)
        self.setUniformRowHeights(True)
        from PySide6.QtWidgets import QHeaderView

        self.header().setStretchLastSection(False)
        self.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.header().setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self._items: dict[Filter, QTreeWidgetItem] = {}
        self._colours: dict[str, str | None] = {}
        self._follow: Filter | None = None  # the tag shown, renamed: shown at its new name
        self.duplicates = DuplicatesCount(library, self)  # counted on a worker
        self.duplicates.counted.connect(self._show_duplicates)
        self.refresh()
        self.duplicates.later()

    def follow_rename(self, old: str, new: str) -> None:
        """Tag `old` became `new` (a rename, or its undo): if it, or a tag below it, is the
        one shown, the tree shows it under its new name when next rebuilt."""
        current = self.current_filter()
        if isinstance(current, TagFilter):
            path, key = current.path, old.casefold()
            if path.casefold() == key or path.casefold().startswith(key + " > "):
                self._follow = TagFilter(new + path[len(old) :])

    def _kept(self) -> Filter:
        """The filter to show again after a rebuild."""
        kept, self._follow = self._follow or self.current_filter(), None
        return kept

    def refresh(self) -> None:
        """Rebuild counts and the tag tree from SQL aggregates, keeping the selection."""
        current = self._kept()
        self.blockSignals(True)
        self.clear()
        self._items.clear()
        counts = self.library.status_counts()
        lib_root = QTreeWidgetItem(self, [self.tr("Library"), ""])
        lib_root.setFlags(Qt.ItemFlag.ItemIsEnabled)
        self._add(lib_root, self.tr("All papers"), ALL, sum(counts.values()))
        mine = self.library.reading_per_user
        for status in Status:
            label = status_name(status)
            if mine:
                label = fill(self.tr("%1 (mine)"), label)
            item = self._add(lib_root, label, StatusFilter(status), counts[status])
            if mine:
                item.setToolTip(0, translate("Sidebar", MINE_TIP))
        trash = self._add(lib_root, self.tr("Trash"), TRASH, self.library.trash_count())
        trash.setToolTip(0, self.tr("Deleted papers, until restored or deleted permanently"))
        counted = self.duplicates.count
        dupes = QTreeWidgetItem(
            lib_root, [self.tr("Duplicates…"), "" if counted is None else f"{counted:,}"]
        )
        dupes.setData(0, DUPLICATES_ROLE, True)
        dupes.setTextAlignment(1, Qt.AlignmentFlag.AlignRight)
        self._dupes = dupes
        dupes.setToolTip(
            0, self.tr("Papers that are probably one work: merge them, or say they are not")
        )
        self._tag_root = QTreeWidgetItem(self, [self.tr("Tags"), ""])
        self._tag_root.setFlags(Qt.ItemFlag.ItemIsEnabled)
        self._build_tags(self._tag_root)
        self._saved_root = QTreeWidgetItem(self, [self.tr("Saved searches"), ""])
        self._saved_root.setFlags(Qt.ItemFlag.ItemIsEnabled)
        self._build_saved()
        self.expandAll()
        self.blockSignals(False)
        self.select_filter(current)

    def _show_duplicates(self, groups: int) -> None:
        self._dupes.setText(1, f"{groups:,}")

    def refresh_saved(self) -> None:
        """The saved searches came or went: rebuild their rows alone."""
        self.blockSignals(True)
        self._saved_root.takeChildren()
        self._build_saved()
        self._saved_root.setExpanded(True)
        self.blockSignals(False)

    def _build_saved(self) -> None:
        for s in self.library.saved.listed():
            item = QTreeWidgetItem(self._saved_root, [s.name, self._saved_count(s)])
            within = filter_from_text(s.within)
            item.setData(0, SAVED_ROLE, s.query)
            item.setData(0, ROLE + 3, s.name)
            item.setData(0, SAVED_FILTER_ROLE, s)
            shown = self.named(within)
            tip = s.query if within == ALL else fill(self.tr("%1 (in %2)"), s.query, shown)
            item.setToolTip(0, tip)  # plain text: a tooltip with no tag is never markup
            item.setTextAlignment(1, Qt.AlignmentFlag.AlignRight)

    def _saved_count(self, s: SavedSearch) -> str:
        """How many papers a saved search finds now (exact words only while the search
        index is being built, as the table's own first searches)."""
        lib = self.library
        within = filter_from_text(s.within)
        try:
            if lib.index_free() or isinstance(within, Trash):
                found = lib.saved_ids(s)
            else:
                found = lib.quick_search_ids(s.query, within=within)
        except LitmanError:  # a query that no longer reads, or a server away
            return ""
        return f"{len(found):,}"

    def _count_saved(self) -> None:
        for i in range(self._saved_root.childCount()):
            item = self._saved_root.child(i)
            if item is not None:
                item.setText(1, self._saved_count(item.data(0, SAVED_FILTER_ROLE)))

    def update_counts(self, statuses: bool = True, tags: bool = True) -> None:
        """Re-count what a change touched: the status rows (with All and the Trash, which
        papers coming or going recount too), the tag rows, or both. The tree
        is rebuilt only when the set of tags itself changed (or a colour did)."""
        if tags:
            colours = {t.name: t.colour for t in self.library.tags()}
            counts = self.library.tags.tag_tree_counts()
            shown = {k for k in self._items if isinstance(k, TagFilter)}
            if shown != {TagFilter(p) for p in counts} or colours != self._colours:
                self._rebuild_tags()
            for path, n in counts.items():
                self._items[TagFilter(path)].setText(1, f"{n:,}")
        if statuses:
            status_counts = self.library.status_counts()
            self._items[ALL].setText(1, f"{sum(status_counts.values()):,}")
            for status, n in status_counts.items():
                self._items[StatusFilter(status)].setText(1, f"{n:,}")
            self._items[TRASH].setText(1, f"{self.library.trash_count():,}")
        self._count_saved()  # a tag or a status may change what a saved search finds

    def _rebuild_tags(self) -> None:
        """A tag came or went: rebuild the tag tree alone, keeping the current item."""
        current = self._kept()
        self.blockSignals(True)
        for key in [k for k in self._items if isinstance(k, TagFilter)]:
            del self._items[key]
        self._tag_root.takeChildren()
        self._build_tags(self._tag_root)
        self.expandAll()
        self.blockSignals(False)
        if current != self.current_filter():
            self.select_filter(current)

    def _build_tags(self, root: QTreeWidgetItem) -> None:
        colours = {t.name: t.colour for t in self.library.tags()}
        self._colours = colours
        counts = self.library.tags.tag_tree_counts()
        for path in sorted(counts, key=str.casefold):
            parent_path, _, leaf = path.rpartition(" > ")
            parent = self._items.get(TagFilter(parent_path), root) if parent_path else root
            # Shown as text (`$\epsilon$-dominance` as ϵ-dominance); the path stays as read.
            item = self._add(parent, tag_text(leaf), TagFilter(path), counts[path])
            item.setData(0, ROLE + 1, path)
            if colours.get(path):
                # A dot, not coloured text: a user's red read at 3.9:1 on the dark palette.
                item.setIcon(0, tag_dots((colours[path] or "",)))

    def _add(
        self, parent: QTreeWidgetItem, label: str, within: Filter, count: int
    ) -> QTreeWidgetItem:
        item = QTreeWidgetItem(parent, [label, f"{count:,}"])
        item.setData(0, ROLE, within)
        item.setTextAlignment(1, Qt.AlignmentFlag.AlignRight)
        self._items[within] = item
        return item

    def current_filter(self) -> Filter:
        """The filter of the current item; a saved search's own, when it is one."""
        item = self.currentItem()
        within = item.data(0, ROLE) if item else None
        saved = item.data(0, SAVED_FILTER_ROLE) if item else None
        if saved is not None:
            return filter_from_text(saved.within)
        return within if within is not None else ALL

    def select_filter(self, within: Filter) -> None:
        item = self._items.get(within) or self._items.get(ALL)
        if item:
            self.setCurrentItem(item)

    def label_of(self, within: Filter) -> str:
        item = self._items.get(within)
        return item.text(0) if item else ""

    def named(self, within: Filter) -> str:
        """The item as a sentence names it: a tag by its whole path."""
        if isinstance(within, TagFilter):
            return fill(self.tr("the tag “%1”"), within.path)
        return self.label_of(within)

    def count_of(self, within: Filter) -> int:
        item = self._items.get(within)
        return int(item.text(1).replace(",", "")) if item else 0

    def _current_changed(self, item: QTreeWidgetItem | None, _old: object) -> None:
        if item is not None and item.data(0, ROLE) is not None:
            self.filterChanged.emit(item.data(0, ROLE))
        elif item is not None and item.data(0, SAVED_ROLE) is not None:
            self.savedChosen.emit(item.data(0, SAVED_ROLE))

    def _clicked(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        if item.data(0, DUPLICATES_ROLE):
            self.duplicatesRequested.emit()

    def _tag_at(self, pos: QPoint) -> str | None:
        item = self.itemAt(pos)
        return item.data(0, ROLE + 1) if item else None

    def _menu(self, pos: QPoint) -> None:
        item = self.itemAt(pos)
        saved = item.data(0, ROLE + 3) if item else None
        if saved and not self.read_only:
            menu = QMenu(self)
            menu.addAction(self.tr("Rename…"), lambda: self.savedRenameRequested.emit(saved))
            menu.addAction(
                self.tr("Remove Saved Search"), lambda: self.savedRemoveRequested.emit(saved)
            )
            menu.exec(self.viewport().mapToGlobal(pos))
            return
        tag = self._tag_at(pos)
        if not tag or self.read_only:
            return
        menu = QMenu(self)
        menu.addAction(self.tr("Rename…"), lambda: self.renameRequested.emit(tag))
        menu.addAction(self.tr("Merge into…"), lambda: self.mergeRequested.emit(tag))
        menu.addAction(self.tr("Colour…"), lambda: self.colourRequested.emit(tag))
        menu.addSeparator()
        menu.addAction(self.tr("Delete"), lambda: self.deleteRequested.emit(tag))
        menu.exec(self.viewport().mapToGlobal(pos))

    # -- dropping rows on a tag ------------------------------------------------------------

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasFormat(MIME) and not self.read_only:
            event.acceptProposedAction()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        if event.mimeData().hasFormat(MIME) and self._tag_at(event.position().toPoint()):
            event.acceptProposedAction()
        else:
            event.ignore()

    def dropEvent(self, event: QDropEvent) -> None:
        tag = self._tag_at(event.position().toPoint())
        raw = bytes(event.mimeData().data(MIME).data()).decode()
        if tag and raw:
            self.tagsDropped.emit(tag, [int(x) for x in raw.split(",")])
            event.acceptProposedAction()
