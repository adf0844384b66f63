"""The window's translations: `python scripts/translations.py update|traditional|compile`.

update   pyside6-lupdate reads every `tr()`, `translate()` and `QT_TRANSLATE_NOOP` in
         litman/gui into resources/i18n/litman_zh_CN.ts (a translator edits it: Qt
         Linguist, `pyside6-linguist`, or by hand), litman_zh_TW.ts and litman_en.ts
         (English's plural forms only: "%Ln paper(s)" is "1 paper", "2 papers").
         Translations kept, obsolete ones dropped.
traditional  each string litman_zh_TW.ts lacks (繁體中文), from litman_zh_CN.ts's by OpenCC's
         s2twp conversion (Taiwan's characters and words: 文件 → 檔案, 默认 → 預設), marked
         unfinished until a reader checks it in Qt Linguist (the window shows it meanwhile);
         the same for resources/i18n/core/litman_zh_TW.po (what the library and the command
         say), noted in a comment. Strings already there, checked or not, are never touched.
compile  pyside6-lrelease turns each .ts into the .qm the window loads, into
         resources/i18n (or FOLDER), when the .ts is newer. Set-up (scripts/setup.sh), the
         bundle build (packaging/build.py) and the tests run it; the .qm are not committed.

Both tools ship in the PySide6-Essentials wheel (PySide6/lupdate, PySide6/lrelease).
"""

import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import PySide6

ROOT = Path(__file__).resolve().parent.parent
I18N = ROOT / "resources" / "i18n"
LANGUAGES = {"zh_CN": [], "zh_TW": [], "en": ["-pluralonly"]}  # language: lupdate's options


def tool(name: str) -> str:
    folder = Path(PySide6.__file__).parent
    for candidate in (folder / name, folder / f"{name}.exe"):
        if candidate.exists():
            return str(candidate)
    raise SystemExit(f"translations: {name} is not in {folder} (PySide6-Essentials ships it)")


def update() -> None:
    sources = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "litman" / "gui").rglob("*.py"))
    for language, options in LANGUAGES.items():
        ts = str((I18N / f"litman_{language}.ts").relative_to(ROOT))
        command = [tool("lupdate"), *options, "-no-obsolete", "-locations", "none"]
        command += ["-target-language", language, *sources, "-ts", ts]
        subprocess.run(command, cwd=ROOT, check=True, timeout=300, stdin=subprocess.DEVNULL)


def _translations(ts: Path) -> dict[tuple[str, str], ET.Element]:
    """Each message's <translation> by (context, source)."""
    out = {}
    for context in ET.parse(ts).getroot().iter("context"):
        name = context.findtext("name", "")
        for message in context.iter("message"):
            out[(name, message.findtext("source", ""))] = message.find("translation")
    return out


def _empty(translation: ET.Element) -> bool:
    return not "".join(translation.itertext()).strip()


def fill_traditional(convert: Callable[[str], str]) -> int:
    """`traditional`: litman_zh_TW.ts's missing strings from litman_zh_CN.ts's, converted by
    `convert`; how many were filled."""
    ts = I18N / "litman_zh_TW.ts"
    tree = ET.parse(ts)
    simplified = _translations(I18N / "litman_zh_CN.ts")
    filled = 0
    for context in tree.getroot().iter("context"):
        name = context.findtext("name", "")
        for message in context.iter("message"):
            ours = message.find("translation")
            theirs = simplified.get((name, message.findtext("source", "")))
            if ours is None or theirs is None or not _empty(ours) or _empty(theirs):
                continue
            _copy(theirs, ours, convert)
            filled += 1
    tree.write(ts, encoding="utf-8", xml_declaration=True)
    return filled


def _copy(source: ET.Element, target: ET.Element, convert: Callable[[str], str]) -> None:
    forms = source.findall("numerusform")
    for child in list(target):
        target.remove(child)
    if forms:
        for form in forms:
            ET.SubElement(target, "numerusform").text = convert(form.text or "")
    else:
        target.text = convert(source.text or "")
    target.set("type", "unfinished")


# Taiwan's quotation marks: 「」 outside, 『』 inside (OpenCC leaves punctuation alone).
_QUOTES = str.maketrans({"“": "「", "”": "」", "‘": "『", "’": "』"})


# Where s2twp's words are not Taiwan's software's (the reviewed translations' choices).
_TAIWAN_WORDS = (
    ("回收站", "垃圾桶"),
    ("只讀", "唯讀"),
    ("撤銷", "復原"),
    ("宏", "巨集"),
    ("型別", "類型"),
    ("係統", "系統"),
    ("二進位制", "二進位"),
    ("當前", "目前"),
)


def _s2twp() -> Callable[[str], str]:
    from opencc import OpenCC

    converter = OpenCC("s2twp")

    def convert(text: str) -> str:
        out = str(converter.convert(text)).translate(_QUOTES)
        for simplified_word, taiwan in _TAIWAN_WORDS:
            out = out.replace(simplified_word, taiwan)
        return out

    return convert


CORE = I18N / "core"  # what the library and the command say: gettext catalogues
_PO_ID = re.compile(r'^msgid "(.*)"$', re.M)
_PO_STR = re.compile(r'^(msgstr(?:\[0\])?) "(.*)"$', re.M)


def fill_traditional_core(convert: Callable[[str], str]) -> int:
    """litman_zh_TW.po's missing messages from litman_zh_CN.po's, converted by `convert`
    (each one-line entry, as litman writes them), noted for review; how many."""
    ours = (CORE / "litman_zh_TW.po").read_text(encoding="utf-8")
    have = set(_PO_ID.findall(ours))
    added = []
    for block in (CORE / "litman_zh_CN.po").read_text(encoding="utf-8").split("\n\n"):
        found = _PO_ID.search(block)
        if found and found.group(1) and found.group(1) not in have:
            converted = _PO_STR.sub(lambda m: f'{m.group(1)} "{convert(m.group(2))}"', block)
            added.append("# from zh_CN by OpenCC s2twp: to be checked\n" + converted.strip())
    if added:
        text = ours.rstrip("\n") + "\n\n" + "\n\n".join(added) + "\n"
        (CORE / "litman_zh_TW.po").write_text(text, encoding="utf-8")
    return len(added)


def compile_all(out: Path = I18N) -> list[Path]:
    """Each .ts compiled to `out` when the .qm is missing or older; the .qm files."""
    out.mkdir(parents=True, exist_ok=True)
    made = []
    for ts in sorted(I18N.glob("litman_*.ts")):
        qm = out / ts.with_suffix(".qm").name
        if not qm.exists() or qm.stat().st_mtime < ts.stat().st_mtime:
            # Written aside, then put in place: two test workers compiling at once never
            # load a half-written file.
            aside = qm.with_name(f"{qm.name}.{os.getpid()}")
            command = [tool("lrelease"), "-silent", str(ts), "-qm", str(aside)]
            subprocess.run(command, check=True, timeout=120, stdin=subprocess.DEVNULL)
            os.replace(aside, qm)
        made.append(qm)
    return made


def main(argv: list[str]) -> int:
    if argv[:1] == ["update"]:
        update()
    elif argv[:1] == ["traditional"]:
        print(f"translations: {fill_traditional(_s2twp())} strings filled, to be checked")
        update()  # lupdate's own layout again
        print(f"translations: {fill_traditional_core(_s2twp())} messages filled, to be checked")
    elif argv[:1] == ["compile"]:
        compile_all(Path(argv[1]) if len(argv) > 1 else I18N)
    else:
        usage = "usage: scripts/translations.py update|traditional|compile [FOLDER]"
        print(usage, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
