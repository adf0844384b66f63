"""Compiling .bib files with real TeX, as a user would: pdflatex + BibTeX (plain) and biber.

A run cites every entry (`\\nocite{*}`) of one or more .bib files, each copied in under a
name that says only its place (`refs.bib`, or `refs0.bib`, `refs1.bib` ...), so that two runs
over files in the same places report the same names. Messages are kept as the tools write
them, less what changes from run to run (biber's temporary file names).
"""

import re
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path

TOOLS = ("pdflatex", "bibtex", "biber")
# The document's class and packages: `url`, as any document citing web pages through
# BibTeX loads it (or hyperref) for the `\url` a `howpublished` holds.
PLAIN_PREAMBLE = "\\documentclass{article}\n\\usepackage{url}\n"
BIBLATEX_PREAMBLE = "\\documentclass{article}\n\\usepackage[backend=biber]{biblatex}\n"


def missing_tools() -> list[str]:
    return [t for t in TOOLS if shutil.which(t) is None]


def _run(cmd: list[str], cwd: Path) -> str:
    # TeX echoes a file's bytes as they are: a Latin-1 .bib is not UTF-8 on its output
    done = subprocess.run(
        cmd, cwd=cwd, capture_output=True, text=True, errors="replace", timeout=1200
    )
    return done.stdout + done.stderr


def _pdflatex(work: Path) -> None:
    # draftmode: errors and warnings as ever, without writing a PDF (or making its fonts)
    _run(["pdflatex", "-draftmode", "-interaction=nonstopmode", "doc.tex"], work)


def _place(bibs: Sequence[Path], work: Path) -> list[str]:
    """Copy the files into `work`; their names there, without `.bib`."""
    work.mkdir(parents=True, exist_ok=True)
    names = ["refs"] if len(bibs) == 1 else [f"refs{i}" for i in range(len(bibs))]
    for bib, name in zip(bibs, names, strict=True):
        shutil.copy(bib, work / f"{name}.bib")
    return names


def bibtex_plain(bib: Path, work: Path) -> tuple[list[str], list[str]]:
    """(errors, warnings) of pdflatex + BibTeX with the plain style citing every entry."""
    return bibtex_many([bib], work)


def bibtex_many(bibs: Sequence[Path], work: Path, trace: str = "") -> tuple[list[str], list[str]]:
    """`bibtex_plain` of several files in one document (`\\bibliography{refs0,refs1}`);
    `trace` is more of the preamble. The first pdflatex run would only write the `.aux`
    BibTeX reads, which is written here instead (a third of the time of a small run)."""
    names = _place(bibs, work)
    (work / "doc.tex").write_text(
        f"{PLAIN_PREAMBLE}{trace}\\begin{{document}}\n\\nocite{{*}}\n"
        f"\\bibliographystyle{{plain}}\n\\bibliography{{{','.join(names)}}}\n\\end{{document}}\n"
    )
    (work / "doc.aux").write_text(
        f"\\relax \n\\citation{{*}}\n\\bibstyle{{plain}}\n\\bibdata{{{','.join(names)}}}\n"
    )
    _run(["bibtex", "doc"], work)
    _pdflatex(work)
    return tex_errors(work / "doc.log"), _blg(work / "doc.blg")


def biber_run(bib: Path, work: Path) -> tuple[list[str], list[str]]:
    """(errors, warnings) of pdflatex + biber (biblatex) citing every entry."""
    return biber_many([bib], work)


def biber_many(bibs: Sequence[Path], work: Path) -> tuple[list[str], list[str]]:
    """`biber_run` of several files in one document (an `\\addbibresource` each)."""
    out = biber_output(bibs, work)
    errors = [ln for ln in out.splitlines() if ln.startswith(("ERROR", "FATAL"))]
    out = re.sub(r"\S*biber_tmp_\S+?\.utf8", "<bib file>", out)  # a new name each run
    warns = [ln.split(" - ", 1)[-1] for ln in out.splitlines() if ln.startswith("WARN")]
    return errors + tex_errors(work / "doc.log"), warns


def biber_output(
    bibs: Sequence[Path],
    work: Path,
    trace: str = "",
    flags: Sequence[str] = (),
    cite: Sequence[str] = ("*",),
) -> str:
    """What biber prints for the files in one document citing `cite` (every entry by
    default); pdflatex has set it after. `trace` is more of the preamble, `flags` biber's
    options."""
    names = _place(bibs, work)
    resources = "".join(f"\\addbibresource{{{name}.bib}}\n" for name in names)
    (work / "doc.tex").write_text(
        f"{BIBLATEX_PREAMBLE}{resources}{trace}\\begin{{document}}\n"
        f"\\nocite{{{','.join(cite)}}}\n"
        "\\printbibliography\n\\end{document}\n"
    )
    _pdflatex(work)
    out = _run(["biber", *flags, "doc"], work)
    _pdflatex(work)
    return out


def tex_errors(log: Path) -> list[str]:
    text = log.read_text(errors="replace") if log.exists() else "! no log"
    return [ln for ln in text.splitlines() if ln.startswith("!")]


def _blg(blg: Path) -> list[str]:
    text = blg.read_text(errors="replace") if blg.exists() else ""
    out = [ln for ln in text.splitlines() if ln.startswith("Warning--")]
    out += [ln for ln in text.splitlines() if re.search(r"---line \d+ of file", ln)]
    return out
