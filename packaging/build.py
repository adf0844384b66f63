"""Build litman for this platform with PyInstaller, then prove the build works.

    .venv/bin/python packaging/build.py          (or: make package)

Steps: PyInstaller with packaging/litman.spec into dist/; on Linux, ICU's data cut to what
Qt asks of it (packaging/icu_data.py), a .desktop file and icons beside the binary and a
.tar.gz of the folder; then the bundle's own --self-test, and
the time from launch to the first painted rows. Prints sizes and times, writes them to
dist/build-report.json with the bundle's largest parts, and exits 1 when a step fails. The
Linux size budget is reported, not enforced, like every other performance target.
"""

import json
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
WORK = ROOT / "build" / "pyinstaller"
BUDGET_MB = 200  # unpacked, Linux

sys.path.insert(0, str(ROOT))
from litman import __version__  # noqa: E402


def main() -> int:
    report: dict[str, object] = {"version": __version__, "platform": sys.platform}
    if sys.platform == "win32":
        write_version_info()
    start = time.perf_counter()
    # The window's translations (.qm, not committed) into resources/, which the spec bundles.
    subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "translations.py"), "compile"],
        check=True,
        timeout=300,
    )
    subprocess.run(
        [
            sys.executable,
            "-m",
            "PyInstaller",
            str(ROOT / "packaging" / "litman.spec"),
            "--noconfirm",
            "--clean",
            "--log-level",
            "WARN",
            "--distpath",
            str(DIST),
            "--workpath",
            str(WORK),
        ],
        check=True,
        cwd=ROOT,
    )
    report["build_seconds"] = round(time.perf_counter() - start, 1)
    folder, binary = bundle_paths()
    if sys.platform.startswith("linux"):
        report["icu_data_saved_mb"] = round(slim_icu(folder) / 1e6, 1)
        report["stripped_mb"] = round(strip(folder) / 1e6, 1)
    report["unpacked_mb"] = round(tree_bytes(folder) / 1e6, 1)
    report["parts_mb"] = parts_mb(folder)
    if sys.platform.startswith("linux"):
        add_desktop_files(folder)
        archive = pack(folder)
        report["archive"] = str(archive.relative_to(ROOT))
        report["archive_mb"] = round(archive.stat().st_size / 1e6, 1)

    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    test = subprocess.run(
        [str(binary), "--self-test"], env=env, capture_output=True, text=True, timeout=300
    )
    print(test.stdout, end="")
    print(test.stderr, end="", file=sys.stderr)
    report["self_test"] = "passed" if test.returncode == 0 else f"failed ({test.returncode})"
    report["launch_to_window_s"] = launch_times(binary, env)

    print(json.dumps(report, indent=2))
    DIST.mkdir(exist_ok=True)
    (DIST / "build-report.json").write_text(json.dumps(report, indent=2) + "\n")
    if sys.platform.startswith("linux") and float(report["unpacked_mb"]) > BUDGET_MB:  # type: ignore[arg-type]
        print(f"build: note: {report['unpacked_mb']} MB unpacked is over the {BUDGET_MB} MB budget")
    return 0 if test.returncode == 0 else 1


def bundle_paths() -> tuple[Path, Path]:
    if sys.platform == "darwin":
        app = DIST / "litman.app"
        return app, app / "Contents" / "MacOS" / "litman"
    folder = DIST / "litman"
    return folder, folder / ("litman.exe" if sys.platform == "win32" else "litman")


def slim_icu(folder: Path) -> int:
    """Cut the ICU data library Qt brings to what Qt asks of it; the bytes saved."""
    import icu_data  # beside this file

    saved = 0
    for library in folder.rglob("libicudata.so.*"):
        if library.is_file() and not library.is_symlink():
            before, after = icu_data.slim(library)
            saved += before - after
    return saved


def strip(folder: Path) -> int:
    """strip --strip-unneeded every shared library but those under *.libs (auditwheel's,
    whose layout stripping breaks); returns the bytes saved."""
    before = tree_bytes(folder)
    for path in folder.rglob("*.so*"):
        if path.is_symlink() or not path.is_file() or any(p.endswith(".libs") for p in path.parts):
            continue
        subprocess.run(["strip", "--strip-unneeded", str(path)], check=False, capture_output=True)
    return before - tree_bytes(folder)


def tree_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


# What the bundle is made of, by the first pattern each file's path matches.
PARTS = [
    ("Qt: ICU data (slimmed) and libraries", "libicu"),
    ("Qt: libraries and plugins", "PySide6/Qt/"),
    ("PySide6 and shiboken bindings", "PySide6/"),
    ("PySide6 and shiboken bindings", "shiboken6/"),
    ("numpy (OpenBLAS included)", "numpy"),
    ("rapidfuzz", "rapidfuzz/"),
    ("pydantic-core (for sqlmodel)", "pydantic_core/"),
    ("Python: interpreter, stdlib, our code", "python3"),
    ("Python: interpreter, stdlib, our code", "libpython"),
    ("Python: interpreter, stdlib, our code", "base_library"),
]


def parts_mb(folder: Path) -> dict[str, float]:
    """Megabytes per part of the bundle, largest first; the executable (which holds every
    pure-Python module) counts as Python, unmatched files as system libraries and data."""
    sizes: dict[str, float] = {}
    for path in folder.rglob("*"):
        if not path.is_file() or path.is_symlink():
            continue
        rel = path.relative_to(folder).as_posix()
        part = next((name for name, pat in PARTS if pat in rel), None)
        if part is None:
            is_exe = path.parent == folder or rel.endswith("MacOS/litman")
            part = PARTS[-1][0] if is_exe else "system libraries and data"
        sizes[part] = sizes.get(part, 0.0) + path.stat().st_size / 1e6
    return {k: round(v, 1) for k, v in sorted(sizes.items(), key=lambda kv: -kv[1])}


def add_desktop_files(folder: Path) -> None:
    share = folder / "share"
    (share / "applications").mkdir(parents=True, exist_ok=True)
    icons = share / "icons" / "hicolor"
    shutil.copy(ROOT / "packaging" / "linux" / "litman.desktop", share / "applications")
    for sub, name in (("512x512/apps", "litman.png"), ("scalable/apps", "litman.svg")):
        (icons / sub).mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / "resources" / "icons" / name, icons / sub / name)


def pack(folder: Path) -> Path:
    archive = DIST / f"litman-{__version__}-linux-{platform.machine()}.tar.gz"
    with tarfile.open(archive, "w:gz") as tar:
        tar.add(folder, arcname=f"litman-{__version__}")
    return archive


def launch_times(binary: Path, env: dict[str, str]) -> list[float]:
    """Seconds from starting the process to the first rows painted: the first run (which
    creates and seeds the default library), then two warm starts."""
    times = []
    with tempfile.TemporaryDirectory() as home:
        run_env = {
            **env,
            "HOME": home,
            "XDG_DATA_HOME": str(Path(home) / "data"),
            "XDG_CONFIG_HOME": str(Path(home) / "config"),
            "APPDATA": home,
            "LOCALAPPDATA": home,
        }
        run_env.pop("LITMAN_LIBRARY", None)
        for _ in range(3):
            start = time.perf_counter()
            done = subprocess.run(
                [str(binary), "--quit-after-show"],
                env=run_env,
                capture_output=True,
                text=True,
                timeout=120,
            )
            if done.returncode != 0 or not done.stdout.startswith("shown"):
                return []
            times.append(round(time.perf_counter() - start, 2))
    return times


def write_version_info() -> None:
    nums = [int(x) for x in __version__.split(".")[:3]] + [0]
    text = f"""VSVersionInfo(
  ffi=FixedFileInfo(filevers={tuple(nums)}, prodvers={tuple(nums)}),
  kids=[
    StringFileInfo([StringTable('040904B0', [
      StringStruct('CompanyName', 'litman'),
      StringStruct('FileDescription', 'litman literature manager'),
      StringStruct('FileVersion', '{__version__}'),
      StringStruct('ProductName', 'litman'),
      StringStruct('ProductVersion', '{__version__}')])]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""
    target = ROOT / "build" / "version_info.txt"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
