"""View state that survives restarts: one typed wrapper over QSettings, each key declared once.

Library behaviour lives in the library file; only how the window looks and what it showed
last is kept here.
"""

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, QSettings


@dataclass(frozen=True)
class Key:
    name: str
    default: Any


GEOMETRY = Key("window/geometry", QByteArray())
SPLITTER = Key("window/splitter", QByteArray())
HEADER = Key("table/header", QByteArray())
SORT = Key("table/sort", "")
SORT_DESC = Key("table/sort_desc", False)
LAST_QUERY = Key("search/last", "")
SIDEBAR = Key("sidebar/selected", "all")


class ViewSettings:
    def __init__(self, path: Path | None = None) -> None:
        if path is None:
            self._qs = QSettings("litman", "litman")
        else:
            self._qs = QSettings(str(path), QSettings.Format.IniFormat)

    def get(self, key: Key) -> Any:
        value = self._qs.value(key.name, key.default)
        if isinstance(key.default, bool) and not isinstance(value, bool):
            return str(value).lower() == "true"
        return value if value is not None else key.default

    def set(self, key: Key, value: Any) -> None:
        self._qs.setValue(key.name, value)

    def sync(self) -> None:
        self._qs.sync()
