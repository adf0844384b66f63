"""The paper table's header: which columns show, in what order, and relevance sorting.

Right-clicking the header lists every column (citation key, entry type, rating, status,
DOI, date read, ...) and every BibTeX field the library stores, each to show or hide, plus
moving the clicked column and "Sort by Relevance". A third click on a sorted header also
goes back to relevance. Authors, Year, Venue and Tags give their width to the title while no
paper in the library has a value for them, and in a narrow window the other columns shrink
in proportion so that the title keeps `TITLE_SHARE` of the width (they get their own widths
back when it widens). The choice is kept in the view settings.
"""

from PySide6.QtCore import QEvent, QObject, QPoint, Qt, Signal
from PySide6.QtWidgets import QHeaderView, QMenu, QTableView

from litman.core.library.facade import Library
from litman.core.records import Changes
from litman.gui import settings
from litman.gui.i18n import fill
from litman.gui.safe_text import mnemonic_free
from litman.gui.table.models.columns import BUILT_IN, ELASTIC, FIELD_PREFIX
from litman.gui.table.models.papers import PaperTableModel
from litman.gui.writes import refresh

TITLE_SHARE = 0.4  # of the table's width, kept for the title however narrow the window
MIN_WIDTH = 40  # a column shrunk for the title keeps at least this much (or its own width)


class TableHeader(QObject):
    relevanceRequested = Signal()

    def __init__(self, table: QTableView, model: PaperTableModel, library: Library) -> None:
        super().__init__(table)
        self.table, self.model, self.library = table, model, library
        self.auto_hidden: set[str] = set()
        self.header: QHeaderView = table.horizontalHeader()
        self.header.setSectionsMovable(True)
        self.header.setSortIndicatorShown(True)
        self.header.setSortIndicatorClearable(True)  # asc, desc, then relevance
        self.header.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.header.customContextMenuRequested.connect(self._menu)
        self._preferred: dict[int, int] = {}  # section -> its width when there is room
        self._fitting = False
        self.header.sectionResized.connect(self._resized)
        self._defaults()
        table.viewport().installEventFilter(self)

    def _defaults(self) -> None:
        for section, column in enumerate(self.model.columns):
            self.table.setColumnWidth(section, column.width)
            self.header.setSectionHidden(section, not column.shown)
        self.header.setSectionResizeMode(
            self.model.column_of("title") or 1, QHeaderView.ResizeMode.Stretch
        )

    # -- widths ------------------------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            self.fit()
        return False

    def _resized(self, section: int, _old: int, new: int) -> None:
        if not self._fitting and section != self.model.column_of("title"):
            self._preferred[section] = new  # the user's width (or a restored one)

    def fit(self) -> None:
        """Keep `TITLE_SHARE` of the width for the title: the other shown columns shrink in
        proportion (to no less than `MIN_WIDTH`) when the room is short, and get their own
        widths back when it is not."""
        title = self.model.column_of("title")
        others = [
            s
            for s in range(self.header.count())
            if s != title and not self.header.isSectionHidden(s)
        ]
        wanted = {s: self._preferred.get(s, self.header.sectionSize(s)) for s in others}
        widths = shrunk(wanted, self.table.viewport().width() * (1 - TITLE_SHARE))
        self._fitting = True
        try:
            for s, width in widths.items():
                self.header.resizeSection(s, width)
        finally:
            self._fitting = False

    # -- state -----------------------------------------------------------------------------

    def restore(self, view: settings.ViewSettings) -> None:
        for name in filter(None, str(view.get(settings.FIELD_COLUMNS)).split(",")):
            self.model.add_field_column(name)
        state = view.get(settings.HEADER)
        if state:
            self.header.restoreState(state)
            # restoreState says nothing of the widths it sets: without them, the first fit
            # (the window not yet its size) shrank a column for good, to 26 px.
            title = self.model.column_of("title")
            for s in range(self.header.count()):
                if s != title and not self.header.isSectionHidden(s):
                    self._preferred[s] = self.header.sectionSize(s)
        for key in filter(None, str(view.get(settings.AUTO_HIDDEN)).split(",")):
            self._set_hidden(key, False)  # hidden only while empty: looked at again below
        self.update_empty()

    def save(self, view: settings.ViewSettings) -> None:
        view.set(settings.HEADER, self.header.saveState())
        view.set(settings.FIELD_COLUMNS, ",".join(self.model.field_columns()))
        view.set(settings.AUTO_HIDDEN, ",".join(sorted(self.auto_hidden)))

    def update_empty(self, changes: Changes | None = None) -> None:
        """Hide Authors, Year and Venue while no paper has one; show them once one does.

        After a change that only adds or edits, an empty column can only have been filled
        by the papers it touched: only those are read."""
        candidates = [k for k in ELASTIC if k in self.auto_hidden or self.is_shown(k)]
        paper_columns = [k for k in candidates if k != "tags"]
        filled = self.library.filled_columns([k for k in paper_columns if self.is_shown(k)])
        hidden = [k for k in paper_columns if k in self.auto_hidden]
        touched = None if changes is None else [*changes.added, *changes.updated]
        if changes is not None and changes.deleted:
            touched = None  # a delete says nothing of the rest
        filled |= self.library.filled_columns(hidden, touched) if hidden else set()
        if "tags" in candidates and any(t.count for t in self.library.tags()):
            filled.add("tags")
        for key in candidates:
            if key in filled and key in self.auto_hidden:
                self.auto_hidden.discard(key)
                self._set_hidden(key, False)
            elif key not in filled and self.is_shown(key):
                self.auto_hidden.add(key)
                self._set_hidden(key, True)

    @staticmethod
    def may_fill(changes: Changes) -> bool:
        """Whether a change can fill or empty Authors, Year or Venue."""
        if changes.added or changes.deleted or changes.tags_changed:
            return True
        written = refresh.touched_fields(changes)
        return bool(changes.updated) and (written is None or bool(written & set(ELASTIC)))

    # -- columns ---------------------------------------------------------------------------

    def is_shown(self, key: str) -> bool:
        section = self.model.column_of(key)
        return section is not None and not self.header.isSectionHidden(section)

    def set_shown(self, key: str, shown: bool) -> None:
        """Show or hide a column by the user's choice (a field column is added as needed)."""
        if key.startswith(FIELD_PREFIX) and self.model.column_of(key) is None:
            self.model.add_field_column(key[len(FIELD_PREFIX) :])
        self.auto_hidden.discard(key)
        self._set_hidden(key, not shown)

    def _set_hidden(self, key: str, hidden: bool) -> None:
        section = self.model.column_of(key)
        if section is not None:
            self.header.setSectionHidden(section, hidden)
            self.fit()

    def move(self, key: str, step: int) -> None:
        """Move a column one visible place left (-1) or right (+1)."""
        section = self.model.column_of(key)
        if section is None:
            return
        visual = self.header.visualIndex(section)
        target = visual + step
        while 0 <= target < self.header.count() and self.header.isSectionHidden(
            self.header.logicalIndex(target)
        ):
            target += step
        if 0 <= target < self.header.count():
            self.header.moveSection(visual, target)

    def order(self) -> list[str]:
        """The keys of the shown columns, left to right."""
        keys = [
            self.model.columns[self.header.logicalIndex(v)].key for v in range(self.header.count())
        ]
        return [k for k in keys if self.is_shown(k)]

    def show_sort(self, key: str | None, descending: bool) -> None:
        """Put the sort indicator on the column sorted by `key` (None: relevance)."""
        section = next((i for i, c in enumerate(self.model.columns) if key and c.sort == key), -1)
        order = Qt.SortOrder.DescendingOrder if descending else Qt.SortOrder.AscendingOrder
        self.header.setSortIndicator(section, order)

    def sort_by_relevance(self) -> None:
        self.header.setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        self.relevanceRequested.emit()

    # -- the menu --------------------------------------------------------------------------

    def build_menu(self, section: int = -1) -> QMenu:
        menu = QMenu(self.table)
        for column in BUILT_IN:
            label = column.shown_header() or column.shown_tip()
            action = menu.addAction(label)
            action.setCheckable(True)
            action.setChecked(self.is_shown(column.key) or column.key in self.auto_hidden)
            action.setEnabled(column.key != "title")
            action.triggered.connect(lambda on, k=column.key: self.set_shown(k, on))
            if column.key in self.auto_hidden:
                action.setText(fill(self.tr("%1 (empty in this library)"), label))
        fields_menu = menu.addMenu(self.tr("Stored Field"))
        names = self.library.stored_field_names()
        for name in names:
            key = FIELD_PREFIX + name
            action = fields_menu.addAction(mnemonic_free(name))
            action.setCheckable(True)
            action.setChecked(self.is_shown(key))
            action.triggered.connect(lambda on, k=key: self.set_shown(k, on))
        fields_menu.setEnabled(bool(names))
        menu.addSeparator()
        if 0 <= section < len(self.model.columns):
            key = self.model.columns[section].key
            menu.addAction(self.tr("Move Column Left"), lambda: self.move(key, -1))
            menu.addAction(self.tr("Move Column Right"), lambda: self.move(key, 1))
        menu.addAction(self.tr("Sort by Relevance"), self.sort_by_relevance)
        return menu

    def _menu(self, pos: QPoint) -> None:
        menu = self.build_menu(self.header.logicalIndexAt(pos))
        menu.exec(self.header.mapToGlobal(pos))


def shrunk(wanted: dict[int, int], room: float) -> dict[int, int]:
    """The widths, shrunk in proportion to fit `room` when they do not; none below
    `MIN_WIDTH` (or its own width, if smaller), and what the floors take is shared out
    again among the rest."""
    out = dict(wanted)
    free = dict(wanted)
    while free:
        scale = (room - sum(out[s] for s in out if s not in free)) / sum(free.values())
        if scale >= 1:
            return out
        floored = {s for s, w in free.items() if w * scale < min(w, MIN_WIDTH)}
        for s in floored:
            out[s] = min(free.pop(s), MIN_WIDTH)
        if not floored:
            for s, w in free.items():
                out[s] = max(1, int(w * max(scale, 0)))
            return out
    return out
