"""The window's language: the system locale's (LANG, LC_ALL), unless View → Language chose
one, kept for the next start."""

import os
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest
from PySide6.QtCore import QLocale
from PySide6.QtWidgets import QMenu

from litman.gui import i18n, settings
from litman.gui.settings import ViewSettings
from litman.gui.window.main_window import MainWindow

pytestmark = pytest.mark.gui
ROOT = Path(__file__).resolve().parents[2]
STARTS = """
import sys
from PySide6.QtWidgets import QApplication
from litman.gui import i18n
from litman.gui.settings import ViewSettings
app = QApplication([])
language = i18n.start(ViewSettings(sys.argv[1]))
print(language, i18n.translate("Menus", "&File"), i18n.papers(12345))
"""


def starts_in(tmp_path: Path, lang: str, chosen: str = "") -> str:
    """What a fresh process starting the window with LANG=`lang` shows."""
    ini = tmp_path / "view.ini"
    view = ViewSettings(ini)
    view.set(settings.LANGUAGE, chosen)
    view.sync()
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANGUAGE")}
    env.update(LANG=lang, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-c", STARTS, str(ini)],
        env=env, capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_a_chinese_system_locale_starts_the_window_in_chinese(tmp_path: Path) -> None:
    assert starts_in(tmp_path, "zh_CN.UTF-8") == "zh_CN 文件(&F) 12,345 篇文献"


def test_an_english_system_locale_starts_it_in_english(tmp_path: Path) -> None:
    assert starts_in(tmp_path, "en_GB.UTF-8") == "en &File 12,345 papers"


def test_the_language_chosen_overrides_the_system_locale(tmp_path: Path) -> None:
    assert starts_in(tmp_path, "zh_CN.UTF-8", "en") == "en &File 12,345 papers"
    assert starts_in(tmp_path, "C", "zh_CN") == "zh_CN 文件(&F) 12,345 篇文献"


def test_a_traditional_chinese_locale_starts_the_window_in_traditional(tmp_path: Path) -> None:
    assert starts_in(tmp_path, "zh_TW.UTF-8") == "zh_TW 檔案(&F) 12,345 篇文獻"
    assert starts_in(tmp_path, "zh_HK.UTF-8") == "zh_TW 檔案(&F) 12,345 篇文獻"


def test_chinese_locales_pick_their_script_and_others_english() -> None:
    for name in ("zh_CN", "zh_SG", "zh_Hans_HK"):
        assert i18n.effective("", QLocale(name)) == i18n.CHINESE, name
    for name in ("zh_TW", "zh_HK", "zh_MO", "zh_Hant_CN"):
        assert i18n.effective("", QLocale(name)) == i18n.TRADITIONAL, name
    assert i18n.effective("", QLocale("de_DE")) == i18n.ENGLISH
    assert i18n.effective("en", QLocale("zh_CN")) == i18n.ENGLISH
    assert i18n.effective("zh_CN", QLocale("zh_TW")) == i18n.CHINESE


def test_every_string_of_the_simplified_translation_has_its_traditional_one() -> None:
    def translations(language: str) -> dict[tuple[str, str], str]:
        root = ElementTree.parse(ROOT / "resources" / "i18n" / f"litman_{language}.ts").getroot()
        return {
            (c.findtext("name", ""), m.findtext("source", "")): "".join(
                m.find("translation").itertext()  # type: ignore[union-attr]
            ).strip()
            for c in root.iter("context")
            for m in c.iter("message")
        }

    simplified, traditional = translations("zh_CN"), translations("zh_TW")
    assert simplified.keys() == traditional.keys()
    assert [k for k, v in traditional.items() if not v] == []


def test_view_language_keeps_the_choice_for_the_next_start(
    window: MainWindow, tmp_path: Path
) -> None:
    view = next(a.menu() for a in window.menuBar().actions() if a.text() == "&View")
    assert isinstance(view, QMenu)
    menu = view.actions()[0].menu()
    assert isinstance(menu, QMenu)
    choices = {a.text(): a for a in menu.actions() if a.isCheckable()}
    shown = {i18n.CHINESE: "简体中文", i18n.TRADITIONAL: "繁體中文"}.get(i18n.effective(""))
    system = f"System ({shown or 'English'})"
    assert list(choices) == [system, "English", "简体中文", "繁體中文"]
    assert choices[system].isChecked()
    choices["简体中文"].trigger()
    assert window.view.get(settings.LANGUAGE) == "zh_CN"
    assert "next start" in window.statusBar().currentMessage()
    assert ViewSettings(tmp_path / "view.ini").get(settings.LANGUAGE) == "zh_CN"
    assert [a.text() for a in menu.actions() if not a.isEnabled()] == [
        "Takes effect at the next start"
    ]
