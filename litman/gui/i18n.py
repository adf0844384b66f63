"""The window's language: which one, its translators, and the words every room counts with.

Every string the window shows goes through Qt's translation system (`self.tr()` in a QObject,
`translate("Context", …)` elsewhere, `QT_TRANSLATE_NOOP` in tables). The sources are
`resources/i18n/litman_*.ts` (`scripts/translations.py update` runs pyside6-lupdate over
litman/gui); set-up and the bundle build compile them to `.qm` (pyside6-lrelease). English is
the source language, but its plural forms ("1 paper", "2 papers") come from litman_en.qm, as
Qt's %n forms want; Chinese adds Qt's own qtbase_zh_CN.qm (qtbase_zh_TW.qm) for the buttons
of standard dialogs.

The language follows the system locale (LANG, LC_ALL: `QLocale.system()`) unless
View → Language chose one; the choice is kept in the view settings and applies at the next
start. Chinese comes in two scripts: Traditional (繁體中文, litman_zh_TW) for Taiwan, Hong Kong
and Macau or a locale that names the Traditional script, Simplified (简体中文) for the rest.
"""

import re
from dataclasses import dataclass

from PySide6.QtCore import (
    QCoreApplication,
    QLibraryInfo,
    QLocale,
    QObject,
    QTranslator,
)

from litman import paths
from litman.core import messages
from litman.core.records import Status
from litman.formats import registry
from litman.gui import settings

translate = QCoreApplication.translate

SYSTEM, ENGLISH, CHINESE, TRADITIONAL = "", "en", "zh_CN", "zh_TW"


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:
    """Marks `text` for translation in `context` where it is declared (a table of strings),
    to be translated where it is shown: `translate(context, text)`. PySide6's own is typed
    as returning `object`."""
    return text


@dataclass(frozen=True)
class Language:
    code: str  # "" follows the system
    name: str  # as its readers write it; "System" is translated


LANGUAGES = (
    Language(SYSTEM, "System"),
    Language(ENGLISH, "English"),
    Language(CHINESE, "简体中文"),
    Language(TRADITIONAL, "繁體中文"),
)
_LOCALES = {
    ENGLISH: QLocale(QLocale.Language.English, QLocale.Country.UnitedStates),
    CHINESE: QLocale(QLocale.Language.Chinese, QLocale.Country.China),
    TRADITIONAL: QLocale(
        QLocale.Language.Chinese, QLocale.Script.TraditionalHanScript, QLocale.Country.Taiwan
    ),
}
# Where Chinese is written in Traditional characters when the locale does not name its script.
_TRADITIONAL_PLACES = frozenset(
    (QLocale.Country.Taiwan, QLocale.Country.HongKong, QLocale.Country.Macao)
)
_installed: list[QTranslator] = []
_current = [ENGLISH]  # the language installed last


def effective(choice: str, system: QLocale | None = None) -> str:
    """The language shown for the setting `choice`: for a Chinese system locale, Traditional
    Chinese where it is written so (zh_TW, zh_HK, zh_MO, zh_Hant_*), else Simplified; for any
    other, English."""
    if choice in _LOCALES:
        return choice
    locale = system if system is not None else QLocale.system()
    if locale.language() != QLocale.Language.Chinese:
        return ENGLISH
    script = locale.script()
    if script == QLocale.Script.TraditionalHanScript:
        return TRADITIONAL
    if script == QLocale.Script.SimplifiedHanScript:
        return CHINESE
    return TRADITIONAL if locale.territory() in _TRADITIONAL_PLACES else CHINESE


def chosen(view: settings.ViewSettings) -> str:
    """The language setting (View → Language): "" for the system's."""
    value = str(view.get(settings.LANGUAGE))
    return value if value in _LOCALES else SYSTEM


def start(view: settings.ViewSettings) -> str:
    """Install the language the window starts in (View → Language, else the system's), as
    `litman` does before it builds a window; that language."""
    language = effective(chosen(view))
    install(language)
    return language


def install(language: str) -> bool:
    """Show the window in `language` (a code of `LANGUAGES` but the system's) from now on: its
    translators, and numbers written as that locale writes them (12,345). False when a
    compiled translation is missing (litman's: a checkout set up by hand, run `make setup`;
    Qt's own for Chinese: a bundle built without it)."""
    app = QCoreApplication.instance()
    for old in _installed:
        if app is not None:
            app.removeTranslator(old)
    _installed.clear()
    QLocale.setDefault(_LOCALES[language])
    _current[0] = language
    messages.use(language)  # what the library says (errors, import reports) in it too
    found = _load(str(paths.resources_dir() / "i18n"), f"litman_{language}")
    if language in (CHINESE, TRADITIONAL):  # Qt's own: standard dialogs' buttons (取消, 确定 …)
        qt = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        bundled = str(paths.bundle_root() / "PySide6" / "Qt" / "translations")
        name = f"qtbase_{language}"
        found = (_load(qt, name) or _load(bundled, name)) and found
    return found


def current() -> str:
    """The language the window is shown in now."""
    return _current[0]


def _load(folder: str, name: str) -> bool:
    translator = QTranslator()
    app = QCoreApplication.instance()
    if app is None or not translator.load(name, folder):
        return False
    app.installTranslator(translator)
    _installed.append(translator)
    return True


class Count(QObject):
    """The translation context of the things litman counts (a plural form each)."""


def papers(n: int) -> str:
    """`1 paper`, `12,345 papers` (1 篇文献 …)."""
    # Called on the class, as lupdate reads it (context "Count"); the stubs want an instance.
    return Count.tr("%Ln paper(s)", "", n)  # type: ignore[arg-type]


# Qt's own words its qtbase_zh_CN.qm lacks (Qt 6.11 gave these labels of the file dialog a
# mnemonic, and the Chinese translation still has them without): translated here, where Qt
# asks every installed translator for its contexts.
QT_GAPS = (
    QT_TRANSLATE_NOOP("QFileDialog", "&Look in:"),
    QT_TRANSLATE_NOOP("QFileDialog", "Files of &type:"),
)

# A reading status as a word in a sentence ("Mark unread") and as a name on its own ("Unread").
_STATUS_WORDS = {
    Status.UNREAD: QT_TRANSLATE_NOOP("Status", "unread"),
    Status.READING: QT_TRANSLATE_NOOP("Status", "reading"),
    Status.READ: QT_TRANSLATE_NOOP("Status", "read"),
}
_STATUS_NAMES = {
    Status.UNREAD: QT_TRANSLATE_NOOP("Status", "Unread"),
    Status.READING: QT_TRANSLATE_NOOP("Status", "Reading"),
    Status.READ: QT_TRANSLATE_NOOP("Status", "Read"),
}


def status_word(status: Status) -> str:
    return translate("Status", _STATUS_WORDS[status])


def status_name(status: Status) -> str:
    return translate("Status", _STATUS_NAMES[status])


# The readable formats' names that are words, not names (BibTeX, RIS and CSL-JSON are names).
_FORMAT_WORDS = (
    QT_TRANSLATE_NOOP("Formats", "Abstracts"),
    QT_TRANSLATE_NOOP("Formats", "abstracts"),
    QT_TRANSLATE_NOOP("Formats", "Zotero database"),
    QT_TRANSLATE_NOOP("Formats", "EndNote tagged (CNKI, Wanfang)"),
    QT_TRANSLATE_NOOP("Formats", "NoteExpress (CNKI, Wanfang)"),
)


def format_label(label: str) -> str:
    return translate("Formats", label)


def read_help() -> str:
    """`registry.read_help()` in the window's language: `.txt abstracts, .bib BibTeX, ...`."""
    return ", ".join(
        f"{r.suffix} {format_label(r.label.lower() if r.suffix == '.txt' else r.label)}"
        for r in registry.readers()
    )


def open_filter() -> str:
    """`registry.open_filter()` in the window's language: every readable file, then all."""
    labels = [format_label(r.label) for r in registry.readers()]
    named = labels[0]
    if len(labels) > 1:
        named = fill(translate("Formats", "%1 and %2"), ", ".join(labels[:-1]), labels[-1])
    patterns = " ".join(f"*{r.suffix}" for r in registry.readers())
    return f"{named} ({patterns});;" + translate("Formats", "All files (*)")


def fill(text: str, *args: object) -> str:
    """`text` with %1, %2 … replaced by `args`, in one pass (as QString.arg does, without
    reading a % inside an argument as another place to fill)."""
    return re.sub(r"%([1-9])", lambda m: str(args[int(m.group(1)) - 1]), text)
