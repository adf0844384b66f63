"""Finding the paper an incoming record duplicates.

Two records are the same paper when they share a DOI or an arXiv id (from `eprint`, arXiv's
DOI or an arxiv.org link: `litman.core.library.preprints`), when their abstracts are the same text
up to whitespace, markup and case (or one is a truncated prefix of the other), or when their
titles nearly match with the same first author and year. Two records naming different DOIs,
or different arXiv ids, and none in common are never one paper however alike they read (a
conference paper and its journal version): `distinct` says so, and the importer proposes such
a pair for review rather than merging it. Candidates are found through short blocking keys
(indexed columns), so a batch is never compared with the whole library.
"""

import re
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import InitVar, dataclass, field
from functools import cached_property

from litman.core.library.preprints import arxiv_id
from litman.core.messages import N_
from litman.core.names import stored
from litman.core.records import NewPaper
from litman.core.text import abstract_key, fold, title_key, tokens

MIN_SAME = 40  # "Abstract." or "TBA" twice is no evidence of one paper
MIN_PREFIX = 80  # a truncated copy must keep this many characters to count as the same paper


def norm(text: str) -> str:
    return " ".join(tokens(text))


@dataclass(eq=False)  # compared by identity: buckets hold many near-equal records
class Candidate:
    """What duplicate detection needs to know of a paper, stored or pending."""

    ref: int  # a paper id, or -(index + 1) for a paper pending in this import
    abstract: str = ""
    truncated: bool = False
    doi: str = ""
    title: str = ""
    title_derived: bool = False
    first_author: str = ""
    year: int | None = None
    citekey: str = ""  # the key a BibTeX file gave it, or the stored key; "" for none
    arxiv: str = ""  # the arXiv id it names (`preprints.arxiv_id`); "" for none
    # The blocking keys, made once: each record is added and looked up. `abstract_key`
    # and `title_key` of its text, given when the caller has made them already (an import
    # makes them once per paper, for its rows' derived columns too).
    abstract_words: InitVar[str | None] = None
    title_words: InitVar[str | None] = None
    # The keys of papers merged into it (`models.aliases`): an entry citing one of them is
    # this paper imported again.
    aliases: tuple[str, ...] = ()
    author_key: str = field(init=False)
    abstract_bucket: str = field(init=False)
    title_bucket: tuple[str, int | None] = field(init=False)

    def __post_init__(self, abstract_words: str | None, title_words: str | None) -> None:
        self.author_key = fold(stored(self.first_author).family)
        if abstract_words is None:
            abstract_words = abstract_key(self.abstract)
        if title_words is None:
            title_words = title_key(self.title)
        self.abstract_bucket = abstract_words
        self.title_bucket = title_words, self.year

    @cached_property
    def norm_abstract(self) -> str:
        """The whole abstract's folded words: made only when two abstracts are compared
        (a bucket holds another), not for every record (a third of a 10k import's keys)."""
        return norm(self.abstract)

    @classmethod
    def of(
        cls, ref: int, p: NewPaper, keys: Mapping[str, str] | None = None, arxiv: str | None = None
    ) -> "Candidate":
        """`keys`: the paper's `abstract_key` and `title_key` when made already; `arxiv`:
        its `arxiv_id`, likewise."""
        return cls(
            ref,
            p.abstract,
            p.abstract_truncated,
            p.doi,
            p.title,
            p.title_derived,
            p.authors[0] if p.authors else "",
            p.year,
            p.citekey,
            arxiv_id(p.doi, p.url, p.extra) if arxiv is None else arxiv,
            keys["abstract_key"] if keys else None,
            keys["title_key"] if keys else None,
        )


class DuplicateFinder:
    def __init__(self) -> None:
        self._by_abstract: dict[str, list[Candidate]] = defaultdict(list)
        self._by_doi: dict[str, Candidate] = {}
        self._by_arxiv: dict[str, Candidate] = {}
        # Titles are compared only within the same first words and year.
        self._by_title: dict[tuple[str, int | None], list[Candidate]] = defaultdict(list)
        self._by_key: dict[str, Candidate] = {}

    def add(self, c: Candidate) -> None:
        if c.citekey:
            self._by_key.setdefault(c.citekey, c)
        for alias in c.aliases:
            self._by_key.setdefault(alias, c)
        if c.abstract_bucket:  # an abstract with words
            self._by_abstract[c.abstract_bucket].append(c)
        if c.doi:
            self._by_doi.setdefault(c.doi.casefold(), c)
        if c.arxiv:
            self._by_arxiv.setdefault(c.arxiv, c)
        if c.title and not c.title_derived:
            self._by_title[c.title_bucket].append(c)

    def replace(self, old: Candidate, new: Candidate) -> None:
        """After a merge kept the fuller text, match later records against that text."""
        bucket = self._by_abstract.get(old.abstract_bucket, [])
        if old in bucket:
            bucket.remove(old)
        new.ref = old.ref
        new.citekey = new.citekey or old.citekey
        self.add(new)

    def find(self, c: Candidate) -> tuple[Candidate, str] | None:
        """The candidate `c` duplicates, and how it was recognised; one with the same
        citekey first (the same entry imported again)."""
        same_key = self._by_key.get(c.citekey) if c.citekey else None
        how = _duplicates(c, same_key) if same_key is not None else ""
        if same_key is not None and how:
            return same_key, how
        return self._find(c)

    def _find(self, c: Candidate) -> tuple[Candidate, str] | None:
        if c.doi and c.doi.casefold() in self._by_doi:
            return self._by_doi[c.doi.casefold()], N_("same DOI")
        if c.arxiv and c.arxiv in self._by_arxiv:
            return self._by_arxiv[c.arxiv], N_("same arXiv id")
        key = c.abstract_bucket
        for other in self._by_abstract.get(key, ()) if key else ():
            how = same_abstract(c, other)
            if how:
                return other, how
        if c.title and not c.title_derived:
            for other in self._by_title.get(c.title_bucket, ()):
                if same_title_author_year(c, other):
                    return other, N_("same title, first author and year")
        return None


def distinct(a: Candidate, b: Candidate) -> bool:
    """Whether two records are known to be two papers: each names a DOI or an arXiv id the
    other contradicts, and they share none."""
    doi_a, doi_b = a.doi.casefold(), b.doi.casefold()
    if (doi_a and doi_a == doi_b) or (a.arxiv and a.arxiv == b.arxiv):
        return False
    return bool((doi_a and doi_b) or (a.arxiv and b.arxiv))


def _duplicates(a: Candidate, b: Candidate) -> str:
    """How `a` and `b` are recognised as one paper, or ""."""
    if a.doi and a.doi.casefold() == b.doi.casefold():
        return N_("same DOI")
    if a.arxiv and a.arxiv == b.arxiv:
        return N_("same arXiv id")
    if a.abstract_bucket and b.abstract_bucket:
        how = same_abstract(a, b)
        if how:
            return how
    same_bucket = a.title_bucket == b.title_bucket
    if same_bucket and a.title and not (a.title_derived or b.title_derived):
        return N_("same title, first author and year") if same_title_author_year(a, b) else ""
    return ""


def same_abstract(a: Candidate, b: Candidate) -> str:
    x, y = a.norm_abstract, b.norm_abstract
    if x == y and len(x) >= MIN_SAME:
        return N_("same abstract")
    short, long_ = (x, y) if len(x) <= len(y) else (y, x)
    short_is_truncated = a.truncated if short is x else b.truncated
    if len(short) >= MIN_PREFIX and (short_is_truncated or long_.startswith(short)):
        head = long_[: len(short)]
        if head == short or _ratio(short, head) >= 97:
            return "truncated copy of the same abstract"
    if len(x) >= MIN_PREFIX and _ratio(x, y, score_cutoff=97):
        return "nearly identical abstract"
    return ""


def same_title_author_year(a: Candidate, b: Candidate) -> bool:
    if a.year != b.year or a.author_key != b.author_key or not norm(a.title):
        return False  # a title with no words (":") says nothing about identity
    if re.findall(r"\d+", a.title) != re.findall(r"\d+", b.title):
        return False  # "Part 1" and "Part 2" are two papers
    return _ratio(norm(a.title), norm(b.title)) >= 95


def _ratio(a: str, b: str, score_cutoff: float = 0) -> float:
    """rapidfuzz's ratio, imported when two papers are first compared: the store imports
    this module for its blocking keys, and a command that writes no papers (status, list,
    export) need not load rapidfuzz (about 0.02 s)."""
    from rapidfuzz import fuzz

    return fuzz.ratio(a, b, score_cutoff=score_cutoff)
