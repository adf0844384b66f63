"""Many .bib files compiled in one document, each message traced back to the entry it is about.

The corpus test (`test_corpus_compile.py`) compiles hundreds of files twice (as written, and as
litman exports them) with pdflatex + BibTeX and with biber; one document per file would cost
minutes of startup alone, so files go in batches (`bibtex_many`, `biber_many` of
`tests.formats.tex_run`, one `refsN.bib` each) and every message is given back as
(file number in the batch, citekey, message):

- BibTeX's `.blg`: a warning names its entry (`... in KEY`), an error its line of `refsN.bib`,
  which is turned into the key of the entry holding that line (the line itself is dropped: an
  export's lines are not the source's).
- biber: a message naming `entry 'KEY'`, or a line of the data source it was reading.
- pdflatex: each entry typed out in the log as it is set (`litman-key:KEY`), so an error
  belongs to the entry set last; one while biblatex reads its `.bbl` (before any entry is
  set) belongs to the `\\entry{KEY}` holding the `.bbl` line TeX names (`l.NNN`).

A message tied to no entry (a clash of two files' `@preamble` macros, say) is keyed `""`.
"""

import hashlib
import re
import shutil
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from tests.formats import tex_run

Message = tuple[int, str, str]  # file number in the batch, citekey, message
# An entry's start: `@type{key,` or `@type(key,` (BibTeX reads any text up to the comma).
_START = re.compile(r"^[ \t]*@[ \t]*(\w+)[ \t]*[{(][ \t]*([^,\s]*)", re.M)
_TYPED = "litman-key:"
# Set after each entry's `\item` (which ends the previous entry's paragraph, and with it
# that paragraph's errors): an error belongs to the entry typed out last.
PLAIN_TRACE = (
    "\\makeatletter\\let\\litman@bibitem\\@bibitem\n"
    f"\\def\\@bibitem#1{{\\litman@bibitem{{#1}}\\typeout{{{_TYPED}\\detokenize{{#1}}}}}}\n"
    "\\makeatother\n"
)
BIBLATEX_TRACE = f"\\AtEveryBibitem{{\\typeout{{{_TYPED}\\thefield{{entrykey}}}}}}\n"
# What stops TeX or biber before it has read everything.
_FATAL = re.compile(
    r"^! (Emergency stop|TeX capacity exceeded|==> Fatal error)|That makes 100 errors|"
    r"^FATAL|no output PDF file produced",
    re.M,
)


@dataclass
class Run:
    """One document's messages, and whether something stopped it before the end."""

    messages: Counter[Message]
    fatal: bool
    entries: set[tuple[int, str]]  # (file number, citekey) of each entry set


def entry_lines(text: str) -> list[tuple[int, str]]:
    """(line, citekey) of each entry's start in a .bib text, 1-based; `@string`,
    `@preamble` and `@comment` are keyed ""."""
    out = []
    line, at = 1, 0
    for m in _START.finditer(text):
        line += text.count("\n", at, m.start())  # counted on from the last entry
        at = m.start()
        kind = m.group(1).lower()
        out.append((line, "" if kind in ("string", "preamble", "comment") else m.group(2)))
    return out


def keys_of(text: str) -> list[str]:
    return [key for _, key in entry_lines(text) if key]


def has_empty_key(text: str) -> bool:
    """Whether an entry has no key (`@article{,`): BibTeX files it under "", where another
    file's crossref to an undefined macro (`crossref = FTCW`, read as "") finds it."""
    return any(
        not m.group(2) and m.group(1).lower() not in ("string", "preamble", "comment")
        for m in _START.finditer(text)
    )


def _key_at(lines: list[tuple[int, str]], line: int) -> str:
    key = ""
    for start, name in lines:
        if start > line:
            break
        key = name
    return key


class Batch:
    """Files compiled together: their entries' lines, to name the entry a message is about."""

    def __init__(self, bibs: Sequence[Path]) -> None:
        self.bibs = list(bibs)
        texts = [b.read_bytes().decode("utf-8", "replace") for b in self.bibs]
        self.lines = [entry_lines(t) for t in texts]
        self.file_of = {k.casefold(): i for i, ls in enumerate(self.lines) for _, k in ls if k}
        names = ["refs"] if len(self.bibs) == 1 else [f"refs{i}" for i in range(len(self.bibs))]
        self.copies = {hashlib.md5(f"{n}.bib".encode()).hexdigest(): n for n in names}

    def owner(self, key: str) -> tuple[int, str]:
        return self.file_of.get(key.casefold(), -1), key

    def at_line(self, name: str, line: int) -> tuple[int, str]:
        """The entry holding `line` of `refsN.bib` (or `refs.bib`, the only file)."""
        n = int(name[4:]) if name[4:].isdigit() else 0
        if n >= len(self.lines):
            return -1, ""
        return n, _key_at(self.lines[n], line)


def bibtex_batch(batch: Batch, work: Path) -> Run:
    """pdflatex + BibTeX (plain) of the batch, every message traced to its entry."""
    tex_run.bibtex_many(batch.bibs, work, trace=PLAIN_TRACE)
    messages: Counter[Message] = Counter()
    messages.update(_blg_messages(batch, work / "doc.blg"))
    log = _read(work / "doc.log")
    bbl = _bbl_entries(work / "doc.bbl", r"\\bibitem")
    messages.update(_log_messages(batch, log, bbl))
    return Run(messages, bool(_FATAL.search(log)), {batch.owner(k) for _, k in bbl})


def biber_batch(batch: Batch, work: Path, cite: Sequence[str] = ("*",)) -> Run:
    """pdflatex + biber (biblatex) of the batch citing `cite`, every message traced to its
    entry. biber goes on after an error (`--nodieonerror`), as BibTeX does: one file's
    error does not hide the others' messages."""
    out = tex_run.biber_output(batch.bibs, work, BIBLATEX_TRACE, ["--nodieonerror"], cite)
    messages: Counter[Message] = Counter(_biber_messages(batch, out))
    log = _read(work / "doc.log")
    bbl = _bbl_entries(work / "doc.bbl", r"\\entry")
    messages.update(_log_messages(batch, log, bbl))
    fatal = bool(_FATAL.search(log) or _FATAL.search(out))
    return Run(messages, fatal, {batch.owner(k) for _, k in bbl})


def _read(path: Path) -> str:
    return path.read_text(errors="replace") if path.exists() else "! no log"


def _normal(text: str) -> str:
    return " ".join(text.split())


_BLG_LINE = re.compile(r"-+line (\d+) of file (\S+?)\.bib")
_BLG_CROSSREF = re.compile(r" for (\S+) to crossref ")
_BLG_KEY = re.compile(r"\b(?:in|for entry|entry) \"?([^\s\"]+?)\"?$")


def _blg_messages(batch: Batch, blg: Path) -> list[Message]:
    """BibTeX's warnings and errors, each with the entry it is about."""
    lines = _read(blg).splitlines()
    out = []
    for i, ln in enumerate(lines):
        where = _BLG_LINE.search(ln)
        if ln.startswith("Warning--"):
            after = lines[i + 1] if i + 1 < len(lines) else ""
            at = _BLG_LINE.search(after) if after.startswith("--line") else None
            if at is not None:
                out.append((*batch.at_line(at.group(2), int(at.group(1))), _normal(ln)))
            else:
                key = _BLG_CROSSREF.search(ln) or _BLG_KEY.search(ln)
                owner = batch.owner(key.group(1)) if key else (-1, "")
                out.append((*owner, _normal(ln)))
        elif where is not None and not ln.startswith("--line"):
            text = _normal(ln[: where.start()])
            out.append((*batch.at_line(where.group(2), int(where.group(1))), text))
    return out


_BIBER_KEY = re.compile(r"entry '([^']*)'|entry key: '([^']*)'|citekey '([^']*)'")
_BIBER_LINE = re.compile(r", line (\d+)")
_BIBER_SOURCE = re.compile(r"Found BibTeX data source '(\S+?)\.bib'")
# biber's UTF-8 copy of a data source, named by the MD5 of the source's name: its messages
# come after every source is read, when the last one found is another.
_BIBER_COPY = re.compile(r"biber_tmp_\S+?/([0-9a-f]{32})_\d+\.utf8")


def _biber_messages(batch: Batch, out: str) -> list[Message]:
    """biber's warnings and errors, each with the entry it is about: one naming no entry
    is about the data source biber was reading, at the line it names."""
    source = "refs"
    messages = []
    for ln in out.splitlines():
        found = _BIBER_SOURCE.search(ln)
        if found:
            source = found.group(1)
            continue
        level = re.search(r"> (WARN|ERROR|FATAL) - (.*)", ln) or re.match(
            r"(WARN|ERROR|FATAL) - (.*)", ln
        )
        if level is None:
            continue
        copy = _BIBER_COPY.search(level.group(2))
        text = re.sub(r"\S*biber_tmp_\S+?\.utf8", "<bib file>", level.group(2))
        named = _BIBER_KEY.search(text)
        at = _BIBER_LINE.search(text)
        if named:
            owner = batch.owner(next(g for g in named.groups() if g is not None))
        elif at:
            # a line of biber's UTF-8 copy of a data source: the copy's name says which
            of = batch.copies.get(copy.group(1), source) if copy else source
            owner = batch.at_line(of, int(at.group(1)))
            text = text[: at.start()] + text[at.end() :]
        else:
            owner = (-1, "")
        messages.append((*owner, f"{level.group(1)} {_normal(text)}"))
    return messages


def _bbl_entries(bbl: Path, command: str) -> list[tuple[int, str]]:
    """(line, key) of each entry the .bbl holds."""
    found = re.compile(command + r"\{([^}]*)\}")
    out = []
    for n, ln in enumerate(_read(bbl).splitlines(), 1):
        m = found.search(ln)
        if m:
            out.append((n, m.group(1)))
    return out


def _log_messages(batch: Batch, log: str, bbl: list[tuple[int, str]]) -> list[Message]:
    """pdflatex's errors, each with the entry set when it came (or, before the first one
    is set, the .bbl entry at the line TeX names)."""
    out = []
    lines = log.splitlines()
    key: str | None = None
    for i, ln in enumerate(lines):
        if ln.startswith(_TYPED):
            key = ln[len(_TYPED) :].strip()
        elif ln.startswith("!"):
            owner = key
            if owner is None:
                at = next((m for m in map(_LINE_NO.match, lines[i + 1 : i + 40]) if m), None)
                owner = _key_at(bbl, int(at.group(1))) if at else ""
            out.append((*batch.owner(owner), _normal(ln)))
    return out


_LINE_NO = re.compile(r"l\.(\d+) ")


def clean(work: Path) -> None:
    shutil.rmtree(work, ignore_errors=True)


def new_messages(source: Run, export: Run) -> tuple[Counter[Message], set[tuple[int, str]]]:
    """The export's messages its source does not cause too, on entries the source set (or
    on none); and the exported entries the source did not set, which have nothing to be
    compared with (BibTeX skipped them: a repeated or empty key, a syntax error)."""
    unmatched = export.entries - source.entries
    new = export.messages - source.messages
    kept = Counter({m: c for m, c in new.items() if (m[0], m[1]) not in unmatched})
    return kept, unmatched
