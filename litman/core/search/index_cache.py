"""The search index saved to a cache file, so that a reopened library searches at once.

Building the index for 100k papers takes seconds (benchmarks/bench_search.py); loading it
back takes a fraction of that. A saved index is used only when it was saved at the library's
current *generation*, a random token in the `meta` table that every litman write
transaction replaces: a file changed since, by this process or another, is rebuilt and saved again.

The file is an uncompressed numpy `.npz` of plain arrays (text is UTF-8 bytes, never pickled
objects, so a planted cache file cannot run code), written under a temporary name and
renamed into place. Any problem reading it means "no cache": it is a cache.

A saved index a few writes behind the library is caught up rather than rebuilt: through
the library's change journal (`litman.core.store.journal`) when it still holds every write since
the save, from the same history, which costs the few changed papers; otherwise by
reconciling every paper's digest (about 1 s at 100k papers, against 5-6 s for a build). So
a command-line write no longer makes the next search rebuild the whole index.

The generation alone proves nothing once the file has been changed without it (a WAL deleted
under an open library, a partly checkpointed file, another tool): "chocolate" then found 0 of
13 papers across restarts. So the saved file also carries a fingerprint of the library (its
paper ids: count, largest, sum; its tag links: count, checksum; about 60 ms at 100k papers),
and a loaded index whose papers or links disagree with the file is reconciled paper by paper.
"""

import io
import json
import math
import mmap
import os
import struct
import weakref
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
from sqlalchemy import Connection, func, select

from litman import __version__
from litman.core.search.codes import FIELDS
from litman.core.search.postings import array_text, text_array
from litman.core.store import models, trash
from litman.core.store.journal import Position, Replay

if TYPE_CHECKING:
    from litman.core.search.index import SearchIndex

P, PT = models.papers, models.paper_tags
FORMAT = 11  # 2: per-paper digests, for reconciling with outside writes; 3: without status;
# 4: with the library's fingerprint; 5: digests without tags, tag postings made on load;
# 6: with the change journal number it holds; 7: each tag's members, not each paper's tags;
# 8: with the merged postings of one- and two-letter prefixes (`short_prefixes`);
# 9: with the bits of the heaviest three-letter prefixes in abstracts; 10: CJK runs as bigrams,
# Han in titles and authors as pinyin (`litman.core.cjk`, `litman.core.pinyin`); 11: with the
# attachments' full text as an eighth field
# A journal replay above this many papers also saves the whole index again at close; below
# it the saved file and the journal stand for the library.
COMPACT_AT = 2000
# Members a save copies from the file they were loaded from (`Source`): the bulk postings
# and the short prefixes' ids, 69 of the 78 MB at 100k papers.
COPIED = ("bulk_docs", "short_docs")
# A saved index is mapped (`read_arrays`), except on Windows, where a file that is mapped
# cannot be replaced by a new save.
MAP_FILES = os.name != "nt"


def fingerprint(conn: Connection) -> list[int]:
    """What a saved index must agree with whatever the generation says: the papers' ids
    (count, largest, sum) and the tag links (count, checksum)."""
    query = select(func.count(), func.coalesce(func.max(P.c.id), 0), func.total(P.c.id))
    if (live := trash.live(conn)) is not None:  # the index holds no paper in the trash
        query = query.where(live)
    papers = conn.execute(query).one()
    links = conn.execute(
        select(func.count(), func.total(PT.c.paper_id * 8191 + PT.c.tag_id)).select_from(PT)
    ).one()
    return [int(v) for v in (*papers, *links)]


def index_ids(index: "SearchIndex") -> list[int]:
    """The papers part of `fingerprint`, as the index has them."""
    ids = np.flatnonzero(index.alive)
    return [int(ids.size), int(ids.max()) if ids.size else 0, int(ids.sum())]


def save(
    index: "SearchIndex",
    path: Path,
    generation: str,
    prints: list[int] | None = None,
    seq: int = 0,
    source: "Source | None" = None,
) -> None:
    """Write the state of a built index at `generation` and journal number `seq` (the
    library's `fingerprint` then); members still as loaded from `source` are copied from
    it (`Source`)."""
    arrays = index.to_arrays()
    header = {
        "format": FORMAT,
        "litman": __version__,
        "generation": generation,
        "seq": seq,
        "fingerprint": prints,
        "fields": list(FIELDS),  # a token's code holds its field's index
    }
    arrays["header"] = text_array(json.dumps(header))
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial.npz")
    try:
        with partial.open("wb") as f:
            _write_npz(f, arrays, source)
        os.replace(partial, path)
    finally:
        partial.unlink(missing_ok=True)


def load(index: "SearchIndex", path: Path, generation: str) -> bool:
    """Fill `index` from the cache if it holds this generation; False (untouched) if not."""
    return load_any(index, path, generation) is not None


def load_any(index: "SearchIndex", path: Path, generation: str | None = None) -> str | None:
    """Fill `index` from the cache (if it holds `generation`, when one is given); the
    generation it holds, or None (index untouched) when there is nothing usable."""
    header = load_header(index, path, generation)
    return None if header is None else str(header["generation"])


def load_header(
    index: "SearchIndex",
    path: Path,
    generation: str | None = None,
    kept: list["Source"] | None = None,
) -> dict[str, Any] | None:
    """As `load_any`, returning the saved file's whole header; with `kept`, the file's
    `Source` is added to it when the index was loaded."""
    try:
        arrays, source = read_source(path, keep=kept is not None)
        header = json.loads(array_text(arrays["header"]))
        saved = header.get("generation")
        if (
            header.get("format") != FORMAT
            or header.get("litman") != __version__
            or header.get("fields") != list(FIELDS)
            or not isinstance(saved, str)
            or (generation is not None and saved != generation)
        ):
            return None
        index.from_arrays(arrays)
    except (OSError, ValueError, KeyError, TypeError, zipfile.BadZipFile, EOFError):
        return None
    if kept is not None and source is not None:
        kept.append(source)
    return dict(header)


def read_arrays(path: Path) -> dict[str, np.ndarray[Any, Any]]:
    """The arrays of a saved `.npz`, each a view of the file mapped copy-on-write: only the
    pages a search touches are read (a one-shot search at 100k papers touches a few of the
    58 MB of postings; `np.load` read and checksummed all 69 MB, 0.1-0.2 s). The file is
    never changed in place (`save` renames a new one over it), so the mapping stays whole.
    On Windows, where a mapped file cannot be replaced, the file is read instead."""
    return read_source(path, keep=False)[0]


def read_source(
    path: Path, keep: bool = True
) -> tuple[dict[str, np.ndarray[Any, Any]], "Source | None"]:
    """As `read_arrays`, with the file held open as a `Source` for the next save."""
    with path.open("rb") as f:
        if not MAP_FILES:
            data: Any = bytearray(os.fstat(f.fileno()).st_size)
            f.readinto(data)
        else:
            data = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_COPY)
        with zipfile.ZipFile(f) as z:
            found = {
                info.filename.removesuffix(".npy"): _stored_array(data, info)
                for info in z.infolist()
            }
        arrays = {name: array for name, (array, _at) in found.items()}
        if not keep:
            return arrays, None
        copied = {name: found[name] for name in COPIED if name in found}
        return arrays, Source(os.dup(f.fileno()), copied)


def _stored_array(data: Any, info: zipfile.ZipInfo) -> tuple[np.ndarray[Any, Any], int]:
    """One `.npy` member of an uncompressed zip, as a view of `data` (no pickles), and
    where its data starts in the file."""
    if info.compress_type != zipfile.ZIP_STORED or info.compress_size != info.file_size:
        raise ValueError(f"{info.filename}: not stored plainly")
    local = info.header_offset
    if bytes(data[local : local + 4]) != b"PK\x03\x04":
        raise zipfile.BadZipFile(info.filename)
    name_len, extra_len = struct.unpack("<HH", data[local + 26 : local + 30])
    start = local + 30 + name_len + extra_len
    end = start + info.file_size
    npy = io.BytesIO(data[start : min(end, start + 65536)])
    version = np.lib.format.read_magic(npy)
    read_header = (
        np.lib.format.read_array_header_1_0
        if version == (1, 0)
        else np.lib.format.read_array_header_2_0
    )
    shape, fortran, dtype = read_header(npy)
    if dtype.hasobject:
        raise ValueError(f"{info.filename}: objects are never loaded")
    count = math.prod(shape)
    offset = start + npy.tell()
    if offset + count * dtype.itemsize > min(end, len(data)):
        raise ValueError(f"{info.filename}: shorter than its shape")
    flat = np.frombuffer(data, dtype=dtype, count=count, offset=offset)
    return flat.reshape(shape, order="F" if fortran else "C"), offset


class Source:
    """The saved file a loaded index maps, held open (its own descriptor: the path may be
    replaced by another save since). Writing an array reads it through the mapping, which
    makes every page of it resident: re-saving the index after a reconcile at 100k papers
    added 77 MB to the peak of a `litman search`. The members in `COPIED` are never changed
    in place once made, so while the index still holds the very array it loaded, a save
    copies its bytes from this file with plain reads instead."""

    def __init__(self, fd: int, members: dict[str, tuple[np.ndarray[Any, Any], int]]) -> None:
        self.fd, self.members = fd, members
        weakref.finalize(self, os.close, fd)

    def offset(self, name: str, array: Any) -> int | None:
        """Where `array`'s bytes start in the file, if it is the member loaded as `name`."""
        found = self.members.get(name)
        if found is None or found[0] is not array or not array.flags.c_contiguous:
            return None
        return found[1]

    def copy(self, out: Any, offset: int, size: int, chunk: int = 1 << 20) -> None:
        while size > 0:
            data = os.pread(self.fd, min(chunk, size), offset)
            if not data:
                raise OSError("the saved index file ended early")
            out.write(data)
            offset, size = offset + len(data), size - len(data)


def _write_npz(f: Any, arrays: dict[str, Any], source: Source | None) -> None:
    """`np.savez` (stored, not compressed), copying from `source` what it can."""
    with zipfile.ZipFile(f, "w", zipfile.ZIP_STORED, allowZip64=True) as z:
        for name, value in arrays.items():
            array = np.asanyarray(value)
            at = source.offset(name, value) if source is not None else None
            with z.open(name + ".npy", "w", force_zip64=True) as out:
                if at is None:
                    np.lib.format.write_array(out, array, allow_pickle=False)
                    continue
                header = np.lib.format.header_data_from_array_1_0(array)
                np.lib.format.write_array_header_1_0(out, header)
                source.copy(out, at, array.nbytes)  # type: ignore[union-attr]


# What the journal says changed from one position to another (None: it cannot say).
Since = Callable[[Position, Position], Replay | None]


class SavedIndex:
    """One library's saved index: which generation it holds, and when to load or save it.

    `position()` reads the library's current journal number and generation. It is read
    before a build, so that a write landing during the build leaves the saved copy
    labelled older than the file, and it is never trusted. After `load_into`, `seq` is the
    journal number the loaded index holds (None when it was reconciled instead).
    """

    def __init__(
        self,
        path: Path,
        position: Callable[[], Position],
        prints: Callable[[], list[int]] | None = None,
        since: Since | None = None,
    ) -> None:
        self.path = path
        self._position = position
        self._prints = prints
        self._since = since
        self._before_prints: list[int] | None = None
        self.saved_at: str | None = None
        self.seq: int | None = None
        self._before_build: Position | None = None
        self._source: Source | None = None  # the file the index was loaded from

    def load_into(self, index: "SearchIndex") -> bool:
        self._before_build = now = self._position()
        self._before_prints = self._prints() if self._prints else None
        kept: list[Source] = []
        header = load_header(index, self.path, kept=kept)
        if header is None:
            return False
        self._source = kept[0] if kept else None
        saved = Position(_int(header.get("seq")), str(header["generation"]))
        self.seq = now.seq
        if saved != now:
            self._catch_up(index, saved, now)
        else:
            self.saved_at = now.generation
        if not self._agrees(index, header.get("fingerprint"), saved == now):
            index.reconcile()  # the generation lied: compare every paper
            self.saved_at = self.seq = None  # and save the corrected index at close
        return True

    def _agrees(self, index: "SearchIndex", saved: object, exact: bool) -> bool:
        """Whether the loaded index has the library's papers, and (when it was saved at
        this very generation) the library's tag links."""
        now = self._before_prints
        if now is None:
            return True
        if index_ids(index) != now[:3]:
            return False
        return not exact or saved == now

    def _catch_up(self, index: "SearchIndex", saved: Position, now: Position) -> None:
        """Bring a loaded index from `saved` to `now`: replay the journal when it holds
        every write since, else compare every paper (`SearchIndex.reconcile`)."""
        replay = None if self._since is None else self._since(saved, now)
        if replay is None:
            index.reconcile()
            self.seq = None
            return  # saved_at stays behind: the index is saved again at close
        replay_into(index, replay)
        if replay.size <= COMPACT_AT:
            self.saved_at = now.generation  # the file and the journal hold it: no save

    def after_build(self, index: "SearchIndex") -> None:
        if self._before_build is not None:
            self.save(index, self._before_build, self._before_prints)

    def save(
        self,
        index: "SearchIndex",
        position: Position | None = None,
        prints: list[int] | None = None,
    ) -> None:
        """Save a built index as of `position` (now, by default), unless already saved."""
        if position is None:
            position = self._position()
            # Every search command closes through here: no fingerprint (a scan of every
            # paper id and tag link) for an index that has nothing to save.
            if index.built and position.generation != self.saved_at and self._prints:
                prints = self._prints()
        if not index.built or position.generation == self.saved_at:
            return
        try:
            save(index, self.path, position.generation, prints, position.seq, self._source)
            self.saved_at = position.generation
        except OSError:
            pass  # a cache that cannot be written is only slower next time


def _int(value: object) -> int:
    return value if isinstance(value, int) else 0


def replay_into(index: "SearchIndex", replay: Replay) -> None:
    """Re-index the papers a journal says changed, as they are now (added, edited, gone)."""
    ids = sorted(replay.text | replay.attrs)
    present = {d.id for d in index.docs(ids)}
    known = {i for i in ids if i < len(index.alive) and index.alive[i]}
    added = [i for i in ids if i in present and i not in known]
    deleted = [i for i in ids if i not in present and i in known]
    text = [i for i in sorted(replay.text) if i in present and i in known]
    attrs = [i for i in sorted(replay.attrs - replay.text) if i in present and i in known]
    index.apply(added, text, deleted)
    if attrs:
        index.apply([], attrs, [], text_changed=False)
