"""People's names, parsed once: every label, sort key, citekey and writer starts here.

A name is read by BibTeX's rules (as pybtex reads them, which a test checks over the real
corpora): `First von Last`, `von Last, First` and `von Last, Jr, First`; words are split on
white space and `~` outside braces; the von part is the run of words that start lower-case
(`de la Fontaine`), never the last word; a name braced whole (`{GTEx Consortium}`) is an
`Organisation`, named whole. Three deliberate differences: a name that ends in a generational
suffix (`John Smith Jr.`, `Harris Jr, J`) is Smith's and Harris's, where BibTeX would make
`Jr.` the family name and cite him as `jr`; and in a name written whole, capitalised
particles before the last word stay with it (`Cecilia Di Chio`, BibTeX's `Chio`); and a Chinese
name written whole in Han characters (`张三`, `欧阳修`) is family name first, as Chinese writes
it: the first character, or a compound surname (欧阳, 司马, 诸葛, 上官 ...), is the family name,
and the name is still shown and written as it was (`Person.written`, `Person.label`); other
names in scripts without spaces (山田太郎, a name of four Han characters with no compound
surname) stay one word, the family name; no order is guessed for `Zhang Wei` (given name
first, as BibTeX reads it). Chinese names sort by their pinyin (`litman.core.pinyin`),
among Latin ones.

litman stores a name decoded, without its braces (`litman.formats.bibtex_fields`), so the
names a paper's BibTeX source braced whole are found again in that source (`literal_names`).
"""

import re
from bisect import bisect_right
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from litman.core import cjk, pinyin
from litman.core.fields import BIBTEX_ORDER, RAW_PREFIX
from litman.core.text import fold

SUFFIXES = frozenset({"jr", "jr.", "sr", "sr.", "ii", "iii", "iv"})
# Particles that, capitalised, still belong to the family name written after a given name
# (`Cecilia Di Chio`, `H Van Rijn`), where BibTeX would name Chio and Rijn.
CAPITAL_PARTICLES = frozenset(
    {"von", "van", "der", "den", "de", "del", "della", "di", "da", "du", "la", "le", "ter", "zu"}
)
PARTICLES = frozenset(
    "van von der den de del della di da dos das du la le ten ter bin al y zu".split()
)
ORGANISATION = frozenset(
    """of for and the on at in und et
    organization organisation institute institut university universität université college
    school academy committee commission council board group consortium association society
    federation union alliance agency authority department ministry office bureau service
    services center centre foundation trust team project collaboration network program
    programme initiative laboratory lab labs library press panel party force unit hospital
    clinic company corporation corp inc ltd llc gmbh research working""".split()
)


@dataclass(frozen=True, slots=True)
class Person:
    """A person's name in BibTeX's four parts, each its words joined by one space."""

    first: str = ""
    von: str = ""
    last: str = ""
    jr: str = ""

    @property
    def family(self) -> str:
        """What a label or a citekey names: `de la Fontaine`, `Smith`."""
        return f"{self.von} {self.last}".strip()

    @property
    def chinese(self) -> bool:
        """A Han name written family name first (`张三`: last 张, first 三)."""
        return bool(self.first) and is_han(self.last) and is_han(self.first)

    @property
    def label(self) -> str:
        """What a label names: the family name; a Chinese name whole, as it is written."""
        return self.last + self.first if self.chinese else self.family

    @property
    def sort_key(self) -> str:
        """Family, given, suffix, folded: `de la fontaine, jean`; a name stored as
        `Last, First` keeps the key it always had; Han characters by their pinyin
        (`zhang, san`), so that 张三 sorts beside Zhang Wei."""
        key = ", ".join(p for p in (self.family, self.first, self.jr) if p)
        if key.isascii() or not cjk.has_cjk(key):
            return fold(key)
        family = pinyin.surname(self.last) if self.chinese else pinyin.sort_text(self.family)
        rest = (pinyin.sort_text(p) for p in (self.first, self.jr) if p)
        return fold(", ".join((family, *rest)))

    def written(self) -> str:
        """BibTeX's own form: `von Last, First` or `von Last, Jr, First`; a Chinese name
        as Chinese writes it (`张三`, which BibTeX and biber read as one family name)."""
        if self.chinese:
            return self.last + self.first
        parts = (self.family, self.jr, self.first) if self.jr else (self.family, self.first)
        return ", ".join(parts) if self.first or self.jr else self.family


@dataclass(frozen=True, slots=True)
class Organisation:
    """A name that is not split into parts: `{World Health Organization}`."""

    name: str

    @property
    def family(self) -> str:
        return self.name

    @property
    def label(self) -> str:
        return self.name

    @property
    def sort_key(self) -> str:
        if self.name.isascii() or not cjk.has_cjk(self.name):
            return fold(self.name)
        return fold(pinyin.sort_text(self.name))

    def written(self) -> str:
        return self.name


Name = Person | Organisation


# -- splitting ---------------------------------------------------------------------------

_AND = re.compile(r"(?i)\s+and\s+")
_COMMA = re.compile(",")
_SPACE = re.compile(r"(?:\\ |\s|(?<!\\)~)+")


def _top_level(text: str, sep: re.Pattern[str]) -> list[str]:
    """`text` split at each match of `sep` outside braces."""
    if "{" not in text:  # most names: no depth to track (3x faster over the corpora)
        return sep.split(text)
    depth = _depths(text)
    parts, start = [], 0
    for m in sep.finditer(text):
        if depth[bisect_right(depth, (m.start(), _BIG)) - 1][1] <= 0:
            parts.append(text[start : m.start()])
            start = m.end()
    return [*parts, text[start:]]


_BIG = 1 << 30
_MARKS = re.compile(r"\\.|[{}]", re.S)


def _depths(text: str) -> list[tuple[int, int]]:
    """(position, depth from there on) at the start and after each brace; a backslash
    escapes the character after it (`\\{` is no brace), as litman's BibTeX reader counts."""
    out, depth = [(-1, 0)], 0
    for m in _MARKS.finditer(text):
        if len(m.group()) == 1:
            depth += 1 if m.group() == "{" else -1
            out.append((m.start(), depth))
    return out


def split_list(field: str) -> list[str]:
    """A name list (`A and B and {C and D}`) into its names, each stripped; `and others`
    gives `others`."""
    return [n.strip() for n in _top_level(field, _AND) if n.strip()]


def _words(part: str) -> list[str]:
    return [w for w in _top_level(part, _SPACE) if w]  # the separator takes the spaces


# -- parsing -----------------------------------------------------------------------------


@lru_cache(maxsize=100_000)
def parse(name: str) -> Name:
    """One name by BibTeX's rules (the module's text); braced whole, an `Organisation`."""
    name = name.strip()
    if _braced_whole(name):
        return Organisation(name[1:-1].strip())
    parts = [p.strip() for p in _top_level(name, _COMMA)]
    if len(parts) > 3:  # as BibTeX: the rest goes with the first name
        parts = [*parts[:2], " ".join(parts[2:])]
    if len(parts) == 1:
        words = _words(name)
        return _chinese(words[0]) if len(words) == 1 and is_han(words[0]) else _whole(words)
    family, jr = _peel_suffix(_words(parts[0]))  # `King Jr., Martin Luther`
    if len(parts) == 3:
        jr = " ".join(_words(parts[1]))
    return Person(" ".join(_words(parts[-1])), *_von_last(family), jr)


def _whole(words: list[str]) -> Person:
    """`First von Last`: the von part starts at the first lower-case word; with none, the
    family name is the last word and the capitalised particles before it (`Di Chio`)."""
    words, jr = _peel_suffix(words)
    start = next((i for i, w in enumerate(words) if _is_von(w)), len(words))
    if start == len(words) and words:
        start -= 1  # no lower-case word: the last word is the family name
        while start > 1 and words[start - 1].casefold() in CAPITAL_PARTICLES:
            start -= 1
        return Person(" ".join(words[:start]), "", " ".join(words[start:]), jr)
    von, last = _von_last(words[start:])
    return Person(" ".join(words[:start]), von, last, jr)


# Compound surnames (复姓), Simplified; a name is folded to Simplified to be looked up.
COMPOUND_SURNAMES = frozenset(
    """欧阳 司马 诸葛 上官 东方 皇甫 尉迟 公孙 慕容 长孙 宇文 司徒 司空 夏侯 轩辕 令狐 端木
    独孤 南宫 西门 百里 呼延 万俟 闻人 澹台 公冶 宗政 濮阳 太叔 申屠 钟离 拓跋 单于 赫连 东郭
    闾丘 子车 亓官 南门 羊舌 微生 梁丘 左丘 东门 第五 鲜于 公羊 夹谷 呼延 乐正 漆雕 壤驷
    公良 谷梁 段干 巫马 公西 颛孙 仲孙 淳于 太史 仲长""".split()
)
_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f]+")


def is_han(text: str) -> bool:
    """Whether `text` is Han characters only (`张三`; not 山田たろう, not `Zhang`)."""
    return bool(text) and _HAN.fullmatch(text) is not None


def _chinese(name: str) -> Person:
    """A Han name written whole, family name first: two or three characters, or four
    beginning with a compound surname; other names (four characters without one, as many
    Japanese names are) stay whole, the family name."""
    compound = cjk.fold_run(name[:2]) in COMPOUND_SURNAMES
    if 2 <= len(name) <= 3 and not (compound and len(name) == 2):
        cut = 2 if compound else 1
    elif len(name) == 4 and compound:
        cut = 2
    else:
        return Person(last=name)
    return Person(first=name[cut:], last=name[:cut])


def _von_last(words: list[str]) -> tuple[str, str]:
    """`von Last`: the von part ends at the last lower-case word but the last word."""
    cut = max((i + 1 for i, w in enumerate(words[:-1]) if _is_von(w)), default=0)
    return " ".join(words[:cut]), " ".join(words[cut:])


def _peel_suffix(words: list[str]) -> tuple[list[str], str]:
    """A trailing `Jr.`, `III` as the suffix, when a family name is left before it."""
    if len(words) >= 2 and words[-1].casefold() in SUFFIXES:
        return words[:-1], words[-1]
    return words, ""


def _is_von(word: str) -> bool:
    """BibTeX's test: the case of the first letter outside braces, or of a special
    character's letter (`{\\"u}ber`, a group opening with a command); a command later in a
    group (`{x\\"u}`) counts as upper-case, as in pybtex."""
    depth = 0
    for i, c in enumerate(word):
        if c in "{}":
            depth += 1 if c == "{" else -1
        elif depth == 0 and c.isalpha():
            return c.islower()
        elif depth == 1 and c == "\\":
            end = word.find("}", i)
            return word[i - 1] == "{" and _special_lower(word[i : end if end >= 0 else None])
    return False


def _special_lower(text: str) -> bool:
    """As BibTeX reads a special character (`{\\"u}`, `{\\c c}`): the case of the first letter
    after its command's name; a command alone (`{\\ae}`) counts as upper-case."""
    in_command = True
    for c in text[1:]:
        if in_command:
            in_command = c.isalpha()
        elif c.isalpha():
            return c.islower()
    return False


def _braced_whole(name: str) -> bool:
    if len(name) < 2 or name[0] != "{" or name[-1] != "}":
        return False
    depth = [d for _, d in _depths(name[1:-1])]
    return min(depth) >= 0 and depth[-1] == 0


# -- stored names ------------------------------------------------------------------------


def stored(name: str, literal: bool = False) -> Name:
    """A name as litman stores it (decoded, unbraced), named whole when `literal` or when,
    written whole, it joins words as only an organisation's name does (`Centers for Disease
    Control and Prevention`, unbraced in a .bib file: BibTeX would name `for Disease ...`)."""
    if literal or (" " in name and "," not in name and _organisation_word(name.split())):
        return Organisation(name)
    return parse(name)


def _organisation_word(words: Sequence[str]) -> bool:
    # Only the words no person's name holds: `Press`, `Union`, `Lab` are surnames too, and
    # `in`, `on`, `at` begin family names (`in het Veld`).
    return any(w.casefold() in _JOINING for w in words)


_JOINING = frozenset({"of", "for", "and", "the", "und", "&"})


def literal_names(authors: Sequence[str], extra: Mapping[str, str]) -> frozenset[str]:
    """The authors named whole, not as people: of a paper read from a .bib file, those its
    author (or editor) field braced whole; of a paper from elsewhere, each name written whole
    that is not a person's by its shape (`World Health Organization`)."""
    if BIBTEX_ORDER not in extra:
        return frozenset(a for a in authors if "," not in a and " " in a and not looks_personal(a))
    source = extra.get(RAW_PREFIX + "author") or extra.get("editor", "")
    if not _NAME_BRACED.search(source):  # no name starts with a brace: no depth to track
        return frozenset()
    written = split_list(source)
    if len(written) == len(authors):  # as read: name by name (`{\NTG{} \TeX{} group}`)
        return frozenset(a for a, w in zip(authors, written, strict=True) if _braced_whole(w))
    braced = {skeleton(n) for n in written if _braced_whole(n)}  # edited since: by spelling
    return frozenset(a for a in authors if skeleton(a) in braced)


_NAME_BRACED = re.compile(r"(?i)(?:^|\sand)\s*\{")
_COMMAND = re.compile(r"\\[A-Za-z]+\s*|\\.")
_NOT_WORD = re.compile(r"[\W_]+")


def skeleton(text: str) -> str:
    """Letters and digits, folded, LaTeX commands dropped: the same for a name's BibTeX
    source and its decoded form (`{\\"U}nion` and `Ünion`), up to letters spelt by a command
    (`\\ss`)."""
    return _NOT_WORD.sub("", fold(_COMMAND.sub("", text)))


def first_sort_key(authors: Sequence[str], extra: Mapping[str, str]) -> str:
    """The Authors column's sort key: its first author's, as the column names them."""
    if not authors:
        return ""
    return _sort_key(authors[0], authors[0] in literal_names(authors, extra))


@lru_cache(maxsize=100_000)
def _sort_key(name: str, literal: bool) -> str:
    """Cached: names recur, and every import makes one per paper."""
    return stored(name, literal).sort_key


# -- people by their shape ---------------------------------------------------------------

_INITIAL = re.compile(r"(?:[^\W\d_]\.?)(?:-[^\W\d_]\.?)*\.?|(?:[^\W\d_]\.){2,}")


@lru_cache(maxsize=1 << 16)  # a library names the same people again and again
def looks_personal(name: str) -> bool:
    """Whether a name written whole is, by its shape, a person's: two to four words, each an
    initial (`G.`, `J.-P.`), a capitalised word or a particle (`van`, `de`; not the first
    word), the last a capitalised word, and no word that names an organisation (`of`); a
    suffix after them (`Jr.`) as BibTeX's rule would not have it, but people do."""
    words = _peel_suffix(name.split())[0]
    if not 2 <= len(words) <= 4 or any(w.casefold().strip(".") in ORGANISATION for w in words):
        return False
    if not _capitalised(words[-1]) or words[0].casefold() in PARTICLES:
        return False  # `De Vlinderstichting`: no given name starts with a particle
    return all(_capitalised(w) or _initial(w) or w in PARTICLES for w in words[:-1])


def is_organisation(words: Iterable[str]) -> bool:
    """Whether any of a name's words names an organisation (`Consortium`, `of`)."""
    return any(w.casefold().strip(".") in ORGANISATION for w in words)


def _capitalised(word: str) -> bool:
    bare = word.replace("-", "").replace("'", "").replace("\u2019", "")
    return len(bare) >= 2 and bare.isalpha() and word[0].isupper() and not word.isupper()


def _initial(word: str) -> bool:
    return word[0].isupper() and bool(_INITIAL.fullmatch(word)) and len(word) <= 6
