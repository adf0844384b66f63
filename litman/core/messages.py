"""The words litman itself says, outside the window's own: errors, import reports, the CLI.

A message is written in English and marked where it is made, `_("{n} added").format(n=n)`
(named places, so that a translation may put them in another order), or `n_(one, many, n)`
for a count. Translations are gettext catalogues, `resources/i18n/core/litman_LANG.po`, the
format translators' tools read (Poedit, Weblate, `msgmerge`); they are read here as they
are, with no compiled `.mo` to keep in step. `tests/core/test_messages.py` fails on a marked
message a catalogue lacks.

The language is the environment's, as gettext reads it (LANGUAGE, LC_ALL, LC_MESSAGES,
LANG): Chinese in Traditional characters for zh_TW, zh_HK, zh_MO and zh_Hant, in Simplified
for any other zh, else English. The window sets its own (`use`), so that what the library
says in it is in the window's language.
"""

import os
import re
from functools import lru_cache

from litman import paths

ENGLISH, SIMPLIFIED, TRADITIONAL = "en", "zh_CN", "zh_TW"
_TRADITIONAL = re.compile(r"(?i)zh[_-](?:tw|hk|mo|hant)")
_current = [""]  # "" until chosen: the environment's


def from_environment(env: dict[str, str] | None = None) -> str:
    """The language gettext would pick from `env` (the process's by default)."""
    env = dict(os.environ) if env is None else env
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            first = value.split(":")[0]
            if first.lower().startswith("zh"):
                return TRADITIONAL if _TRADITIONAL.match(first) else SIMPLIFIED
            return ENGLISH
    return ENGLISH


def use(language: str) -> None:
    """Say everything from now on in `language` (ENGLISH, SIMPLIFIED or TRADITIONAL)."""
    _current[0] = language


def current() -> str:
    if not _current[0]:
        _current[0] = from_environment()
    return _current[0]


def _(message: str) -> str:
    """`message` in the current language (as written when it has no translation)."""
    return _catalogue(current()).get(message, message) or message


def N_(message: str) -> str:
    """Marks `message` for translation where it is declared (a constant, a reason kept in
    a record), to be translated where it is shown: `_(value)`."""
    return message


def n_(one: str, many: str, n: int) -> str:
    """The form of `one`/`many` for the count `n` (Chinese has one form for any count)."""
    english = one if n == 1 else many
    translated = _catalogue(current()).get(one, "")
    return translated or english


@lru_cache(maxsize=4)
def _catalogue(language: str) -> dict[str, str]:
    if language == ENGLISH:
        return {}
    path = paths.resources_dir() / "i18n" / "core" / f"litman_{language}.po"
    try:
        return read_po(path.read_text(encoding="utf-8"))
    except OSError:
        return {}  # a checkout or bundle without it: English


_PO_LINE = re.compile(r'^(msgid|msgid_plural|msgstr(?:\[0\])?)?\s*"(.*)"\s*$')


def read_po(text: str) -> dict[str, str]:
    """A .po file's translations, msgid -> msgstr (a plural's first form), fuzzy and empty
    ones left out, as msgfmt leaves them out."""
    out: dict[str, str] = {}
    for block in re.split(r"\n\s*\n", text):
        if re.search(r"^#,.*\bfuzzy\b", block, re.M):
            continue
        parts: dict[str, str] = {}
        key = ""
        for line in block.splitlines():
            m = _PO_LINE.match(line.strip())
            if not m:
                continue
            key = m.group(1) or key
            parts[key] = parts.get(key, "") + _unescape(m.group(2))
        msgid = parts.get("msgid", "")
        msgstr = parts.get("msgstr", parts.get("msgstr[0]", ""))
        if msgid and msgstr:
            out[msgid] = msgstr
    return out


def _unescape(text: str) -> str:
    escapes = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}
    return re.sub(r"\\(.)", lambda m: escapes.get(m.group(1), m.group(0)), text)
