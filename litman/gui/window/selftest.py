"""`litman --self-test`: proof that a build works, run offscreen on the build machine.

It opens a temporary library, imports the bundled seeds and searches them, exports BibTeX
and parses it back, checks that HTTPS would trust some CA certificates (no network), then
builds and shows the main window, processes events and closes it, and asks Qt for what it
takes from ICU (collation, a time zone's name), and formats a reference in a bundled CSL style.
Each check prints one line; a failure prints why, and exits 1 once every check that does not
need the failed one has run: a bare machine hears at once of all it lacks (CA certificates,
libGL), not of one a run.
"""

import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from litman import __version__, app, paths
from litman.core.library.citekeys import base_key
from litman.core.records import Paper
from litman.gui.window import system_libs


class SelfTestFailed(Exception):
    pass


Check = Callable[[], tuple[str, str]]  # a check's name and what it found, or SelfTestFailed


def run() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    start = time.perf_counter()
    print(f"litman {__version__} self-test ({'frozen' if paths.is_frozen() else 'source'})")
    passed: list[str] = []
    failed: list[str] = []

    def ok(name: str, detail: str) -> None:
        print(f"  ok  {name}: {detail}")
        passed.append(name)

    def attempt(check: Check) -> None:
        try:
            ok(*check())
        except SelfTestFailed as exc:
            print(f"  FAILED  {exc}")
            failed.append(str(exc))

    with tempfile.TemporaryDirectory(prefix="litman-selftest-") as tmp:
        try:
            _checks(Path(tmp), ok, attempt)
        except SelfTestFailed as exc:  # a check the rest need
            print(f"  FAILED  {exc}")
            failed.append(str(exc))
    if failed:
        print(f"self-test failed: {len(failed)} of {len(passed) + len(failed)} checks")
        return 1
    print(f"self-test passed in {time.perf_counter() - start:.2f} s")
    return 0


def _checks(tmp: Path, ok: Callable[[str, str], None], attempt: Callable[[Check], None]) -> None:
    """The library's checks, each needing the one before; then the independent ones."""
    from litman.core.library.facade import Library
    from litman.core.records import NewPaper
    from litman.formats import bibtex
    from litman.formats.decoding import decode

    def need(cond: object, what: str) -> None:
        if not cond:
            raise SelfTestFailed(what)

    seeds = paths.seed_files()
    icon = paths.resources_dir() / "icons" / "litman.svg"
    need(seeds and icon.is_file(), f"bundled files missing under {paths.bundle_root()}")
    ok("bundled files", f"{len(seeds)} seed files and icons in {paths.bundle_root()}")

    with Library.open(tmp / "selftest.sqlite") as lib:
        reports = app.import_seeds(lib)
        added = sum(len(r.added) for r in reports)
        need(added > 0 and lib.count() == added, f"seed import added {added} papers")
        ok("seed import", f"{added} papers from {len(reports)} files")

        key = base_key(["Иванов, Иван"], 2020, "Нейронные сети")
        need(key == "ivanov2020neyronnye", f"citekey for a Cyrillic name came out '{key}'")
        ok("citekeys", f"Иванов 2020 Нейронные сети gives {key}")

        hits = lib.search("bandit").ids
        fuzzy = lib.search("banditt regrett").ids
        need(hits and fuzzy, "search found nothing for 'bandit'")
        ok("search", f"'bandit' finds {len(hits)}, misspelled 'banditt regrett' finds {len(fuzzy)}")

        chinese = lib.papers.add_paper(NewPaper(title="機器學習導論"))
        found = [list(lib.search(q).ids) for q in ("机器学习", "jqxx")]
        need(found == [[chinese], [chinese]], f"Chinese search found {found}")
        ok("chinese search", "机器学习 and jqxx find 機器學習導論 (OpenCC and pypinyin tables)")

        gbk = decode("@misc{k, author = {凯撒}, title = {测试期刊}}".encode("gbk"), "gbk.bib")
        need("凯撒" in gbk.text, f"a GBK file read as {gbk.encoding}")
        ok("encodings", f"a GBK file is read as {gbk.encoding} (charset-normalizer)")

        out = tmp / "export.bib"
        papers = lib.list_papers("citekey")
        bibtex.export(papers, out)
        back = bibtex.read(out)
        need(
            [p.citekey for p in back.papers] == [p.citekey for p in papers]
            and [p.title for p in back.papers] == [p.title for p in papers],
            "exported BibTeX did not parse back to the same papers",
        )
        ok("BibTeX", f"{len(papers)} entries exported and parsed back")

        first = papers[:1]
        checks = (_driver, _lookup, _certificates, lambda: _pdf(tmp), lambda: _window(lib, tmp))
        for check in (*checks, _text_services):
            attempt(check)
        attempt(lambda: _references(first))


def _references(papers: list[Paper]) -> tuple[str, str]:
    """A paper formatted in a bundled CSL style and a Chinese locale: the styles and
    citeproc-py's locales are data files the bundle must carry."""
    from litman.formats import references

    refs = references.render(papers, "gb-t-7714-2015-numeric", "text", "zh-CN")
    if len(refs.entries) != 1 or not refs.entries[0].startswith("[1] "):
        raise SelfTestFailed(f"formatted reference came out {refs.entries!r}")
    return "references", f"GB/T 7714 (zh-CN): {refs.entries[0][:60]}"


def _pdf(tmp: Path) -> tuple[str, str]:
    from litman.formats import pdf_text

    path = tmp / "selftest.pdf"
    path.write_bytes(pdf_text.one_page_pdf("litman reads PDFs"))
    found = pdf_text.extract(path)
    if found.refused or "litman reads PDFs" not in "".join(found.pages):
        raise SelfTestFailed(f"PDF text not read: {found.refused or found.pages}")
    return "PDF text", "a one-page PDF read by PDFium in its worker process"


def _driver() -> tuple[str, str]:
    from psycopg import pq

    if pq.version() <= 0:
        raise SelfTestFailed("no libpq: shared libraries on PostgreSQL cannot be opened")
    return "PostgreSQL driver", f"psycopg ({pq.__impl__}) with libpq {pq.version()}"


def _lookup() -> tuple[str, str]:
    from litman.metadata import net

    if not net.https_available():
        raise SelfTestFailed("no HTTPS in this build: metadata lookup cannot work")
    return "lookup", "HTTPS for Crossref, doi.org, arXiv and OpenAlex"


def _certificates() -> tuple[str, str]:
    from litman.metadata import net

    count, where = net.ca_certificates()
    if not count:
        raise SelfTestFailed(
            f"no CA certificates in {where}: every HTTPS lookup would be refused "
            "(Debian and Ubuntu: apt-get install ca-certificates)"
        )
    return "certificates", f"{count} CA certificates from {where}"


def _text_services() -> tuple[str, str]:
    """What Qt asks ICU for, whose data the Linux bundle keeps (packaging/icu_data.py):
    a locale's collation and a time zone's name in another language."""
    from PySide6.QtCore import QCollator, QLocale, QTimeZone

    swedish = QCollator(QLocale("sv_SE")).compare("ö", "z")  # ö sorts after z in Swedish
    german = QCollator(QLocale("de_DE")).compare("ö", "z")
    name = QTimeZone(b"Europe/Berlin").displayName(
        QTimeZone.TimeType.StandardTime, QTimeZone.NameType.LongName, QLocale("de_DE")
    )
    if swedish <= 0 or german >= 0 or name != "Mitteleuropäische Normalzeit":
        raise SelfTestFailed(f"Qt text services: ö against z {swedish}/{german}, zone '{name}'")
    return "Qt text services", f"Swedish and German collation, Europe/Berlin in German: {name}"


def _window(lib: object, tmp: Path) -> tuple[str, str]:
    try:
        from PySide6.QtWidgets import QApplication
    except ImportError as exc:  # a machine without libGL, say: a failed check, not a crash
        line = system_libs.missing_library(exc)
        if line is None:
            raise
        raise SelfTestFailed(f"window: {line}") from None

    from litman.gui import i18n
    from litman.gui.settings import ViewSettings
    from litman.gui.window.main_window import MainWindow
    from litman.gui.workers import run_inline

    qapp = QApplication.instance() or QApplication(sys.argv[:1])
    # In Chinese: a bundle without litman's .qm or Qt's qtbase_zh_CN.qm fails here.
    chinese = i18n.install(i18n.CHINESE)
    win = MainWindow(lib, ViewSettings(tmp / "view.ini"), runner=run_inline)  # type: ignore[arg-type]
    menus = [a.text() for a in win.menuBar().actions()]
    cancel = qapp.translate("QPlatformTheme", "Cancel")
    i18n.install(i18n.ENGLISH)
    if not chinese or "文件(&F)" not in menus or cancel != "取消":
        raise SelfTestFailed(f"window in Chinese: menus {menus}, Qt's Cancel '{cancel}'")
    win.show()
    qapp.processEvents()
    rows = win.model.rowCount()
    win.search.setText("bandit")
    win.apply_filter()
    qapp.processEvents()
    found = win.model.rowCount()
    picture = win.grab()
    win.close()
    qapp.processEvents()
    if not rows or not found or picture.isNull():
        raise SelfTestFailed(f"window showed {rows} rows, {found} for 'bandit'")
    return (
        "window",
        f"{rows} rows, {found} for 'bandit', painted {picture.width()}x{picture.height()}; "
        f"in Chinese: {' '.join(menus)}, {cancel}",
    )
