"""Compiling a .bib with real TeX, as a user would: pdflatex + BibTeX (plain) and biber."""

import re
import shutil
import subprocess
from pathlib import Path

TOOLS = ("pdflatex", "bibtex", "biber")


def missing_tools() -> list[str]:
    return [t for t in TOOLS if shutil.which(t) is None]


def _run(cmd: list[str], cwd: Path) -> str:
    done = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=600)
    return done.stdout + done.stderr


def bibtex_plain(bib: Path, work: Path) -> tuple[list[str], list[str]]:
    """(errors, warnings) of pdflatex + BibTeX with the plain style citing every entry."""
    work.mkdir(parents=True, exist_ok=True)
    shutil.copy(bib, work / "refs.bib")
    (work / "doc.tex").write_text(
        "\\documentclass{article}\n\\begin{document}\n\\nocite{*}\n"
        "\\bibliographystyle{plain}\n\\bibliography{refs}\n\\end{document}\n"
    )
    _run(["pdflatex", "-interaction=nonstopmode", "doc.tex"], work)
    _run(["bibtex", "doc"], work)
    _run(["pdflatex", "-interaction=nonstopmode", "doc.tex"], work)
    return _tex_errors(work / "doc.log"), _blg(work / "doc.blg")


def biber_run(bib: Path, work: Path) -> tuple[list[str], list[str]]:
    """(errors, warnings) of pdflatex + biber (biblatex) citing every entry."""
    work.mkdir(parents=True, exist_ok=True)
    shutil.copy(bib, work / "refs.bib")
    (work / "doc.tex").write_text(
        "\\documentclass{article}\n\\usepackage[backend=biber]{biblatex}\n"
        "\\addbibresource{refs.bib}\n\\begin{document}\n\\nocite{*}\n\\printbibliography\n"
        "\\end{document}\n"
    )
    _run(["pdflatex", "-interaction=nonstopmode", "doc.tex"], work)
    out = _run(["biber", "doc"], work)
    _run(["pdflatex", "-interaction=nonstopmode", "doc.tex"], work)
    errors = [ln for ln in out.splitlines() if ln.startswith(("ERROR", "FATAL"))]
    out = re.sub(r"\S*biber_tmp_\S+?\.utf8", "<bib file>", out)  # a new name each run
    warns = [ln.split(" - ", 1)[-1] for ln in out.splitlines() if ln.startswith("WARN")]
    return errors + _tex_errors(work / "doc.log"), warns


def _tex_errors(log: Path) -> list[str]:
    text = log.read_text(errors="replace") if log.exists() else "! no log"
    return [ln for ln in text.splitlines() if ln.startswith("!")]


def _blg(blg: Path) -> list[str]:
    text = blg.read_text(errors="replace") if blg.exists() else ""
    out = [ln for ln in text.splitlines() if ln.startswith("Warning--")]
    out += [ln for ln in text.splitlines() if re.search(r"---line \d+ of file", ln)]
    return out
