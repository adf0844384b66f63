"""The window's translations: `python scripts/translations.py update|compile [FOLDER]`.

update   pyside6-lupdate reads every `tr()`, `translate()` and `QT_TRANSLATE_NOOP` in
         litman/gui into resources/i18n/litman_zh_CN.ts (a translator edits it: Qt
         Linguist, `pyside6-linguist`, or by hand) and litman_en.ts (English's plural forms
         only: "%Ln paper(s)" is "1 paper", "2 papers"). Translations kept, obsolete ones
         dropped.
compile  pyside6-lrelease turns each .ts into the .qm the window loads, into
         resources/i18n (or FOLDER), when the .ts is newer. Set-up (scripts/setup.sh), the
         bundle build (packaging/build.py) and the tests run it; the .qm are not committed.

Both tools ship in the PySide6-Essentials wheel (PySide6/lupdate, PySide6/lrelease).
"""

import os
import subprocess
import sys
from pathlib import Path

import PySide6

ROOT = Path(__file__).resolve().parent.parent
I18N = ROOT / "resources" / "i18n"
LANGUAGES = {"zh_CN": [], "en": ["-pluralonly"]}  # language: lupdate's extra options


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
    elif argv[:1] == ["compile"]:
        compile_all(Path(argv[1]) if len(argv) > 1 else I18N)
    else:
        print("usage: scripts/translations.py update|compile [FOLDER]", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
