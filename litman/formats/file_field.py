"""The `file` field others write, read into attachments and written back.

- JabRef: `file = {Description:path/to/x.pdf:PDF;…}`, each of `:`, `;` and `\\` escaped with
  a backslash inside a part (`:http\\://arxiv.org/pdf/0803.0142v1:PDF`).
- Mendeley: JabRef's form with its escapes written as LaTeX, `:C$\\backslash$:/Users/….pdf:pdf`.
- Zotero and Better BibTeX (and BibDesk's exports): `file = {path;path}`, plain paths,
  backslashes and all (`C:\\Users\\…`); a Zotero database's attachments (litman's own reader,
  `litman.formats.zotero`) come the same way.
- RIS: `L1` (file attachments) and `L4` (figures), one path or URL a line, kept by the RIS
  reader as `ris-l1` and `ris-l4`.

Every entry becomes a link (`NewAttachment`) to the path as written; a relative path that
names a file beside the imported file is made absolute, else kept relative (it then resolves
against the library's base folder). The field itself stays among the paper's fields as read:
an export writes it back unchanged while the paper's attachments are still the ones it names
(`exported`), and in JabRef's form from the attachments once they are not.
"""

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import replace
from pathlib import Path, PureWindowsPath

from litman.core.attached import PDF, Attachment, NewAttachment, is_url
from litman.core.records import ImportBatch, NewPaper, Paper

FIELD = "file"
RIS_FIELDS = ("ris-l1", "ris-l4")
# JabRef's form: a part that starts with a colon (no description), or ends in `:TYPE`.
_JABREF = re.compile(r"(?:^|;)\s*:|:[A-Za-z][\w .-]{0,30}\s*(?:;|$)")
_TYPES = {"pdf": PDF, "ps": "application/postscript", "postscript": "application/postscript"}
_NAMES = {PDF: "PDF", "application/postscript": "PostScript"}


def parse(value: str) -> list[NewAttachment]:
    """The attachments a `file` field names, in JabRef's (and Mendeley's) form or as plain
    `;`-separated paths."""
    value = value.replace("$\\backslash$", "\\").strip()
    if not value:
        return []
    if is_url(value) and ";" not in value:
        return [NewAttachment(value)]
    if _JABREF.search(value):
        return [a for part in _split(value, ";") if (a := _jabref_entry(part))]
    return [NewAttachment(p.strip()) for p in value.split(";") if p.strip()]


def parse_plain(value: str) -> list[NewAttachment]:
    """Plain paths, `;` between them, a `;` in a path escaped (a Zotero database's, as its
    reader joins them); Zotero's `attachments:` (relative to its base folder) made relative."""
    paths = (p.replace("\\;", ";").strip() for p in _split(value, ";"))
    return [NewAttachment(p.removeprefix("attachments:")) for p in paths if p]


def _split(text: str, sep: str) -> list[str]:
    """`text` split at each `sep` not escaped by a backslash; escapes kept."""
    parts, current, escaped = [], [], False
    for c in text:
        if escaped:
            current.append("\\" + c)
            escaped = False
        elif c == "\\":
            escaped = True
        elif c == sep:
            parts.append("".join(current))
            current = []
        else:
            current.append(c)
    parts.append("".join(current) + ("\\" if escaped else ""))
    return parts


def _unescape(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


def _jabref_entry(part: str) -> NewAttachment | None:
    fields = _split(part.strip(), ":")
    if len(fields) >= 3:
        title, path, kind = fields[0], ":".join(fields[1:-1]), fields[-1]
    elif len(fields) == 2 and len(fields[0]) > 1:
        title, path, kind = fields[0], fields[1], ""
    else:  # one part, or a drive letter and a path (`C:\papers\x.pdf`)
        title, path, kind = "", ":".join(fields), ""
    path = _unescape(path).strip()
    if not path:
        return None
    return NewAttachment(path, _unescape(title).strip(), _content_type(_unescape(kind), path))


def _content_type(kind: str, path: str) -> str:
    known = _TYPES.get(kind.strip().casefold())
    if known:
        return known
    return PDF if path.lower().endswith(".pdf") else ""


# -- importing ---------------------------------------------------------------------------


def attached(batch: ImportBatch, source: Path) -> ImportBatch:
    """A batch's papers with the attachments their `file` (or RIS `L1`/`L4`) fields name;
    `source` is the file read, against whose folder relative paths are tried."""
    plain = source.suffix.lower() in (".sqlite", ".db")
    papers = tuple(_with_attachments(p, source.parent, plain) for p in batch.papers)
    return batch if papers == batch.papers else replace(batch, papers=papers)


def _with_attachments(p: NewPaper, folder: Path, plain: bool) -> NewPaper:
    found = [_resolved(a, folder) for a in named(p.extra, plain)]
    return replace(p, attachments=(*p.attachments, *found)) if found else p


def named(extra: Mapping[str, str], plain: bool = False) -> list[NewAttachment]:
    """The attachments a paper's fields name: `file`, then RIS `L1` and `L4`."""
    found = (parse_plain if plain else parse)(extra[FIELD]) if extra.get(FIELD) else []
    for name in RIS_FIELDS:
        found += [NewAttachment(line.strip()) for line in extra.get(name, "").splitlines()]
    return [a for a in found if a.path]


def _resolved(a: NewAttachment, folder: Path) -> NewAttachment:
    """A relative path made absolute when it names a file beside the imported file."""
    if is_url(a.path) or Path(a.path).is_absolute() or PureWindowsPath(a.path).drive:
        return a
    beside = folder / a.path.replace("\\", "/")
    return replace(a, path=str(beside.absolute())) if beside.is_file() else a


# -- exporting ---------------------------------------------------------------------------

AttachmentsOf = Callable[[Sequence[int]], Mapping[int, Sequence[Attachment]]]
PAGE = 500


def exported(papers: Iterable[Paper], attachments_of: AttachmentsOf) -> Iterator[Paper]:
    """Papers as an export writes them: the `file` field as read while the attachments
    are the ones it names, else written from the attachments in JabRef's form (and none
    when the paper has none left)."""
    page: list[Paper] = []
    for paper in papers:
        page.append(paper)
        if len(page) == PAGE:
            yield from _page(page, attachments_of)
            page = []
    yield from _page(page, attachments_of)


def _page(papers: list[Paper], attachments_of: AttachmentsOf) -> Iterator[Paper]:
    found = attachments_of([p.id for p in papers]) if papers else {}
    for paper in papers:
        mine = found.get(paper.id, ())
        if _unchanged(named(paper.extra), mine):
            yield paper
            continue
        extra = {k: v for k, v in paper.extra.items() if k not in (FIELD, *RIS_FIELDS)}
        if mine:
            extra[FIELD] = jabref(mine)
        yield replace(paper, extra=extra)


def _unchanged(read: Sequence[NewAttachment], mine: Sequence[Attachment]) -> bool:
    if len(read) != len(mine):
        return False
    return all(_same(n.path, a) for n, a in zip(read, mine, strict=True))


def _same(written: str, a: Attachment) -> bool:
    """Whether an attachment is the one a field's entry names (its path as read, or that
    path made absolute on import)."""
    ours = a.path.replace("\\", "/")
    theirs = written.replace("\\", "/")
    return ours == theirs or ours.endswith("/" + theirs.lstrip("./"))


def jabref(attachments: Sequence[Attachment]) -> str:
    """Attachments as JabRef writes its `file` field: `title:path:TYPE` joined by `;`."""
    return ";".join(
        ":".join(_escape(s) for s in (a.title, a.location or a.path, _type_name(a)))
        for a in attachments
    )


def _type_name(a: Attachment) -> str:
    if a.url:
        return "URL"
    if a.content_type in _NAMES:
        return _NAMES[a.content_type]
    return Path(a.path).suffix.lstrip(".").upper() if a.pdf is False else "PDF"


def _escape(text: str) -> str:
    return re.sub(r"([\\:;])", r"\\\1", text)
