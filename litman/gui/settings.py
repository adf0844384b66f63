"""View state that survives restarts: one typed wrapper over QSettings, each key declared once.

Library behaviour lives in the library file; only how the window looks and what it showed
last is kept here.
"""

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, QSettings


@dataclass(frozen=True)
class Key:
    name: str
    default: Any
    per_library: bool = False  # kept apart for each library file: what it showed last


GEOMETRY = Key("window/geometry", QByteArray())
SPLITTER = Key("window/splitter", QByteArray())
# v2: the table gained columns (citation key, entry type, ...); a v1 state would not fit.
HEADER = Key("table/header-v2", QByteArray())
FIELD_COLUMNS = Key("table/field_columns", "")  # stored BibTeX fields shown, comma-separated
AUTO_HIDDEN = Key("table/auto_hidden", "")  # columns hidden while empty, comma-separated
SORT = Key("table/sort", "", per_library=True)
SORT_DESC = Key("table/sort_desc", False, per_library=True)
LAST_QUERY = Key("search/last", "", per_library=True)
SIDEBAR = Key("sidebar/selected", "all", per_library=True)
# Not view state, but the user's own, for every library: sent to Crossref and OpenAlex with
# each lookup, as their polite pools ask (Paper → Contact E-mail for Lookups…).
CONTACT_EMAIL = Key("lookup/contact_email", "")
# The user's reference style for Edit → Copy Reference, for every library: a name litman
# offers (litman.formats.references.STYLES) or a .csl file's path.
CITE_STYLE = Key("cite/style", "apa")
# Shared libraries opened lately (File → Open Shared Library…), newest first, one per line:
# URLs without a password (litman keeps none).
RECENT_SHARED = Key("shared/recent", "")
# View → Language: "" follows the system locale, else "en", "zh_CN" or "zh_TW" (gui/i18n.py).
LANGUAGE = Key("view/language", "")


class ViewSettings:
    def __init__(self, path: Path | None = None) -> None:
        if path is None:
            self._qs = QSettings("litman", "litman")
        else:
            self._qs = QSettings(str(path), QSettings.Format.IniFormat)
        self.library = ""  # the scope of per-library keys: a digest of the library's path

    def another(self) -> "ViewSettings":
        """Settings over the same store, for another window (its own library scope)."""
        other = ViewSettings()
        other._qs = QSettings(self._qs.fileName(), self._qs.format())
        return other

    def use_library(self, where: str) -> None:
        """Keep per-library keys (last search, sidebar item, sort) for the library at `where`
        (`Site.where`: a file's real path, which older versions hashed the same)."""
        self.library = hashlib.sha256(where.encode()).hexdigest()[:16]

    def _name(self, key: Key) -> str:
        return f"libraries/{self.library}/{key.name}" if key.per_library else key.name

    def get(self, key: Key) -> Any:
        value = self._qs.value(self._name(key), key.default)
        if isinstance(key.default, bool) and not isinstance(value, bool):
            return str(value).lower() == "true"
        return value if value is not None else key.default

    def set(self, key: Key, value: Any) -> None:
        self._qs.setValue(self._name(key), value)

    def sync(self) -> None:
        self._qs.sync()
