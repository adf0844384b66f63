"""Text and metadata out of PDFs, in a child process with time, memory and page limits.

A PDF is untrusted input: a compression bomb, a loop in its object tree or a crafted font can
make a parser eat memory or spin. PDFium (through pypdfium2) reads it in a worker process
whose address space is capped (`MEMORY`, on POSIX) and whose answers the parent waits for a
bounded time each (`SECONDS`): a file that runs over, crashes the worker or is refused by
PDFium gets one line (`Extracted.refused`), the worker is started again for the files after
it, and the caller's process never holds a page of the PDF. Files larger than `MAX_BYTES`
or without a PDF header are refused before any worker sees them; only the first `MAX_PAGES`
pages are read.

One worker reads many files in turn (`extract_many`), one JSON line each on its stdout:
starting a Python and PDFium per file would cost more than reading a paper's ten pages.
Run as `python -m litman.formats.pdf_text PATH...` (or, frozen, `litman --pdf-text-worker`).
"""

import json
import os
import queue
import subprocess
import sys
import threading
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

WORKER_FLAG = "--pdf-text-worker"
MAX_BYTES = 200 * 1024 * 1024  # a larger file is refused unread
MAX_PAGES = 1000  # pages read of one PDF; the rest is left out (and said)
PAGE_CHARS = 100_000  # characters kept of one page
SECONDS = 30.0  # the most one file may take, start-up included
REAPED = 30.0  # the most a killed or finished worker may take to be gone
MEMORY = 1536 * 1024 * 1024  # the worker's address space (PDFium's own buffers included)
TITLE_CHARS = 300


@dataclass(frozen=True)
class Extracted:
    """What a worker read of one PDF: its metadata (`Title`, `Author`, `Subject`,
    `Keywords`, ...), the text of each page read, the page count, and the largest-type
    line of the first page (`title`); or why it was refused (`refused`, one line)."""

    path: Path
    meta: dict[str, str] = field(default_factory=dict)
    pages: tuple[str, ...] = ()
    page_count: int = 0
    title: str = ""
    refused: str = ""

    @property
    def cut(self) -> bool:
        """Whether pages were left out (`MAX_PAGES`)."""
        return self.page_count > len(self.pages)


def extract(path: Path) -> Extracted:
    return next(extract_many([path]))


def extract_many(
    paths: Sequence[Path], cancelled: Callable[[], bool] | None = None
) -> Iterator[Extracted]:
    """Each file's `Extracted`, in order, read by a worker (started again after a file that
    kills it or runs over time)."""
    rest = list(paths)
    while rest:
        if cancelled is not None and cancelled():
            return
        early = _refused_unread(rest[0])
        if early:
            yield Extracted(rest[0], refused=early)
            rest.pop(0)
            continue
        batch = _unread_run(rest)
        done = yield from _run_worker(batch, cancelled)
        rest = rest[done:]


def _unread_run(paths: list[Path]) -> list[Path]:
    """The files from the first up to (not including) the next that is refused unread."""
    run = [paths[0]]
    for path in paths[1:]:
        if _refused_unread(path):
            break
        run.append(path)
    return run


def _refused_unread(path: Path) -> str:
    try:
        size = path.stat().st_size
        with path.open("rb") as f:
            head = f.read(1024)
    except OSError as exc:
        return f"cannot be read: {exc.strerror or exc}"
    if size > MAX_BYTES:
        return f"is larger than {MAX_BYTES // (1024 * 1024)} MB"
    if b"%PDF-" not in head:
        return "is not a PDF"
    return ""


def _run_worker(
    paths: list[Path], cancelled: Callable[[], bool] | None
) -> Generator[Extracted, None, int]:
    """Read `paths` in one worker until it finishes, fails or runs over; returns (as the
    generator's value) how many files it answered for, a failed one included."""
    proc = subprocess.Popen(
        [*_worker_command(), f"--memory={MEMORY}", *map(str, paths)],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=_worker_env(),
    )
    lines: queue.Queue[bytes] = queue.Queue()
    threading.Thread(target=_pump, args=(proc, lines), daemon=True).start()
    done = 0
    try:
        while done < len(paths):
            if cancelled is not None and cancelled():
                return len(paths)
            try:
                line = lines.get(timeout=SECONDS)
            except queue.Empty:
                yield Extracted(paths[done], refused=f"took longer than {SECONDS:.0f} s to read")
                return done + 1
            if not line:  # the worker died on this file
                yield Extracted(paths[done], refused=_death(proc))
                return done + 1
            yield _parsed(paths[done], line)
            done += 1
        return done
    finally:
        proc.kill()
        proc.wait(timeout=REAPED)
        if proc.stdout is not None:
            proc.stdout.close()


def _pump(proc: subprocess.Popen[bytes], lines: "queue.Queue[bytes]") -> None:
    assert proc.stdout is not None
    for line in proc.stdout:
        lines.put(line)
    lines.put(b"")


def _death(proc: subprocess.Popen[bytes]) -> str:
    try:
        code = proc.wait(timeout=REAPED)
    except subprocess.TimeoutExpired:
        code = None
    if code is not None and code < 0:
        return "made the PDF reader fail (out of memory, or a crash)"
    return "could not be read by the PDF reader"


def _parsed(path: Path, line: bytes) -> Extracted:
    try:
        found = json.loads(line)
    except ValueError:
        return Extracted(path, refused="could not be read by the PDF reader")
    if found.get("refused"):
        return Extracted(path, refused=str(found["refused"]))
    return Extracted(
        path,
        meta={str(k): str(v) for k, v in found.get("meta", {}).items()},
        pages=tuple(str(p) for p in found.get("pages", [])),
        page_count=int(found.get("page_count", 0)),
        title=str(found.get("title", "")),
    )


def _worker_command() -> list[str]:
    if getattr(sys, "frozen", False):
        return [sys.executable, WORKER_FLAG]
    return [sys.executable, "-m", "litman.formats.pdf_text"]


def _worker_env() -> dict[str, str]:
    env = dict(os.environ)
    here = str(Path(__file__).resolve().parents[2])  # where `litman` is importable from
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [here, env.get("PYTHONPATH", "")]))
    return env


def one_page_pdf(text: str) -> bytes:
    """A one-page PDF saying `text` (ASCII, no parentheses) in Helvetica: what the
    self-test reads to prove the bundle's PDFium and its worker process work."""
    content = f"BT /F1 12 Tf 20 100 Td ({text}) Tj ET".encode("ascii")
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length %d >>\nstream\n%s\nendstream" % (len(content), content),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out, offsets = bytearray(b"%PDF-1.4\n"), []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(out)
    out += b"xref\n0 6\n0000000000 65535 f \n" + b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % xref
    return bytes(out)


# -- the worker ----------------------------------------------------------------------------


def worker_main(args: Sequence[str]) -> int:
    """Read each PDF named and print one JSON line for each (`--memory=BYTES` first: the
    address space to stay within)."""
    memory = MEMORY
    if args and args[0].startswith("--memory="):
        memory, args = int(args[0].split("=", 1)[1]), args[1:]
    _limit_memory(memory)
    try:
        import pypdfium2 as pdfium  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:  # an environment set up before litman needed it
        missing = {"refused": "cannot be read: pypdfium2 is not installed (run `make run`)"}
        for _ in args:
            sys.stdout.write(json.dumps(missing) + "\n")
        return 0

    for name in args:
        try:
            found = _read(pdfium, name)
        except pdfium.PdfiumError as exc:
            found = {"refused": _pdfium_reason(str(exc))}
        sys.stdout.write(json.dumps(found, ensure_ascii=True) + "\n")
        sys.stdout.flush()
    return 0


def _limit_memory(memory: int) -> None:
    try:
        import resource
    except ImportError:  # Windows: the time limit still holds
        return
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))


def _pdfium_reason(message: str) -> str:
    if "password" in message.lower():
        return "is encrypted (a password is needed to read it)"
    return "is damaged or not a PDF PDFium can read"


def _read(pdfium: object, name: str) -> dict[str, object]:
    doc = pdfium.PdfDocument(name)  # type: ignore[attr-defined]
    try:
        count = len(doc)
        pages, title = [], ""
        for i in range(min(count, MAX_PAGES)):
            page = doc[i]
            text = page.get_textpage()
            try:
                pages.append(_clean(text.get_text_range()[:PAGE_CHARS]))
                if i == 0:
                    title = _largest_line(pdfium, text)
            finally:
                text.close()
                page.close()
        meta = {k: v for k, v in doc.get_metadata_dict().items() if isinstance(v, str) and v}
        return {"meta": meta, "pages": pages, "page_count": count, "title": title}
    finally:
        doc.close()


def _clean(text: str) -> str:
    """PDFium's page text as plain lines: its soft hyphen (U+FFFE, a word broken at a line's
    end) joins the word again."""
    return text.replace("\r\n", "\n").replace("\ufffe\n", "").replace("\ufffe", "")


def _largest_line(pdfium: object, text: object) -> str:
    """The first page's text set in its largest type (a title), when that type is larger
    than most of the page's."""
    raw = pdfium.raw  # type: ignore[attr-defined]
    n = min(text.count_chars(), 4000)  # type: ignore[attr-defined]
    if not n:
        return ""
    handle = text.raw  # type: ignore[attr-defined]
    sizes = [round(raw.FPDFText_GetFontSize(handle, i), 1) for i in range(n)]
    ordinary = sorted(sizes)[len(sizes) // 2]
    top = max(sizes)
    if top < ordinary * 1.15:
        return ""
    chars = [chr(raw.FPDFText_GetUnicode(handle, i)) if sizes[i] == top else "\0" for i in range(n)]
    runs = [" ".join(run.split()) for run in "".join(chars).split("\0") if run.strip()]
    title = " ".join(runs[:1] + [r for r in runs[1:] if len(r) > 1])
    return title[:TITLE_CHARS]


if __name__ == "__main__":
    sys.exit(worker_main(sys.argv[1:]))
