"""JabRef's groups as tags, read from and written back to a .bib file.

JabRef keeps its groups tree in a `@Comment{jabref-meta: grouping: …}` block (`groupstree:`
before JabRef 3.8): one `LEVEL Kind:name\\;unit\\;…;` line per group, `\\` quoting, line
breaks not part of the data. A static group's members name it in their `groups` field
(legacy `ExplicitGroup`s list their members' keys in the tree itself). On import, the
members of a static group get the tag of its path in the tree (`Topics > Bandits`), and a
keyword group on `keywords` is the tag it names, which its members already have; groups
that select by a search or another field stay JabRef's, said in the import's warnings. The
block itself is kept and written back untouched; on export a static group's tag goes back
to the `groups` field (as it was read while the memberships are unchanged), not to
`keywords`. Format: JabRef's `GroupsParser` and `MetadataSerializationConfiguration`.
"""

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from litman.core.records import NewPaper, Paper
from litman.formats.bibtex_fields import KEYWORD_SEPARATOR, RAW, SEPARATOR, split_keywords

Blocks = Sequence[tuple[str, str]]
AnyPaper = TypeVar("AnyPaper", NewPaper, Paper)
GROUPS = "groups"  # the entry field naming a paper's static groups
STATIC = ("StaticGroup", "ExplicitGroup")
MAX_DEPTH = 32  # deeper levels are read as the 32nd: no real tree nests so far
_META = re.compile(r"(?is)\A\s*@\s*comment\s*[{(]\s*jabref-meta:\s*(grouping|groupstree):(.*)")


@dataclass(frozen=True)
class Group:
    """One group of the tree: its path of names, its kind, and the units after its name."""

    path: tuple[str, ...]  # names as tag levels (a `>` in a name would make a level)
    name: str  # as written, as members' `groups` fields name it
    kind: str
    units: tuple[str, ...]

    @property
    def tag(self) -> str:
        return " > ".join(self.path)

    @property
    def keys(self) -> frozenset[str]:
        """A legacy `ExplicitGroup`'s members' keys (after its hierarchy context)."""
        return (
            frozenset(k for k in self.units[1:] if k)
            if self.kind == "ExplicitGroup"
            else (frozenset())
        )

    def keyword(self) -> str:
        """The keyword a plain keyword group on `keywords` selects; empty for any other."""
        if self.kind != "KeywordGroup" or len(self.units) < 5:
            return ""
        field, expression, regex = self.units[1].strip().lower(), self.units[2], self.units[4]
        return expression.strip() if field == "keywords" and regex.strip() != "1" else ""


def groups_of(blocks: Blocks) -> list[Group]:
    """The groups of the first groups tree among the kept blocks (none without one)."""
    for kind, text in blocks:
        m = _META.match(text) if kind == "comment" else None
        if m:
            return list(_tree(re.sub(r"[\r\n]", "", m.group(2)).rstrip().rstrip("})")))
    return []


def _tree(data: str) -> Iterator[Group]:
    path: list[str] = []
    for item in split(data):
        level_text, _, rest = item.strip().partition(" ")
        kind, colon, body = rest.partition(":")
        if not level_text.isdigit() or not colon or int(level_text) == 0:
            continue  # the root (AllEntriesGroup), or a line that is not a group
        units = split(body) or [""]
        level = min(int(level_text), len(path) + 1, MAX_DEPTH)
        path = [*path[: level - 1], " ".join(units[0].replace(">", "-").split())]
        if all(path):
            yield Group(tuple(path), units[0].strip(), kind.strip(), tuple(units[1:]))


def split(text: str) -> list[str]:
    """`text` cut at each `;` that `\\` does not quote, one level of quoting taken off."""
    out = [piece.replace("\0", ";") for piece in _QUOTED.sub(_hide, text).split(";")]
    return out[:-1] if out and out[-1] == "" else out


_QUOTED = re.compile(r"\\(.)", re.S)


def _hide(m: re.Match[str]) -> str:
    return "\0" if m.group(1) == ";" else m.group(1)


# -- reading -------------------------------------------------------------------------------


def tag_members(papers: list[NewPaper], blocks: Blocks, warnings: list[str]) -> list[NewPaper]:
    """The papers with the tags of the static groups they belong to; the groups that are
    not tags are named in `warnings`."""
    groups = groups_of(blocks)
    if not groups:
        return papers
    warnings += [_not_a_tag(g) for g in groups if g.kind not in STATIC and not g.keyword()]
    static = [g for g in groups if g.kind in STATIC]
    by_name: dict[str, list[str]] = {}
    for g in static:
        by_name.setdefault(_fold(g.name), []).append(g.tag)
    return [_with_groups(p, static, by_name) for p in papers]


def _not_a_tag(g: Group) -> str:
    return (
        f"JabRef group '{g.tag}' ({g.kind}) selects its papers by their fields, not as members: it "
        "is not made a tag, and the groups tree is written back as it was"
    )


def _with_groups(p: NewPaper, static: list[Group], by_name: dict[str, list[str]]) -> NewPaper:
    tags = [t for name in member_names(p.extra.get(GROUPS, "")) for t in by_name.get(name, [])]
    tags += [g.tag for g in static if p.citekey in g.keys]
    if not tags:
        return p
    return replace(p, tags=tuple(dict.fromkeys([*p.tags, *tags])))


def member_names(value: str) -> list[str]:
    """A `groups` field's group names, folded (JabRef separates them as keywords)."""
    return [_fold(n) for n in value.split(",") if n.strip()]


def _fold(name: str) -> str:
    return " ".join(name.split()).casefold()


# -- writing -------------------------------------------------------------------------------


def restore(papers: Iterable[AnyPaper], blocks: Blocks) -> Iterable[AnyPaper]:
    """Papers as the BibTeX writer must see them beside a kept groups tree: each static
    group's tag out of the tags (so not into `keywords`) and into the `groups` field."""
    static = [g for g in groups_of(blocks) if g.kind in STATIC]
    if not static:
        return papers
    tags = {g.tag.casefold(): g for g in static}
    leaves = frozenset(_fold(g.name) for g in static)
    return (_grouped(p, tags, leaves) for p in papers)


def _grouped(p: AnyPaper, static: dict[str, Group], leaves: frozenset[str]) -> AnyPaper:
    read = p.extra.get(GROUPS, "")
    keywords = _keywords_read(p)
    # A tag read from `keywords` that names a group stays a keyword; it makes the paper a
    # member only if it was one as read.
    was = set(member_names(read))
    mine: list[Group] = [
        g
        for t in p.tags
        if (g := static.get(t.casefold()))
        and (t.casefold() not in keywords or _fold(g.name) in was or p.citekey in g.keys)
    ]
    if not mine and not read:
        return _keeping(p, static, keywords)
    # A legacy group's members are listed in the tree, which is written back untouched;
    # names of no static group (a group since deleted in JabRef) stay as they were.
    others: list[str] = [n.strip() for n in read.split(",") if n.strip() and _fold(n) not in leaves]
    names: list[str] = [*others, *(g.name for g in mine if p.citekey not in g.keys)]
    extra = dict(p.extra)
    if {_fold(n) for n in names} != set(member_names(read)):
        extra[GROUPS] = ", ".join(dict.fromkeys(names))
        if not names:
            del extra[GROUPS]
    return _keeping(replace(p, extra=extra), static, keywords)


def _keeping(p: AnyPaper, static: dict[str, Group], keywords: frozenset[str]) -> AnyPaper:
    """`p` with the tags for its `keywords`: a static group's tag only if it was read there."""
    kept = tuple(t for t in p.tags if t.casefold() not in static or t.casefold() in keywords)
    return p if kept == p.tags else replace(p, tags=kept)


def _keywords_read(p: AnyPaper) -> frozenset[str]:
    """The paper's keywords as read from its file, case-folded."""
    raw = p.extra.get(RAW + "keywords", "")
    sep = p.extra.get(SEPARATOR, KEYWORD_SEPARATOR)
    return frozenset(k.casefold() for k in split_keywords(raw, None, sep)) if raw else frozenset()
