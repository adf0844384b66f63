"""A provisional title for a paper that has only an abstract.

A title should name the contribution, so the phrase after "we propose / introduce / present"
(or, failing that, "we develop / establish / study ...") wins over the opening sentence,
which is usually background. `X, a Y that ...` becomes `X: A Y`. The result is at most
12 words, never cut inside a word, a parenthesis or inline LaTeX, and drops trailing
function words. With no cue at all, the first sentence's first clause serves.
"""

import re

MAX_WORDS = 12
_STRONG = r"propose|proposes|introduce|introduces|present|presents"
_MEDIUM = (
    r"develop|develops|design|designs|establish|establishes|derive|derives|provide|"
    r"provides|offer|offers|formulate|formulates|characterize|characterizes"
)
_WEAK = (
    r"study|studies|analyze|analyzes|analyse|analyses|investigate|investigates|consider|"
    r"considers|address|addresses|explore|explores|examine|examines|tackle|tackles"
)
# Claims ("we show that ...") name a result, not the contribution: the last resort.
_CLAIM = r"show|shows|demonstrate|demonstrates|prove|proves"
_SUBJECT = r"(?:we|this (?:paper|work|article|study)|in this (?:paper|work),? we|here,? we)"
_ADVERBS = r"(?:\s+(?:first|further|also|then|instead|therefore|thus|newly|formally))?"
_CUES = [
    re.compile(rf"\b{_SUBJECT}{_ADVERBS}\s+(?:{verbs})\s+(.+)", re.I | re.S)
    for verbs in (_STRONG, _MEDIUM, _WEAK, _CLAIM)
]
_STOP_AT = re.compile(
    r"(?:[.;:?!](?:\s|$)|,\s*(?:which|that|where|whereby|while|and|but|so|in which|leading|"
    r"enabling|allowing|called|dubbed|termed|named)\b|\s(?:that|which|where|whereby|by|"
    r"to (?!the\b|a\b|an\b)[a-z]+|using|through|in order|whose|with which|so that)\b|\s[–—]\s|"
    r"\s(?:and|then) (?:show|shows|prove|proves|demonstrate|establish|provide|derive|propose|"
    r"introduce|present|use|apply|validate|evaluate|obtain|achieve|give|analyze|study)\b)",
    re.I,
)
_LEAD = re.compile(r"^(?:that|the (?:problem|question|task|challenge|issue) of|on|how)\s+", re.I)
_SENTENCE_END = re.compile(r"[.;?!](?:\s|$)")
MIN_WORDS = 4
_APPOSITIVE = re.compile(r"^([^,]{2,60}?),\s+(an?\s+.+)$", re.I | re.S)
_SMALL = frozenset(
    "a an the of for with in on to and or via by from at as vs versus over "
    "under into onto per its their our".split()
)
_TRAIL = _SMALL | frozenset("is are be can we this that which while but".split())


def derive_title(abstract: str, truncated: bool = False) -> str:
    text = " ".join(abstract.split())
    if truncated:
        text = text.rsplit(" ", 1)[0] if " " in text else text  # the last word may be cut
    for cue in _CUES:
        m = cue.search(text)
        if m:
            title = _phrase(m.group(1))
            if len(title.split()) >= 2:
                return title
    first = re.split(r"(?<=[.?!])\s+(?=[A-Z])", text, maxsplit=1)[0]
    return _phrase(first, clause_only=True) or _shorten(first.split())


def _phrase(text: str, clause_only: bool = False) -> str:
    text = _LEAD.sub("", text.strip())
    appositive = _APPOSITIVE.match(text)
    if appositive and _looks_like_name(appositive.group(1)):
        head = appositive.group(1).strip()
        tail = _cut(appositive.group(2))
        return _shorten(f"{head}: {tail}".split())
    if clause_only:
        stop = re.search(r",|;|:|\s(?:that|which|where|whereby|but|while)\s", text)
        if stop and len(text[: stop.start()].split()) >= MIN_WORDS:
            text = text[: stop.start()]
        return _shorten(text.split())
    return _shorten(_cut(text).split())


def _cut(text: str) -> str:
    """The phrase up to the first clause boundary; a phrase too short to name anything
    (`a learning framework`) runs on to the end of its sentence instead."""
    m = _STOP_AT.search(text)
    if m is None or len(text[: m.start()].split()) >= MIN_WORDS:
        return text[: m.start()] if m else text
    end = _SENTENCE_END.search(text)
    return text[: end.start()] if end else text


def _looks_like_name(head: str) -> bool:
    """`SoftSignum` or `Token Hidden Reward (THR)`: a named method, not a clause."""
    words = head.split()
    return 0 < len(words) <= 6 and any(w[:1].isupper() or w[:1] in "(\\" for w in words)


def _shorten(words: list[str]) -> str:
    words = words[:MAX_WORDS]
    while words and (_unbalanced(words) or words[-1].lower().strip(",") in _TRAIL):
        words.pop()
    if words:
        words[-1] = words[-1].rstrip(".,;:")
    return _title_case(words)


def _unbalanced(words: list[str]) -> bool:
    text = " ".join(words)
    return (
        text.count("(") != text.count(")")
        or text.count("$") % 2 == 1
        or text.count("{") != text.count("}")
        or text.count("[") != text.count("]")
    )


def _title_case(words: list[str]) -> str:
    out: list[str] = []
    for i, word in enumerate(words):
        after_colon = i > 0 and out[-1].endswith(":")
        if "$" in word or "\\" in word:
            out.append(word)
        elif word.lower() in _SMALL and i and not after_colon:
            out.append(word.lower())
        else:
            first = i == 0 or after_colon
            parts = word.split("-")
            out.append("-".join(_cap(p, first and n == 0) for n, p in enumerate(parts)))
    return " ".join(out)


def _cap(part: str, force: bool = False) -> str:
    """Capitalise an all-lower-case word; leave acronyms, mixed case (ReLU, kNN) and
    one-letter variables (n-dimensional) alone."""
    letters = part.lstrip("\"'(“‘[")
    if not letters.isalpha() or not letters.islower() or (len(letters) == 1 and not force):
        return part
    lead = part[: len(part) - len(letters)]
    return lead + letters[0].upper() + letters[1:]
