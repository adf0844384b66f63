"""View → Language: System, English, 简体中文.

The choice is kept in the view settings (`settings.LANGUAGE`) and applies from the next start
(the menu says so): every window, dialog and message is built in one language, and a window
half in each would be worse than one that waits.
"""

from functools import partial

from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu, QMenuBar

from litman.gui import i18n, settings
from litman.gui.i18n import fill, translate
from litman.gui.window.window_api import Window


def install(win: Window, bar: QMenuBar) -> QMenu:
    """The View menu and its Language submenu, the kept choice checked."""
    view_menu = bar.addMenu(translate("Menus", "&View"))
    menu = view_menu.addMenu(translate("Language", "&Language"))
    menu.setObjectName("language-menu")
    group = QActionGroup(menu)
    kept = i18n.chosen(win.view)
    for language in i18n.LANGUAGES:
        action = QAction(_name(language), menu)
        action.setCheckable(True)
        action.setChecked(language.code == kept)
        action.setData(language.code)
        action.triggered.connect(partial(choose, win, language.code))
        group.addAction(action)
        menu.addAction(action)
    menu.addSeparator()
    note = menu.addAction(translate("Language", "Takes effect at the next start"))
    note.setEnabled(False)
    return view_menu


def _name(language: i18n.Language) -> str:
    if language.code == i18n.SYSTEM:
        return fill(translate("Language", "System (%1)"), _name(_system()))
    return language.name  # each in its own words: a reader finds their language either way


def _system() -> i18n.Language:
    shown = i18n.effective(i18n.SYSTEM)
    return next(x for x in i18n.LANGUAGES if x.code == shown)


def choose(win: Window, code: str) -> None:
    """Keep `code` for the next start and say when it applies."""
    win.view.set(settings.LANGUAGE, code)
    win.view.sync()
    if i18n.effective(code) == i18n.current():
        said = translate("Language", "The window stays in this language.")
    else:
        said = translate("Language", "litman will show the chosen language from its next start.")
    win.statusBar().showMessage(said, 10000)
